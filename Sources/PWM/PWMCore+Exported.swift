// A channel's state, its controller's locator, the errors and the backend protocols are
// PWMCore's, the value types the config and the engine use without sysfs; whoever
// drives the kernel's controllers uses them too, so they come with it.
@_exported import PWMCore
