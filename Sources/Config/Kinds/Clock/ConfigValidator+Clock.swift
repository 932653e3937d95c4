import Clock
import Values

extension ConfigValidator {
    /// `clock: { timezone: Europe/Berlin, latitude: 52.52, longitude: 13.405, trust: always }`.
    mutating func readClock(_ section: SourceNode.Entry) {
        let example = "clock: { timezone: Europe/Berlin, latitude: 52.52, longitude: 13.405 }"
        guard let settings = settings(section.value, of: "clock:", example: example) else { return }
        checkKeys(settings, allowed: ClockSchema.keyNames, place: "in clock:")
        var declaration = ClockDeclaration(zoneOrigin: .unread, location: section.keyLocation)
        var latitude: (value: Double, entry: SourceNode.Entry)?
        var longitude: (value: Double, entry: SourceNode.Entry)?
        for setting in settings {
            switch setting.key {
            case "timezone":
                guard let name = text(setting, in: "clock:") else { continue }
                do throws(ClockError) {
                    declaration.zone = try TimeZoneRules.named(name, root: zoneRoot)
                    declaration.zoneOrigin = .named
                } catch {
                    report(setting.value.location, "timezone: \(error)",
                           hint: "an IANA name such as Europe/Berlin or America/New_York; timedatectl list-timezones lists them")
                }
            case "latitude", "longitude":
                guard let degrees = decimal(setting, in: "clock:") else { continue }
                if setting.key == "latitude" { latitude = (degrees, setting) } else { longitude = (degrees, setting) }
            case "trust":
                if let trust = choice(setting, in: "clock:", options: ClockDeclaration.Trust.allCases.map { ($0.rawValue, $0) }) {
                    declaration.trust = trust
                }
            default:
                continue
            }
        }
        switch (latitude, longitude) {
        case (let latitude?, let longitude?):
            do throws(ClockError) {
                declaration.place = try Place(latitude: latitude.value, longitude: longitude.value)
            } catch {
                let entry = (-90...90).contains(latitude.value) ? longitude.entry : latitude.entry
                report(entry.value.location, "\(error) (\(entry.key): in clock:)",
                       hint: "latitude: is degrees north (south below 0), longitude: degrees east (west below 0), e.g. \(example)")
            }
        case (let one?, nil), (nil, let one?):
            let other = one.entry.key == "latitude" ? "longitude" : "latitude"
            report(one.entry.keyLocation, "clock: has \(one.entry.key): without \(other):",
                   hint: "sun events are reckoned for a place: give both, e.g. \(example)")
        case (nil, nil):
            break
        }
        clock = declaration
    }

    /// The system's zone, when `clock:` names none and a time of day needs one; reported
    /// at `location` when it cannot be read.
    mutating func loadSystemZone(for location: SourceLocation) {
        guard clock.zoneOrigin != .named, !systemZoneLoaded else { return }
        systemZoneLoaded = true
        do throws(ClockError) {
            clock.zone = try TimeZoneRules.system(localtime: localtime)
            clock.zoneOrigin = .system
        } catch {
            report(location, "the system's time zone cannot be read: \(error)",
                   hint: "name the zone in the config, e.g. clock: { timezone: Europe/Berlin }")
        }
    }

    /// A time of day (`"06:30"`, `sunset+15m`) at `node`; nil after reporting it. A sun
    /// event needs `clock:`'s place.
    mutating func timeOfDay(_ node: SourceNode, key: String, in what: String) -> TimeOfDay? {
        guard let text = node.scalarText, !text.isEmpty else {
            if !node.isReported {
                report(node.location, "\(key): in \(what) must be a time of day, found \(node.kindDescription)",
                       hint: Self.timeOfDayHint)
            }
            return nil
        }
        let time: TimeOfDay
        do throws(ClockError) {
            time = try TimeOfDay(parsing: text)
        } catch {
            report(node.location, "\(error) (\(key): of \(what))", hint: Self.timeOfDayHint)
            return nil
        }
        if time.needsPlace, clock.place == nil {
            report(node.location, "\(text) in \(what) needs a place: the sun's times depend on where it is watched from",
                   hint: "add clock: { latitude: 52.52, longitude: 13.405 } with your place's degrees north and east")
            return nil
        }
        return time
    }

    static let timeOfDayHint = "a time of day is \"HH:MM\" or \"HH:MM:SS\" (quoted), or sunrise, sunset, dawn or dusk "
        + "with an optional offset, e.g. \"sunset+15m\" or \"sunrise-1h30m\""

    /// `days: [mon, tue, ...]`; nil after reporting it.
    mutating func weekdays(_ entry: SourceNode.Entry, in what: String) -> Set<Weekday>? {
        let example = "days: [mon, tue, wed, thu, fri]"
        let items: [SourceNode]
        switch entry.value.content {
        case .sequence(let list): items = list
        case .scalar: items = [entry.value]
        default:
            if !entry.value.isReported {
                report(entry.value.location, "days: in \(what) must be a list of days, found \(entry.value.kindDescription)",
                       hint: "write \(example)")
            }
            return nil
        }
        guard !items.isEmpty else {
            report(entry.value.location, "days: in \(what) names no day", hint: "write \(example), or leave days: out for every day")
            return nil
        }
        var days = Set<Weekday>()
        var valid = true
        for item in items {
            guard let text = item.scalarText else {
                if !item.isReported {
                    report(item.location, "days: in \(what) must hold days, found \(item.kindDescription)", hint: "write \(example)")
                }
                valid = false
                continue
            }
            do throws(ClockError) {
                days.insert(try Weekday(parsing: text))
            } catch {
                report(item.location, "\(error) (days: of \(what))", hint: "write \(example)")
                valid = false
            }
        }
        return valid ? days : nil
    }
}
