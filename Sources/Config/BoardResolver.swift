import GPIO

/// The work behind `Configuration.resolved(on:)`: each chip declaration, then each line
/// in source order, looked up on the board's chips by `LineLookup` (what the engine
/// looks lines up with on the chips it opens), collecting every error.
struct BoardResolver {
    let board: BoardProfile
    private(set) var errors: [ConfigError] = []
    /// Each board chip's lookup, its names filed on first use.
    private var lookups: [String: LineLookup] = [:]

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
        checkPWMChannels(configuration)
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

    /// The offset of `line` on one of the board's chips, through the lookup the engine
    /// uses on an opened chip: the same error for the same line.
    private mutating func offset(of line: LineLocator, on chip: BoardProfile.Chip, for subject: String,
                                 at location: SourceLocation) -> UInt32? {
        let names = chip.lineNames
        do {
            return try lookups[chip.info.name, default: LineLookup(chip: chip.info, board: board) { names }]
                .offset(of: line)
        } catch {
            report(location, "\(subject): \(error.message)", hint: error.hint)
            return nil
        }
    }

    mutating func report(_ location: SourceLocation, _ message: String, hint: String) {
        errors.append(ConfigError(location: location, message: message, hint: hint))
    }
}
