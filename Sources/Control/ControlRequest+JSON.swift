import Values

extension ControlRequest {
    /// Decodes one request line (without its newline). Unknown fields are errors, so that
    /// a misspelt field is reported instead of ignored.
    ///
    /// ```swift
    /// try ControlRequest(decoding: Array(#"{"op":"sim","action":"toggle","name":"switch1"}"#.utf8))
    /// // .sim(name: "switch1", action: .toggle)
    /// ```
    public init(decoding line: [UInt8]) throws(ControlError) {
        let document: JSONValue
        do {
            document = try JSONValue(parsing: line)
        } catch {
            throw .invalidRequest(error.description)
        }
        try self.init(json: document)
    }

    /// Decodes one request line given as text.
    public init(decoding line: String) throws(ControlError) {
        try self.init(decoding: Array(line.utf8))
    }

    /// The request as one line of JSON, without the newline.
    public func encoded() -> String {
        json.serialized
    }

    init(json document: JSONValue) throws(ControlError) {
        guard case .object(let object) = document else {
            throw .invalidRequest("a request must be a JSON object, not \(document.kindDescription)")
        }
        let fields = RequestFields(object: object)
        guard let op = try fields.string("op", what: "ops: status, sim, why, set") else {
            throw .invalidRequest("the request has no \"op\"; ops: status, sim, why, set")
        }
        switch op {
        case "status":
            try fields.allowOnly(["op"], in: "a status request")
            self = .status
        case "sim":
            self = try Self.decodeSim(fields)
        case "why":
            try fields.allowOnly(["op", "name"], in: "a why request")
            guard let name = try fields.string("name", what: "an input, signal or output"), !name.isEmpty else {
                throw .invalidRequest("a why request needs \"name\": an input, signal or output")
            }
            self = .why(name: name)
        case "set":
            try fields.allowOnly(["op", "name", "value"], in: "a set request")
            guard let name = try fields.string("name", what: "a command input"), !name.isEmpty else {
                throw .invalidRequest("a set request needs \"name\": a command input")
            }
            switch fields.object["value"] {
            case .string(let text)? where SetCommand(rawValue: text) != nil:
                self = .set(name: name, value: .command(SetCommand(rawValue: text)!))
            case .number(let number)?:
                self = .set(name: name, value: .number(number))
            case .string(let text)? where ["open", "close", "stop"].contains(text):
                self = .set(name: name, value: .cover(CoverCommand.word(text)!))
            case .string(OverrideMode.auto.rawValue)?:
                self = .set(name: name, value: .auto)
            case .string(let text)?:
                throw .invalidRequest("\"value\" must be \"on\", \"off\", \"toggle\", \"auto\", \"open\", \"close\", \"stop\" or a number, not \(text.singleQuoted)")
            case let other?:
                throw .invalidRequest("\"value\" must be \"on\", \"off\", \"toggle\", \"auto\", \"open\", \"close\", \"stop\" or a number, not \(other.kindDescription)")
            case nil:
                throw .invalidRequest("a set request needs \"value\": \"on\", \"off\", \"toggle\", \"auto\", \"open\", \"close\", \"stop\" or a number")
            }
        default:
            throw .invalidRequest("unknown op \(op.singleQuoted); ops: status, sim, why, set")
        }
    }

    private static func decodeSim(_ fields: RequestFields) throws(ControlError) -> ControlRequest {
        guard let action = try fields.string("action", what: "actions: set, toggle, pulse") else {
            throw .invalidRequest("a sim request needs \"action\": set, toggle or pulse")
        }
        guard ["set", "toggle", "pulse"].contains(action) else {
            throw .invalidRequest("unknown sim action \(action.singleQuoted); actions: set, toggle, pulse")
        }
        guard let name = try fields.string("name", what: "the name of an input") else {
            throw .invalidRequest("a sim \(action) request needs \"name\": the name of an input")
        }
        guard !name.isEmpty else {
            throw .invalidRequest("\"name\" must not be empty")
        }
        switch action {
        case "set":
            try fields.allowOnly(["op", "action", "name", "value", "wait"], in: "a sim set request")
            let value: SimAction
            switch fields.object["value"] {
            case .bool(let on)?: value = .set(on)
            case .number(let number)?: value = .number(number)
            case .null?: value = .unavailable
            case let other?:
                throw .invalidRequest("\"value\" must be true, false, a number or null, not \(other.kindDescription)")
            case nil:
                throw .invalidRequest(
                    "a sim set request needs \"value\": true (on), false (off), a number or null (unavailable)")
            }
            return .sim(name: name, action: value, wait: try fields.bool("wait") ?? true)
        case "toggle":
            try fields.allowOnly(["op", "action", "name", "wait"], in: "a sim toggle request")
            return .sim(name: name, action: .toggle, wait: try fields.bool("wait") ?? true)
        default:
            try fields.allowOnly(["op", "action", "name", "ms", "wait"], in: "a sim pulse request")
            guard let milliseconds = try fields.number("ms") else {
                throw .invalidRequest("a sim pulse request needs \"ms\": the pulse length in milliseconds")
            }
            return .sim(name: name, action: .pulse(try pulseLength(milliseconds: milliseconds)),
                        wait: try fields.bool("wait") ?? true)
        }
    }

