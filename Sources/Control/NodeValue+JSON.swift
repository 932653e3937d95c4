import Values

extension NodeValue {
    /// The value as `status --json` and a `set` reply show it: a level `true` or `false`,
    /// a number rounded to `precision` places (`21.5`, never `21.499999`), unavailable
    /// `null`, a cover `{"state": "opening", "position": 40}` (no position for a door on
    /// one relay). The unit goes beside it, in its own member.
    public func json(precision: Int) -> JSONValue {
        switch self {
        case .level(let on): .bool(on)
        case .number(let number, _): .number(DecimalText.parse(DecimalText.format(number, places: precision)) ?? number)
        case .cover(let state, let position):
            .object(JSONObject([("state", .string(state.rawValue))]
                + (position.map { [("position", JSONValue.number(($0 * 100).rounded() / 100))] } ?? [])))
        case .unavailable: .null
        }
    }

    /// The value a reply's `json(precision:)` wrote, with `unit`.
    init(json: JSONValue, unit: MeasurementUnit) throws(ControlError) {
        switch json {
        case .bool(let on): self = .level(on)
        case .number(let number): self = .number(number, unit)
        case .null: self = .unavailable
        case .object(let members):
            guard case .string(let word)? = members["state"], let state = CoverState(word: word) else {
                throw .invalidReply("a cover's value needs \"state\": \(CoverState.words)")
            }
            var position: Double?
            if case .number(let number)? = members["position"] { position = number }
            self = .cover(state, position: position)
        default: throw .invalidReply("a value is \(json.kindDescription), not true, false, a number, a cover or null")
        }
    }
}
