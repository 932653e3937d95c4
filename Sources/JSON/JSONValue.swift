/// A JSON document: what the control protocol exchanges, and what the Home Assistant
/// discovery payloads are built from.
///
/// Numbers are `Double`s: the numbers exchanged are small (milliseconds, counts), and the
/// parser rejects literals that a `Double` cannot hold.
///
/// ```swift
/// let value = try JSONValue(parsing: Array(#"{"op":"status"}"#.utf8))
/// value["op"]            // .string("status")
/// value.serialized       // {"op":"status"}
/// ```
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// Parses one document that fills `bytes` (surrounding whitespace allowed).
    public init(parsing bytes: [UInt8], limits: JSONLimits = .init()) throws(JSONError) {
        var parser = JSONParser(bytes: bytes, limits: limits)
        self = try parser.parseDocument()
    }

    /// The member named `key` when this is an object, else nil.
    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// What a message calls this kind of value: "a string", "an object", ...
    public var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
