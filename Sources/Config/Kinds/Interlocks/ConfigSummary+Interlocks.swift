/// An interlock in `gpioagg check`.
extension ConfigSummary {
    /// `outputs [up, down], wait 500ms`.
    static func interlock(_ interlock: InterlockDeclaration) -> String {
        "outputs [\(interlock.outputs.joined(separator: ", "))], wait \(ConfigText.duration(interlock.wait))"
    }
}
