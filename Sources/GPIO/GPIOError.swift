/// An error from a GPIO backend, worded for the person who has to fix it.
///
/// A struct around a private code enum, so that kinds can be added without breaking
/// callers; match on `kind` when the difference matters.
public struct GPIOError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        case chipNotFound
        case lineNotFound
        case busy
        case permissionDenied
        case invalidRequest
        case system
    }

    enum Code: Hashable, Sendable {
        case chipNotFound(ChipLocator, available: [ChipInfo])
        case lineNameNotFound(chip: ChipInfo, name: String, suggestions: [String])
        case lineOffsetOutOfRange(chip: ChipInfo, offset: UInt32)
        /// `PIN1`: a header pin that is power, ground or off the header.
        case headerPinNotGPIO(pin: Int)
        /// `PIN11` on a chip that does not drive the Raspberry Pi header.
        case headerPinOffController(chip: ChipInfo, pin: Int)
        case busy(chip: ChipInfo, offset: UInt32, name: String, consumer: String)
        case permissionDenied(path: String, operation: String)
        case invalidRequest(String)
        case system(operation: String, errno: Int32, detail: String)
        /// A line error on a board's chip (`LineLookup` with a board): the board's model
        /// in the message of an unknown name, and the board's hint.
        indirect case onBoard(Code, model: String, hint: String)
    }

    let code: Code

    init(_ code: Code) { self.code = code }

    public var kind: Kind { Self.kind(of: code) }

    private static func kind(of code: Code) -> Kind {
        switch code {
        case .chipNotFound: return .chipNotFound
        case .lineNameNotFound, .lineOffsetOutOfRange, .headerPinNotGPIO, .headerPinOffController:
            return .lineNotFound
        case .busy: return .busy
        case .permissionDenied: return .permissionDenied
        case .invalidRequest: return .invalidRequest
        case .system: return .system
        case .onBoard(let code, _, _): return kind(of: code)
        }
    }

    public static func chipNotFound(_ locator: ChipLocator, available: [ChipInfo]) -> GPIOError {
        GPIOError(.chipNotFound(locator, available: available))
    }

    public static func lineNotFound(chip: ChipInfo, name: String, candidates: [String]) -> GPIOError {
        GPIOError(.lineNameNotFound(chip: chip, name: name,
                                    suggestions: NameSuggestions.nearest(to: name, among: candidates)))
    }

    public static func lineOffsetOutOfRange(chip: ChipInfo, offset: UInt32) -> GPIOError {
        GPIOError(.lineOffsetOutOfRange(chip: chip, offset: offset))
    }

    /// `consumer` is who holds the line, as the kernel reports it (may be empty).
    public static func busy(chip: ChipInfo, offset: UInt32, name: String, consumer: String) -> GPIOError {
        GPIOError(.busy(chip: chip, offset: offset, name: name, consumer: consumer))
    }

    public static func permissionDenied(path: String, operation: String) -> GPIOError {
        GPIOError(.permissionDenied(path: path, operation: operation))
    }

    public static func invalidRequest(_ message: String) -> GPIOError {
        GPIOError(.invalidRequest(message))
    }

    /// `detail` is `strerror(errno)`; the caller supplies it so this module stays free of
    /// libc.
    public static func system(_ operation: String, errno: Int32, detail: String) -> GPIOError {
        GPIOError(.system(operation: operation, errno: errno, detail: detail))
    }

    /// The errno behind a `.system` error, else 0.
    public var errno: Int32 {
        if case .system(_, let errno, _) = code { return errno }
        return 0
    }

    /// One line saying what went wrong.
    public var message: String { Self.message(of: code) }

    private static func message(of code: Code) -> String {
        switch code {
        case .chipNotFound(let locator, _):
            return "GPIO chip \(locator) not found"
        case .lineNameNotFound(let chip, let name, _):
            return "no line named '\(name)' on \(chip.name) [\(chip.label)]"
        case .lineOffsetOutOfRange(let chip, let offset):
            return "\(chip.name) [\(chip.label)] has \(chip.lineCount) lines (offsets 0-\(max(chip.lineCount - 1, 0))); offset \(offset) does not exist"
        case .headerPinNotGPIO(let pin):
            return PinHeader.raspberryPi.refusal(ofPin: pin)?.message ?? "PIN\(pin) is not a GPIO pin"
        case .headerPinOffController(let chip, let pin):
            return "PIN\(pin) names a pin of the Raspberry Pi's 40-pin header, and \(chip.name) [\(chip.label)] is not the header's controller"
        case .busy(let chip, let offset, let name, let consumer):
            let line = name.isEmpty ? "line \(offset)" : "line \(offset) '\(name)'"
            let holder = consumer.isEmpty ? "another process (it gave no consumer name)" : "'\(consumer)'"
            return "\(line) on \(chip.name) [\(chip.label)] is busy: it is held by \(holder)"
        case .permissionDenied(let path, let operation):
            return "permission denied: cannot \(operation) \(path)"
        case .invalidRequest(let message):
            return message
        case .system(let operation, let errno, let detail):
            return "\(operation): \(detail) (errno \(errno))"
        case .onBoard(let code, let model, _):
            guard case .lineNameNotFound = code else { return message(of: code) }
            return message(of: code) + " of the \(model)"
        }
    }

    /// What to do about it; empty when there is nothing useful to add.
    public var hint: String {
        switch code {
        case .chipNotFound(_, let available):
            if available.isEmpty {
                return "this system has no GPIO chips (no /dev/gpiochip*); on a machine without GPIO hardware, run with --simulate"
            }
            let list = available.map { "\($0.name) [\($0.label)] (\($0.lineCount) lines)" }
            return "chips on this system: " + list.joined(separator: ", ")
        case .lineNameNotFound(_, _, let suggestions):
            guard !suggestions.isEmpty else {
                return "this chip's lines have no names; use the line's offset (see 'gpioagg info')"
            }
            return NameSuggestions.didYouMean(suggestions, list: "'gpioagg info' lists every line") ?? ""
        case .lineOffsetOutOfRange:
            return "'gpioagg info' lists every line of each chip"
        case .headerPinNotGPIO(let pin):
            return PinHeader.raspberryPi.refusal(ofPin: pin)?.hint ?? ""
        case .headerPinOffController:
            let labels = PinHeader.raspberryPi.controllerLabels.sorted().joined(separator: ", ")
            return "name this chip's lines by name or offset ('gpioagg info' lists them); PINn works on the header's controller (\(labels))"
        case .busy:
            return "stop the other user of the line, or pick another line; 'gpioagg info' shows every line's consumer"
        case .permissionDenied:
            return "add the user to the 'gpio' group and install the udev rule (systemd/60-gpioagg.rules) that gives the group the gpiochip devices, or run as root"
        case .invalidRequest, .system:
            return ""
        case .onBoard(_, _, let hint):
            return hint
        }
    }

    public var description: String {
        hint.isEmpty ? message : "\(message)\nhint: \(hint)"
    }
}
