import GPIO

extension ConfigValidator {
    static let chipKeys = ["label", "path", "name"]

    /// `chips: NAME: { label: ... }` (or `path:`, or `name:`): exactly one locator each.
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
                let key = switch ChipLocator(text) { case .path: "path" case .name: "name" case .label: "label" }
                report(entry.value.location, "\(what) must be a mapping with label:, path: or name:, found '\(text)'",
                       hint: "write \(entry.key): { \(key): \(text) }")
                continue
            }
            guard let settings = settings(entry.value, of: what, example: "\(entry.key): { label: pinctrl-bcm2711 }") else {
                continue
            }
            checkKeys(settings, allowed: Self.chipKeys, place: "in \(what)")
            let given = settings.filter { Self.chipKeys.contains($0.key) }
            guard let first = given.first else {
                report(entry.keyLocation, "\(what) needs one of label:, path: or name:",
                       hint: "label: is the stable choice (see 'gpioagg detect'), e.g. \(entry.key): { label: pinctrl-bcm2711 }")
                continue
            }
            for extra in given.dropFirst() {
                report(extra.keyLocation, "\(what) has both \(first.key): and \(extra.key):",
                       hint: "give exactly one of label:, path: or name:")
            }
            guard given.count == 1, let locator = chipLocator(first, in: what) else { continue }
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
}
