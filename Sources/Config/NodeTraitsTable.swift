import Values

/// Every node's traits (`NodeTraits`: the form of its value, how it may be set, how it is
/// shown), in the order the configuration declares them by kind: inputs (lines', command,
/// remote, sensors'), signals, outputs (lines', then PWM ones), covers. Built once from a
/// validated configuration (`Configuration.traits`); what the front-ends read instead of
/// walking the configuration kind by kind.
///
/// ```swift
/// let traits = configuration.traits
/// traits["strip"]?.setting          // .duty(.light)
/// traits[.cover("blinds")]?.form    // .cover(positioned: true)
/// traits.settableNames              // ["override", "setpoint", "water", "heater", "strip", "blinds"]
/// ```
public struct NodeTraitsTable: Hashable, Sendable {
    /// Every node's traits, in declaration order by kind.
    public let all: [NodeTraits]
    private let byName: [String: Int]

    public init(_ traits: [NodeTraits]) {
        all = traits
        // Names are unique across kinds in a valid configuration; the first is kept
        // should a hand-built one repeat a name.
        byName = Dictionary(traits.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The traits of the node named `name`, whatever its kind; nil for a name the
    /// configuration does not have.
    public subscript(name: String) -> NodeTraits? {
        byName[name].map { all[$0] }
    }

    /// The traits of `id`; nil when no node of that kind has that name.
    public subscript(id: NodeID) -> NodeTraits? {
        guard let traits = self[id.name], traits.id == id else { return nil }
        return traits
    }

    /// Every node that takes a value from outside, in declaration order by kind: command
    /// inputs, counters, outputs with `command: true` (lines', then PWM ones), covers.
    /// What an unknown name to set is compared with.
    public var settableNames: [String] {
        all.filter(\.isSettable).map(\.name)
    }
}
