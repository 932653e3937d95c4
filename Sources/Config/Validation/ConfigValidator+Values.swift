import GPIO
import Values

/// Readers for the kinds of value a config file holds. Each reports what is wrong with
/// the value and returns nil; a value already reported (`SourceNode.Content.reported`)
/// returns nil silently.
extension ConfigValidator {
    static let nameHint = NodeName.rule

    /// The longest name a config file may declare or refer to, in characters
    /// (`NodeName`).
    static let maximumNameLength = NodeName.maximumLength

    /// The error for a name longer than `maximumNameLength`, or nil. Quotes only the
    /// name's start: the name can be as long as the file.
    static func tooLong(_ name: String) -> (message: String, hint: String)? {
        var characters = 0
        for _ in name.unicodeScalars {
            characters += 1
            if characters > maximumNameLength { break }
        }
        guard characters > maximumNameLength else { return nil }
        let start = String(String.UnicodeScalarView(name.unicodeScalars.prefix(24)))
        return ("the name '\(start)...' is longer than \(maximumNameLength) characters",
                "names are at most \(maximumNameLength) characters; shorten it")
    }

    /// `[A-Za-z_][A-Za-z0-9_-]*` (`NodeName`; the length is checked by `tooLong`).
    static func isValidName(_ name: String) -> Bool {
        NodeName.hasValidCharacters(name)
    }

    /// The entries of a section (`chips:` ...): a mapping of names to settings. Nil
    /// (nothing, or `~`) is no entries.
    mutating func sectionEntries(_ section: SourceNode.Entry, example: String) -> [SourceNode.Entry]? {
        switch section.value.content {
        case .mapping(let entries):
            return entries
        case .null:
            return []
        case .reported:
            return nil
        default:
            report(section.value.location,
                   "\(section.key): must be a mapping of names to settings, found \(section.value.kindDescription)",
                   hint: "write each entry on its own line as \(example)")
            return nil
        }
    }

    /// Reports an entry of a section that is one of its entries' keys with a single
    /// value (`active: low` under `inputs:`, beside the input names): a key indented too
    /// little, which would otherwise read as an entry named `active`. `previous` is the
    /// entry above it, the one it most likely belongs to. Returns whether it reported.
    mutating func reportMisplacedKey(_ entry: SourceNode.Entry, keys: [String], kind: String,
                                     previous: SourceNode.Entry?) -> Bool {
        guard keys.contains(entry.key) else { return false }
        switch entry.value.content {
        case .scalar, .null: break
        default: return false
        }
        let value: String
        if case .scalar(let text, _) = entry.value.content { value = text } else { value = "" }
        let owner = previous.map { "'\($0.key)'" } ?? "the \(kind) it belongs to"
        report(entry.keyLocation,
               "'\(entry.key):' is a key of an \(kind), written at the depth of the \(kind)s' names",
               hint: "indent it under \(owner), as deep as its other keys, or put it inside its braces: "
                   + "\(previous?.key ?? "NAME"): { ..., \(entry.key): \(value) }")
        return true
    }

    /// The settings of one entry: a mapping.
    mutating func settings(_ node: SourceNode, of what: String, example: String) -> [SourceNode.Entry]? {
        switch node.content {
        case .mapping(let entries):
            return entries
        case .reported:
            return nil
        default:
            report(node.location, "\(what) must be a mapping, found \(node.kindDescription)",
                   hint: "write \(example)")
            return nil
        }
    }

    /// Reports every key not in `allowed`, suggesting the nearest valid one. `place` is
    /// e.g. "in input 'a'" or "at the top level".
    ///
    /// A key in `elsewhere` (valid for another kind of the same entry) is reported as not
    /// taken by `kindNote` (e.g. "a command input") rather than as unknown.
    mutating func checkKeys(_ entries: [SourceNode.Entry], allowed: [String], place: String,
                            elsewhere: [String] = [], kindNote: String = "") {
        for entry in entries where !allowed.contains(entry.key) {
            if elsewhere.contains(entry.key) {
                report(entry.keyLocation, "\(entry.key): does not apply to \(kindNote) (\(place.dropFirst(3)))",
                       hint: "keys of \(kindNote): " + allowed.joined(separator: ", "))
                continue
            }
            let valid = "valid keys: " + allowed.joined(separator: ", ")
            let hint = NearestNames.didYouMean(entry.key, among: allowed, list: valid)
            report(entry.keyLocation, "unknown key '\(entry.key)' \(place)", hint: hint)
        }
    }

