#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import HomeAssistantClasses
import MQTTCore
import Values

extension ConfigValidator {
    static let commandInputKeys = ["command", "initial", "persist", "device_class", "type", displayNameKey]
        + numberCommandKeys + numberKeys
    /// What a numeric command input takes that a level does not (besides `numberKeys`).
    static let numberCommandKeys = ["min", "max", "step", "mode"]
    static let remoteInputKeys = ["topic", "fallback", "hold", "payload_on", "payload_off", "device_class", "type",
                                   displayNameKey]
        + numberKeys
    static let mqttKeys = ["broker", "node", "prefix", "username", "password_file", "tls", "discovery",
                           "max_message_size"]
    static let tlsKeys = ["ca_file", "cert_file", "key_file"]

    /// `NAME: { command: true, initial: off, persist: true }`, or with `type: number`,
    /// `NAME: { command: true, type: number, initial: 21, min: 5, max: 30, step: 0.5 }`,
    /// or momentary, `NAME: { command: press }`.
    mutating func readCommandInput(_ entry: SourceNode.Entry, settings: [SourceNode.Entry], what: String) {
        if settings.contains(where: { $0.key == "command" && $0.value.scalarText == SetCommand.press.rawValue }) {
            return readPressInput(entry, settings: settings, what: what)
        }
        checkKeys(settings, allowed: Self.commandInputKeys, place: "in \(what)", elsewhere: Self.anyInputKeys,
                  kindNote: "a command input")
        var declaration = CommandInputDeclaration(name: entry.key, location: entry.keyLocation)
        guard let type = declaredType(settings, name: entry.key, in: what) else { return }
        if type == .level {
            refuseNumberKeys(settings, keys: Self.numberCommandKeys + Self.numberKeys, in: what, name: entry.key)
        }
        var valid = true
        var number = NumberCommandDeclaration()
        var initial: SourceNode.Entry?
        var bounds: [String: SourceNode.Entry] = [:]
        for setting in settings {
            switch setting.key {
            case "command":
                if let word = setting.value.scalarText, !word.isEmpty, LevelWord.level(of: word) == nil {
                    report(setting.value.location, "unknown value '\(word)' for command: in \(what)",
                           hint: "write command: true (an input set on and off) or command: press (a button, pressed)")
                    valid = false
                    continue
                }
                guard let command = onOff(setting, in: what) else {
                    valid = false
                    continue
                }
                if !command {
                    report(setting.value.location, "command: in \(what) is false",
                           hint: "a command input is written command: true (or command: press, a button); "
                               + "for a line, give chip: and line:")
                    valid = false
                }
            case "initial" where type == .number:
                initial = setting
                guard let value = decimal(setting, in: what) else { valid = false; continue }
                number.initial = value
            case "initial":
                declaration.initial = onOff(setting, in: what) ?? false
            case "persist":
                declaration.persist = onOff(setting, in: what) ?? false
            case "device_class":
                declaration.deviceClass = type == .number
                    ? deviceClass(setting, for: HomeAssistantComponent.number, in: what)
                    : deviceClass(setting, for: HomeAssistantComponent.switch, in: what)
            case Self.displayNameKey:
                declaration.displayName = displayName(setting, in: what)
            case "min", "max", "step":
                guard type == .number, let value = decimal(setting, in: what) else { valid = false; continue }
                bounds[setting.key] = setting
                switch setting.key {
                case "min": number.minimum = value
                case "max": number.maximum = value
                default: number.step = value
                }
            case "mode":
                guard type == .number, let mode = choice(setting, in: what, options: NumberCommandDeclaration.Mode.allCases.map { ($0.rawValue, $0) })
                else { valid = false; continue }
                number.mode = mode
            default:
                break
            }
        }
        if type == .number {
            guard let (settingsRead, _) = numberSettings(settings, in: what) else { return }
            number.number = settingsRead
            valid = checkRange(&number, initial: initial, bounds: bounds, in: what) && valid
            declaration.number = number
        }
        if valid, type == .number { inputUnits[entry.key] = number.number.unit }
        if valid { commandInputs.append(declaration) }
    }

