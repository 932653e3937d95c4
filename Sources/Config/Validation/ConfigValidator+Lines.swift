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
        let users: [(subject: String, chip: String, line: LineLocator, location: SourceLocation)] =
            (inputs.map { ("input '\($0.declaration.name)'", $0.declaration.chip, $0.declaration.line, $0.lineLocation) }
             + outputs.map { ("output '\($0.declaration.name)'", $0.declaration.chip, $0.declaration.line, $0.lineLocation) })
            .sorted { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
        var claims = LineClaims<Claim>()
        for (subject, chipName, line, location) in users {
            guard let chip = canonical[chipName] else { continue }
            let comparable = Self.comparable(line, on: locators[chip])
            guard let conflict = claims.claim(Claim(chip: chip, line: comparable), by: subject, on: chipName,
                                              written: ConfigText.line(line), at: location) else { continue }
            var chipText = "chip '\(chipName)'"
            if conflict.holder.chip != chipName {
                let locator = locators[chip].map(ConfigText.chip) ?? ""
                chipText += " (the same chip as '\(conflict.holder.chip)': \(locator))"
            }
            var offset: UInt32?
            if comparable != line, case .offset(let number) = comparable { offset = number }
            report(location, conflict.message(offset: offset, chip: chipText), hint: LineClaims<Claim>.Conflict.hint)
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
