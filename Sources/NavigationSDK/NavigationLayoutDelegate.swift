// Placeholder until the SDK-model issue lands the full protocol (eight callbacks with default
// empty implementations, spec navigation-sdk.md section 2).

/// A custom layout for the navigation UI.
@MainActor
public protocol NavigationLayoutDelegate: AnyObject {}
