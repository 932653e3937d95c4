/// The size of an MQTT message, in bytes, as the config writes it: `64KiB`, `1 MiB`,
/// `300B`. `mqtt: max_message_size` is one: the largest message (topic and payload) the
/// client takes; anything larger is refused unread.
///
/// ```swift
/// try MessageSize(parsing: "1MiB").bytes     // 1_048_576
/// MessageSize(bytes: 65_536).description      // "64 KiB"
/// ```
public struct MessageSize: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let bytes: Int

    public init(bytes: Int) {
        self.bytes = bytes
    }

    /// 64 KiB: every payload gpioagg reads is a word (`ON`, `online`, a remote input's
    /// `payload_on`) on a topic of at most 256 bytes, so this leaves room for any word a
    /// config gives many times over, while refusing a message still costs little.
    public static let `default` = MessageSize(bytes: 64 * 1024)
    /// The smallest bound the config takes: a topic of 256 bytes and a word of a few.
    public static let minimum = MessageSize(bytes: 1024)
    /// MQTT's own limit: a packet's remaining length is at most 268,435,455 bytes.
    public static let maximum = MessageSize(bytes: 256 * 1024 * 1024)

    private static let units: [(name: String, factor: Int)] = [("B", 1), ("KiB", 1 << 10), ("MiB", 1 << 20)]

    /// A whole number and a unit (`B`, `KiB`, `MiB`), a space between them or not.
    public init(parsing text: String) throws(MessageSizeError) {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else {
            throw MessageSizeError(offset: 0, message: "'\(text)' is not a size",
                                   hint: "a whole number and a unit: 64KiB, 1MiB or 300B")
        }
        var rest = text.dropFirst(digits.count)
        let unitOffset = digits.count + rest.prefix { $0 == " " }.count
        rest = rest.drop { $0 == " " }
        guard let unit = Self.units.first(where: { $0.name == rest }) else {
            let said = rest.isEmpty ? "has no unit" : "has the unit '\(rest)'"
            throw MessageSizeError(offset: unitOffset, message: "'\(text)' \(said)",
                                   hint: "the units are B, KiB (1024 B) and MiB: 64KiB, 1MiB")
        }
        guard let number = Int(digits), number <= Self.maximum.bytes / unit.factor else {
            throw MessageSizeError(offset: 0, message: "'\(text)' is more than MQTT's limit of 256 MiB",
                                   hint: "at most 256MiB; gpioagg's own messages are a few bytes")
        }
        bytes = number * unit.factor
    }

    /// `64 KiB`, `1 MiB`, `1500 B`: the largest unit that divides it.
    public var description: String {
        for unit in Self.units.reversed() where bytes >= unit.factor && bytes % unit.factor == 0 {
            return "\(bytes / unit.factor) \(unit.name)"
        }
        return "\(bytes) B"
    }

    public static func < (lhs: MessageSize, rhs: MessageSize) -> Bool { lhs.bytes < rhs.bytes }
}

/// Why a size was refused: where in the text (in characters), what, and what to write.
public struct MessageSizeError: Error, Hashable, Sendable {
    public let offset: Int
    public let message: String
    public let hint: String
}
