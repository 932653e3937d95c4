/// Each line of a chip can be requested once, by one input or one output: the one check
/// of that, whatever knows which lines are the same (the config's own words, a board's
/// profile, the chips the engine opened), so that a line used twice is the same error
/// wherever it is found. Pure: `Line` is whatever identity the caller can tell lines
/// apart by (a `LineID` once names are resolved).
///
/// ```swift
/// var claims = LineClaims<LineID>()
/// let first = LineClaims<LineID>.User(subject: "input 'a'", chip: "main", written: "GPIO17", location: a)
/// claims.claim(LineID(chip: "/dev/gpiochip0", offset: 17), by: first)     // nil
/// let second = LineClaims<LineID>.User(subject: "input 'b'", chip: "main", written: "PIN11", location: b)
/// let taken = claims.claim(LineID(chip: "/dev/gpiochip0", offset: 17), by: second)!
/// taken.message(offset: 17, chip: "gpiochip0 [pinctrl-bcm2711]")
/// // "line PIN11 (offset 17) of gpiochip0 [pinctrl-bcm2711] is already used by input 'a' (line 4, as GPIO17)"
/// ```
public struct LineClaims<Line: Hashable> {
    /// Who asks for a line, and how the config wrote it.
    public struct User: Hashable, Sendable {
        /// `input 'door'`, `output 'led'`.
        public var subject: String
        /// The chip as the config names it.
        public var chip: String
        /// The line as the config writes it (`ConfigText.line`): `GPIO17`, `PIN11`, `17`.
        public var written: String
        /// Where the line is declared.
        public var location: SourceLocation

        public init(subject: String, chip: String, written: String, location: SourceLocation) {
            self.subject = subject
            self.chip = chip
            self.written = written
            self.location = location
        }
    }

    /// A line asked for a second time: who has it, and who asked again.
    public struct Conflict: Hashable, Sendable {
        public var holder: User
        public var user: User

        /// `line GPIO17 of chip 'main' is already used by input 'door' (line 4)`: `offset`
        /// when the line as written is not its offset, `chip` as the caller knows it.
        public func message(offset: UInt32?, chip: String) -> String {
            "line \(user.written)\(offset.map { " (offset \($0))" } ?? "") of \(chip) is already used by "
                + "\(holder.subject) (line \(holder.location.line)"
                + (holder.written == user.written ? "" : ", as \(holder.written)") + ")"
        }

        public static var hint: String { "a line can be requested once; pick another line" }
    }

    private var holders: [Line: User] = [:]

    public init() {}

    /// Claims `line` for `user`; nil when it was free, else who has it.
    public mutating func claim(_ line: Line, by user: User) -> Conflict? {
        if let holder = holders[line] { return Conflict(holder: holder, user: user) }
        holders[line] = user
        return nil
    }
}
