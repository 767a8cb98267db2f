// Tests for NavigationSDK.
