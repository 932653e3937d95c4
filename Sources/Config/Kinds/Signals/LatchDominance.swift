/// Which input of a `latch` wins while both are on (`dominant:`).
public enum LatchDominance: String, Sendable, Equatable, CaseIterable {
    /// Off while `reset` is on, whatever `set` (IEC 61131-3's RS): the default.
    case reset
    /// On while `set` is on, whatever `reset` (IEC 61131-3's SR).
    case set
}
