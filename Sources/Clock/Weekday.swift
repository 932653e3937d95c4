/// A day of the week, Monday first (ISO 8601 numbers them 1 to 7), with the config's
/// three-letter names.
///
/// ```swift
/// try Weekday(parsing: "mon")     // .mon
/// Weekday.sat.rawValue            // 6
/// ```
public enum Weekday: Int, CaseIterable, Hashable, Comparable, Sendable, CustomStringConvertible {
    case mon = 1, tue, wed, thu, fri, sat, sun

    /// The day named `text` (`mon` ... `sun`, any case), or an error that lists the names
    /// and suggests the closest.
    public init(parsing text: String) throws(ClockError) {
        let word = text.lowercased()
        guard let day = Weekday.allCases.first(where: { $0.description == word }) else {
            throw .unknownWeekday(text)
        }
        self = day
    }

    /// `mon`, `tue`, ... `sun`: the config's word.
    public var description: String {
        switch self {
        case .mon: "mon"
        case .tue: "tue"
        case .wed: "wed"
        case .thu: "thu"
        case .fri: "fri"
        case .sat: "sat"
        case .sun: "sun"
        }
    }

    public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }
}
