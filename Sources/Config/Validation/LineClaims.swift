/// Each line of a chip can be requested once, by one input or one output: the one check
/// of that, whatever knows which lines are the same (the config's own words, a board's
/// profile, the chips the engine opened), so that a line used twice is the same error
/// wherever it is found. Pure: `Line` is whatever identity the caller can tell lines
/// apart by (a `LineID` once names are resolved).
///
/// ```swift
/// var claims = LineClaims<LineID>()
/// let gpio17 = LineID(chip: "/dev/gpiochip0", offset: 17)
/// claims.claim(gpio17, by: "input 'a'", on: "main", written: "GPIO17", at: a)            // nil
/// let taken = claims.claim(gpio17, by: "input 'b'", on: "main", written: "PIN11", at: b)!
/// taken.message(offset: 17, chip: "gpiochip0 [pinctrl-bcm2711]")
/// // "line PIN11 (offset 17) of gpiochip0 [pinctrl-bcm2711] is already used by input 'a' (line 4, as GPIO17)"
/// ```
public struct LineClaims<Line: Hashable> {
    /// Who asks for a line, and how the config wrote it.
    public struct User: Hashable, Sendable {
        /// `input 'door'`, `output 'led'`.
        public let subject: String
        /// The chip as the config names it.
        public let chip: String
        /// The line as the config writes it (`ConfigText.line`): `GPIO17`, `PIN11`, `17`.
        public let written: String
        /// Where the line is declared.
        public let location: SourceLocation
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

    /// Claims `line` for `subject` (on `chip`, as the config names it, the line written
    /// as `written`, declared at `location`); nil when it was free, else who has it.
    public mutating func claim(_ line: Line, by subject: String, on chip: String, written: String,
                               at location: SourceLocation) -> Conflict? {
        let user = User(subject: subject, chip: chip, written: written, location: location)
        if let holder = holders[line] { return Conflict(holder: holder, user: user) }
        holders[line] = user
        return nil
    }
}
