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
}
