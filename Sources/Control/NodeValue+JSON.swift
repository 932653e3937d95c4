import Values

extension NodeValue {
    /// The value as `status --json` and a `set` reply show it: a level `true` or `false`,
    /// a number rounded to `precision` places (`21.5`, never `21.499999`), unavailable
    /// `null`. The unit goes beside it, in its own member.
    func json(precision: Int) -> JSONValue {
        switch self {
        case .level(let on): .bool(on)
        case .number(let number, _): .number(DecimalText.parse(DecimalText.format(number, places: precision)) ?? number)
        case .unavailable: .null
        }
    }

    /// The value a reply's `json(precision:)` wrote, with `unit`.
    init(json: JSONValue, unit: MeasurementUnit) throws(ControlError) {
        switch json {
        case .bool(let on): self = .level(on)
        case .number(let number): self = .number(number, unit)
        case .null: self = .unavailable
        default: throw .invalidReply("a value is \(json.kindDescription), not true, false, a number or null")
        }
    }
}
