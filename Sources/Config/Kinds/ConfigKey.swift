/// One key an entry of a config section takes: its name as written, what it means, and
/// a value it takes.
///
/// ```swift
/// ConfigKey("debounce", "10ms", "how long a new level must hold before it counts")
/// ```
struct ConfigKey: Hashable, Sendable {
    /// As written, without the colon: `debounce`.
    var name: String
    /// A value it takes, as YAML: what the tests write to show the reader takes the key.
    var example: String
    /// What it sets, in one line.
    var meaning: String
    /// The other settings of an entry it is shown in (`command: true, type: number` for a
    /// command input's `unit:`), when the kind's `example` is not one; empty: none.
    var entry: String?

    init(_ name: String, _ example: String, _ meaning: String, in entry: String? = nil) {
        self.name = name
        self.example = example
        self.meaning = meaning
        self.entry = entry
    }
}
