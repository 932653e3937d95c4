/// Which line of a chip: by offset (`17`) or by the name the kernel gives it (`GPIO17`).
///
/// Names come from the device tree and survive board revisions; offsets are what older
/// tools print. A string made only of digits is an offset.
///
/// ```swift
/// LineLocator("22")      // .offset(22)
/// LineLocator("GPIO17")  // .name("GPIO17")
/// ```
public enum LineLocator: Hashable, Sendable, CustomStringConvertible {
    case offset(UInt32)
    case name(String)

    public init(_ text: String) {
        if !text.isEmpty, text.allSatisfy(\.isASCIIDigit), let offset = UInt32(text) {
            self = .offset(offset)
        } else {
            self = .name(text)
        }
    }

    public var description: String {
        switch self {
        case .offset(let offset): return "offset \(offset)"
        case .name(let name): return "'\(name)'"
        }
    }
}
