import CommandParsing

/// A small program for the parser's tests: `lamp` serves by default, `lamp show [LAMP]`,
/// and a group, `lamp light set|pulse`.
enum Lamp: CommandGroup {
    static let help = CommandHelp(name: "lamp", abstract: "Drive the lamps of a house.", discussion: """
        Every lamp is named in the config file.

          lamp light set hall on
        """)
    static let version = "lamp 1.0"

    static var subcommands: [Subcommand] { [.command(Serve.self), .command(Show.self), .group(Light.self)] }
    static var defaultSubcommand: (any Command.Type)? { Serve.self }

    static func invocation(_ words: [String]) throws(UsageError) -> Invocation {
        try Invocation(words[...], root: Lamp.self, version: version)
    }

    struct Serve: Command {
        static let help = CommandHelp(
            name: "lamp serve", abstract: "Serve the lamps (the default subcommand).",
            options: [
                .option("config", valueName: "path", help: "The config file.", defaultValue: "/etc/lamp.conf"),
                .flag("verbose", help: "Say more."),
            ]
        )
        let config: String?
        let verbose: Bool

        init(parsing arguments: ParsedArguments) {
            config = arguments.value("config")
            verbose = arguments.flag("verbose")
        }

        func run() {}
    }

    struct Show: Command {
        static let help = CommandHelp(
            name: "lamp show", abstract: "Show the lamps.",
            arguments: [ArgumentSpec("lamp", help: "The lamp. Every lamp when left out.", isOptional: true)],
            options: [.flag("json", help: "Print JSON.")]
        )
        let lamp: String?

        init(parsing arguments: ParsedArguments) { lamp = arguments.positional(0) }
        func run() {}
    }

    enum Light: CommandGroup {
        static let help = CommandHelp(name: "lamp light", abstract: "Set or pulse a lamp.")
        static var subcommands: [Subcommand] { [.command(SetLevel.self), .command(Pulse.self)] }
    }
}

extension Lamp.Light {
    static let control = OptionSpec.option("control", valueName: "PATH", help: "The control socket.")

    struct SetLevel: Command {
        static let help = CommandHelp(
            name: "lamp light set", abstract: "Set a lamp on or off.",
            arguments: [ArgumentSpec("name", help: "The lamp, as named in the config."),
                        ArgumentSpec("on|off", help: "on or off.", values: ["on", "off"])],
            options: [control]
        )
        let name: String
        let on: Bool

        init(parsing arguments: ParsedArguments) throws(UsageError) {
            name = arguments.positional(0) ?? ""
            let level = arguments.positional(1) ?? ""
            guard level == "on" || level == "off" else {
                throw UsageError("'\(level)' is not a level: write on or off")
            }
            on = level == "on"
        }

        func run() {}
    }

    struct Pulse: Command {
        static let help = CommandHelp(
            name: "lamp light pulse", abstract: "Switch a lamp over, then back after a while.",
            arguments: [ArgumentSpec("name", help: "The lamp, as named in the config.")],
            options: [.option("for", valueName: "duration", help: "How long.", isRequired: true), control]
        )

        init(parsing arguments: ParsedArguments) {}
        func run() {}
    }
}
