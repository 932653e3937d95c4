import CommandParsing
import Config
import Foundation
import Testing
@testable import gpioagg

/// The command line as a user meets it: help pages, the default command, and usage
/// errors that name the word at fault, say what is expected and exit 64.
@Suite("gpioagg command line", .tags(.binary))
struct CommandLineTests {
    @Test("gpioagg --help, -h and help print the overview and every command", arguments: [
        ["--help"], ["-h"], ["help"],
    ])
    func rootHelp(arguments: [String]) throws {
        let result = try runProduct("gpioagg", arguments)
        #expect(result.status == 0, "stderr: \(result.errors)")
        let text = result.lines.joined(separator: "\n")
        #expect(text.hasPrefix("OVERVIEW: Aggregate GPIO inputs into derived signals that drive output lines."))
        #expect(text.contains("Try it without hardware:  gpioagg --simulate"))
        #expect(text.contains("  run (default)           Run the signal graph of a config file"))
        for command in ["detect", "info", "status", "sim", "check"] {
            #expect(result.lines.contains { $0.hasPrefix("  \(command) ") }, "no \(command) in: \(text)")
        }
        #expect(text.contains("  --version               Show the version."))
    }

    @Test("the overview names every form of signal the config takes")
    func overviewNamesEverySignalForm() throws {
        let result = try runProduct("gpioagg", ["--help"])
        let overview = result.lines.prefix { !$0.hasPrefix("USAGE:") }.joined(separator: " ")
        let words = Set(overview.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
        for form in SignalExpression.formKeys {
            #expect(words.contains(form), "no \(form) in: \(overview)")
        }
    }

    @Test("sim pulse's --for names every unit the duration grammar takes, in its help and its errors")
    func pulseUnits() throws {
        let help = try runProduct("gpioagg", ["sim", "pulse", "--help"]).lines
        // The --for row and the lines wrapped under it.
        let start = try #require(help.firstIndex { $0.hasPrefix("  --for <duration>") }, "\(help)")
        let row = ([help[start]] + help[(start + 1)...].prefix { $0.hasPrefix("        ") }).joined(separator: " ")
        let error = try runProduct("gpioagg", ["sim", "pulse", "switch1", "--for", "50",
                                               "--control", "/nonexistent/control.sock"]).errors
        let firstLine = String(error.prefix { $0 != "\n" })
        #expect(firstLine.hasPrefix("error: the duration '50' has no unit"), "\(error)")
        for text in [row, firstLine] {
            let words = Set(text.split { !$0.isLetter }.map(String.init))
            for unit in DurationText.unitNames {
                #expect(words.contains(unit), "no \(unit) in: \(text)")
            }
        }
    }

    @Test("COMMAND --help and help COMMAND print the command's page", arguments: [
        ("run", "gpioagg run [--config <path>] [--simulate] [--board <name>]"),
        ("detect", "gpioagg detect [--simulate] [--board <name>] [--sysfs-root <dir>]"),
        ("info", "gpioagg info [<chip>] [--simulate] [--board <name>] [--json]"),
        ("status", "gpioagg status [--control <PATH>] [--json]"),
        ("check", "gpioagg check [--config <path>] [--board <name>]"),
        ("sim set", "gpioagg sim set <name> <on|off> [--no-wait] [--control <PATH>]"),
        ("sim toggle", "gpioagg sim toggle <name> [--no-wait] [--control <PATH>]"),
        ("sim pulse", "gpioagg sim pulse <name> --for <duration> [--no-wait] [--control <PATH>]"),
    ])
    func commandHelp(command: String, usage: String) throws {
        let words = command.split(separator: " ").map(String.init)
        let asked = try runProduct("gpioagg", words + ["--help"])
        #expect(asked.status == 0, "stderr: \(asked.errors)")
        #expect(asked.lines.contains("USAGE: " + usage), "\(asked.lines.joined(separator: "\n"))")
        #expect(asked.lines.contains("  -h, --help              Show help information."))
        let viaHelp = try runProduct("gpioagg", ["help"] + words)
        #expect(viaHelp.status == 0)
        #expect(viaHelp.lines == asked.lines)
    }

    @Test("help text is wrapped to 80 columns, examples kept as written")
    func runHelpLayout() throws {
        let result = try runProduct("gpioagg", ["run", "--help"])
        #expect(result.status == 0)
        #expect(result.lines.allSatisfy { $0.count < 80 }, "\(result.lines.filter { $0.count >= 80 })")
        #expect(result.lines.contains("  pulse NAME [DURATION]                   invert it for a while (100ms)"))
        // Every line command the daemon takes is listed.
        for command in ["on NAME", "off NAME", "toggle NAME", "set NAME VALUE", "press NAME", "pulse NAME", "status", "quit"] {
            #expect(result.lines.contains { $0.hasPrefix("  " + command) || $0.contains("| " + command) }, "\(command)")
        }
        // A usage line too long for the page continues under its first option.
        #expect(result.lines.contains("USAGE: gpioagg run [--config <path>] [--simulate] [--board <name>]"))
        #expect(result.lines.contains("                   [--control <PATH>] [--state-dir <path>] [--sysfs-root <dir>]"))
        #expect(result.lines.contains(
            "  --config <path>         The config file (default: /etc/gpioagg/gpioagg.yaml;"))
        #expect(result.lines.contains("                          with --simulate, the embedded demo)."))
    }

    @Test("sim alone prints its subcommands")
    func simAlone() throws {
        let result = try runProduct("gpioagg", ["sim"])
        #expect(result.status == 0)
        #expect(result.lines.contains("USAGE: gpioagg sim <subcommand>"))
        #expect(result.lines.contains("  pulse                   Invert a simulated input, then restore it after a"))
    }

    @Test("--version works after any command")
    func versionAnywhere() throws {
        let result = try runProduct("gpioagg", ["sim", "pulse", "--version"])
        #expect(result.status == 0)
        #expect(result.lines.first?.hasPrefix("gpioagg \(GPIOAgg.version) (libgpiod ") == true)
    }

    @Test("usage errors name the word, say what is expected, show the usage and exit 64", arguments: [
        (["chek"], "error: unknown command 'chek'",
         "hint: did you mean 'check'? (commands: run, detect, info, status, set, sim, why, check, test, safe, help)",
         "Usage: gpioagg [<subcommand>]", "See 'gpioagg --help' for more information."),
        (["status", "--jsn"], "error: unknown option '--jsn' for 'gpioagg status'",
         "hint: did you mean '--json'?", "Usage: gpioagg status [--control <PATH>] [--json]",
         "See 'gpioagg status --help' for more information."),
        (["--simulat"], "error: unknown option '--simulat' for 'gpioagg run'",
         "hint: did you mean '--simulate'?", "Usage: gpioagg run [--config <path>] [--simulate] [--board <name>] [--control <PATH>] [--state-dir <path>] [--sysfs-root <dir>]",
         "See 'gpioagg run --help' for more information."),
        (["sim", "togle", "switch1"], "error: unknown command 'togle' for 'gpioagg sim'",
         "hint: did you mean 'toggle'? (commands: set, toggle, pulse)", "Usage: gpioagg sim <subcommand>",
         "See 'gpioagg sim --help' for more information."),
        (["info", "gpiochip0", "gpiochip1"], "error: unexpected argument 'gpiochip1'",
         "hint: 'gpioagg info' takes one argument, <chip>", "Usage: gpioagg info [<chip>] [--simulate] [--board <name>] [--json]",
         "See 'gpioagg info --help' for more information."),
        (["--simulate", "--sysfs-root", "/nonexistent/sysfs"], "error: --sysfs-root /nonexistent/sysfs: no such folder",
         "hint: give the folder that holds the tree's bus/, class/ and devices/ folders",
         "Usage: gpioagg run [--config <path>] [--simulate] [--board <name>] [--control <PATH>] [--state-dir <path>] [--sysfs-root <dir>]",
         "See 'gpioagg run --help' for more information."),
        (["--simulate", "status"], "error: unexpected argument 'status'",
         "hint: 'gpioagg run' takes no arguments; name the command first: gpioagg status [<options>]",
         "Usage: gpioagg run [--config <path>] [--simulate] [--board <name>] [--control <PATH>] [--state-dir <path>] [--sysfs-root <dir>]",
         "See 'gpioagg run --help' for more information."),
    ])
    func usageErrors(arguments: [String], error: String, hint: String, usage: String, seeAlso: String) throws {
        let result = try runProduct("gpioagg", arguments)
        #expect(result.status == 64)
        #expect(result.lines.isEmpty)
        #expect(result.errors == [error, hint, usage, seeAlso].joined(separator: "\n") + "\n")
    }

    @Test("usage errors without a close name give no suggestion", arguments: [
        (["--config"], "error: '--config' needs a value: --config <path>"),
        (["check", "--config", "--json"], "error: '--config' needs a value: --config <path>"),
        (["detect", "--json=yes"], "error: '--json' takes no value, but was given 'yes'"),
        (["sim", "set"], "error: missing <name>: the input, as named in the config"),
        (["sim", "set", "switch1"], "error: missing <on|off>: on or off (true, false, 1 and 0 too)"),
        (["status", "--xyzzy"], "error: unknown option '--xyzzy' for 'gpioagg status'"),
    ])
    func plainUsageErrors(arguments: [String], error: String) throws {
        let result = try runProduct("gpioagg", arguments)
        #expect(result.status == 64)
        let lines = result.errors.split(separator: "\n").map(String.init)
        #expect(lines.first == error, "stderr: \(result.errors)")
        #expect(lines.count == 3, "stderr: \(result.errors)")
        #expect(lines.last?.hasSuffix("--help' for more information.") == true)
    }

    @Test("--config=PATH is --config PATH")
    func inlineValue() throws {
        let result = try runProduct("gpioagg", ["check", "--config=/nonexistent/inline.yaml"])
        #expect(result.status == 1)
        #expect(result.errors.hasPrefix("/nonexistent/inline.yaml: error: cannot read the config file"))
    }
}

