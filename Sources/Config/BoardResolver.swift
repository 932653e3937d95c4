import GPIO

/// The work behind `Configuration.resolved(on:)`: each chip declaration, then each line
/// in source order, looked up in the board's tables (one dictionary per chip, built
/// once), collecting every error.
struct BoardResolver {
    let board: BoardProfile
    private(set) var errors: [ConfigError] = []
    /// Each board chip's line offsets by name, made on first use.
    private var offsetsByName: [String: [String: UInt32]] = [:]
    /// Each board chip's names for "did you mean", made on first use.
    private var knownNames: [String: KnownNames] = [:]

    init(board: BoardProfile) {
        self.board = board
    }

    mutating func resolve(_ configuration: Configuration) -> BoardResolution {
        var chips: [String: BoardProfile.Chip] = [:]
        var addOns: [String] = []
        for declaration in configuration.chips {
            if let chip = board.chip(declaration.locator) {
                chips[declaration.name] = chip
            } else if let problem = chipProblem(declaration.locator) {
                report(declaration.location, "chip '\(declaration.name)': \(problem.message)", hint: problem.hint)
            } else {
                addOns.append(declaration.name)
            }
        }
        let users = (configuration.inputs.map { ("input", $0.name, $0.chip, $0.line, $0.lineLocation) }
                     + configuration.outputs.map { ("output", $0.name, $0.chip, $0.line, $0.lineLocation) })
            .sorted { ($0.4.line, $0.4.column) < ($1.4.line, $1.4.column) }
        var lines: [String: BoardResolution.Line] = [:]
        var claims = LineClaims<LineID>()
        for (kind, name, chipName, line, location) in users {
            guard let chip = chips[chipName] else { continue }
            let subject = "\(kind) '\(name)'"
            guard let offset = offset(of: line, on: chip, for: subject, at: location) else { continue }
            let id = LineID(chip: chip.info.path, offset: offset)
            if let conflict = claims.claim(id, by: subject, on: chipName, written: ConfigText.line(line), at: location) {
                report(location, conflict.message(offset: line == .offset(offset) ? nil : offset,
                                                  chip: "\(chip.info.name) [\(chip.info.label)]"),
                       hint: LineClaims<LineID>.Conflict.hint)
                continue
            }
            lines[name] = BoardResolution.Line(chip: chip.info, offset: offset, name: chip.lineNames[Int(offset)])
        }
        return BoardResolution(board: board, chips: chips.mapValues(\.info), addOnChips: addOns, lines: lines)
    }

    // MARK: Chips

    /// Why a chip the board does not have cannot be an add-on: another Pi's chip, a
    /// former chip name, or a label within a typo of one of the board's.
    private func chipProblem(_ locator: ChipLocator) -> (message: String, hint: String)? {
        let chipList = "the \(board.model)'s chips: \(board.chipNames)"
        if let reason = board.foreignChip(locator) {
            return ("\(ConfigText.chip(locator)) is not on the \(board.model)", "\(reason); \(chipList)")
        }
        guard case .label(let label) = locator,
              let guess = NearestNames.didYouMean(label, among: board.chips.map(\.info.label)) else { return nil }
        return ("no chip labelled '\(label)' on the \(board.model)", "\(guess) (\(chipList))")
    }

    // MARK: Lines

    private mutating func offset(of line: LineLocator, on chip: BoardProfile.Chip, for subject: String,
                                 at location: SourceLocation) -> UInt32? {
        let info = chip.info
        switch line {
        case .offset(let offset):
            guard offset < info.lineCount else {
                report(location, "\(subject): \(GPIOError.lineOffsetOutOfRange(chip: info, offset: offset).message)",
                       hint: listing(chip))
                return nil
            }
            return offset
        case .headerPin(let pin):
            do {
                return try board.header.offset(ofPin: pin, on: info)
            } catch {
                let controller = board.headerController.info
                report(location, "\(subject): \(error.message)",
                       hint: "on the \(board.model) the header's controller is \(controller.name) [\(controller.label)]")
                return nil
            }
        case .name(let name):
            if let offset = offsets(of: chip)[name] { return offset }
            report(location, "\(subject): no line named '\(name)' on \(info.name) [\(info.label)] of the \(board.model)",
                   hint: hint(forUnknown: name, on: chip))
            return nil
        }
    }

