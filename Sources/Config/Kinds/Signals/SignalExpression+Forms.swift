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
}
