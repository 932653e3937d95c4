import Values

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

extension NodeID {
    /// Signals, then outputs, then inputs, then covers; by name within a kind: the order
    /// of the state file's lines.
    static func stateFileOrder(_ left: NodeID, _ right: NodeID) -> Bool {
        if left.kind != right.kind { return left.kind.stateFileOrder < right.kind.stateFileOrder }
        return left.name.utf8.lexicographicallyPrecedes(right.name.utf8)
    }
}

/// ASCII digits, for the state file's numbers and boot ids.
@inline(__always)
func isASCIIDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
}
