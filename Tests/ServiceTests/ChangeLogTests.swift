import Engine
import Logging
import TestSupport
import Testing
import Values
@testable import Service

@Suite("Changes in the log: the journal's fields and the terminal's columns, for levels and numbers")
struct ChangeLogTests {
    static func logged(_ change: EngineChange) -> LogEntry? {
        let (logger, entries) = RecordingLogHandler.logger()
        logger.change(change)
        return entries.withLockedValue { $0.first }
    }

    @Test("a level: on or off, no unit field")
    func level() throws {
        let entry = try #require(Self.logged(EngineChange(.output("ready_led"), value: .on, timestamp: 1, cause: .initial)))
        #expect(entry.message == "output ready_led on (initial)")
        #expect(entry.metadata["gpio_value"] == "on" && entry.metadata["gpio_unit"] == nil)
        #expect(entry.metadata["gpio_kind"] == "output" && entry.metadata["gpio_cause"] == "initial")
    }

    @Test("a number: its value at the node's precision in GPIO_VALUE, its unit in GPIO_UNIT, both in the message")
    func number() throws {
        var change = EngineChange(.input("greenhouse"), value: .number(27.456, "°C"), timestamp: 1)
        change.precision = 1
        let entry = try #require(Self.logged(change))
        #expect(entry.message == "input greenhouse 27.5 °C")
        #expect(entry.metadata["gpio_value"] == "27.5" && entry.metadata["gpio_unit"] == "°C")
        let plain = try #require(Self.logged(EngineChange(.signal("count"), value: .number(3, .none), timestamp: 1)))
        #expect(plain.message == "signal count 3.00" && plain.metadata["gpio_unit"] == nil)
    }

    @Test("unavailable and an activation are words of their own")
    func words() throws {
        let gone = try #require(Self.logged(EngineChange(.input("outside"), value: .unavailable, timestamp: 1)))
        #expect(gone.message == "input outside unavailable" && gone.metadata["gpio_value"] == "unavailable")
        var click = EngineChange(.signal("bell"), value: .on, timestamp: 1)
        click.isActivation = true
        let activated = try #require(Self.logged(click))
        #expect(activated.message == "signal bell activated" && activated.metadata["gpio_value"] == "activated")
    }

    @Test("the terminal's columns: a number with its unit; colours for on, off, activated and unavailable only")
    func terminal() throws {
        func columns(_ change: EngineChange, colour: Bool) throws -> String? {
            let entry = try #require(Self.logged(change))
            return TerminalLogHandler.columns(entry.metadata, nameWidth: 6, colour: colour)
        }
        let air = EngineChange(.input("air"), value: .number(21.5, "°C"), timestamp: 1)
        #expect(try columns(air, colour: true) == "input  air    21.50 °C")
        #expect(try columns(air, colour: false) == "input  air    21.50 °C")
        #expect(try columns(EngineChange(.output("lamp"), value: .on, timestamp: 1), colour: true)
            == "output lamp   \u{1B}[1;32mon\u{1B}[0m ")
        #expect(try columns(EngineChange(.output("lamp"), value: .off, timestamp: 1, cause: .safeState), colour: false)
            == "output lamp   off (safe state)")
        var click = EngineChange(.signal("bell"), value: .on, timestamp: 1)
        click.isActivation = true
        #expect(try columns(click, colour: true) == "signal bell   \u{1B}[1;32mactivated\u{1B}[0m")
        #expect(try columns(EngineChange(.input("gone"), value: .unavailable, timestamp: 1), colour: true)
            == "input  gone   \u{1B}[2munavailable\u{1B}[0m")
        #expect(TerminalLogHandler.columns(["gpio_kind": "input"], nameWidth: 6, colour: true) == nil)
    }
}
