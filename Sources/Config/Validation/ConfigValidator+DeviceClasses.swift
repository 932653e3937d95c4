import HomeAssistantClasses

extension ConfigValidator {
    /// `device_class:` for the Home Assistant entity `component` makes: one of the classes
    /// Home Assistant accepts for it (it refuses the whole entity otherwise), with the
    /// nearest suggested.
    mutating func deviceClass(_ entry: SourceNode.Entry, for component: HomeAssistantComponent,
                              in what: String) -> String? {
        deviceClass(entry, platform: component.rawValue, classes: component.deviceClasses, in: what)
    }

    mutating func deviceClass(_ entry: SourceNode.Entry, platform: String, classes: [String],
                                      in what: String) -> String? {
        guard let word = text(entry, in: what) else { return nil }
        guard classes.contains(word) else {
            let list = "a \(platform)'s classes: " + classes.joined(separator: ", ")
            // A class of another platform is a level's on a number, or a number's on a level.
            let platforms = HomeAssistantComponent.allCases.map { ($0.rawValue, $0.deviceClasses) }
            let owner = platforms.first { $0.0 != platform && $0.1.contains(word) }?.0
            report(entry.value.location, "device_class '\(word)' of \(what) is not one Home Assistant accepts for a "
                + platform + (owner.map { ": it is a \($0)'s class" } ?? ""),
                   hint: NearestNames.didYouMean(word, among: classes, list: list))
            return nil
        }
        return word
    }
}
