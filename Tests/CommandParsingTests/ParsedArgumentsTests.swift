import CommandParsing
import Testing

@Suite("Reading the words of a command")
struct ParsedArgumentsTests {
    @Test("options go before, between or after arguments; the last repeat wins")
    func optionsAnywhere() throws {
        let parsed = try ParsedArguments(["--control", "/a", "hall", "--for=50ms", "--control", "/b"],
                                         for: Lamp.Light.Pulse.help)
        #expect(parsed.positionals == ["hall"])
        #expect(parsed.value("for") == "50ms")
        #expect(parsed.value("control") == "/b")
        #expect(parsed.positional(1) == nil)
    }

    @Test("after -- every word is an argument; a lone - is one too")
    func endOfOptions() throws {
        let parsed = try ParsedArguments(["--", "--json"], for: Lamp.Show.help)
        #expect(parsed.positionals == ["--json"])
        #expect(!parsed.flag("json"))
        #expect(try ParsedArguments(["-"], for: Lamp.Show.help).positionals == ["-"])
    }

    @Test("a repeating last argument takes every argument left, one at least")
    func repeatingArgument() throws {
        let help = CommandHelp(name: "lamp test", abstract: "Test files.",
                               arguments: [ArgumentSpec("file", help: "The files.", isRepeating: true)],
                               options: [.option("config", valueName: "path", help: "The config.")])
        let parsed = try ParsedArguments(["a.yaml", "--config", "c.yaml", "b.yaml", "c.yaml"], for: help)
        #expect(parsed.positionals == ["a.yaml", "b.yaml", "c.yaml"])
        #expect(parsed.value("config") == "c.yaml")
        #expect(help.usage == "lamp test <file> ... [--config <path>]")
        let error = #expect(throws: UsageError.self) { try ParsedArguments([], for: help) }
        #expect(error?.message == "missing <file>: the files")
    }

    @Test("a flag is false unless given")
    func flags() throws {
        #expect(try ParsedArguments([], for: Lamp.Show.help).flag("json") == false)
        #expect(try ParsedArguments(["--json"], for: Lamp.Show.help).flag("json") == true)
    }

    @Test("an unknown option is an error naming it, with the nearest option")
    func unknownOption() {
        let error = #expect(throws: UsageError.self) {
            try ParsedArguments(["--controll", "/x"], for: Lamp.Light.Pulse.help)
        }
        #expect(error?.message == "unknown option '--controll' for 'lamp light pulse'")
        #expect(error?.hint == "did you mean '--control'?")
    }

    @Test("mistakes name the word and what is expected", arguments: [
        (Lamp.Show.help, ["--json=yes"], "'--json' takes no value, but was given 'yes'"),
        (Lamp.Light.Pulse.help, ["hall", "--for"], "'--for' needs a value: --for <duration>"),
        (Lamp.Light.Pulse.help, ["hall", "--for", "--control", "/x"], "'--for' needs a value: --for <duration>"),
        (Lamp.Light.Pulse.help, ["hall", "--for", "-x"], "'--for' needs a value: --for <duration>"),
        (Lamp.Light.SetLevel.help, [], "missing <name>: the lamp, as named in the config"),
        (Lamp.Light.SetLevel.help, ["hall"], "missing <on|off>: on or off"),
        (Lamp.Light.Pulse.help, ["hall"], "missing --for <duration>: how long"),
        (Lamp.Show.help, ["--xyzzy"], "unknown option '--xyzzy' for 'lamp show'"),
    ])
    func mistakes(help: CommandHelp, words: [String], message: String) {
        let error = #expect(throws: UsageError.self) { try ParsedArguments(words[...], for: help) }
        #expect(error?.message == message)
        #expect(error?.command == nil, "the caller names the command")
    }

    @Test("a left-over argument says what the command takes", arguments: [
        (Lamp.Serve.help, ["x"], "'lamp serve' takes no arguments"),
        (Lamp.Show.help, ["a", "b"], "'lamp show' takes one argument, <lamp>"),
        (Lamp.Light.SetLevel.help, ["a", "on", "x"], "'lamp light set' takes 2 arguments, <name> <on|off>"),
    ])
    func leftOver(help: CommandHelp, words: [String], hint: String) {
        let error = #expect(throws: UsageError.self) { try ParsedArguments(words[...], for: help) }
        #expect(error?.message == "unexpected argument '\(words.last!)'")
        #expect(error?.hint == hint)
    }

    @Test("a negative number after an option that takes a value is its value, for the command to judge")
    func negativeValue() throws {
        let parsed = try ParsedArguments(["hall", "--for", "-5ms"], for: Lamp.Light.Pulse.help)
        #expect(parsed.value("for") == "-5ms")
    }

    @Test("a negative number is an argument, not an option", arguments: ["-1.5", "-.5", "-4e-1", "-0"])
    func negativeArgument(word: String) throws {
        let parsed = try ParsedArguments(["hall", word], for: Lamp.Light.SetLevel.help)
        #expect(parsed.positional(1) == word)
    }
}
