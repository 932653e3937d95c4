@testable import CommandParsing
import Testing

@Suite("Help pages and usage lines")
struct CommandHelpTests {
    @Test("a command's name gives its word, its program and its usage")
    func names() {
        let help = Lamp.Light.Pulse.help
        #expect(help.word == "pulse")
        #expect(help.program == "lamp")
        #expect(help.commandLine == "lamp light pulse")
        #expect(help.usage == "lamp light pulse <name> --for <duration> [--control <PATH>]")
        #expect(Lamp.help.word == "lamp")
        #expect(Lamp.help.groupUsage(hasDefault: true) == "lamp [<subcommand>]")
        #expect(Lamp.Light.help.groupUsage(hasDefault: false) == "lamp light <subcommand>")
    }

    @Test("a command's page: overview, usage, arguments with their values, options with the standard ones")
    func page() {
        #expect(Lamp.Light.SetLevel.help.page == """
            OVERVIEW: Set a lamp on or off.

            USAGE: lamp light set <name> <on|off> [--control <PATH>]

            ARGUMENTS:
              <name>                  The lamp, as named in the config.
              <on|off>                on or off. (values: on, off)

            OPTIONS:
              --control <PATH>        The control socket.
              --version               Show the version.
              -h, --help              Show help information.

            """)
    }

    @Test("a group's page lists its subcommands, the default marked, and where to read more")
    func groupPage() {
        let root = Lamp.help.groupPage(subcommands: Lamp.subcommands, defaultWord: "serve")
        #expect(root.hasPrefix("""
            OVERVIEW: Drive the lamps of a house.

            Every lamp is named in the config file.

              lamp light set hall on

            USAGE: lamp [<subcommand>]
            """))
        #expect(root.contains("  serve (default)         Serve the lamps (the default subcommand).\n"))
        #expect(root.contains("  light                   Set or pulse a lamp.\n"))
        #expect(root.hasSuffix("\n\n  See 'lamp help <subcommand>' for detailed help."))
        let light = Lamp.Light.help.groupPage(subcommands: Lamp.Light.subcommands, defaultWord: nil)
        #expect(light.contains("USAGE: lamp light <subcommand>"))
        #expect(light.hasSuffix("\n\n  See 'lamp help light <subcommand>' for detailed help."))
    }

    @Test("a long label puts its text on the next line; long text wraps under itself")
    func rows() {
        #expect(CommandHelp.row("--a-rather-long-option <value>", "Short.")
            == "  --a-rather-long-option <value>\n" + String(repeating: " ", count: 26) + "Short.")
        let wrapped = CommandHelp.row("--json", String(repeating: "word ", count: 20)).split(separator: "\n")
        #expect(wrapped.count == 2)
        #expect(wrapped.allSatisfy { $0.count <= CommandHelp.pageWidth })
        #expect(wrapped[1].hasPrefix(String(repeating: " ", count: 26) + "word"))
    }

    @Test("prose wraps at word boundaries; a line that fits keeps its spacing")
    func wrapping() {
        #expect(CommandHelp.wrapLines("aaa bbb ccc", width: 7) == ["aaa bbb", "ccc"])
        #expect(CommandHelp.wrapLines("a  b", width: 7) == ["a  b"])
        #expect(CommandHelp.wrapLines("", width: 7) == [""])
    }

    @Test("paragraphs wrap; indented lines stay as written")
    func paragraphs() {
        let long = String(repeating: "word ", count: 20).trimmingSuffix()
        let text = CommandHelp.wrapParagraphs(long + "\n\n  " + long)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4)
        #expect(lines[2] == "")
        #expect(lines[3] == "  " + long)
    }
}

private extension String {
    func trimmingSuffix() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
