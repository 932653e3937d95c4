extension SignalExpression {
    /// The key of each form under `signals:`, as a config file writes it: what the
    /// validator reads, and what the command line's overview names.
    ///
    /// ```swift
    /// SignalExpression.formKeys.contains("at_least")   // true
    /// ```
    public static let formKeys = SignalSchema.forms.map(\.name)
    /// The forms whose value is a number.
    public static let numericFormKeys = ["mean", "min", "max", "sum", "difference", "count", "rate", "scale"]

    /// The key of this expression's form under `signals:` (`all` for `all:` with
    /// `within:` too, `mean` ... for the aggregates): what the page shows as its type.
    ///
    /// ```swift
    /// SignalExpression.not("a").formKey   // "not"
    /// ```
    public var formKey: String {
        switch self {
        case .all, .allWithin: "all"
        case .any: "any"
        case .none: "none"
        case .not: "not"
        case .atLeast: "at_least"
        case .toggle: "toggle"
        case .latch: "latch"
        case .click: "click"
        case .sample: "sample"
        case .zip: "zip"
        case .aggregate(let aggregate, _): aggregate.rawValue
        case .difference: "difference"
        case .threshold: "threshold"
        case .count: "count"
        case .rate: "rate"
        case .scale: "scale"
        case .unavailable: "unavailable"
        case .between: "between"
        case .at: "at"
        }
    }
}
