// What a sensor is, its units, its readings and its failures are SensorsCore's, the
// value types the config checks a sensor input with, without sysfs; whoever reads the
// kernel's sensors uses them too, so they come with it.
@_exported import SensorsCore
