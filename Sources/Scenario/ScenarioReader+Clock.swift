import Clock
import Config

extension ScenarioReader {
    static let clockStepHint = "write clock: { set: \"2026-06-21 23:30\" } (the system clock set to that local time), "
        + "clock: unsynchronized or clock: synchronized"

    /// `clock: { set: "2026-06-21 23:30" }`, `clock: synchronized`, `clock: unsynchronized`.
    mutating func clockStep(_ entry: SourceNode.Entry) -> ScenarioStep.ClockStep? {
        switch entry.value.content {
        case .scalar(let word, _) where word == "synchronized":
            return .synchronized
        case .scalar(let word, _) where word == "unsynchronized":
            return .unsynchronized
        case .mapping(let entries) where entries.count == 1 && entries[0].key == "set":
            let set = entries[0]
            guard let text = scalar(set, hint: Self.clockStepHint) else { return nil }
            return localDateTime(text, at: set.value.location, in: "clock: { set: }").map { .set($0) }
        case .reported:
            return nil
        default:
            report(entry.value.location, "clock: takes set:, synchronized or unsynchronized", hint: Self.clockStepHint)
            return nil
        }
    }

    /// `"2026-06-21 21:20"` or `"2026-06-21 21:20:30"`: a local date and time.
    mutating func localDateTime(_ text: String, at location: SourceLocation, in what: String) -> LocalDateTime? {
        let hint = "write a local date and time as \"YYYY-MM-DD HH:MM\" (or HH:MM:SS), e.g. \"2026-06-21 21:20\""
        let parts = text.split(separator: " ", omittingEmptySubsequences: true)
        let date = parts.first?.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) } ?? []
        let time = parts.count == 2 ? parts[1].split(separator: ":", omittingEmptySubsequences: false).map { Int($0) } : []
        guard parts.count == 2, date.count == 3, (2...3).contains(time.count),
              let year = date[0], let month = date[1], let day = date[2],
              let hour = time[0], let minute = time[1], let second = time.count == 3 ? time[2] : 0 else {
            report(location, "'\(text)' in \(what) is not a date and time", hint: hint)
            return nil
        }
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else {
            report(location, "'\(text)' in \(what) has no such time of day: give 00:00 to 23:59:59", hint: hint)
            return nil
        }
        do throws(ClockError) {
            return LocalDateTime(date: try CivilDate(year: year, month: month, day: day), hour: hour, minute: minute,
                                 second: second)
        } catch {
            report(location, "'\(text)' in \(what): \(error)", hint: hint)
            return nil
        }
    }
}
