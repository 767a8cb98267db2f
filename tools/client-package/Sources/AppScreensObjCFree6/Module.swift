// The module's code is the app screens of AppScreens/, copied in with their Objective-C
// markers removed by the ObjCFreeCopies plugin (objc-free-sources/ lists them).
