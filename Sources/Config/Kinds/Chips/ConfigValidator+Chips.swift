import GPIO
import PWMCore

extension ConfigValidator {
    static let pwmChipExample = "pwm: { pwm: fe20c000.pwm }"

    /// `chips: NAME: { label: ... }` (or `path:`, or `name:`): a GPIO chip; `chips: NAME:
    /// { pwm: ... }`: a PWM controller. Exactly one locator each.
    mutating func readChips(_ section: SourceNode.Entry) {
        let example = "main: { label: pinctrl-bcm2711 }"
        guard let entries = sectionEntries(section, example: example) else { return }
        if entries.isEmpty {
            report(section.keyLocation, "chips: declares no chip", hint: "declare one, e.g. chips: { \(example) }")
        }
        for entry in entries {
            checkName(entry.key, at: entry.keyLocation)
            declaredChips.append(entry.key)
            let what = "chip '\(entry.key)'"
            if case .scalar(let text, _) = entry.value.content {
                // A common slip: the locator without its key. Say which key it would be.
                let key = if Self.looksLikePWMController(text) {
                    "pwm"
                } else {
                    switch ChipLocator(text) { case .path: "path" case .name: "name" case .label: "label" }
                }
                report(entry.value.location, "\(what) must be a mapping with label:, path: or name:, found '\(text)'",
                       hint: "write \(entry.key): { \(key): \(text) }")
                continue
            }
            guard let settings = settings(entry.value, of: what, example: "\(entry.key): { label: pinctrl-bcm2711 }") else {
                continue
            }
            checkKeys(settings, allowed: ChipSchema.keyNames, place: "in \(what)")
            let given = settings.filter { ChipSchema.keyNames.contains($0.key) }
            guard let first = given.first else {
                report(entry.keyLocation, "\(what) needs one of label:, path: or name:",
                       hint: "label: is the stable choice (see 'gpioagg detect'), e.g. \(entry.key): { label: pinctrl-bcm2711 }; "
                           + "for a PWM controller, pwm: and its device, e.g. \(entry.key): { pwm: fe20c000.pwm }")
                continue
            }
            if given.contains(where: { $0.key == "pwm" }) { declaredPWMChips.insert(entry.key) }
            for extra in given.dropFirst() {
                let mixed = (first.key == "pwm") != (extra.key == "pwm")
                report(extra.keyLocation, "\(what) has both \(first.key): and \(extra.key):",
                       hint: mixed
                           ? "a chip is a GPIO chip (label:, path: or name:) or a PWM controller (pwm:), not both; "
                               + "declare each as a chip of its own"
                           : "give exactly one of label:, path: or name:")
            }
            guard given.count == 1 else { continue }
            if first.key == "pwm" {
                guard let locator = pwmControllerLocator(first, in: what) else { continue }
                pwmChips.append(PWMChipDeclaration(name: entry.key, locator: locator, location: entry.keyLocation))
                continue
            }
            guard let locator = chipLocator(first, in: what) else { continue }
            chips.append(ChipDeclaration(name: entry.key, locator: locator, location: entry.keyLocation))
        }
    }

    private mutating func chipLocator(_ entry: SourceNode.Entry, in what: String) -> ChipLocator? {
        guard let text = text(entry, in: what) else { return nil }
        switch entry.key {
        case "path":
            guard text.hasPrefix("/") else {
                report(entry.value.location, "path: in \(what) must be an absolute path such as /dev/gpiochip0, found '\(text)'",
                       hint: ChipLocator(text) == .name(text) ? "for a chip's name, write name: \(text)" : "")
                return nil
            }
            return .path(text)
        case "name":
            guard ChipLocator(text) == .name(text) else {
                report(entry.value.location, "name: in \(what) must be a kernel chip name such as gpiochip0, found '\(text)'",
                       hint: text.contains("/") ? "for a device path, write path: \(text)" : "for a driver's label, write label: \(text)")
                return nil
            }
            return .name(text)
        default:
            return .label(text)
        }
    }

    /// `pwm: 1f00098000.pwm` (a device name, the stable choice) or `pwm: pwmchip0`.
    private mutating func pwmControllerLocator(_ entry: SourceNode.Entry, in what: String) -> PWMControllerLocator? {
        guard let text = text(entry, in: what) else { return nil }
        let hint = "name the controller by its device, e.g. pwm: fe20c000.pwm (Pi 4) or pwm: 1f00098000.pwm (Pi 5), "
            + "or as pwmchip0; 'gpioagg detect' lists the PWM controllers"
        if text.hasPrefix("/") {
            let last = text.split(separator: "/").last.map(String.init) ?? text
            report(entry.value.location, "pwm: in \(what) is a controller's device name or pwmchipN, not a path, found '\(text)'",
                   hint: Self.looksLikePWMController(last) ? "write pwm: \(last)" : hint)
            return nil
        }
        if text.hasPrefix("pwmchip"), case .device = PWMControllerLocator(text) {
            report(entry.value.location, "pwm: in \(what) must be pwmchip and a number (pwmchip0) or a device name, found '\(text)'",
                   hint: hint)
            return nil
        }
        if text.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0 == "/" }) {
            report(entry.value.location, "pwm: in \(what) must be a device name such as fe20c000.pwm, found '\(text)'",
                   hint: hint)
            return nil
        }
        return PWMControllerLocator(text)
    }

    /// `fe20c000.pwm`, `pwmchip0`: what is written for a PWM controller.
    static func looksLikePWMController(_ text: String) -> Bool {
        text.hasSuffix(".pwm") || text.hasPrefix("pwmchip")
    }
}
