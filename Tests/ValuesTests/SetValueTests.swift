import Testing
import Values

@Suite("SetValue")
struct SetValueTests {
    @Test("a number first (1 and 0 too), then a set command; 1 and 0 are on and off for a level")
    func setValue() {
        #expect(SetValue("21.5") == .number(21.5))
        #expect(SetValue("-0.5e1") == .number(-5))
        #expect(SetValue("TOGGLE") == .toggle)
        #expect(SetValue("true") == .on)
        #expect(SetValue("1") == .number(1) && SetValue("1")?.command == .on)
        #expect(SetValue("0")?.command == .off && SetValue("0")?.number == 0)
        #expect(SetValue("21.5")?.command == nil && SetValue("on")?.number == nil)
        #expect(SetValue("yes") == nil && SetValue("nan") == nil && SetValue("") == nil)
    }

    @Test("a cover's words, and a number from 0 to 100 as its position")
    func coverCommands() {
        #expect(SetValue("OPEN") == .cover(.open))
        #expect(SetValue("stop")?.coverCommand == .stop)
        #expect(SetValue("40")?.coverCommand == .position(40))
        #expect(SetValue("140")?.coverCommand == nil)
        #expect(SetValue("on")?.coverCommand == nil)
        #expect(SetValue("close")?.command == nil && SetValue("close")?.number == nil)
        #expect(SetValue("close")?.text == "close" && SetValue("40")?.text == "40")
    }

    @Test("a cover's value: its state and, when it has one, its position")
    func coverValue() {
        #expect(NodeValue.cover(.opening, position: 40).text(precision: 0) == "opening 40 %")
        #expect(NodeValue.cover(.closed, position: nil).text(precision: 0) == "closed")
        #expect(NodeValue.cover(.stopped, position: 12.5).word(precision: 0) == "stopped")
        #expect(NodeValue.cover(.open, position: 100).coverPosition == 100)
        #expect(NodeValue.on.coverState == nil)
    }
}

@Suite("SetValue: an override's words")
struct SetValueOverrideTests {
    @Test("auto in any case is auto; on and off (and 1 and 0) are an override's on and off; the rest no mode")
    func modes() {
        #expect(SetValue("AUTO") == .auto)
        #expect(SetValue("auto")?.text == "auto")
        #expect(SetValue("auto")?.command == nil)
        #expect(SetValue("auto")?.overrideMode == .auto)
        #expect(SetValue("on")?.overrideMode == .on)
        #expect(SetValue("0")?.overrideMode == .off)
        #expect(SetValue("toggle")?.overrideMode == nil)
        #expect(SetValue("40")?.overrideMode == nil)
        #expect(SetValue("open")?.overrideMode == nil)
        #expect(OverrideMode("Off") == .off && OverrideMode("maybe") == nil)
    }
}
