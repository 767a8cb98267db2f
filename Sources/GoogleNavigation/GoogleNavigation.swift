// `import GoogleNavigation`: everything an app's navigation code reaches, as in the SDK,
// which re-exports GoogleMaps.
@_exported import GoogleMaps