    private static func pulseLength(milliseconds: Double) throws(ControlError) -> Duration {
        let microseconds = (milliseconds * 1000).rounded()
        let shortest = microsecondCount(SimAction.shortestPulse)
        let longest = microsecondCount(SimAction.longestPulse)
        guard microseconds >= Double(shortest), microseconds <= Double(longest) else {
            throw .invalidRequest("\"ms\" must be from 0.001 to \(longest / 1000) (one hour), not "
                + JSONValue.numberText(milliseconds))
        }
        return .microseconds(Int64(microseconds))
    }

    private static func microsecondCount(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    }

    var json: JSONValue {
        switch self {
        case .status:
            return .object(JSONObject(["op": .string("status")]))
        case .why(let name):
            var object = JSONObject(["op": .string("why")])
            object.set("name", .string(name))
            return .object(object)
        case .set(let name, let value):
            var object = JSONObject(["op": .string("set")])
            object.set("name", .string(name))
            switch value {
            case .command(let command): object.set("value", .string(command.rawValue))
            case .number(let number): object.set("value", .number(number))
            case .cover(let command): object.set("value", .string(command.text))
            case .auto: object.set("value", .string(OverrideMode.auto.rawValue))
            }
            return .object(object)
        case .sim(let name, let action, let wait):
            var object = JSONObject(["op": .string("sim")])
            switch action {
            case .set(let on):
                object.set("action", .string("set"))
                object.set("name", .string(name))
                object.set("value", .bool(on))
            case .number(let number):
                object.set("action", .string("set"))
                object.set("name", .string(name))
                object.set("value", .number(number))
            case .unavailable:
                object.set("action", .string("set"))
                object.set("name", .string(name))
                object.set("value", .null)
            case .toggle:
                object.set("action", .string("toggle"))
                object.set("name", .string(name))
            case .pulse(let length):
                object.set("action", .string("pulse"))
                object.set("name", .string(name))
                // Whole milliseconds stay integers on the wire (`"ms":50`), as people write them.
                let microseconds = Self.microsecondCount(length)
                object.set("ms", .number(microseconds % 1000 == 0
                    ? Double(microseconds / 1000) : Double(microseconds) / 1000))
            }
            // Waiting is the default, so only the exception is on the wire.
            if !wait { object.set("wait", .bool(false)) }
            return .object(object)
        }
    }
}

/// The fields of a request object, read with messages that name the field and the type
/// it must have.
private struct RequestFields {
    let object: JSONObject

    func string(_ key: String, what: String) throws(ControlError) -> String? {
        switch object[key] {
        case nil: return nil
        case .string(let value)?: return value
        case let other?: throw .invalidRequest("\"\(key)\" must be a string (\(what)), not \(other.kindDescription)")
        }
    }

    func bool(_ key: String) throws(ControlError) -> Bool? {
        switch object[key] {
        case nil: return nil
        case .bool(let value)?: return value
        case let other?: throw .invalidRequest("\"\(key)\" must be true or false, not \(other.kindDescription)")
        }
    }

    func number(_ key: String) throws(ControlError) -> Double? {
        switch object[key] {
        case nil: return nil
        case .number(let value)?: return value
        case let other?: throw .invalidRequest("\"\(key)\" must be a number, not \(other.kindDescription)")
        }
    }

    func allowOnly(_ allowed: [String], in context: String) throws(ControlError) {
        if let unknown = object.keys.first(where: { !allowed.contains($0) }) {
            throw .invalidRequest("unknown field \(unknown.singleQuoted) in \(context); fields: "
                + allowed.joined(separator: ", "))
        }
    }
}
