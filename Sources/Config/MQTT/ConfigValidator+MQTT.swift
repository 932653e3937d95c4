#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import HomeAssistantClasses
import MQTTCore
import Values

extension ConfigValidator {
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
        checkKeys(settings, allowed: MQTTSchema.keyNames, place: "in mqtt:")
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
        checkKeys(settings, allowed: MQTTSchema.tlsKeys.map(\.name), place: "in tls: of mqtt:")
        var files = TLSFiles()
        for setting in settings {
            let path = text(setting, in: "tls: of mqtt:")
            if let path, MQTTSchema.tlsKeys.map(\.name).contains(setting.key), let kind = Self.nonRegularFile(path) {
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
}
