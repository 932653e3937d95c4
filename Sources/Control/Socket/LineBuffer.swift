/// Splits what a connection receives into lines, refusing to hold more than
/// `maxLineBytes` of one line, so that a client that never sends a newline cannot make
/// the daemon buffer without bound.
///
/// ```swift
/// var buffer = LineBuffer(maxLineBytes: 16)
/// buffer.append(Array("{\"op\":\"status\"}\n{".utf8))
/// buffer.nextLine()     // .line(bytes of {"op":"status"})
/// buffer.nextLine()     // .none (the "{" waits for the rest of its line)
/// ```
struct LineBuffer {
    enum Next: Equatable {
        /// A complete line, without its newline.
        case line([UInt8])
        /// No complete line yet.
        case none
        /// A line longer than the limit: the connection cannot be framed any more.
        case overflow
    }

    let maxLineBytes: Int
    private var bytes: [UInt8] = []
    private var start = 0
    /// Where the search for the next newline resumes, so each byte is scanned once.
    private var scanned = 0

    init(maxLineBytes: Int) {
        self.maxLineBytes = maxLineBytes
    }

    /// Bytes received but not yet returned as a line.
    var pendingCount: Int { bytes.count - start }

    mutating func append(_ received: some Collection<UInt8>) {
        if start > 0, start == bytes.count {
            bytes.removeAll(keepingCapacity: true)
            start = 0
            scanned = 0
        }
        bytes.append(contentsOf: received)
    }

    mutating func nextLine() -> Next {
        if let newline = bytes[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
            guard newline - start <= maxLineBytes else { return .overflow }
            let line = Array(bytes[start..<newline])
            start = newline + 1
            scanned = start
            compactIfWorthIt()
            return .line(line)
        }
        scanned = bytes.count
        return pendingCount > maxLineBytes ? .overflow : .none
    }

    /// Takes what is left (a last line without its newline, at end of input).
    mutating func takeRemainder() -> [UInt8] {
        let rest = Array(bytes[start...])
        bytes.removeAll()
        start = 0
        scanned = 0
        return rest
    }

    /// Drops consumed bytes once they outweigh what is left, keeping appends amortised O(1).
    private mutating func compactIfWorthIt() {
        guard start > 4096, start * 2 > bytes.count else { return }
        bytes.removeFirst(start)
        scanned -= start
        start = 0
    }
}
