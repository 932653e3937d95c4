/// The keys one kind of config entry takes, kept with the kind's reader in its folder.
///
/// The reader refuses every other key with this list ("unknown key", and the nearest
/// one as "did you mean"), so that adding a key is one line here and its case in the
/// reader. `ConfigTests` check that each key is documented in docs/CONFIG.md under the
/// kind's headings, and that a config using it is not refused the key.
///
/// ```swift
/// LineInputSchema.keyNames   // ["chip", "line", "active", "bias", ...]
/// ```
protocol ConfigSchema {
    /// What refusals call an entry of the kind: `a line input`.
    static var title: String { get }
    /// The top-level section its entries are under: `inputs`.
    static var section: String { get }
    /// The headings of docs/CONFIG.md (with their subsections) that document its keys.
    static var documentedUnder: [String] { get }
    /// The settings of a small valid entry, as YAML: `chip: main, line: GPIO17`. What it
    /// and the keys' examples name (a chip `main`, a PWM controller `pwm`, inputs `button`,
    /// `level` and `speed`, a signal `pressed`, outputs `relay`, `up` and `down`) the tests declare.
    static var example: String { get }
    /// Every key, in the order the refusals list them.
    static var keys: [ConfigKey] { get }
}

extension ConfigSchema {
    /// The keys' names, in order: what `checkKeys` takes.
    static var keyNames: [String] { keys.map(\.name) }
}
