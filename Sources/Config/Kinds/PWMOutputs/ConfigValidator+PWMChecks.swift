import PWMCore
import Values

/// What is checked of PWM outputs once every section is read: one output per channel,
/// and what each follows is a level or a number in percent.
extension ConfigValidator {
    /// Each channel of a controller drives one output. Two chips declared with the same
    /// `pwm:` are one controller.
    mutating func checkPWMChannelClaims() {
        var canonical: [String: String] = [:]
        var firstWithLocator: [PWMControllerLocator: String] = [:]
        var locators: [String: PWMControllerLocator] = [:]
        for chip in pwmChips where locators[chip.name] == nil {
            locators[chip.name] = chip.locator
            let first = firstWithLocator[chip.locator] ?? chip.name
            firstWithLocator[chip.locator] = first
            canonical[chip.name] = first
        }
        struct Claim: Hashable {
            var chip: String
            var channel: Int
        }
        var holders: [Claim: PWMOutputDeclaration] = [:]
        let bySource = pwmOutputs.filter(\.hasChannel).map(\.declaration).sorted {
            ($0.channelLocation.line, $0.channelLocation.column) < ($1.channelLocation.line, $1.channelLocation.column)
        }
        for output in bySource {
            guard let chip = canonical[output.chip] else { continue }
            let claim = Claim(chip: chip, channel: output.channel)
            guard let holder = holders[claim] else {
                holders[claim] = output
                continue
            }
            var chipText = "PWM chip '\(output.chip)'"
            if holder.chip != output.chip, let locator = locators[chip] {
                chipText += " (the same controller as '\(holder.chip)': pwm \(locator))"
            }
            report(output.channelLocation,
                   "channel \(output.channel) of \(chipText) is already used by output '\(holder.name)' "
                       + "(line \(holder.channelLocation.line), column \(holder.channelLocation.column))",
                   hint: "a channel drives one output; pick another channel")
        }
    }

    /// A PWM output follows a level (on is 100 %, off 0 %) or a number in `%`; a number in
    /// another unit, or in none, is mapped to percent with a `scale:` first.
    mutating func checkPWMFollows(units: [String: MeasurementUnit], kinds: [String: NodeKind]) {
        for output in pwmOutputs {
            guard let follows = output.follows, valueKinds[follows.name] == .number, kinds[follows.name] != .output,
                  let unit = units[follows.name], unit != MeasurementUnit("%") else { continue }
            let name = follows.name
            let scale = "map it to percent with a scale and follow that, e.g. \(name)_percent: "
                + "{ scale: \(name), from: [50, 70], to: [30, 100] } (from: in \(unit.isNone ? "its numbers" : unit.description), to: in %)"
            report(follows.location, "'\(name)' in follows: of output '\(output.declaration.name)' is a number "
                + (unit.isNone ? "without a unit" : "in \(unit)") + ", and a PWM output follows a number in % or a level",
                   hint: unit.isNone ? "if it is a percentage, give it unit: %; else " + scale : scale)
        }
    }
}
