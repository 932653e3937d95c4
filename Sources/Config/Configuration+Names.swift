extension Configuration {
    /// Every output's name: the lines', then the PWM channels'. They share one set of
    /// names with the inputs, signals and covers.
    public var outputNames: [String] {
        outputs.map(\.name) + pwmOutputs.map(\.name)
    }

    /// Every name a node is declared with: inputs (`inputNames`), signals, outputs
    /// (`outputNames`), covers.
    public var allNames: [String] {
        inputNames + signals.map(\.name) + outputNames + covers.map(\.name)
    }
}
