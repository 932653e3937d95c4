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
    /// A header pin on a chip declared by a Pi header controller's label is its GPIO's
    /// offset. A line named in one place and given by offset in another is only found to
    /// be the same line against a board (`resolved(on:)`) or when the engine requests it
    /// (names are resolved on the hardware).
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
        var claimed: [Claim: (name: String, kind: String, chip: String, line: LineLocator, location: SourceLocation)] = [:]
        for user in users {
            guard let chip = canonical[user.chip] else { continue }
            let comparable = Self.comparable(user.line, on: locators[chip])
            let claim = Claim(chip: chip, line: comparable)
            guard let holder = claimed[claim] else {
                claimed[claim] = (user.name, user.kind, user.chip, user.line, user.location)
                continue
            }
            var chipText = "chip '\(user.chip)'"
            if holder.chip != user.chip {
                let locator = locators[chip].map(ConfigText.chip) ?? ""
                chipText += " (the same chip as '\(holder.chip)': \(locator))"
            }
            report(user.location,
                   "line \(ConfigText.line(user.line))\(comparable == user.line ? "" : " (offset \(ConfigText.line(comparable)))") of \(chipText) is already used by \(holder.kind) '\(holder.name)' (line \(holder.location.line)\(holder.line == user.line ? "" : ", as \(ConfigText.line(holder.line))"))",
                   hint: "a line can be requested once; pick another line")
        }
    }

    /// `PIN11` as offset 17 on a chip declared by a Raspberry Pi header controller's
    /// label; any other line as written.
    static func comparable(_ line: LineLocator, on chip: ChipLocator?) -> LineLocator {
        guard case .headerPin(let pin) = line, case .label(let label)? = chip,
              PinHeader.raspberryPi.controllerLabels.contains(label),
              let gpio = PinHeader.raspberryPi.gpio(ofPin: pin) else { return line }
        return .offset(gpio)
    }
}