    /// `NAME: { command: press, name: "Open the gate" }`: a momentary command input.
    /// A press has no value to start at, keep or measure: `initial:`, `persist:` and
    /// `type:` are refused with what to write instead.
    private mutating func readPressInput(_ entry: SourceNode.Entry, settings: [SourceNode.Entry], what: String) {
        var declaration = CommandInputDeclaration(name: entry.key, location: entry.keyLocation)
        declaration.momentary = true
        if valueKinds[entry.key] == nil { valueKinds[entry.key] = .level }
        var valid = true
        for setting in settings {
            switch setting.key {
            case "command":
                break
            case Self.displayNameKey:
                declaration.displayName = displayName(setting, in: what)
            case "initial", "persist", "type":
                valid = false
                report(setting.keyLocation, "\(setting.key): does not apply to a pressed input (\(what), command: press)",
                       hint: "a press is on for an instant, with no value to start at or keep; "
                           + "for an input that holds on or off, write command: true")
            case "device_class":
                valid = false
                report(setting.keyLocation, "device_class: does not apply to a pressed input (\(what), command: press)",
                       hint: "Home Assistant's button takes no class gpioagg sets; remove device_class:")
            default:
                valid = false
                let allowed = ["command", Self.displayNameKey]
                if Self.anyInputKeys.contains(setting.key) {
                    report(setting.keyLocation, "\(setting.key): does not apply to a pressed input (\(what), command: press)",
                           hint: "keys of a pressed input: " + allowed.joined(separator: ", "))
                } else {
                    report(setting.keyLocation, "unknown key '\(setting.key)' in \(what)",
                           hint: NearestNames.didYouMean(setting.key, among: allowed,
                                                         list: "valid keys: " + allowed.joined(separator: ", ")))
                }
            }
        }
        if valid { commandInputs.append(declaration) }
    }

    /// min <= initial <= max and step > 0; without `initial:`, 0 brought within the range.
    private mutating func checkRange(_ number: inout NumberCommandDeclaration, initial: SourceNode.Entry?,
                                     bounds: [String: SourceNode.Entry], in what: String) -> Bool {
        let range = "a number input is set from min: to max:, and starts at initial: (default 0, or the nearer bound)"
        if let minimum = number.minimum, let maximum = number.maximum, minimum > maximum, let entry = bounds["max"] {
            report(entry.value.location, "max: \(ConfigText.decimal(maximum)) in \(what) is less than min: \(ConfigText.decimal(minimum))",
                   hint: range)
            return false
        }
        if let step = number.step, step <= 0, let entry = bounds["step"] {
            report(entry.value.location, "step: \(ConfigText.decimal(step)) in \(what) is not more than 0",
                   hint: "step: is what Home Assistant's control moves by, e.g. step: 0.5")
            return false
        }
        guard let initial else {
            number.initial = min(max(0, number.minimum ?? 0), number.maximum ?? .greatestFiniteMagnitude)
            return true
        }
        if let minimum = number.minimum, number.initial < minimum {
            report(initial.value.location, "initial: \(ConfigText.decimal(number.initial)) in \(what) is less than min: \(ConfigText.decimal(minimum))",
                   hint: range)
            return false
        }
        if let maximum = number.maximum, number.initial > maximum {
            report(initial.value.location, "initial: \(ConfigText.decimal(number.initial)) in \(what) is more than max: \(ConfigText.decimal(maximum))",
                   hint: range)
            return false
        }
        return true
    }

