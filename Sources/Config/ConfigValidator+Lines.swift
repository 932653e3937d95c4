import GPIO

extension ConfigValidator {
    private struct Claim: Hashable {
        /// The first chip declared with this chip's locator: two declarations of one
        /// chip are one chip.
        var chip: String
        var line: LineLocator
    }

    /// Each line of a chip can be requested once: by one input or one output.
    ///
    /// A line named in one place and given by offset in another is only found to be the
    /// same line when the engine requests it (names are resolved on the hardware).
    mutating func checkLineClaims() {
        var canonical: [String: String] = [:]
        var firstWithLocator: [ChipLocator: String] = [:]
        var locators: [String: ChipLocator] = [:]
        for chip in chips {
            if locators[chip.name] == nil { locators[chip.name] = chip.locator }
            let first = firstWithLocator[chip.locator] ?? chip.name
            firstWithLocator[chip.locator] = first
            canonical[chip.name] = first
        }
        let users: [(name: String, kind: String, chip: String, line: LineLocator, location: SourceLocation)] =
            (inputs.map { ($0.declaration.name, "input", $0.declaration.chip, $0.declaration.line, $0.lineLocation) }
             + outputs.map { ($0.declaration.name, "output", $0.declaration.chip, $0.declaration.line, $0.lineLocation) })
            .sorted { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
        var claimed: [Claim: (name: String, kind: String, chip: String, location: SourceLocation)] = [:]
        for user in users {
            guard let chip = canonical[user.chip] else { continue }
            let claim = Claim(chip: chip, line: user.line)
            guard let holder = claimed[claim] else {
                claimed[claim] = (user.name, user.kind, user.chip, user.location)
                continue
            }
            var chipText = "chip '\(user.chip)'"
            if holder.chip != user.chip {
                let locator = locators[chip].map(ConfigText.chip) ?? ""
                chipText += " (the same chip as '\(holder.chip)': \(locator))"
            }
            report(user.location,
                   "line \(ConfigText.line(user.line)) of \(chipText) is already used by \(holder.kind) '\(holder.name)' (line \(holder.location.line))",
                   hint: "a line can be requested once; pick another line")
        }
    }
}
