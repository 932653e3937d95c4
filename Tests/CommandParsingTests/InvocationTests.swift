import CommandParsing
import Testing

@Suite("Picking the command")
struct InvocationTests {
    @Test("no words, or options only, run the default command", arguments: [
        ([], false), (["--verbose"], true), (["--config", "/tmp/x.conf", "--verbose"], true),
    ])
    func defaultCommand(words: [String], verbose: Bool) throws {
        guard case .run(let command) = try Lamp.invocation(words) else {
            Issue.record("not a command to run")
            return
        }
        let serve = try #require(command as? Lamp.Serve)
        #expect(serve.verbose == verbose)
    }

    @Test("words pick the command through its group")
    func nestedCommand() throws {
        guard case .run(let command) = try Lamp.invocation(["light", "set", "hall", "off"]) else {
            Issue.record("not a command to run")
            return
        }
        let set = try #require(command as? Lamp.Light.SetLevel)
        #expect(set.name == "hall")
        #expect(set.on == false)
    }

    @Test("help pages: help, -h and --help, before or after the command", arguments: [
        (["help"], Lamp.help.groupPage(subcommands: Lamp.subcommands, defaultWord: "serve")),
        (["--help"], Lamp.help.groupPage(subcommands: Lamp.subcommands, defaultWord: "serve")),
        (["help", "light"], Lamp.Light.help.groupPage(subcommands: Lamp.Light.subcommands, defaultWord: nil)),
        (["light"], Lamp.Light.help.groupPage(subcommands: Lamp.Light.subcommands, defaultWord: nil)),
        (["light", "-h"], Lamp.Light.help.groupPage(subcommands: Lamp.Light.subcommands, defaultWord: nil)),
        (["help", "light", "pulse"], Lamp.Light.Pulse.help.page),
        (["light", "pulse", "--help"], Lamp.Light.Pulse.help.page),
        (["show", "-h"], Lamp.Show.help.page),
    ])
    func helpPages(words: [String], page: String) throws {
        guard case .print(let printed) = try Lamp.invocation(words) else {
            Issue.record("not help")
            return
        }
        #expect(printed == page)
    }

    @Test("help wins over a mistake on the same line")
    func helpWins() throws {
        guard case .print(let page) = try Lamp.invocation(["light", "set", "maybe", "--bogus", "--help"]) else {
            Issue.record("not help")
            return
        }
        #expect(page == Lamp.Light.SetLevel.help.page)
    }

    @Test("--version works anywhere before --", arguments: [
        ["--version"], ["light", "--version"], ["light", "pulse", "--version"], ["--verbose", "--version"],
    ])
    func version(words: [String]) throws {
        guard case .print(let text) = try Lamp.invocation(words) else {
            Issue.record("not the version")
            return
        }
        #expect(text == Lamp.version)
    }

    @Test("after -- help and version are arguments")
    func endOfOptions() throws {
        guard case .run(let command) = try Lamp.invocation(["show", "--", "--help"]) else {
            Issue.record("not a command to run")
            return
        }
        #expect((command as? Lamp.Show)?.lamp == "--help")
    }

    @Test("usage errors name the word, the nearest names and the usage line", arguments: [
        (["shw"], "unknown command 'shw'", "did you mean 'show'? (commands: serve, show, light, help)",
         "lamp", "lamp [<subcommand>]"),
        (["light", "st", "hall"], "unknown command 'st' for 'lamp light'",
         "did you mean 'set'? (commands: set, pulse)", "lamp light", "lamp light <subcommand>"),
        (["light", "dim"], "unknown command 'dim' for 'lamp light'", "commands: set, pulse",
         "lamp light", "lamp light <subcommand>"),
        (["light", "--verison"], "unknown option '--verison' for 'lamp light'", "did you mean '--version'?",
         "lamp light", "lamp light <subcommand>"),
        (["--verbos"], "unknown option '--verbos' for 'lamp serve'", "did you mean '--verbose'?",
         "lamp serve", "lamp serve [--config <path>] [--verbose]"),
        (["light", "set", "hall", "maybe"], "'maybe' is not a level: write on or off", nil,
         "lamp light set", "lamp light set <name> <on|off> [--control <PATH>]"),
        (["help", "show", "extra"], "unexpected word 'extra' after 'lamp show'",
         "'lamp help' takes the words of one command", "lamp help", "lamp help [<subcommand>...]"),
    ])
    func usageErrors(words: [String], message: String, hint: String?, command: String, usage: String) {
        let error = #expect(throws: UsageError.self) { try Lamp.invocation(words) }
        #expect(error?.message == message)
        #expect(error?.hint == hint)
        #expect(error?.command == command)
        #expect(error?.usage == usage)
    }

    @Test("a command's name after the default command's options is told to come first", arguments: [
        (["--verbose", "show"], "'lamp serve' takes no arguments; name the command first: lamp show [<options>]"),
        (["serve", "light"], "'lamp serve' takes no arguments; name the command first: lamp light [<options>]"),
        (["--verbose", "shine"], "'lamp serve' takes no arguments"),
        (["show", "hall", "light"], "'lamp show' takes one argument, <lamp>"),
    ])
    func misplacedCommand(words: [String], hint: String) {
        let error = #expect(throws: UsageError.self) { try Lamp.invocation(words) }
        #expect(error?.hint == hint)
    }
}
