// What a Home Assistant entity is (its platform, the device classes it takes) is plain
// data in its own module, so that Config checks a config without this module's
// publishing code; users of this module see it as part of it.
@_exported import HomeAssistantClasses
