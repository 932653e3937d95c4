/// The help pages, laid out as swift-argument-parser laid them out (READMEs and people's
/// habits know that shape): overview, discussion, usage, then two columns.
extension CommandHelp {
    /// The longest line: one column short of an 80-column terminal, as
    /// swift-argument-parser wrapped.
    static let pageWidth = 79
    /// Where the second column starts.
    static let columnStart = 26

    /// The help page of a command.
    ///
    /// ```swift
    /// print(Check.help.page)
    /// // OVERVIEW: Validate a config file and print its signal graph.
    /// // ...
    /// // USAGE: gpioagg check [--config <path>]
    /// ```
    public var page: String {
        var sections = head
        sections.append(Self.usageSection(usage, command: commandLine))
        if !arguments.isEmpty {
            sections.append((["ARGUMENTS:"] + arguments.map { argument in
                Self.row(argument.label, argument.help
                    + (argument.values.isEmpty ? "" : " (values: \(argument.values.joined(separator: ", ")))"))
            })
                .joined(separator: "\n"))
        }
        sections.append(optionSection)
        return sections.joined(separator: "\n\n") + "\n"
    }

    /// The help page of a group: its subcommands instead of arguments, the default one
    /// (`defaultWord`) marked.
    ///
    /// ```swift
    /// Sim.help.groupPage(subcommands: Sim.subcommands, defaultWord: nil)
    /// // ... SUBCOMMANDS: ... See 'gpioagg help sim <subcommand>' for detailed help.
    /// ```
    public func groupPage(subcommands: [Subcommand], defaultWord: String?) -> String {
        var sections = head
        sections.append("USAGE: " + groupUsage(hasDefault: defaultWord != nil))
        sections.append(optionSection)
        sections.append((["SUBCOMMANDS:"] + subcommands.map { subcommand in
            let help = subcommand.help
            return Self.row(help.word + (help.word == defaultWord ? " (default)" : ""), help.abstract)
        }).joined(separator: "\n"))
        let path = pathAfterProgram
        sections.append("  See '\(program) help \(path.isEmpty ? "" : path + " ")<subcommand>' for detailed help.")
        return sections.joined(separator: "\n\n")
    }

    private var head: [String] {
        var sections = [Self.wrap("OVERVIEW: " + abstract)]
        if !discussion.isEmpty { sections.append(Self.wrapParagraphs(discussion)) }
        return sections
    }

    private var optionSection: String {
        (["OPTIONS:"] + (options + Self.standardOptions).map { option in
            Self.row(option.label, option.help + (option.defaultValue.map { " (default: \($0))" } ?? ""))
        }).joined(separator: "\n")
    }

    /// `  --json                  Print JSON: ...`, the text wrapped under itself.
    static func row(_ label: String, _ text: String) -> String {
        let indent = String(repeating: " ", count: columnStart)
        let lines = wrapLines(text, width: pageWidth - columnStart)
        let first = "  " + label
        var out: [String]
        if first.count < columnStart - 1 {
            out = [first + String(repeating: " ", count: columnStart - first.count) + (lines.first ?? "")]
        } else {
            out = [first, indent + (lines.first ?? "")]
        }
        out += lines.dropFirst().map { indent + $0 }
        return out.joined(separator: "\n")
    }

    /// Wraps each paragraph; lines that start with a space (examples, tables) stay as
    /// written.
    static func wrapParagraphs(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.first == " " || line.isEmpty ? String(line) : wrap(String(line))
        }.joined(separator: "\n")
    }

    /// `USAGE: gpioagg run [--config <path>] ...`, its arguments and options wrapped
    /// under the first one when the line is too long, never inside brackets.
    static func usageSection(_ usage: String, command: String) -> String {
        let line = "USAGE: " + usage
        guard line.count > pageWidth, usage.hasPrefix(command + " ") else { return line }
        var groups: [String] = []
        var group = ""
        var depth = 0
        for character in usage.dropFirst(command.count + 1) {
            if character == " ", depth == 0 {
                if !group.isEmpty { groups.append(group) }
                group = ""
                continue
            }
            if "[<".contains(character) { depth += 1 }
            if "]>".contains(character) { depth -= 1 }
            group.append(character)
        }
        if !group.isEmpty { groups.append(group) }
        let indent = String(repeating: " ", count: "USAGE: ".count + command.count + 1)
        var lines = ["USAGE: " + command]
        for group in groups {
            if lines[lines.count - 1].count + 1 + group.count > pageWidth, lines[lines.count - 1] != "USAGE: " + command {
                lines.append(indent + group)
            } else {
                lines[lines.count - 1] += " " + group
            }
        }
        return lines.joined(separator: "\n")
    }

    static func wrap(_ text: String) -> String {
        wrapLines(text, width: pageWidth).joined(separator: "\n")
    }

    /// Greedy word wrap: as many words on a line as fit in `width` columns. A text that
    /// fits keeps its spacing.
    static func wrapLines(_ text: String, width: Int) -> [String] {
        if text.count <= width { return [text] }
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
