/// The members of a JSON object, in the order they were written or added.
///
/// Keys are unique (the parser rejects duplicates; `set` replaces). Order is kept so that
/// replies and command output read well (`"ok"` first); equality ignores it.
///
/// ```swift
/// var object = JSONObject(["name": .string("gpiochip0"), "lines": .number(58)])
/// object.set("ok", .bool(true))              // added last
/// object["ok"]                               // .bool(true)
/// JSONObject(names.sorted().map { ($0, .bool(levels[$0]!)) })   // in the order given
/// ```
public struct JSONObject: Hashable, Sendable {
    /// The keys in order.
    public private(set) var keys: [String] = []
    private var values: [String: JSONValue] = [:]

    public init() {}

    /// The members of a literal, in the order written.
    public init(_ members: KeyValuePairs<String, JSONValue>) {
        for (key, value) in members { set(key, value) }
    }

    /// The members in the order given; a repeated key keeps its first place and its last
    /// value.
    public init<Members: Sequence>(_ members: Members) where Members.Element == (String, JSONValue) {
        for (key, value) in members { set(key, value) }
    }

    public subscript(key: String) -> JSONValue? { values[key] }

    public var count: Int { keys.count }

    /// The members in order.
    public var members: [(key: String, value: JSONValue)] {
        keys.map { ($0, values[$0]!) }
    }

    /// Adds `key` at the end, or replaces its value where it is.
    public mutating func set(_ key: String, _ value: JSONValue) {
        if values.updateValue(value, forKey: key) == nil { keys.append(key) }
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.values == rhs.values
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(values)
    }
}
