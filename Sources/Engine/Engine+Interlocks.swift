import Config
import GPIO

extension Engine {
    /// The level an output line is requested at: the level a reload hands over, else its
    /// kept value (`initial: restore`), else `initial`.
    func startLevel(of declaration: OutputDeclaration, offset: UInt32, on chipPath: String,
                    levels: [LineID: Bool]) -> Bool {
        levels[LineID(chip: chipPath, offset: offset)] ?? restoredLevel(of: declaration) ?? declaration.initial
    }

    /// The outputs of an interlock that would start on together (kept on apart, `initial:
    /// on` on two, a reload that groups outputs that are on): all are requested off, as
    /// if asked at the same instant, and the error is logged. The lines are never on
    /// together, not even for the instant before the graph is built.
    func interlockedOff(_ claims: [(declaration: OutputDeclaration, offset: UInt32)],
                        levels: [LineID: Bool]) -> Set<String> {
        var heldOff = Set<String>()
        for interlock in configuration.interlocks {
            let on = claims.filter { claim in
                interlock.outputs.contains(claim.declaration.name)
                    && startLevel(of: claim.declaration, offset: claim.offset,
                                  on: lineID(claim.declaration.chip, claim.offset).chip, levels: levels)
            }.map(\.declaration.name)
            guard on.count > 1 else { continue }
            heldOff.formUnion(on)
            logger.error(
                "interlock '\(interlock.name)': \(on.map { "'\($0)'" }.joined(separator: " and ")) would start on together; all start off until asked again",
                metadata: ["gpio_interlock": "\(interlock.name)", "gpio_outputs": "\(on.joined(separator: ","))"])
        }
        return heldOff
    }
}
