import Values

/// What one kept value belongs to: a signal (`toggle` or `latch` with `persist: true`),
/// an output (`initial: restore`), a command input (`persist: true`) or a cover on two
/// motors (its position). No two of them
/// share a name in a config, but the kind is kept so that a name that moves from one
/// section to another does not bring back a value of the wrong meaning. The kind is the
/// graph's own (`NodeKind`).
///
/// Only names a config file can declare make a key: `[A-Za-z_][A-Za-z0-9_-]*`, at
/// most 64 characters (the rule of `Config`, repeated here so that this module depends
/// on nothing of it). That keeps every line of the state file short and free of spaces.
///
/// ```swift
/// guard let lamp = KeptKey(kind: .signal, name: "lamp") else { return }   // nil for "two words"
/// writer.record(lamp, true)
/// ```
public struct KeptKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The longest name a key may have, in characters (as a config's names).
    public static let maximumNameLength = 64

    public let kind: NodeKind
    public let name: String

    /// Nil when `name` is not a name a config file could declare.
    public init?(kind: NodeKind, name: String) {
        guard Self.isValidName(name) else { return nil }
        self.kind = kind
        self.name = name
    }

    /// `signal 'lamp'`.
    public var description: String { "\(kind.rawValue) '\(name)'" }

    /// Signals, then outputs, then inputs; by name within a kind: the order of the state
    /// file.
    public static func < (left: KeptKey, right: KeptKey) -> Bool {
        if left.kind != right.kind { return left.kind.stateFileOrder < right.kind.stateFileOrder }
        return left.name.utf8.lexicographicallyPrecedes(right.name.utf8)
    }

    /// `[A-Za-z_][A-Za-z0-9_-]*`, 1 to 64 characters.
    static func isValidName(_ name: String) -> Bool {
        let bytes = name.utf8
        guard let first = bytes.first, bytes.count <= maximumNameLength,
              isLetter(first) || first == UInt8(ascii: "_") else { return false }
        return bytes.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}

extension NodeKind {
    /// Where the kind's lines come in the state file: signals, outputs, inputs (the
    /// order of the formats before inputs were kept), then covers' positions.
    var stateFileOrder: Int {
        switch self {
        case .signal: 0
        case .output: 1
        case .input: 2
        case .cover: 3
        }
    }
}
