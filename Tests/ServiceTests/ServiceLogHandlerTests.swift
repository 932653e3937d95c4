import Logging
import Testing
@testable import Service

@Suite("The journald log handler")
struct ServiceLogHandlerTests {
    static func event(_ level: Logger.Level, _ message: String, metadata: Logger.Metadata? = nil) -> LogEvent {
        LogEvent(level: level, message: "\(message)", metadata: metadata, source: "gpioagg",
                 file: "gpioagg/Daemon.swift", function: "stop(reason:)", line: 42)
    }

    @Test("journal entries carry the message, priority, code location, identifier and the metadata as fields")
    func journalFields() {
        let fields = ServiceLogHandler.journalFields(
            Self.event(.info, "output ready_led on"),
            metadata: ["gpio_name": "ready_led", "gpio_value": "on", "gpio_line": "GPIO5", "message": "clash"])
        #expect(fields == [
            "MESSAGE=output ready_led on",
            "PRIORITY=6",
            "CODE_FILE=gpioagg/Daemon.swift",
            "CODE_LINE=42",
            "CODE_FUNC=stop(reason:)",
            "SYSLOG_IDENTIFIER=gpioagg",
            "GPIO_LINE=GPIO5",
            "GPIO_NAME=ready_led",
            "GPIO_VALUE=on",
        ])
    }

    @Test("metadata keys become valid journal field names", arguments: [
        ("gpio_line", "GPIO_LINE"), ("gpio.line", "GPIO_LINE"), ("_private", "PRIVATE"), ("9lives", "LIVES"),
        ("über", "_BER"), ("___", nil), (String(repeating: "a", count: 80), String(repeating: "A", count: 64)),
    ] as [(String, String?)])
    func fieldNames(key: String, expected: String?) {
        let name = ServiceLogHandler.journalFieldName(key)
        if let expected {
            // A name starts with a letter: what is left after dropping the rest.
            #expect(name == (expected.first == "_" ? String(expected.drop { $0 == "_" }) : expected))
        } else {
            #expect(name == nil)
        }
        if let name {
            #expect(name.allSatisfy { ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" })
            #expect(name.first.map { ("A"..."Z").contains($0) } == true)
            #expect(name.count <= 64)
        }
    }

    @Test("levels map to syslog priorities; every line of a message gets the <N> prefix")
    func prefixes() {
        #expect([Logger.Level.trace, .debug, .info, .notice, .warning, .error, .critical]
            .map(ServiceLogHandler.priority) == [7, 7, 6, 5, 4, 3, 2])
        #expect(ServiceLogHandler.prefixed(Self.event(.error, "gpioagg.yaml:4:40: error: unknown key\nhint: did you mean"))
            == "<3>gpioagg.yaml:4:40: error: unknown key\n<3>hint: did you mean")
    }

    @Test("the destination: the journal only when standard error is its stream; <N> lines under systemd otherwise")
    func destination() {
        // The test's standard error is not the journal's stream.
        #expect(ServiceLogHandler.Destination.detect { $0 == "INVOCATION_ID" ? "0123" : nil } == .prefixed)
        #expect(ServiceLogHandler.Destination.detect { _ in nil } == .plain)
    }
}
