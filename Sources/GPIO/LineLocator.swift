/// Which line of a chip: by offset (`17`), by the name the kernel gives it (`GPIO17`),
/// or by the pin of the Raspberry Pi's 40-pin header it is wired to (`PIN11`).
///
/// Names come from the device tree and survive board revisions; offsets are what older
/// tools print; header pins are what the wiring diagram shows, and resolve only on the
/// header's controller (`PinHeader.raspberryPi`). A string made only of digits is an
/// offset; `PIN` (upper case) and a number is a header pin.
///
/// ```swift
/// LineLocator("22")      // .offset(22)
/// LineLocator("GPIO17")  // .name("GPIO17")
/// LineLocator("PIN11")   // .headerPin(11), GPIO17 on a Pi's header controller
/// ```
public enum LineLocator: Hashable, Sendable, CustomStringConvertible {
    case offset(UInt32)
    case name(String)
    /// A physical pin number of the 40-pin header (1 to 40 for a line that exists).
    case headerPin(Int)

    public init(_ text: String) {
        if !text.isEmpty, text.allSatisfy(\.isASCIIDigit), let offset = UInt32(text) {
            self = .offset(offset)
        } else if let pin = Self.headerPinNumber(text) {
            self = .headerPin(pin)
        } else {
            self = .name(text)
        }
    }

    /// The number in `PIN11`, nil when `text` is not `PIN` and digits (or the number
    /// does not fit an `Int`).
    public static func headerPinNumber(_ text: String) -> Int? {
        guard text.hasPrefix("PIN") else { return nil }
        let digits = text.dropFirst(3)
        guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit) else { return nil }
        return Int(digits)
    }

    public var description: String {
        switch self {
        case .offset(let offset): return "offset \(offset)"
        case .name(let name): return "'\(name)'"
        case .headerPin(let pin): return "PIN\(pin)"
        }
    }
}
