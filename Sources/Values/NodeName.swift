/// The rule for the name of a node (an input, a signal, an output, a cover...), the one
/// every reader of names applies: the config file's checker, the state file, and what
/// suggests a name from a device. `[A-Za-z_][A-Za-z0-9_-]*`, 1 to 64 characters: short,
/// free of spaces, and the same in a topic, a state file line and a command line.
///
/// ```swift
/// NodeName.isValid("bme280_temp")   // true
/// NodeName.isValid("two words")     // false
/// ```
public enum NodeName {
    /// The longest name, in characters. It bounds the cost of "did you mean", and no
    /// pin needs a longer one.
    public static let maximumLength = 64

    /// The rule in words, for hints.
    public static let rule = "names start with a letter or '_' and go on with letters, digits, '_' and '-'"

    /// Whether `name` follows the rule, its length included.
    public static func isValid(_ name: String) -> Bool {
        let bytes = name.utf8
        guard let first = bytes.first, bytes.count <= maximumLength,
              isLetter(first) || first == UInt8(ascii: "_") else { return false }
        return bytes.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
    }

    /// Whether `name` follows the rule for its characters, whatever its length (the
    /// config's checker reports a name too long on its own).
    public static func hasValidCharacters(_ name: String) -> Bool {
        let bytes = name.utf8
        guard let first = bytes.first, isLetter(first) || first == UInt8(ascii: "_") else { return false }
        return bytes.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
    }

    @inline(__always)
    static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}

extension NodeID {
    /// Nil when `name` is not a name a config file could declare (`NodeName`): what
    /// reads a node's name from a file or a message makes its id this way.
    public init?(validating kind: NodeKind, _ name: String) {
        guard NodeName.isValid(name) else { return nil }
        self.init(kind, name)
    }
}