    private mutating func offsets(of chip: BoardProfile.Chip) -> [String: UInt32] {
        if let table = offsetsByName[chip.info.name] { return table }
        var table: [String: UInt32] = [:]
        for (offset, name) in chip.lineNames.enumerated() where !name.isEmpty && table[name] == nil {
            table[name] = UInt32(offset)
        }
        offsetsByName[chip.info.name] = table
        return table
    }

    /// What the unknown name probably meant: a BCM or GPIO number said the board's way,
    /// a header pin in the wrong case, the nearest names on the chip.
    private mutating func hint(forUnknown name: String, on chip: BoardProfile.Chip) -> String {
        var parts: [String] = []
        if let (prefix, number) = Self.numbered(name) {
            if prefix == "pin" {
                parts.append("a pin of the 40-pin header is written PIN\(number), in capitals")
            } else if let said = numberHint(prefix: prefix, number: number, on: chip) {
                parts.append(said)
            }
        }
        if knownNames[chip.info.name] == nil {
            knownNames[chip.info.name] = KnownNames(chip.lineNames.filter { $0 != "-" })
        }
        if let guess = knownNames[chip.info.name]?.didYouMean(name) {
            parts.append(guess)
        }
        if parts.isEmpty { parts.append(listing(chip)) }
        return parts.joined(separator: "; ")
    }

    /// `BCM18` or `GPIO40` on the header's controller: which line that number is here.
    private func numberHint(prefix: String, number: Int, on chip: BoardProfile.Chip) -> String? {
        guard board.header.isController(chip.info) else { return nil }
        let header = board.header
        guard number < chip.info.lineCount, let pin = header.pin(ofGPIO: UInt32(number)) else {
            var text = "\(prefix.uppercased())\(number) is not on the 40-pin header, which carries GPIO0 to GPIO27"
            if number < chip.info.lineCount, !chip.lineNames[number].isEmpty {
                text += " (offset \(number) of \(chip.info.name) is the board's '\(chip.lineNames[number])')"
            }
            return text
        }
        let actual = chip.lineNames[number]
        if prefix == "bcm" {
            return "BCM numbers are written as the line's name on this board: '\(actual)' (or PIN\(pin), or offset \(number))"
        }
        guard actual.lowercased() != "gpio\(number)" else { return nil }   // a case slip: "did you mean" says it
        return "GPIO\(number) is the line named '\(actual)' on the \(board.model) (or PIN\(pin), or offset \(number))"
    }

    /// `("bcm", 18)` for `BCM18`, `bcm_18` or `Bcm 18`; also `gpio` and `pin`.
    static func numbered(_ name: String) -> (prefix: String, number: Int)? {
        let lowered = name.lowercased()
        for prefix in ["gpio", "bcm", "pin"] where lowered.hasPrefix(prefix) {
            var rest = lowered.dropFirst(prefix.count)
            if rest.first == "_" || rest.first == " " { rest = rest.dropFirst() }
            guard !rest.isEmpty, rest.count <= 6, rest.allSatisfy({ $0.isASCII && $0.isNumber }),
                  let number = Int(rest) else { return nil }
            return (prefix, number)
        }
        return nil
    }

    private func listing(_ chip: BoardProfile.Chip) -> String {
        "'gpioagg info --simulate --board \(board.name) \(chip.info.name)' lists its lines"
    }

    private mutating func report(_ location: SourceLocation, _ message: String, hint: String) {
        errors.append(ConfigError(location: location, message: message, hint: hint))
    }
}
