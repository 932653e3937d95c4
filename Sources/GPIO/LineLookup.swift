/// Finds lines on one chip, written as a config writes them (an offset, a name, a header
/// pin): the one lookup behind the engine's start (an opened chip, its names read from
/// it) and `gpioagg check --board` (a board profile's chip, plain data), so that a bad
/// line is the same error either way.
///
/// Names are read on the first lookup by name, once: many named lines cost one pass
/// over the chip, and lines given by offset or pin cost none. On a board's chip
/// (`board` given) an error speaks of the board: its model, its header's controller,
/// what a BCM or GPIO number is called there.
///
/// ```swift
/// var lookup = LineLookup(chip: pi4.headerController.info, board: pi4) { pi4.headerController.lineNames }
/// try lookup.offset(of: .name("GPIO17"))   // 17
/// try lookup.offset(of: .headerPin(11))    // 17
/// try lookup.offset(of: .name("BCM18"))
/// // no line named 'BCM18' on gpiochip0 [pinctrl-bcm2711] of the Raspberry Pi 4 Model B
/// // hint: BCM numbers are written as the line's name on this board: 'GPIO18' (or PIN12, or offset 18)
/// ```
public struct LineLookup {
    public let chip: ChipInfo
    /// The board `chip` belongs to, when it is one of the board's chips.
    public let board: BoardProfile?
    private let readNames: () throws(GPIOError) -> [String]
    private var names: [String]?
    private var offsetsByName: [String: UInt32] = [:]

    /// - Parameter names: the chip's line names in offset order (empty for an unnamed
    ///   line), called on the first lookup by name only.
    public init(chip: ChipInfo, board: BoardProfile? = nil, names: @escaping () throws(GPIOError) -> [String]) {
        self.chip = chip
        // An add-on chip beside a board's (an expander) is no board's.
        self.board = board?.chips.contains { $0.info == chip } == true ? board : nil
        readNames = names
    }

    /// The offset of `line` on the chip. A header pin resolves only on the header's
    /// controller; an unknown name suggests the nearest names on the chip.
    public mutating func offset(of line: LineLocator) throws(GPIOError) -> UInt32 {
        switch line {
        case .offset(let offset):
            guard offset < chip.lineCount else {
                throw onBoard(.lineOffsetOutOfRange(chip: chip, offset: offset)) { _ in listing }
            }
            return offset
        case .headerPin(let pin):
            do {
                return try (board?.header ?? .raspberryPi).offset(ofPin: pin, on: chip)
            } catch {
                throw onBoard(error.code) { board in
                    let controller = board.headerController.info
                    return "on the \(board.model) the header's controller is \(controller.name) [\(controller.label)]"
                }
            }
        case .name(let name):
            let names = try lineNames()
            if let offset = offsetsByName[name] { return offset }
            let generic = GPIOError.Code.lineNameNotFound(chip: chip, name: name,
                                                          suggestions: NameSuggestions.nearest(to: name, among: names))
            throw onBoard(generic) { board in boardHint(forUnknown: name, names: names, on: board) }
        }
    }

    private mutating func lineNames() throws(GPIOError) -> [String] {
        if let names { return names }
        let read = try readNames()
        for (offset, name) in read.enumerated() where !name.isEmpty && offsetsByName[name] == nil {
            offsetsByName[name] = UInt32(offset)
        }
        names = read
        return read
    }

    /// `code`, or on a board's chip `code` with the board's hint.
    private func onBoard(_ code: GPIOError.Code, hint: (BoardProfile) -> String) -> GPIOError {
        guard let board else { return GPIOError(code) }
        return GPIOError(.onBoard(code, model: board.model, hint: hint(board)))
    }

    private var listing: String {
        "'gpioagg info --simulate --board \(board?.name ?? "") \(chip.name)' lists its lines"
    }

    // MARK: A board's hints

    /// What the unknown name probably meant: a BCM or GPIO number said the board's way,
    /// a header pin in the wrong case, the nearest names on the chip.
    private func boardHint(forUnknown name: String, names: [String], on board: BoardProfile) -> String {
        var parts: [String] = []
        if let (prefix, number) = Self.numbered(name) {
            if prefix == "pin" {
                parts.append("a pin of the 40-pin header is written PIN\(number), in capitals")
            } else if let said = numberHint(prefix: prefix, number: number, names: names, on: board) {
                parts.append(said)
            }
        }
        if let guess = NameSuggestions.didYouMean(name, among: names.filter { $0 != "-" }) {
            parts.append(guess)
        }
        if parts.isEmpty { parts.append(listing) }
        return parts.joined(separator: "; ")
    }

    /// `BCM18` or `GPIO40` on the header's controller: which line that number is here.
    private func numberHint(prefix: String, number: Int, names: [String], on board: BoardProfile) -> String? {
        guard board.header.isController(chip) else { return nil }
        guard number < chip.lineCount, let pin = board.header.pin(ofGPIO: UInt32(number)) else {
            var text = "\(prefix.uppercased())\(number) is not on the 40-pin header, which carries GPIO0 to GPIO27"
            if number < chip.lineCount, number < names.count, !names[number].isEmpty {
                text += " (offset \(number) of \(chip.name) is the board's '\(names[number])')"
            }
            return text
        }
        let actual = number < names.count ? names[number] : ""
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
}
