import Config
import Testing

/// A broken config and the one error it must produce.
struct RejectedConfig: CustomTestStringConvertible, Sendable {
    var name: String
    var yaml: String
    var line: Int
    var column: Int
    var message: String
    var hint: String = ""

    var testDescription: String { name }
}

@Suite("Broken configs are rejected with the right place and message")
struct RejectListTests {
    private static let base = ConfigFixture.chipsAndInputs   // lines 1-5
    private static let chips = ConfigFixture.chips           // lines 1-2

    static let cases: [RejectedConfig] = [
        // YAML itself
        RejectedConfig(name: "unclosed flow mapping", yaml: chips + """
            inputs:
              a: { chip: main, line: 1
              b: { chip: main, line: 2 }
            signals: {}

            """, line: 5, column: 4, message: "YAML: did not find expected ',' or '}'",
            hint: "a { ... } mapping needs ',' between its entries"),
        RejectedConfig(name: "tab indentation", yaml: chips + "inputs:\n\ta: { chip: main, line: 1 }\n",
                       line: 4, column: 1, message: "YAML: found character that cannot start any token",
                       hint: "indent with spaces"),
        RejectedConfig(name: "two documents", yaml: base + "---\nchips: {}\n",
                       line: 6, column: 1, message: "but found another document"),
        RejectedConfig(name: "empty file", yaml: "# nothing here\n",
                       line: 1, column: 1, message: "the config file is empty"),
        RejectedConfig(name: "top level is a list", yaml: "- chips\n- inputs\n",
                       line: 1, column: 1, message: "the top level must be a mapping"),
        RejectedConfig(name: "anchor", yaml: chips + "inputs:\n  a: &common { chip: main, line: 1 }\n",
                       line: 4, column: 6, message: "anchors and aliases are not supported (&common)"),
        // Keys
        RejectedConfig(name: "unknown top-level key", yaml: chips + "input:\n  a: { chip: main, line: 1 }\n",
                       line: 3, column: 1, message: "unknown key 'input' at the top level",
                       hint: "did you mean 'inputs'?"),
        RejectedConfig(name: "unknown input key", yaml: chips + "inputs:\n  a: { chip: main, line: 1, debouce: 5ms }\n",
                       line: 4, column: 29, message: "unknown key 'debouce' in input 'a'",
                       hint: "did you mean 'debounce'?"),
        RejectedConfig(name: "duplicate input", yaml: base + "  a: { chip: main, line: 3 }\n",
                       line: 6, column: 3, message: "duplicate key 'a' (first at line 4, column 3)"),
        RejectedConfig(name: "duplicate key in a flow mapping", yaml: chips + "inputs:\n  a: { chip: main, line: 1, line: 2 }\n",
                       line: 4, column: 29, message: "duplicate key 'line' (first at line 4, column 20)"),
        RejectedConfig(name: "missing inputs", yaml: chips,
                       line: 1, column: 1, message: "missing inputs:"),
        // Chips
        RejectedConfig(name: "chip without locator", yaml: "chips:\n  main: {}\ninputs:\n  a: { chip: main, line: 1 }\n",
                       line: 2, column: 3, message: "chip 'main' needs one of label:, path: or name:"),
        RejectedConfig(name: "chip with two locators",
                       yaml: "chips:\n  main: { label: x, path: /dev/gpiochip0 }\ninputs:\n  a: { chip: main, line: 1 }\n",
                       line: 2, column: 21, message: "chip 'main' has both label: and path:"),
        RejectedConfig(name: "chip locator without its key", yaml: "chips:\n  main: pinctrl-bcm2711\ninputs:\n  a: { chip: main, line: 1 }\n",
                       line: 2, column: 9, message: "chip 'main' must be a mapping with label:, path: or name:",
                       hint: "write main: { label: pinctrl-bcm2711 }"),
        RejectedConfig(name: "relative chip path", yaml: "chips:\n  main: { path: gpiochip0 }\ninputs:\n  a: { chip: main, line: 1 }\n",
                       line: 2, column: 17, message: "path: in chip 'main' must be an absolute path",
                       hint: "write name: gpiochip0"),
        RejectedConfig(name: "unknown chip", yaml: chips + "inputs:\n  a: { chip: mian, line: 1 }\n",
                       line: 4, column: 14, message: "unknown chip 'mian' in input 'a'", hint: "did you mean 'main'?"),
        // Names
        RejectedConfig(name: "invalid name", yaml: chips + "inputs:\n  1st: { chip: main, line: 1 }\n",
                       line: 4, column: 3, message: "'1st' is not a valid name"),
        RejectedConfig(name: "input and signal share a name", yaml: base + "signals:\n  a: { not: b }\n",
                       line: 7, column: 3, message: "'a' is already the name of an input (line 4)"),
        RejectedConfig(name: "unknown operand", yaml: base + "signals:\n  s: { all: [a, b, c] }\n",
                       line: 7, column: 20, message: "unknown name 'c' in signal 's'"),
        RejectedConfig(name: "misspelt operand", yaml: base + "signals:\n  both: { all: [a, bee] }\n",
                       line: 7, column: 20, message: "unknown name 'bee' in signal 'both'", hint: "did you mean 'b'?"),
        RejectedConfig(name: "operand is an output",
                       yaml: base + "signals:\n  s: { not: led }\noutputs:\n  led: { chip: main, line: 5, follows: a }\n",
                       line: 7, column: 13, message: "'led' in signal 's' is an output",
                       hint: "use what 'led' follows: 'a'"),
        RejectedConfig(name: "output follows an output",
                       yaml: base + "outputs:\n  led1: { chip: main, line: 5, follows: a }\n  led2: { chip: main, line: 6, follows: led1 }\n",
                       line: 8, column: 41, message: "'led1' in follows: of output 'led2' is an output"),
        RejectedConfig(name: "signal cycle",
                       yaml: base + "signals:\n  x: { all: [a, y] }\n  y: { any: [b, x] }\n",
                       line: 7, column: 3, message: "signals form a cycle: x -> y -> x"),
        RejectedConfig(name: "signal reads itself", yaml: base + "signals:\n  x: { toggle: x }\n",
                       line: 7, column: 3, message: "signals form a cycle: x -> x"),
        // Lines
        RejectedConfig(name: "line used by two inputs", yaml: base + "  c: { chip: main, line: 1 }\n",
                       line: 6, column: 26, message: "line 1 of chip 'main' is already used by input 'a' (line 4)"),
        RejectedConfig(name: "line used by an input and an output",
                       yaml: base + "outputs:\n  led: { chip: main, line: 2, follows: a }\n",
                       line: 7, column: 28, message: "line 2 of chip 'main' is already used by input 'b' (line 5)"),
        RejectedConfig(name: "one chip declared twice",
                       yaml: "chips:\n  main: { label: x }\n  same: { label: x }\ninputs:\n  a: { chip: main, line: GPIO4 }\n  b: { chip: same, line: GPIO4 }\n",
                       line: 6, column: 26,
                       message: "line GPIO4 of chip 'same' (the same chip as 'main': label x) is already used by input 'a'"),
        // Types and values
        RejectedConfig(name: "list for a mapping", yaml: chips + "inputs: [a, b]\n",
                       line: 3, column: 9, message: "inputs: must be a mapping of names to settings, found a list"),
        RejectedConfig(name: "unknown bias", yaml: chips + "inputs:\n  a: { chip: main, line: 1, bias: pullup }\n",
                       line: 4, column: 35, message: "unknown value 'pullup' for bias: in input 'a'",
                       hint: "did you mean 'pull-up'?"),
        RejectedConfig(name: "unknown active", yaml: chips + "inputs:\n  a: { chip: main, line: 1, active: lo }\n",
                       line: 4, column: 37, message: "unknown value 'lo' for active: in input 'a'",
                       hint: "did you mean 'low'?"),
        RejectedConfig(name: "negative line offset", yaml: chips + "inputs:\n  a: { chip: main, line: -1 }\n",
                       line: 4, column: 26, message: "line offset -1 in input 'a' is negative"),
        RejectedConfig(name: "line offset too large", yaml: chips + "inputs:\n  a: { chip: main, line: 4294967296 }\n",
                       line: 4, column: 26, message: "line offset 4294967296 in input 'a' is too large"),
        RejectedConfig(name: "input missing line", yaml: chips + "inputs:\n  a: { chip: main }\n",
                       line: 4, column: 3, message: "input 'a' needs line:"),
        RejectedConfig(name: "duration without unit", yaml: chips + "inputs:\n  a: { chip: main, line: 1, debounce: 10 }\n",
                       line: 4, column: 39, message: "the duration '10' has no unit", hint: "e.g. 10ms"),
        RejectedConfig(name: "debounce too long", yaml: chips + "inputs:\n  a: { chip: main, line: 1, debounce: 20s }\n",
                       line: 4, column: 39, message: "debounce 20s in input 'a' is too long", hint: "1us to 10s"),
        RejectedConfig(name: "debounce in minutes", yaml: chips + "inputs:\n  a: { chip: main, line: 1, debounce: 1m }\n",
                       line: 4, column: 39, message: "debounce 1m in input 'a' is too long", hint: "1us to 10s"),
        RejectedConfig(name: "debounce too short", yaml: chips + "inputs:\n  a: { chip: main, line: 1, debounce: 500ns }\n",
                       line: 4, column: 39, message: "debounce 500ns in input 'a' is too short"),
        RejectedConfig(name: "unknown debounce mode",
                       yaml: chips + "inputs:\n  a: { chip: main, line: 1, debounce: { mode: latch, period: 5ms } }\n",
                       line: 4, column: 47, message: "unknown value 'latch' for mode: in input 'a'",
                       hint: "stable, lockout, settle"),
        RejectedConfig(name: "debounce mapping without period",
                       yaml: chips + "inputs:\n  a: { chip: main, line: 1, debounce: { mode: settle } }\n",
                       line: 4, column: 39, message: "debounce: of input 'a' needs period:"),
        RejectedConfig(name: "debounce given as a list", yaml: chips + "inputs:\n  a: { chip: main, line: 1, debounce: [5ms] }\n",
                       line: 4, column: 39, message: "debounce: in input 'a' must be a duration or a mapping, found a list"),
        RejectedConfig(name: "unknown initial value",
                       yaml: base + "outputs:\n  led: { chip: main, line: 5, follows: a, initial: maybe }\n",
                       line: 7, column: 52, message: "unknown value 'maybe' for initial: in output 'led'",
                       hint: "a level is one of on, off, true, false, 1, 0"),
        // Words for a level are answered by their meaning, never by spelling: 'no' is
        // one edit from 'on', the opposite of what was meant on a safety key.
        RejectedConfig(name: "safe: no", yaml: base + "outputs:\n  led: { chip: main, line: 5, follows: a, safe: no }\n",
                       line: 7, column: 49, message: "unknown value 'no' for safe: in output 'led'",
                       hint: "'no' means off: write safe: off (a level is one of on, off, true, false, 1, 0)"),
        RejectedConfig(name: "safe: low", yaml: base + "outputs:\n  led: { chip: main, line: 5, follows: a, safe: low }\n",
                       line: 7, column: 49, message: "unknown value 'low' for safe: in output 'led'",
                       hint: "'low' means off: write safe: off"),
        RejectedConfig(name: "initial: yes", yaml: base + "outputs:\n  led: { chip: main, line: 5, follows: a, initial: yes }\n",
                       line: 7, column: 52, message: "unknown value 'yes' for initial: in output 'led'",
                       hint: "'yes' means on: write initial: on"),
        // A key indented too little reads as an entry of the section.
        RejectedConfig(name: "dedented input key after a flow mapping",
                       yaml: chips + "inputs:\n  door: { chip: main, line: GPIO17 }\n  active: low\n",
                       line: 5, column: 3,
                       message: "'active:' is a key of an input, written at the depth of the inputs' names",
                       hint: "indent it under 'door', as deep as its other keys, or put it inside its braces: door: { ..., active: low }"),
        RejectedConfig(name: "dedented input key after a block mapping",
                       yaml: chips + "inputs:\n  door:\n    chip: main\n    line: GPIO17\n  active: low\n",
                       line: 7, column: 3,
                       message: "'active:' is a key of an input, written at the depth of the inputs' names",
                       hint: "indent it under 'door'"),
        RejectedConfig(name: "dedented output key",
                       yaml: base + "outputs:\n  led:\n    chip: main\n    line: 5\n    follows: a\n  safe: on\n",
                       line: 11, column: 3,
                       message: "'safe:' is a key of an output, written at the depth of the outputs' names",
                       hint: "indent it under 'led'"),
        RejectedConfig(name: "unknown drive",
                       yaml: base + "outputs:\n  led: { chip: main, line: 5, follows: a, drive: open-collector }\n",
                       line: 7, column: 50, message: "unknown value 'open-collector' for drive: in output 'led'",
                       hint: "drive: is one of push-pull, open-drain, open-source"),
        RejectedConfig(name: "output missing follows", yaml: base + "outputs:\n  led: { chip: main, line: 5 }\n",
                       line: 7, column: 3, message: "output 'led' needs follows:"),
        // Signals
        RejectedConfig(name: "empty list", yaml: base + "signals:\n  s: { all: [] }\n",
                       line: 7, column: 13, message: "all: in signal 's' needs at least one name"),
        RejectedConfig(name: "list form given one name", yaml: base + "signals:\n  s: { any: a }\n",
                       line: 7, column: 13, message: "any: in signal 's' takes a list of names, found 'a'",
                       hint: "write any: [a]"),
        RejectedConfig(name: "not of a list", yaml: base + "signals:\n  s: { not: [a, b] }\n",
                       line: 7, column: 13, message: "not: in signal 's' takes one name, found a list",
                       hint: "none: [a, b]"),
        RejectedConfig(name: "toggle of a list", yaml: base + "signals:\n  s: { toggle: [a] }\n",
                       line: 7, column: 16, message: "toggle: in signal 's' takes one name, found a list"),
        RejectedConfig(name: "at_least count 0", yaml: base + "signals:\n  s: { at_least: { count: 0, of: [a, b] } }\n",
                       line: 7, column: 27, message: "at_least count 0 in signal 's' is less than 1"),
        RejectedConfig(name: "at_least count above the operands",
                       yaml: base + "signals:\n  s: { at_least: { count: 3, of: [a, b] } }\n",
                       line: 7, column: 27, message: "at_least count 3 in signal 's' is more than the 2 names in of:"),
        RejectedConfig(name: "at_least count not a number",
                       yaml: base + "signals:\n  s: { at_least: { count: two, of: [a, b] } }\n",
                       line: 7, column: 27, message: "count: in at_least: of signal 's' must be a whole number, found 'two'"),
        RejectedConfig(name: "sample without on", yaml: base + "signals:\n  s: { sample: { value: a } }\n",
                       line: 7, column: 16, message: "sample: in signal 's' needs on:"),
        RejectedConfig(name: "two forms", yaml: base + "signals:\n  s: { all: [a], any: [b] }\n",
                       line: 7, column: 18, message: "signal 's' has both all: and any:"),
        RejectedConfig(name: "no form", yaml: base + "signals:\n  s: {}\n",
                       line: 7, column: 3, message: "signal 's' needs one of all:, any:, none:"),
        RejectedConfig(name: "misspelt form", yaml: base + "signals:\n  s: { alll: [a, b] }\n",
                       line: 7, column: 8, message: "unknown key 'alll' in signal 's'", hint: "did you mean 'all'?"),
        RejectedConfig(name: "operand listed twice", yaml: base + "signals:\n  s: { zip: [a, b, a] }\n",
                       line: 7, column: 20, message: "'a' is listed twice in zip: of signal 's'"),
    ]

    @Test("each broken config gives one error, at the offending key or value", arguments: cases)
    func rejected(_ config: RejectedConfig) {
        let errors = ConfigFixture.errors(config.yaml)
        #expect(errors.count == 1, "\(errors)")
        let error = errors.first
        #expect(error.map { "\($0.location.line):\($0.location.column)" } == "\(config.line):\(config.column)",
                "\(errors)")
        #expect(error?.location.file == "test.yaml")
        #expect(error?.message.contains(config.message) == true, "\(errors)")
        #expect(config.hint.isEmpty || error?.hint.contains(config.hint) == true, "\(errors)")
    }

    @Test("the reject list covers at least 25 configs")
    func enoughCases() {
        #expect(Self.cases.count >= 25)
    }
}
