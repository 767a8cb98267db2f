import Testing

@_spi(Replay) @testable import NavigationSDK

/// `PlannedRoute.steps(from:)`: nav info reuses the steps ahead from tick to tick; what it
/// returns must always be `steps[index...]`, also after the steps changed.
@MainActor @Suite struct PlannedRouteStepsTests {
  private func step(_ number: Int, _ road: String) -> GMSNavigationStepInfo {
    GMSNavigationStepInfo(
      maneuver: .straight, roadName: road, instruction: "Continue on \(road)",
      drivingSide: .right, stepNumber: number)
  }

  @Test func theStepsAheadAreTheTailOfTheStepsWhateverWasAskedBefore() {
    var route = PlannedRoute(
      legs: [], steps: [step(0, "A"), step(1, "B"), step(2, "C")], stepLegs: [0, 0, 0])
    #expect(route.steps(from: 1).map(\.stepNumber) == [1, 2])
    #expect(route.steps(from: 1).map(\.stepNumber) == [1, 2])
    #expect(route.steps(from: 2).map(\.stepNumber) == [2])
    #expect(route.steps(from: 3).isEmpty)
    route.steps = [step(0, "A"), step(1, "D")]
    #expect(route.steps(from: 1).map(\.fullRoadName) == ["D"])
  }
}
