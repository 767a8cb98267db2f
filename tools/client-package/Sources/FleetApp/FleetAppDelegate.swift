// An app's entry point as iOS templates write it since Swift 5.3: `@main` on the app delegate.
// In SwiftPM it lives in an executable target (whose entry point SwiftPM renames, so a test
// target can still depend on it); in a library or test target the linker would find two
// `main`s. Written for NavSim's client corpus.
import GoogleNavigation
import UIKit
import UserNotifications

@main
class FleetAppDelegate: UIResponder, UIApplicationDelegate {
  var window: UIWindow?

  func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    GMSServices.provideAPIKey("fleet-app-key")
    UNUserNotificationCenter.current().requestAuthorization(options: [.alert]) { _, _ in }
    return true
  }
}
