import SystemCore

/// Something the clock cannot work with: a zone name or file, a time of day, a window,
/// a place. Each says what is wrong and how to fix it; the config's checker adds the
/// file, line and column.
///
/// A struct around a private code, so that kinds can be added later.
///
/// ```swift
/// do { _ = try TimeOfDay(parsing: "25:00") } catch { print(error) }
/// // "time of day \"25:00\": the hour is 25: give 00 to 23"
/// ```
public struct ClockError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Code: Hashable, Sendable {
        case dateOutOfRange(String)
        case unknownWeekday(String)
        case badFooter(footer: String, reason: String)
        case badZoneFile(source: String, reason: String)
        case unreadableZoneFile(path: String, reason: String)
        case unknownZone(name: String, suggestions: [String])
        case badZoneName(name: String, reason: String)
        case badTimeOfDay(text: String, reason: String)
        case sameTimes(String)
        case noDays
        case badCoordinate(name: String, value: Double, range: String)
    }

    private let code: Code

    private init(_ code: Code) { self.code = code }

    static func dateOutOfRange(_ part: String) -> Self { Self(.dateOutOfRange(part)) }
    static func unknownWeekday(_ text: String) -> Self { Self(.unknownWeekday(text)) }
    static func badFooter(_ footer: String, _ reason: String) -> Self { Self(.badFooter(footer: footer, reason: reason)) }
    static func badZoneFile(_ source: String, _ reason: String) -> Self { Self(.badZoneFile(source: source, reason: reason)) }
    static func unreadableZoneFile(_ path: String, _ reason: String) -> Self {
        Self(.unreadableZoneFile(path: path, reason: reason))
    }
    static func unknownZone(_ name: String, suggestions: [String]) -> Self {
        Self(.unknownZone(name: name, suggestions: suggestions))
    }
    static func badZoneName(_ name: String, _ reason: String) -> Self { Self(.badZoneName(name: name, reason: reason)) }
    static func badTimeOfDay(_ text: String, _ reason: String) -> Self { Self(.badTimeOfDay(text: text, reason: reason)) }
    static func sameTimes(_ time: String) -> Self { Self(.sameTimes(time)) }
    static var noDays: Self { Self(.noDays) }
    static func badCoordinate(_ name: String, _ value: Double, _ range: String) -> Self {
        Self(.badCoordinate(name: name, value: value, range: range))
    }

    public var description: String {
        switch code {
        case .dateOutOfRange(let part):
            "\(part) is not in the calendar: give a month from 1 to 12 and a day the month has"
        case .unknownWeekday(let text):
            "'\(text)' is not a day of the week: "
                + (NameSuggestions.didYouMean(NameSuggestions.closeNames(to: text, among: Weekday.allCases.map(\.description)),
                                              list: "days: mon, tue, wed, thu, fri, sat, sun") ?? "")
        case .badFooter(let footer, let reason):
            "the zone's rule \"\(footer)\" cannot be read: \(reason); reinstall the tzdata package"
        case .badZoneFile(let source, let reason):
            "\(source) is not a usable zone file: \(reason); reinstall the tzdata package or choose another zone"
        case .unreadableZoneFile(let path, let reason):
            "\(path) cannot be read (\(reason)): check that the tzdata package is installed and the file is readable"
        case .unknownZone(let name, let suggestions):
            "'\(name)' is not a time zone"
                + (NameSuggestions.didYouMean(suggestions).map { ": \($0)" }
                    ?? ": give an IANA name such as Europe/Berlin (is the tzdata package installed?)")
        case .badZoneName(let name, let reason):
            "'\(name)' is not a time zone name: \(reason); give an IANA name such as Europe/Berlin"
        case .badTimeOfDay(let text, let reason):
            "time of day \"\(text)\": \(reason)"
        case .sameTimes(let time):
            "a window needs two different times: it starts and ends at \(time)"
        case .noDays:
            "no days given: name at least one of mon, tue, wed, thu, fri, sat, sun, or leave days out for every day"
        case .badCoordinate(let name, let value, let range):
            "\(name) is \(value): give degrees from \(range)"
        }
    }
}
