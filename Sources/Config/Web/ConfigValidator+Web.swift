extension ConfigValidator {
    /// `web: { listen: 127.0.0.1:8080, token_file: ..., controls: false, history: 24h }`.
    mutating func readWeb(_ section: SourceNode.Entry) {
        let example = "web: { listen: 127.0.0.1:8080 }"
        guard let settings = settings(section.value, of: "web:", example: example) else { return }
        checkKeys(settings, allowed: WebSchema.keyNames, place: "in web:")
        guard let listenEntry = settings.first(where: { $0.key == "listen" }) else {
            report(section.keyLocation, "web: needs listen:", hint: "write \(example)")
            return
        }
        guard let listen = listenAddress(listenEntry) else { return }
        var declaration = WebDeclaration(listen: listen, location: section.keyLocation)
        var valid = true
        for setting in settings {
            switch setting.key {
            case "token_file":
                guard let path = text(setting, in: "web:") else { valid = false; continue }
                if let kind = Self.nonRegularFile(path) {
                    report(setting.value.location, "token_file: '\(path)' in web: is \(kind), not a regular file",
                           hint: "give a file holding the token on its first line (a symbolic link to one is fine)")
                    valid = false
                }
                declaration.tokenFile = path
            case "controls":
                guard let controls = onOff(setting, in: "web:") else { valid = false; continue }
                declaration.controls = controls
            case "history":
                guard let history = historyDuration(setting) else { valid = false; continue }
                declaration.history = history
            default:
                break
            }
        }
        if declaration.tokenFile == nil, !listen.isLocal {
            report(listenEntry.value.location,
                   "listen: \(listen) in web: can be reached from other machines, and web: has no token_file:",
                   hint: "add token_file: /etc/gpioagg/web.token (a file holding the token requests must carry), "
                       + "or listen on 127.0.0.1 or a unix: socket")
            valid = false
        }
        if valid { web = declaration }
    }

    /// `listen: 127.0.0.1:8080`, `listen: "[::]:8080"`, `listen: unix:/run/gpioagg/web.sock`.
    private mutating func listenAddress(_ entry: SourceNode.Entry) -> WebListenAddress? {
        // `[::]:8080` unquoted is a YAML list followed by text: say to quote it.
        if case .sequence = entry.value.content {
            report(entry.value.location, "listen: in web: is a list; an IPv6 address in brackets must be quoted",
                   hint: "write listen: \"[::]:8080\"")
            return nil
        }
        guard let text = text(entry, in: "web:") else { return nil }
        do {
            return try WebListenAddress(parsing: text)
        } catch {
            report(entry.value.location, "listen: \(error.message) in web:", hint: error.hint)
            return nil
        }
    }

    /// `history: 24h`, `history: 2d`: more than nothing, at most 7 days.
    private mutating func historyDuration(_ entry: SourceNode.Entry) -> Duration? {
        guard let text = text(entry, in: "web:") else { return nil }
        let hint = "write a duration up to 7d, e.g. history: 24h, history: 90m or history: 2d"
        let duration: Duration
        if text.hasSuffix("d"), let days = Int(text.dropLast()), days >= 0 {
            duration = .seconds(min(days, 1_000) * 24 * 3600)
        } else {
            switch DurationText.parse(text) {
            case .value(let value):
                duration = value
            case .invalid(let message, _):
                report(entry.value.location, "history: \(message) in web:", hint: hint)
                return nil
            }
        }
        guard duration > .zero else {
            report(entry.value.location, "history: in web: must be longer than nothing", hint: hint)
            return nil
        }
        guard duration <= WebDeclaration.longestHistory else {
            report(entry.value.location, "history: \(text) in web: is longer than 7 days", hint: hint)
            return nil
        }
        return duration
    }
}
