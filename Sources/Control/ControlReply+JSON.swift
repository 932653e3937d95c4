import Values

extension ControlReply {
    /// Decodes one reply line (without its newline). Unknown fields are ignored, so that a
    /// newer daemon may add some without breaking older clients.
    ///
    /// ```swift
    /// try ControlReply(decoding: Array(#"{"ok":false,"error":"no input named 'x'"}"#.utf8))
    /// // .failure("no input named 'x'")
    /// ```
    public init(decoding line: [UInt8]) throws(ControlError) {
        let document: JSONValue
        do {
            document = try JSONValue(parsing: line, limits: JSONLimits(maxBytes: ControlClient.maxReplyBytes))
        } catch {
            throw .invalidReply(error.description)
        }
        guard case .object(let object) = document else {
            throw .invalidReply("not a JSON object but \(document.kindDescription)")
        }
        guard case .bool(let ok)? = object["ok"] else {
            throw .invalidReply("no \"ok\": true or false")
        }
        guard ok else {
            guard case .string(let message)? = object["error"] else {
                throw .invalidReply("a failure without an \"error\" message")
            }
            self = .failure(message)
            return
        }
        if case .array(let items)? = object["why"] {
            var lines: [String] = []
            for item in items {
                guard case .string(let line) = item else {
                    throw .invalidReply("\"why\" holds \(item.kindDescription), not a line of text")
                }
                lines.append(line)
            }
            self = .explanation(lines)
            return
        }
        if let value = object["value"] {
            let unit = if case .string(let symbol)? = object["unit"] { MeasurementUnit(symbol) } else { MeasurementUnit.none }
            var precision = NodeValue.defaultPrecision
            if case .number(let number)? = object["precision"], let places = Int(exactly: number), (0...9).contains(places) {
                precision = places
            }
            self = .value(try NodeValue(json: value, unit: unit), precision: precision)
            return
        }
        let sections = ["inputs", "signals", "outputs"]
        guard sections.contains(where: { object[$0] != nil }) else {
            if case .string(let warning)? = object["warning"] {
                self = .warning(warning)
            } else {
                self = .ok
            }
            return
        }
        self = .status(try EngineSnapshot(decoding: object))
    }

    /// Decodes one reply line given as text.
    public init(decoding line: String) throws(ControlError) {
        try self.init(decoding: Array(line.utf8))
    }

    /// The reply as one line of JSON, without the newline; names in sorted order.
    public func encoded() -> String {
        json.serialized
    }

    var json: JSONValue {
        switch self {
        case .ok:
            return .object(JSONObject(["ok": .bool(true)]))
        case .explanation(let lines):
            return .object(JSONObject(["ok": .bool(true), "why": .array(lines.map { .string($0) })]))
        case .warning(let message):
            return .object(JSONObject(["ok": .bool(true), "warning": .string(message)]))
        case .failure(let message):
            return .object(JSONObject(["ok": .bool(false), "error": .string(message)]))
        case .value(let value, let precision):
            var object = JSONObject(["ok": .bool(true)])
            object.set("value", value.json(precision: precision))
            if let unit = value.unit, !unit.isNone { object.set("unit", .string(unit.symbol)) }
            if precision != NodeValue.defaultPrecision { object.set("precision", .number(Double(precision))) }
            return .object(object)
        case .status(let snapshot):
            return .object(JSONObject([("ok", .bool(true))] + snapshot.jsonMembers))
        }
    }
}
