/// The members of a JSON object, in the order they were written or added.
///
/// Keys are unique (the parser rejects duplicates; `set` replaces). Order is kept so that
/// replies read well (`"ok"` first); equality ignores it.
///
/// ```swift
/// var object = JSONObject()
/// object.set("ok", .bool(true))
/// object["ok"]           // .bool(true)
/// ```
struct JSONObject: Hashable, Sendable {
    private(set) var keys: [String] = []
    private var values: [String: JSONValue] = [:]

    init() {}

    init(_ members: KeyValuePairs<String, JSONValue>) {
        for (key, value) in members { set(key, value) }
    }

    subscript(key: String) -> JSONValue? { values[key] }

    var count: Int { keys.count }

    /// The members in order.
    var members: [(key: String, value: JSONValue)] {
        keys.map { ($0, values[$0]!) }
    }

    /// Adds `key` at the end, or replaces its value where it is.
    mutating func set(_ key: String, _ value: JSONValue) {
        if values.updateValue(value, forKey: key) == nil { keys.append(key) }
    }

    static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.values == rhs.values
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(values)
    }
}
