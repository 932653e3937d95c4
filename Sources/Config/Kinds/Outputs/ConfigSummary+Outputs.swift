/// An output on a line in `gpioagg check`.
extension ConfigSummary {
    /// `chip main, line GPIO22, follows light_wanted, initial off, safe off, active high, drive push-pull`;
    /// an output a cover drives names the cover.
    static func output(_ output: OutputDeclaration, in configuration: Configuration) -> String {
        let source = output.follows.map { "follows \($0), " }
            ?? configuration.covers.first { $0.outputs.contains(output.name) }.map { "driven by cover \($0.name), " }
            ?? ""
        return "chip \(output.chip), \(lineText(output.line)), \(source)"
            + (output.command ? "command, " : "")
            + "initial \(output.restore ? "restore" : ConfigText.onOff(output.initial)), "
            + "safe \(ConfigText.onOff(output.safe)), "
            + "active \(output.activeLow ? "low" : "high"), drive \(output.drive.rawValue)"
            + (output.pulse.map { ", pulse \(ConfigText.duration($0))" } ?? "")
            + (output.maxOn.map { ", max_on \(ConfigText.duration($0))" } ?? "")
    }
}
