/// What a cover (a garage door, a gate, blinds) is told to do, the same wherever a
/// person or a device tells it: `gpioagg set garage_door open`, the control socket's
/// `set` request, a test file's `set:`, and Home Assistant's payloads on the cover's
/// `/set` topic (`OPEN`, `CLOSE`, `STOP`) and on its position topic (`0` to `100`).
///
/// A position is a percentage of the way open: 0 is closed, 100 is open, as Home
/// Assistant's `position_closed` and `position_open` say by default.
///
/// ```swift
/// CoverCommand("OPEN")        // .open
/// CoverCommand("stop")        // .stop
/// CoverCommand("40")          // .position(40)
/// CoverCommand("140")         // nil: a position is 0 to 100
/// CoverCommand("up")          // nil: CoverCommand.words says what to write
/// ```
public enum CoverCommand: Hashable, Sendable {
    case open
    case close
    case stop
    /// Move to this percentage of the way open (0 closed, 100 open).
    case position(Double)

    /// The positions a cover can be sent to.
    public static let positions: ClosedRange<Double> = 0...100

    /// The command `text` names: `open`, `close` or `stop` in any ASCII case, or a
    /// decimal position from 0 to 100 (spaces and line ends around it ignored); nil for
    /// anything else.
    public init?(_ text: String) {
        if let word = Self.word(text) {
            self = word
        } else if let position = DecimalText.parse(text), Self.positions.contains(position) {
            self = .position(position)
        } else {
            return nil
        }
    }

    /// The word `open`, `close` or `stop` in any ASCII case, spaces and line ends around
    /// it ignored; nil for anything else, a position included.
    public static func word(_ text: String) -> CoverCommand? {
        switch text.trimmingSpacesAndLineEnds.asciiLowercased {
        case "open": return .open
        case "close": return .close
        case "stop": return .stop
        default: return nil
        }
    }

    /// The word the control protocol and `gpioagg set` write, or the position as a
    /// decimal (`DecimalText`, no more places than it has, up to two).
    public var text: String {
        switch self {
        case .open: "open"
        case .close: "close"
        case .stop: "stop"
        case .position(let position): Self.shortText(position)
        }
    }

    private static func shortText(_ position: Double) -> String {
        var text = DecimalText.format(position, places: 2)
        while text.hasSuffix("0") && text.contains(".") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// What a cover may be told, for a message.
    public static let words = "open, close, stop, or a position from 0 (closed) to 100 (open)"
}

/// Where a cover is, as Home Assistant's cover shows it: the raw values are the payloads
/// of its state topic (`open`, `opening`, `closed`, `closing`, `stopped`), and the words
/// `status`, `why`, the journal and `gpioagg test`'s `expect:` use.
public enum CoverState: String, Hashable, Sendable, CaseIterable {
    case open
    case opening
    case closed
    case closing
    case stopped

    /// The state `word` names, in any ASCII case; nil for any other word.
    public init?(word: String) {
        self.init(rawValue: word.asciiLowercased)
    }

    /// Moving: opening or closing.
    public var isMoving: Bool { self == .opening || self == .closing }

    /// What a cover's state may be, for a message: `open, opening, closed, closing or stopped`.
    public static let words = allCases.dropLast().map(\.rawValue).joined(separator: ", ")
        + " or " + CoverState.stopped.rawValue
}
