// The clock of event timestamps and the name suggestions of chip and line errors are
// SystemCore's; everything that speaks GPIO uses them, so they come with it.
@_exported import SystemCore
