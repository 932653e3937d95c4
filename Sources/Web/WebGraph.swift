import JSON
import Values

/// The nodes as the page draws them (`GET /api/graph`): every node's traits with its rank,
/// its depth in the order the engine evaluates (inputs 0, any other node one more than
/// its deepest operand; a node that reads nothing, such as a `between:` signal, 1),
/// listed by rank, then in declaration order. Made once per graph, at start and at each
/// reload, from the node model alone (`NodeTraits`): nothing here knows one kind of
/// declaration from another.
///
/// ```swift
/// let graph = WebGraph(traits: configuration.traits.all)
/// graph.nodes.map(\.rank)     // [0, 0, 1, 2]
/// ```
public struct WebGraph: Hashable, Sendable {
    public struct Node: Hashable, Sendable {
        public var traits: NodeTraits
        public var rank: Int
    }

    /// By rank, then in the order the configuration declares them.
    public let nodes: [Node]

    public init(traits: [NodeTraits]) {
        let byName = Dictionary(traits.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var ranks: [String: Int] = [:]
        var visiting: Set<String> = []
        // Depth first, so that a node listed before an operand (a cover before nothing,
        // a hand-built table in any order) still ranks after it; a name that is not a
        // node, or a loop no valid configuration has, counts as an input.
        func rank(of name: String) -> Int {
            if let known = ranks[name] { return known }
            guard let node = byName[name], node.id.kind != .input, visiting.insert(name).inserted else { return 0 }
            let deepest = node.operands.map(rank(of:)).max() ?? 0
            visiting.remove(name)
            ranks[name] = deepest + 1
            return deepest + 1
        }
        let ranked = traits.enumerated().map { (order: $0.offset, node: Node(traits: $0.element, rank: rank(of: $0.element.name))) }
        nodes = ranked.sorted { ($0.node.rank, $0.order) < ($1.node.rank, $1.order) }.map(\.node)
    }

    /// The document `GET /api/graph` answers: `controls`, `history_seconds`, then the
    /// nodes.
    public func json(controls: Bool, history: Duration) -> JSONValue {
        .object(JSONObject([
            ("controls", .bool(controls)),
            ("history_seconds", .number(Double(history.components.seconds))),
            ("nodes", .array(nodes.map(\.json))),
        ]))
    }
}

extension WebGraph.Node {
    /// One node as the page reads it: its name, kind, label, type, rank, operands, where
    /// it is declared, the form of its value, and how it may be set.
    var json: JSONValue {
        let number = traits.form.number
        let range: JSONValue = traits.setRange.map { range in
            .object(JSONObject([
                ("min", range.minimum.map(JSONValue.number) ?? .null),
                ("max", range.maximum.map(JSONValue.number) ?? .null),
                ("step", range.step.map(JSONValue.number) ?? .null),
            ]))
        } ?? .null
        // Each value typed on its own: one literal of them all is more than Swift 6.2's
        // type checker takes in reasonable time (the arm64 cross build).
        let label: JSONValue = traits.displayName.map(JSONValue.string) ?? .null
        let declared: JSONValue = traits.declared.map { .string($0.description) } ?? .null
        let unit: JSONValue = number.flatMap { $0.unit.isNone ? nil : JSONValue.string($0.unit.symbol) } ?? .null
        let precision: JSONValue = number.map { .number(Double($0.precision)) } ?? .null
        let fields: [(String, JSONValue)] = [
            ("name", .string(traits.name)),
            ("kind", .string(traits.id.kind.rawValue)),
            ("label", label),
            ("type", .string(traits.typeName)),
            ("rank", .number(Double(rank))),
            ("operands", .array(traits.operands.map(JSONValue.string))),
            ("declared", declared),
            ("form", .string(traits.form.word)),
            ("unit", unit),
            ("precision", precision),
            ("set", .array(traits.setting.words.map(JSONValue.string))),
            ("number", range),
        ]
        return .object(JSONObject(fields))
    }
}

extension NodeForm {
    /// `level`, `momentary`, `number`, `cover` or `duty`.
    var word: String {
        switch self {
        case .level: "level"
        case .momentary: "momentary"
        case .number: "number"
        case .cover: "cover"
        case .duty: "duty"
        }
    }
}
