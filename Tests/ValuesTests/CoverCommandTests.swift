import Testing
import Values

@Suite("Cover commands and states")
struct CoverCommandTests {
    @Test("open, close and stop in any ASCII case, spaces and line ends around them ignored", arguments: [
        ("OPEN", CoverCommand.open), ("open", .open), ("Open", .open), ("CLOSE", .close), ("close", .close),
        ("STOP", .stop), ("stop", .stop), (" STOP\n", .stop), ("\topen\r\n", .open),
    ])
    func words(text: String, command: CoverCommand) {
        #expect(CoverCommand(text) == command)
        #expect(CoverCommand.word(text) == command)
    }

    @Test("a position is a decimal from 0 to 100", arguments: [
        ("0", 0.0), ("100", 100.0), ("40", 40.0), ("37.5", 37.5), (" 40\n", 40.0),
    ])
    func positions(text: String, position: Double) {
        #expect(CoverCommand(text) == .position(position))
        #expect(CoverCommand.word(text) == nil)
    }

    @Test("anything else is nil: other words, positions outside 0 to 100, numbers that are not decimals",
          arguments: ["", "up", "down", "opened", "OPEN_", "-1", "100.5", "1e3", "inf", "nan", "0x10", "4,5", "ＯＰＥＮ"])
    func refused(text: String) {
        #expect(CoverCommand(text) == nil)
    }

    @Test("the text of a command is the control protocol's word, or the position without trailing zeros")
    func text() {
        #expect([CoverCommand.open, .close, .stop].map(\.text) == ["open", "close", "stop"])
        #expect(CoverCommand.position(40).text == "40")
        #expect(CoverCommand.position(37.5).text == "37.5")
        #expect(CoverCommand.position(0).text == "0")
        #expect(CoverCommand.position(33.333).text == "33.33")
        #expect(CoverCommand(CoverCommand.position(12.25).text) == .position(12.25))
    }

    @Test("the states are Home Assistant's payloads, read in any case")
    func states() {
        #expect(CoverState.allCases.map(\.rawValue) == ["open", "opening", "closed", "closing", "stopped"])
        #expect(CoverState(word: "OPENING") == .opening)
        #expect(CoverState(word: "half") == nil)
        #expect(CoverState.allCases.filter(\.isMoving) == [.opening, .closing])
        #expect(CoverState.words == "open, opening, closed, closing or stopped")
    }
}
