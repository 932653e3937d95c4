/// One node of the graph by kind and name: how a change, a snapshot entry, a kept value
/// or a published entity says which node it is about. Names are unique across kinds in
/// a valid configuration; the kind travels with the name so that nothing has to look it
/// up again.
///
/// ```swift
/// let id = NodeID(.signal, "all_on")
/// "\(id)"        // "signal all_on"
/// ```
public struct NodeID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var kind: NodeKind
    public var name: String

    public init(_ kind: NodeKind, _ name: String) {
        self.kind = kind
        self.name = name
    }

    public static func input(_ name: String) -> NodeID { NodeID(.input, name) }
    public static func signal(_ name: String) -> NodeID { NodeID(.signal, name) }
    public static func output(_ name: String) -> NodeID { NodeID(.output, name) }
    public static func cover(_ name: String) -> NodeID { NodeID(.cover, name) }

    /// Inputs, then signals, then outputs, then covers; by name within a kind.
    public static func < (lhs: NodeID, rhs: NodeID) -> Bool {
        lhs.kind != rhs.kind ? lhs.kind < rhs.kind : lhs.name < rhs.name
    }

    public var description: String { "\(kind.rawValue) \(name)" }
}