    /// `NAME: { topic: gpioagg/shed/door_open, fallback: off }`, or with `type: number`,
    /// `NAME: { topic: weather/outside, type: number, unit: "°C", fallback: unavailable }`.
    mutating func readRemoteInput(_ entry: SourceNode.Entry, settings: [SourceNode.Entry], what: String) {
        checkKeys(settings, allowed: Self.remoteInputKeys, place: "in \(what)", elsewhere: Self.anyInputKeys,
                  kindNote: "a remote input")
        guard let type = declaredType(settings, name: entry.key, in: what) else { return }
        if type == .level {
            refuseNumberKeys(settings, keys: Self.numberKeys, in: what, name: entry.key)
        } else {
            refuseLevelKeys(settings, keys: ["payload_on", "payload_off"], in: what,
                            hint: "a number's payload is a decimal number (21.5); remove payload_on: and payload_off:")
        }
        var declaration: RemoteInputDeclaration?
        var fallback = false
        var payloadOn: String?
        var payloadOff: String?
        var deviceClass: String?
        var displayName: String?
        var hold = RemoteInputDeclaration.defaultHold
        var number = NumberRemoteDeclaration()
        var valid = true
        for setting in settings {
            switch setting.key {
            case "topic":
                guard let topic = text(setting, in: what) else { continue }
                if let problem = Self.topicProblem(topic) {
                    report(setting.value.location, "topic: '\(topic)' in \(what) \(problem)",
                           hint: "a remote input follows one topic, e.g. topic: gpioagg/shed/door_open")
                    continue
                }
                declaration = RemoteInputDeclaration(name: entry.key, topic: topic, location: entry.keyLocation,
                                                     topicLocation: setting.value.location)
            case "fallback" where type == .number:
                if setting.value.scalarText == "unavailable" { continue }
                guard let value = decimal(setting, in: what) else { valid = false; continue }
                number.fallback = value
            case "fallback":
                fallback = onOff(setting, in: what) ?? false
            case "hold":
                hold = timeSetting(setting, in: what, zeroAllowed: true) ?? hold
            case "payload_on":
                payloadOn = text(setting, in: what)
            case "payload_off":
                payloadOff = text(setting, in: what)
            case "device_class":
                deviceClass = type == .number
                    ? self.deviceClass(setting, for: HomeAssistantComponent.sensor, in: what)
                    : self.deviceClass(setting, for: HomeAssistantComponent.binarySensor, in: what)
            case Self.displayNameKey:
                displayName = self.displayName(setting, in: what)
            default:
                break
            }
        }
        if let payloadOn, payloadOn == payloadOff {
            report(entry.keyLocation, "\(what): payload_on and payload_off are both '\(payloadOn)'",
                   hint: "they say which payload means on and which off: make them differ")
            return
        }
        if type == .number {
            guard let (settingsRead, _) = numberSettings(settings, in: what), valid else { return }
            number.number = settingsRead
        }
        guard var declaration else { return }
        declaration.fallback = fallback
        declaration.payloadOn = payloadOn
        declaration.payloadOff = payloadOff
        declaration.deviceClass = deviceClass
        declaration.displayName = displayName
        declaration.hold = hold
        if type == .number {
            declaration.number = number
            inputUnits[entry.key] = number.number.unit
        }
        remoteInputs.append(declaration)
    }

