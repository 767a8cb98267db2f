// `navsim` as an app team builds its own (`NavSimCLI.main` with its screens), registering the
// test app screens: `check --jobs` starts workers of this executable, so a test can check an
// app's screen in one process or several (`AppScreenCheckTests`).
import AppScreens
import NavSimCLI

NavSimCLI.main(
  delegates: [:],
  screens: ["permission": { mapView in PermissionGatedScreen(makeMap: { mapView }) }])
