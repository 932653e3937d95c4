import GPIO
import Testing

@Suite("Did you mean: one phrasing for every suggestion")
struct DidYouMeanTests {
    @Test("one candidate, two joined by or, more with commas and the last by or; none is nil", arguments: [
        ([String](), nil),
        (["switch1"], "did you mean 'switch1'?"),
        (["GPIO17", "GPIO7"], "did you mean 'GPIO17' or 'GPIO7'?"),
        (["a", "b", "c"], "did you mean 'a', 'b' or 'c'?"),
    ] as [([String], String?)])
    func phrase(close: [String], expected: String?) {
        #expect(NameSuggestions.didYouMean(close) == expected)
    }

    @Test("with the list: the suggestion then the list in brackets, the list alone when nothing is close",
          arguments: [
              (["switch1"], "inputs: switch1, led", "did you mean 'switch1'? (inputs: switch1, led)"),
              (["a", "b", "c"], "inputs: a, b, c", "did you mean 'a', 'b' or 'c'? (inputs: a, b, c)"),
              ([], "inputs: a, b", "inputs: a, b"),
              (["a"], "", "did you mean 'a'?"),
          ] as [([String], String, String)])
    func withList(close: [String], list: String, expected: String) {
        #expect(NameSuggestions.didYouMean(close, list: list) == expected)
    }

    @Test("nothing close and no list: nil")
    func nothing() {
        #expect(NameSuggestions.didYouMean([], list: "") == nil)
    }

    @Test("a line name the chip lacks words its hint the same way")
    func lineHint() {
        let chip = ChipInfo(path: "/dev/gpiochip0", name: "gpiochip0", label: "x", lineCount: 4)
        let error = GPIOError.lineNotFound(chip: chip, name: "GPIO71", candidates: ["GPIO70", "GPIO72", "GPIO73", "LED"])
        #expect(error.hint == "did you mean 'GPIO70', 'GPIO72' or 'GPIO73'? ('gpioagg info' lists every line)")
    }
}
