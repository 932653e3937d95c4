import Values

extension ClockStatus {
    /// `status`'s `CLOCK` section: one line per fact, the names padded to `width`.
    ///
    /// ```
    /// CLOCK
    ///   zone          Europe/Berlin
    ///   local time    2026-12-01 23:30:00 CET
    ///   synchronized  yes; time signals follow it
    ///   sunrise       08:01:12
    ///   sunset        16:01:40
    /// ```
    func lines(width: Int) -> [String] {
        let width = max(width, "synchronized".count)
        func row(_ name: String, _ text: String) -> String {
            "  " + name + String(repeating: " ", count: width - name.count + 2) + text
        }
        var lines = ["CLOCK", row("zone", (isSystemZone ? "the system's: " : "") + zone)]
        if let localTime { lines.append(row("local time", localTime)) }
        let following = isTrusted ? "time signals follow it" : "time signals wait for it (between: at its fallback, at: not fired)"
        lines.append(row("synchronized", (isSynchronized ? "yes" : "no") + "; " + following))
        if let sunrise { lines.append(row("sunrise", Self.text(sunrise))) }
        if let sunset { lines.append(row("sunset", Self.text(sunset))) }
        return lines
    }

    private static func text(_ time: SunTime) -> String {
        switch time {
        case .at(let local): local
        case .staysUp: "none today: the sun stays up"
        case .staysDown: "none today: the sun stays down"
        }
    }

    /// `{"zone": "Europe/Berlin", "system_zone": false, "synchronized": true, "trusted": true,
    /// "local_time": "...", "sunrise": "08:01:12", "sunset": "16:01:40"}`; a sun time the
    /// sun does not pass today is `"stays up"` or `"stays down"`.
    var json: JSONValue {
        var object = JSONObject([
            ("zone", JSONValue.string(zone)), ("system_zone", .bool(isSystemZone)),
            ("synchronized", .bool(isSynchronized)), ("trusted", .bool(isTrusted)),
        ])
        if let localTime { object.set("local_time", .string(localTime)) }
        if let sunrise { object.set("sunrise", .string(Self.jsonText(sunrise))) }
        if let sunset { object.set("sunset", .string(Self.jsonText(sunset))) }
        return .object(object)
    }

    private static func jsonText(_ time: SunTime) -> String {
        switch time {
        case .at(let local): local
        case .staysUp: "stays up"
        case .staysDown: "stays down"
        }
    }

    /// The clock `json` wrote.
    init(decoding object: JSONObject) throws(ControlError) {
        guard case .string(let zone)? = object["zone"],
              case .bool(let synchronized)? = object["synchronized"],
              case .bool(let trusted)? = object["trusted"] else {
            throw .invalidReply("a clock without \"zone\", \"synchronized\" and \"trusted\"")
        }
        var systemZone = false
        if case .bool(let flag)? = object["system_zone"] { systemZone = flag }
        var localTime: String?
        if case .string(let text)? = object["local_time"] { localTime = text }
        func sunTime(_ key: String) -> SunTime? {
            guard case .string(let text)? = object[key] else { return nil }
            switch text {
            case "stays up": return .staysUp
            case "stays down": return .staysDown
            default: return .at(text)
            }
        }
        self.init(zone: zone, isSystemZone: systemZone, isSynchronized: synchronized, isTrusted: trusted,
                  localTime: localTime, sunrise: sunTime("sunrise"), sunset: sunTime("sunset"))
    }
}
