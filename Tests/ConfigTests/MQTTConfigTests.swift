import Config
import Glibc
import MQTTCore
import Testing

/// Writes a small regular file.
private func writeSmallFile(_ path: String) -> Bool {
    guard let file = fopen(path, "w") else { return false }
    defer { fclose(file) }
    return fputs("not a certificate\n", file) >= 0
}

/// `mqtt:`, command inputs and remote inputs: what they read as, and what `check` says
/// of mistakes, at their place.
@Suite("Config: mqtt, command inputs, remote inputs")
struct MQTTConfigTests {
    static let head = """
        chips:
          main: { label: pinctrl-bcm2711 }

        """   // lines 1-2

    @Test("every key reads into the model")
    func reads() throws {
        let configuration = try ConfigFixture.parse(Self.head + """
            mqtt:
              broker: mqtts://broker.lan
              node: garage
              prefix: home/gpioagg
              username: gpioagg
              password_file: /etc/gpioagg/mqtt.password
              tls: { ca_file: /etc/gpioagg/ca.crt, cert_file: /etc/gpioagg/c.crt, key_file: /etc/gpioagg/c.key }
              discovery: homeassistant
            inputs:
              door: { chip: main, line: GPIO17, device_class: door }
              override: { command: true, initial: on, persist: true, device_class: outlet }
              shed_door: { topic: gpioagg/shed/door_open, fallback: on, payload_on: OPEN, payload_off: CLOSED }
            signals:
              any_door: { any: [door, shed_door, override], device_class: opening }
            """)
        let mqtt = try #require(configuration.mqtt)
        #expect(mqtt.broker == BrokerURL(scheme: .mqtts, host: "broker.lan", port: 8883))
        #expect(mqtt.node == "garage" && mqtt.prefix == "home/gpioagg" && mqtt.username == "gpioagg")
        #expect(mqtt.passwordFile == "/etc/gpioagg/mqtt.password")
        #expect(mqtt.tls == .init(caFile: "/etc/gpioagg/ca.crt", certFile: "/etc/gpioagg/c.crt", keyFile: "/etc/gpioagg/c.key"))
        #expect(mqtt.discovery == "homeassistant")
        #expect(mqtt.topics.statusTopic == "home/gpioagg/garage/status" && mqtt.topics.stateTopic(of: "door") == "home/gpioagg/garage/door")
        #expect(configuration.inputs.map(\.name) == ["door"])
        #expect(configuration.inputs[0].deviceClass == "door")
        #expect(configuration.commandInputs == [CommandInputDeclaration(
            name: "override", initial: true, persist: true, deviceClass: "outlet",
            location: SourceLocation(file: "test.yaml", line: 13, column: 3))])
        let remote = try #require(configuration.remoteInputs.first)
        #expect(remote.topic == "gpioagg/shed/door_open" && remote.fallback && remote.payloadOn == "OPEN"
            && remote.payloadOff == "CLOSED")
        #expect(configuration.signals.first?.deviceClass == "opening")
    }

    @Test("defaults: port by scheme, prefix gpioagg, the host name as node, discovery on")
    func defaults() throws {
        let configuration = try ConfigFixture.parse(Self.head + """
            mqtt: { broker: "mqtt://[::1]" }
            inputs:
              override: { command: true }
            """)
        let mqtt = try #require(configuration.mqtt)
        #expect(mqtt.broker == BrokerURL(scheme: .mqtt, host: "::1", port: 1883))
        #expect(mqtt.broker.description == "mqtt://[::1]")
        #expect(mqtt.prefix == "gpioagg" && mqtt.discovery == "homeassistant")
        #expect(!mqtt.node.isEmpty && mqtt.node.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        #expect(configuration.commandInputs.first?.initial == false)
        let off = try ConfigFixture.parse(Self.head + "mqtt: { broker: mqtt://h, discovery: false }\ninputs:\n  o: { command: true }\n")
        #expect(off.mqtt?.discovery == nil)
    }

    static let rejected: [(String, Int, Int, String, String)] = [
        ("mqtt: { broker: http://h }\ninputs:\n  o: { command: true }\n", 3, 17,
         "broker 'http://h': unknown scheme 'http'", "use mqtt:// (port 1883) or mqtts:// (TLS, port 8883)"),
        ("mqtt: { broker: mqtt://h:99999 }\ninputs:\n  o: { command: true }\n", 3, 26,
         "broker 'mqtt://h:99999': '99999' is not a port", "a port is a number from 1 to 65535"),
        ("mqtt: { broker: \"mqtt://h:99999\" }\ninputs:\n  o: { command: true }\n", 3, 27,
         "broker 'mqtt://h:99999': '99999' is not a port", "a port is a number from 1 to 65535"),
        ("mqtt: { broker: mqtt://user:pw@h }\ninputs:\n  o: { command: true }\n", 3, 24,
         "broker 'mqtt://user:pw@h': a broker URL carries no user name or password",
         "remove 'user:pw@' and use the username and password_file keys"),
        ("mqtt: { broker: mqtt://fd00::2 }\ninputs:\n  o: { command: true }\n", 3, 24,
         "broker 'mqtt://fd00::2': an IPv6 address goes in brackets", "mqtt://[ADDRESS]:PORT"),
        ("mqtt: { broker: mqtt://bro_ker.lan }\ninputs:\n  o: { command: true }\n", 3, 27,
         "broker 'mqtt://bro_ker.lan': 'bro_ker.lan' is not a host name: '_' is not allowed", "letters, digits"),
        ("mqtt: { broker: mqtt://h, node: my.board }\ninputs:\n  o: { command: true }\n", 3, 33,
         "node: 'my.board' in mqtt: may hold only letters, digits, _ and -", ""),
        ("mqtt: { broker: mqtt://h, tls: { ca_file: /ca } }\ninputs:\n  o: { command: true }\n", 3, 17,
         "tls: is given but broker 'mqtt://h' is not mqtts://", "write broker: mqtts://h"),
        ("mqtt: { broker: mqtts://h, tls: { cert_file: /c } }\ninputs:\n  o: { command: true }\n", 3, 28,
         "tls: in mqtt: has cert_file: without key_file:", ""),
        ("mqtt: { broker: mqtt://h, pasword_file: /p }\ninputs:\n  o: { command: true }\n", 3, 27,
         "unknown key 'pasword_file' in mqtt:", "did you mean 'password_file'?"),
        ("mqtt: { node: x }\ninputs:\n  o: { command: true }\n", 3, 1, "mqtt: needs broker:", ""),
        ("inputs:\n  o: { topic: gpioagg/shed/door }\n", 4, 15,
         "input 'o' follows topic 'gpioagg/shed/door', but there is no mqtt: section", "add mqtt:"),
        ("mqtt: { broker: mqtt://h }\ninputs:\n  o: { topic: gpioagg/+/door }\n", 5, 15,
         "topic: 'gpioagg/+/door' in input 'o' has a wildcard (+ or #)", ""),
        ("mqtt: { broker: mqtt://h }\ninputs:\n  o: { command: true, line: GPIO4 }\n", 5, 23,
         "line: does not apply to a command input (input 'o')", "keys of a command input: command, initial, persist, device_class"),
        // /set takes the level words and TOGGLE, as Home Assistant's switch sends them:
        // a command input has no words of its own.
        ("mqtt: { broker: mqtt://h }\ninputs:\n  o: { command: true, payload_on: OPEN }\n", 5, 23,
         "payload_on: does not apply to a command input (input 'o')", "keys of a command input: command, initial, persist, device_class"),
        ("mqtt: { broker: mqtt://h }\ninputs:\n  o: { topic: a/b, debounce: 10ms }\n", 5, 20,
         "debounce: does not apply to a remote input (input 'o')", ""),
        ("mqtt: { broker: mqtt://h }\ninputs:\n  o: { chip: main, line: GPIO4, fallback: on }\n", 5, 33,
         "fallback: does not apply to a line input (input 'o')", ""),
        ("mqtt: { broker: mqtt://h }\ninputs:\n  o: { command: false }\n", 5, 17,
         "command: in input 'o' is false", ""),
        ("mqtt: { broker: mqtt://h }\ninputs:\n  o: { topic: a/b, payload_on: X, payload_off: X }\n", 5, 3,
         "input 'o': payload_on and payload_off are both 'X'", ""),
        ("inputs:\n  o: { chip: main, line: GPIO4, device_class: dor }\n", 4, 47,
         "device_class 'dor' of input 'o' is not one Home Assistant accepts", "did you mean 'door'?"),
        ("inputs:\n  o: { command: true, device_class: door }\n", 4, 37,
         "device_class 'door' of input 'o' is not one Home Assistant accepts", "a switch's classes: outlet, switch"),
        ("inputs:\n  o: { chip: main, line: GPIO4 }\nsignals:\n  c: { click: o, device_class: doorbel }\n", 6, 32,
         "device_class 'doorbel' of signal 'c' is not one Home Assistant accepts", "did you mean 'doorbell'?"),
        ("inputs:\n  o: { chip: main, line: GPIO4 }\noutputs:\n  l: { chip: main, line: GPIO5, follows: o, device_class: ligth }\n",
         6, 59, "device_class 'ligth' of output 'l' is not one Home Assistant accepts",
         "did you mean 'light'? (a binary_sensor's classes: "),
        ("inputs:\n  o: { chip: main, line: GPIO4 }\noutputs:\n  l: { chip: main, line: GPIO5, follows: o, device_class: outlet }\n",
         6, 59, "device_class 'outlet' of output 'l' is not one Home Assistant accepts", "a binary_sensor's classes: "),
    ]

    @Test("an output's device_class is one of its binary sensor's, kept for discovery")
    func outputDeviceClass() throws {
        let configuration = try ConfigFixture.parse(Self.head + """
            mqtt: { broker: mqtt://h }
            inputs:
              o: { chip: main, line: GPIO4 }
            outputs:
              pump: { chip: main, line: GPIO5, follows: o, device_class: running }
              lamp: { chip: main, line: GPIO6, follows: o }
            """)
        #expect(configuration.outputs.map(\.deviceClass) == ["running", nil])
    }

    @Test("max_message_size: a size with its unit, 64 KiB by default, from 1 KiB to MQTT's 256 MiB")
    func maximumMessageSize() throws {
        let body = "inputs:\n  o: { command: true }\n"
        let absent = try ConfigFixture.parse(Self.head + "mqtt: { broker: mqtt://h }\n" + body)
        #expect(absent.mqtt?.maximumMessageSize == MessageSize(bytes: 65_536))
        #expect(absent.mqtt?.maximumMessageSize.description == "64 KiB")
        for (text, bytes) in [("1MiB", 1 << 20), ("\"16 KiB\"", 16 << 10), ("2048B", 2048), ("256MiB", 256 << 20)] {
            let configuration = try ConfigFixture.parse(Self.head + "mqtt: { broker: mqtt://h, max_message_size: \(text) }\n" + body)
            #expect(configuration.mqtt?.maximumMessageSize.bytes == bytes, "\(text)")
        }
        let refused: [(String, Int, String, String)] = [
            ("64kb", 47, "max_message_size: '64kb' has the unit 'kb'", "the units are B, KiB (1024 B) and MiB"),
            ("64", 47, "max_message_size: '64' has no unit", "64KiB, 1MiB"),
            ("KiB", 45, "max_message_size: 'KiB' is not a size", "a whole number and a unit"),
            ("512B", 45, "max_message_size: 512 B is less than 1 KiB", "at least 1KiB"),
            ("257MiB", 45, "max_message_size: '257MiB' is more than MQTT's limit of 256 MiB", "at most 256MiB"),
        ]
        for (text, column, message, hint) in refused {
            ConfigFixture.expectRefused(Self.head + "mqtt: { broker: mqtt://h, max_message_size: \(text) }\n" + body,
                                        at: 3, column, message, hint: hint)
        }
    }

    @Test("a tls: file (or password_file) that is a FIFO, a directory or a device is refused at its key: the daemon would block reading it")
    func tlsFilesAreRegular() throws {
        let directory = "/tmp/gpioagg-tls-check-\(getpid())"
        mkdir(directory, 0o700)
        defer { unlink(directory + "/ca.pem"); unlink(directory + "/fifo"); rmdir(directory) }
        #expect(mkfifo(directory + "/fifo", 0o600) == 0)
        #expect(writeSmallFile(directory + "/ca.pem"))
        let body = "inputs:\n  o: { command: true }\n"
        let config = { (key: String, path: String) in
            Self.head + "mqtt:\n  broker: mqtts://h\n  tls: { \(key): \(path), cert_file: \(directory)/ca.pem, key_file: \(directory)/ca.pem }\n" + body
        }
        ConfigFixture.expectRefused(config("ca_file", directory + "/fifo"), at: 5, 19,
                                    "ca_file: '\(directory)/fifo' in tls: of mqtt: is a FIFO, not a regular file",
                                    hint: "give a PEM file")
        ConfigFixture.expectRefused(config("ca_file", directory), at: 5, 19,
                                    "ca_file: '\(directory)' in tls: of mqtt: is a directory, not a regular file", hint: "")
        ConfigFixture.expectRefused(config("ca_file", "/dev/zero"), at: 5, 19,
                                    "ca_file: '/dev/zero' in tls: of mqtt: is a character device", hint: "")
        let keyIsFIFO = Self.head + "mqtt:\n  broker: mqtts://h\n  tls: { cert_file: \(directory)/ca.pem, key_file: \(directory)/fifo }\n" + body
        ConfigFixture.expectRefused(keyIsFIFO, at: 5, 33 + directory.utf8.count + 7,
                                    "key_file: '\(directory)/fifo' in tls: of mqtt: is a FIFO", hint: "")
        ConfigFixture.expectRefused(Self.head + "mqtt: { broker: mqtt://h, password_file: \(directory)/fifo }\n" + body,
                                    at: 3, 42, "password_file: '\(directory)/fifo' in mqtt: is a FIFO, not a regular file",
                                    hint: "give a file holding the password")
        // Regular files, and one not there yet (the daemon says so when it connects), pass.
        let fine = try ConfigFixture.parse(config("ca_file", directory + "/missing.pem"))
        #expect(fine.mqtt?.tls?.certFile == directory + "/ca.pem")
    }

    @Test("mistakes are refused at their place, with a hint", arguments: 0..<rejected.count)
    func refused(_ index: Int) {
        let (tail, line, column, message, hint) = Self.rejected[index]
        ConfigFixture.expectRefused(Self.head + tail, at: line, column, message, hint: hint)
    }
}
