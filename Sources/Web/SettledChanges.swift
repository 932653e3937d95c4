import JSON
import Values

/// What one transaction changed, as the event stream and the history rings hear it: the
/// settled value of each node it changed (never a value the transaction passed through),
/// at one time on the daemon's wall clock. The daemon hands the feed one per transaction.
///
/// ```swift
/// let changes = SettledChanges(time: 1_764_662_400_000, changes: [
///     SettledChange(.input("switch1"), value: .on),
/// ])
/// changes.json.serialized   // {"time":1764662400000,"changes":[{"node":"switch1","value":true}]}
/// ```
public struct SettledChanges: Hashable, Sendable {
    /// Milliseconds since the Unix epoch, on the daemon's wall clock.
    public var time: Int64
    public var changes: [SettledChange]

    public init(time: Int64, changes: [SettledChange]) {
        self.time = time
        self.changes = changes
    }

    /// `{"time": MS, "changes": [{"node": NAME, "value": VALUE}, ...]}`, each value as
    /// `GET /api/status` encodes it; an activation of a momentary node is
    /// `{"node": NAME, "value": false, "activated": true}`.
    public var json: JSONValue {
        .object(JSONObject([
            ("time", .number(Double(time))),
            ("changes", .array(changes.map(\.json))),
        ]))
    }
}

/// One node's settled value in a transaction, with the places a number is shown at.
public struct SettledChange: Hashable, Sendable {
    public var node: NodeID
    public var value: NodeValue
    public var precision: Int
    /// A momentary node activated: on for that instant only.
    public var isActivation: Bool

    public init(_ node: NodeID, value: NodeValue, precision: Int = NodeValue.defaultPrecision, isActivation: Bool = false) {
        self.node = node
        self.value = value
        self.precision = precision
        self.isActivation = isActivation
    }

    /// An activation is on for its instant only: its value is the off it settles at,
    /// with `"activated": true`.
    var json: JSONValue {
        guard !isActivation else {
            return .object(JSONObject([("node", .string(node.name)), ("value", .bool(false)), ("activated", .bool(true))]))
        }
        return .object(JSONObject([("node", .string(node.name)), ("value", value.json(precision: precision))]))
    }
}