    /// What is wrong with a topic to follow, or nil.
    static func topicProblem(_ topic: String) -> String? {
        if topic.contains("+") || topic.contains("#") { return "has a wildcard (+ or #)" }
        if topic.utf8.count > 256 { return "is longer than 256 bytes" }
        if topic.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "has a control character"
        }
        return nil
    }

    /// `mqtt: { broker: mqtt://127.0.0.1:1883, node: garage, ... }`.
    mutating func readMQTT(_ section: SourceNode.Entry) {
        let example = "mqtt: { broker: mqtt://127.0.0.1:1883, node: garage }"
        guard let settings = settings(section.value, of: "mqtt:", example: example) else { return }
        checkKeys(settings, allowed: Self.mqttKeys, place: "in mqtt:")
        guard let brokerEntry = settings.first(where: { $0.key == "broker" }) else {
            report(section.keyLocation, "mqtt: needs broker:", hint: "write \(example)")
            return
        }
        guard let brokerText = text(brokerEntry, in: "mqtt:") else { return }
        let broker: BrokerURL
        do {
            broker = try BrokerURL(parsing: brokerText)
        } catch {
            // At the fault itself: the value's column, past its opening quote if any.
            var location = brokerEntry.value.location
            if case .scalar(_, true) = brokerEntry.value.content { location.column += 1 }
            location.column += error.offset
            report(location, "broker '\(brokerText)': \(error.message)", hint: error.hint)
            return
        }
        var declaration = MQTTDeclaration(broker: broker, node: Self.hostNode(), location: section.keyLocation)
        var valid = true
        for setting in settings {
            switch setting.key {
            case "node":
                guard let node = text(setting, in: "mqtt:") else { valid = false; continue }
                guard !node.isEmpty, node.utf8.count <= 64,
                      node.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }) else {
                    report(setting.value.location, "node: '\(node)' in mqtt: may hold only letters, digits, _ and -",
                           hint: "it names this board in topics and the client id, e.g. node: garage (at most 64)")
                    valid = false
                    continue
                }
                declaration.node = node
            case "prefix":
                guard let prefix = text(setting, in: "mqtt:") else { valid = false; continue }
                if let problem = Self.topicProblem(prefix) ?? (prefix.hasPrefix("/") || prefix.hasSuffix("/")
                    || prefix.contains("//") ? "starts or ends with /, or has an empty level" : nil) {
                    report(setting.value.location, "prefix: '\(prefix)' in mqtt: \(problem)",
                           hint: "the first levels of every topic, e.g. prefix: gpioagg or prefix: home/gpioagg")
                    valid = false
                    continue
                }
                declaration.prefix = prefix
            case "username":
                declaration.username = text(setting, in: "mqtt:")
            case "password_file":
                declaration.passwordFile = text(setting, in: "mqtt:")
                if let path = declaration.passwordFile, let kind = Self.nonRegularFile(path) {
                    report(setting.value.location, "password_file: '\(path)' in mqtt: is \(kind), not a regular file",
                           hint: "give a file holding the password on its first line (a symbolic link to one is fine)")
                    valid = false
                }
            case "discovery":
                if case .scalar(let word, false) = setting.value.content, ["false", "off", "no"].contains(word) {
                    declaration.discovery = nil
                } else if let prefix = text(setting, in: "mqtt:") {
                    if let problem = Self.topicProblem(prefix) {
                        report(setting.value.location, "discovery: '\(prefix)' in mqtt: \(problem)",
                               hint: "Home Assistant's discovery prefix (homeassistant), or false for none")
                        valid = false
                    }
                    declaration.discovery = prefix
                }
            case "tls":
                guard let tls = readTLS(setting) else { valid = false; continue }
                declaration.tls = tls
            case "max_message_size":
                guard let size = messageSize(setting) else { valid = false; continue }
                declaration.maximumMessageSize = size
            default:
                break
            }
        }
        if declaration.tls != nil, !broker.usesTLS {
            let secure = BrokerURL(scheme: .mqtts, host: broker.host,
                                   port: broker.port == broker.scheme.defaultPort ? nil : broker.port)
            report(brokerEntry.value.location, "tls: is given but broker '\(brokerText)' is not mqtts://",
                   hint: "write broker: \(secure)")
            valid = false
        }
        if valid { mqtt = declaration }
    }

    /// `max_message_size: 64KiB`: from 1 KiB to MQTT's 256 MiB.
    private mutating func messageSize(_ entry: SourceNode.Entry) -> MessageSize? {
        guard let text = text(entry, in: "mqtt:") else { return nil }
        let size: MessageSize
        do {
            size = try MessageSize(parsing: text)
        } catch {
            var location = entry.value.location
            if case .scalar(_, true) = entry.value.content { location.column += 1 }
            location.column += error.offset
            report(location, "max_message_size: \(error.message)", hint: error.hint)
            return nil
        }
        guard size >= MessageSize.minimum else {
            report(entry.value.location, "max_message_size: \(size) is less than \(MessageSize.minimum)",
                   hint: "a message's topic alone may take 256 bytes: at least 1KiB (the default, 64KiB, fits every payload gpioagg reads)")
            return nil
        }
        return size
    }

    private mutating func readTLS(_ entry: SourceNode.Entry) -> TLSFiles? {
        let example = "tls: { ca_file: /etc/gpioagg/ca.crt }"
        guard let settings = settings(entry.value, of: "tls: in mqtt:", example: example) else { return nil }
        checkKeys(settings, allowed: Self.tlsKeys, place: "in tls: of mqtt:")
        var files = TLSFiles()
        for setting in settings {
            let path = text(setting, in: "tls: of mqtt:")
            if let path, Self.tlsKeys.contains(setting.key), let kind = Self.nonRegularFile(path) {
                report(setting.value.location, "\(setting.key): '\(path)' in tls: of mqtt: is \(kind), not a regular file",
                       hint: "give a PEM file (a symbolic link to one is fine): the daemon reads it at every connection")
                return nil
            }
            switch setting.key {
            case "ca_file": files.caFile = path
            case "cert_file": files.certFile = path
            case "key_file": files.keyFile = path
            default: break
            }
        }
        if (files.certFile == nil) != (files.keyFile == nil) {
            report(entry.keyLocation, "tls: in mqtt: has \(files.certFile == nil ? "key_file: without cert_file:" : "cert_file: without key_file:")",
                   hint: "a client certificate needs both: cert_file: and key_file:")
            return nil
        }
        return files
    }

    /// What `path` is when it is there and not a regular file (`a FIFO`), else nil. A file
    /// that is not there yet is the daemon's to report: it reads the files at every
    /// connection. `stat` opens nothing, so a FIFO does not block the check.
    static func nonRegularFile(_ path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG else { return nil }
        return ConfigFile.kind(of: status.st_mode)
    }

    /// The host name as a node name: up to the first dot, other characters as `-`.
    static func hostNode() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "gpioagg" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let first = name.split(separator: ".").first.map(String.init) ?? ""
        let node = String(first.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") ? $0 : "-" })
            .prefix(64)
        return node.isEmpty ? "gpioagg" : String(node)
    }

    /// Remote inputs need a broker.
    mutating func checkRemoteInputsHaveBroker() {
        guard mqtt == nil, mqttSectionMissing else { return }
        for input in remoteInputs {
            report(input.topicLocation, "input '\(input.name)' follows topic '\(input.topic)', but there is no mqtt: section",
                   hint: "add mqtt: { broker: mqtt://HOST:1883 }")
        }
    }

    /// `device_class:` for the Home Assistant entity `component` makes: one of the classes
    /// Home Assistant accepts for it (it refuses the whole entity otherwise), with the
    /// nearest suggested.
    mutating func deviceClass(_ entry: SourceNode.Entry, for component: HomeAssistantComponent,
                              in what: String) -> String? {
        deviceClass(entry, platform: component.rawValue, classes: component.deviceClasses, in: what)
    }

    mutating func deviceClass(_ entry: SourceNode.Entry, platform: String, classes: [String],
                                      in what: String) -> String? {
        guard let word = text(entry, in: what) else { return nil }
        guard classes.contains(word) else {
            let list = "a \(platform)'s classes: " + classes.joined(separator: ", ")
            // A class of another platform is a level's on a number, or a number's on a level.
            let platforms = HomeAssistantComponent.allCases.map { ($0.rawValue, $0.deviceClasses) }
            let owner = platforms.first { $0.0 != platform && $0.1.contains(word) }?.0
            report(entry.value.location, "device_class '\(word)' of \(what) is not one Home Assistant accepts for a "
                + platform + (owner.map { ": it is a \($0)'s class" } ?? ""),
                   hint: NearestNames.didYouMean(word, among: classes, list: list))
            return nil
        }
        return word
    }
}