    /// Reports `name` unless it is a valid name; returns whether it is.
    @discardableResult
    mutating func checkName(_ name: String, at location: SourceLocation) -> Bool {
        if let (message, hint) = Self.tooLong(name) {
            report(location, message, hint: hint)
            return false
        }
        if Self.isValidName(name) { return true }
        report(location, "'\(name)' is not a valid name", hint: Self.nameHint)
        return false
    }

    /// A non-empty string: a scalar, quoted or not.
    mutating func text(_ entry: SourceNode.Entry, in what: String) -> String? {
        switch entry.value.content {
        case .scalar(let text, _) where !text.isEmpty:
            return text
        case .reported:
            return nil
        case .null, .scalar:
            report(entry.keyLocation, "\(entry.key): in \(what) has no value")
            return nil
        default:
            report(entry.value.location, "\(entry.key): in \(what) must be a single value, found \(entry.value.kindDescription)")
            return nil
        }
    }

    /// One of a fixed set of words, e.g. `bias: pull-up`.
    mutating func choice<Value>(_ entry: SourceNode.Entry, in what: String,
                                options: [(word: String, value: Value)]) -> Value? {
        guard let word = text(entry, in: what) else { return nil }
        if let match = options.first(where: { $0.word == word }) { return match.value }
        let words = options.map(\.word)
        let list = "\(entry.key): is one of " + words.joined(separator: ", ")
        let hint = NearestNames.didYouMean(word, among: words, list: list)
        report(entry.value.location, "unknown value '\(word)' for \(entry.key): in \(what)", hint: hint)
        return nil
    }

    /// A level word (`LevelWord`: `on`, `true`, `1`; `off`, `false`, `0`; any case).
    ///
    /// Other words people write for a level (`no`, `low`, `yes`, `high`) are refused with
    /// the word of the same meaning as the hint, never by spelling: on `safe:`, "did you
    /// mean 'on'?" for `no` would be the opposite of what was meant (`LevelWord.hint`).
    mutating func onOff(_ entry: SourceNode.Entry, in what: String) -> Bool? {
        guard let word = text(entry, in: what) else { return nil }
        if let level = LevelWord.level(of: word) { return level }
        report(entry.value.location, "unknown value '\(word)' for \(entry.key): in \(what)",
               hint: LevelWord.hint(for: word, key: "\(entry.key):"))
        return nil
    }

    /// A name referring to something declared elsewhere (checked later).
    mutating func reference(_ node: SourceNode, key: String, in what: String, hint: String = "") -> Reference? {
        switch node.content {
        case .scalar(let name, _) where !name.isEmpty:
            if let (message, hint) = Self.tooLong(name) {
                report(node.location, "\(message), in \(key): of \(what)", hint: hint)
                return nil
            }
            return Reference(name: name, location: node.location)
        case .reported:
            return nil
        case .null, .scalar:
            report(node.location, "\(key): in \(what) needs a name")
            return nil
        default:
            report(node.location, "\(key): in \(what) takes one name, found \(node.kindDescription)", hint: hint)
            return nil
        }
    }

    /// A non-empty list of distinct names: `[a, b, c]`.
    mutating func referenceList(_ node: SourceNode, key: String, in what: String) -> [Reference]? {
        switch node.content {
        case .sequence(let items):
            guard !items.isEmpty else {
                report(node.location, "\(key): in \(what) needs at least one name", hint: "write \(key): [NAME, ...]")
                return nil
            }
            var references: [Reference] = []
            var listed = Set<String>()
            var complete = true
            for item in items {
                guard let reference = reference(item, key: key, in: what) else {
                    complete = false
                    continue
                }
                guard listed.insert(reference.name).inserted else {
                    report(item.location, "'\(reference.name)' is listed twice in \(key): of \(what)",
                           hint: "remove the repeated name")
                    complete = false
                    continue
                }
                references.append(reference)
            }
            return complete ? references : nil
        case .reported:
            return nil
        case .null:
            report(node.location, "\(key): in \(what) needs at least one name", hint: "write \(key): [NAME, ...]")
            return nil
        case .scalar(let name, _):
            report(node.location, "\(key): in \(what) takes a list of names, found '\(name)'",
                   hint: "write \(key): [\(name)]")
            return nil
        case .mapping:
            report(node.location, "\(key): in \(what) takes a list of names, found a mapping",
                   hint: "write \(key): [NAME, ...]")
            return nil
        }
    }

