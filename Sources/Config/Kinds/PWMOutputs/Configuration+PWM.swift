extension Configuration {
    /// The PWM output named `name`, or nil.
    public func pwmOutput(named name: String) -> PWMOutputDeclaration? {
        pwmOutputs.first { $0.name == name }
    }

    /// The PWM controller declared as `name` under `chips:`, or nil.
    public func pwmChip(named name: String) -> PWMChipDeclaration? {
        pwmChips.first { $0.name == name }
    }
}