@Suite("gpioagg's commands read their words")
struct CommandArgumentsTests {
    @Test("no words, or options only, run the daemon", arguments: [
        ([], false), (["--simulate"], true), (["--control", "/tmp/x.sock", "--simulate"], true),
    ])
    func defaultCommand(words: [String], simulate: Bool) throws {
        guard case .run(let command) = try Invocation(words[...], root: GPIOAgg.self, version: GPIOAgg.versionText)
        else {
            Issue.record("not a command to run")
            return
        }
        let run = try #require(command as? GPIOAgg.Run)
        #expect(run.backend.simulate == simulate)
    }

    @Test("words pick the command through its group")
    func nestedCommand() throws {
        guard case .run(let command) = try Invocation(["sim", "set", "door", "off"], root: GPIOAgg.self,
                                                      version: GPIOAgg.versionText) else {
            Issue.record("not a command to run")
            return
        }
        let set = try #require(command as? GPIOAgg.Sim.SetLevel)
        #expect(set.name == "door")
        #expect(set.action == .set(false))
    }

    @Test("pulse lengths out of range or without a unit are usage errors")
    func pulseLengthErrors() {
        #expect(throws: UsageError.self) { try GPIOAgg.Sim.pulseLength("0ns") }
        #expect(throws: UsageError.self) { try GPIOAgg.Sim.pulseLength("12") }
    }
}