    /// `line: GPIO17` (a name), `line: 17` (an offset) or `line: PIN11` (a pin of the
    /// Raspberry Pi's 40-pin header, which must carry a GPIO).
    ///
    /// An offset with a leading zero is refused: YAML 1.1 readers take `017` for octal
    /// (15), so the file would mean different lines to different tools.
    mutating func lineLocator(_ entry: SourceNode.Entry, in what: String) -> LineLocator? {
        let hint = "a line is named (line: GPIO17), given by offset (line: 17) or by header pin (line: PIN11); 'gpioagg info' lists names and offsets"
        switch entry.value.content {
        case .scalar(let text, let quoted) where !text.isEmpty:
            let digits = text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
            if digits {
                let significant = text.drop { $0 == "0" }
                if text.count > 1, text.hasPrefix("0") {
                    let number = significant.isEmpty ? "0" : String(significant)
                    let example = UInt32(number).flatMap { $0 >= 2 && PinHeader.raspberryPi.pin(ofGPIO: $0) != nil ? "GPIO\($0)" : nil } ?? "GPIO17"
                    report(entry.value.location, "line offset \(text) in \(what) has a leading zero",
                           hint: "YAML 1.1 reads \(text) as an octal number; write \(number) for offset \(number), or the line's name, e.g. \(example)")
                    return nil
                }
                guard let offset = UInt32(text) else {
                    report(entry.value.location, "line offset \(text) in \(what) is too large", hint: hint)
                    return nil
                }
                return .offset(offset)
            }
            if text.hasPrefix("PIN"), text.count > 3, text.dropFirst(3).allSatisfy({ $0.isASCII && $0.isNumber }) {
                // Past Int's range it is off the header all the same.
                let pin = LineLocator.headerPinNumber(text) ?? Int.max
                return headerPin(pin, text: text, at: entry.value.location, in: what)
            }
            if !quoted, let first = text.unicodeScalars.first, "+-0123456789".unicodeScalars.contains(first) {
                let message = first == "-" && UInt32(text.dropFirst()) != nil
                    ? "line offset \(text) in \(what) is negative"
                    : "line: in \(what) must be a line name or an offset, found '\(text)'"
                report(entry.value.location, message, hint: hint)
                return nil
            }
            return .name(text)
        case .reported:
            return nil
        case .null, .scalar:
            report(entry.keyLocation, "line: in \(what) has no value", hint: hint)
            return nil
        default:
            report(entry.value.location,
                   "line: in \(what) must be a line name or an offset, found \(entry.value.kindDescription)",
                   hint: hint)
            return nil
        }
    }

    /// `PIN11`: a header pin that carries a GPIO, written without a leading zero. The
    /// header is the same on every 40-pin Pi, so power and ground pins are refused here,
    /// whatever the board.
    private mutating func headerPin(_ pin: Int, text: String, at location: SourceLocation,
                                    in what: String) -> LineLocator? {
        let header = PinHeader.raspberryPi
        guard header.pin(pin) != nil else {
            report(location, "\(text) in \(what) is not on the \(header.pins.count)-pin header: its pins are PIN1 to PIN\(header.pins.count)",
                   hint: "write the physical pin's number, e.g. PIN11 for GPIO17")
            return nil
        }
        if text.dropFirst(3).hasPrefix("0") {
            report(location, "header pin \(text) in \(what) has a leading zero", hint: "write PIN\(pin)")
            return nil
        }
        if let (message, hint) = header.refusal(ofPin: pin) {
            report(location, "\(message), in \(what)", hint: hint)
            return nil
        }
        return .headerPin(pin)
    }

    /// A whole number, e.g. `count: 2`.
    mutating func wholeNumber(_ entry: SourceNode.Entry, in what: String) -> Int? {
        guard let text = text(entry, in: what) else { return nil }
        guard let number = Int(text) else {
            report(entry.value.location, "\(entry.key): in \(what) must be a whole number, found '\(text)'")
            return nil
        }
        return number
    }
}
