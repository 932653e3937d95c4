/// Replays the writes made to the lines of one interlock and says where they broke it:
/// a line turned on while another was on, or sooner than `wait` after another went off.
/// Tests feed it a simulated chip's write history (or a daemon's printed output lines)
/// rather than trusting what the engine says it did.
///
/// ```swift
/// let audit = InterlockAudit(members: [9, 10], wait: 200_000_000)
/// audit.violations(in: chip.writes.map { .init(line: $0.offset, isOn: $0.value, at: $0.timestamp) })
/// // ["line 10 on at 5.000000000 s, 0 ns after line 9 went off (wait 200 ms)"]
/// ```
public struct InterlockAudit: Sendable {
    /// One write: a line turned on or off, at a time in nanoseconds (0 when not known).
    public struct Write: Hashable, Sendable {
        public var line: UInt32
        public var isOn: Bool
        public var at: UInt64

        public init(line: UInt32, isOn: Bool, at: UInt64) {
            self.line = line
            self.isOn = isOn
            self.at = at
        }
    }

    public let members: Set<UInt32>
    /// Nanoseconds between one member going off and another going on; nil: only check
    /// that no two are on together (writes without times).
    public let wait: UInt64?

    public init(members: Set<UInt32>, wait: UInt64?) {
        self.members = members
        self.wait = wait
    }

    /// The writes that broke the interlock, described; empty when none did. `initial`:
    /// the members on before the first write.
    public func violations(in writes: [Write], initial: Set<UInt32> = []) -> [String] {
        var on = initial
        var offAt: [UInt32: UInt64] = [:]
        var found: [String] = []
        for write in writes where members.contains(write.line) {
            if !write.isOn {
                if on.remove(write.line) != nil { offAt[write.line] = write.at }
                continue
            }
            guard !on.contains(write.line) else { continue }
            for other in on.sorted() where other != write.line {
                found.append("line \(write.line) on at \(Self.seconds(write.at)) while line \(other) was on")
            }
            if let wait {
                for (other, at) in offAt.sorted(by: { $0.key < $1.key }) where other != write.line && write.at &- at < wait {
                    found.append("line \(write.line) on at \(Self.seconds(write.at)), \(write.at &- at) ns after line "
                        + "\(other) went off (wait \(wait / 1_000_000) ms)")
                }
            }
            on.insert(write.line)
        }
        return found
    }

    static func seconds(_ nanoseconds: UInt64) -> String {
        let fraction = String(nanoseconds % 1_000_000_000)
        return "\(nanoseconds / 1_000_000_000).\(String(repeating: "0", count: 9 - fraction.count))\(fraction) s"
    }
}
