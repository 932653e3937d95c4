@testable import Config
import Foundation
import Testing

/// Each kind's schema (`ConfigSchema`) held to the docs and to its reader: every key it
/// lists is documented in docs/CONFIG.md under the kind's headings, and a config using it
/// is not refused the key.
@Suite("Each kind's config keys are documented and taken by its reader")
struct ConfigSchemaTests {
    /// What the schemas' examples name (`ConfigSchema.example`).
    static let sections: [(name: String, entries: [String])] = [
        ("chips", ["main: { label: pinctrl-bcm2711 }", "pwm: { pwm: pwmchip0 }"]),
        ("inputs", ["button: { chip: main, line: GPIO20 }", "level: { command: true, type: number, unit: \"%\" }",
                    "speed: { command: true, type: number, unit: \"%\" }"]),
        ("signals", ["pressed: { all: [button] }"]),
        ("outputs", ["relay: { chip: main, line: GPIO21, pulse: 500ms, command: true }",
                     "up: { chip: main, line: GPIO22, command: true }", "down: { chip: main, line: GPIO23, command: true }"]),
        ("interlocks", []),
        ("covers", []),
    ]
    /// What a cover drives: motors nothing else sets, in an interlock.
    static let coverSections: [(name: String, entries: [String])] = sections.map { section in
        switch section.name {
        case "outputs": ("outputs", ["relay: { chip: main, line: GPIO21, pulse: 500ms, command: true }",
                                     "up: { chip: main, line: GPIO22 }", "down: { chip: main, line: GPIO23 }"])
        case "interlocks": ("interlocks", ["motors: { outputs: [up, down], wait: 500ms }"])
        default: section
        }
    }
    static let broker = "mqtt://127.0.0.1:1883"

    /// The words of a refusal of a key itself, as opposed to one of its value.
    static let keyRefusals = ["unknown key", "does not apply", "applies to a number", "applies to a level",
                              "is a key of a"]

    /// A config with everything the examples name and an entry `probe` of `schema`'s kind
    /// with `settings`; for the `mqtt:` and `web:` sections, `settings` are their own.
    static func file(_ schema: any ConfigSchema.Type, settings: [String]) -> String {
        let written = "{ " + settings.joined(separator: ", ") + " }"
        var text = schema.section == "clock" ? "clock: " + written + "\n" : ""
        for section in schema.section == "covers" ? coverSections : sections {
            var entries = section.entries
            if section.name == schema.section { entries.append("probe: " + written) }
            guard !entries.isEmpty else { continue }
            text += section.name + ":\n" + entries.map { "  " + $0 + "\n" }.joined()
        }
        return text + "mqtt: " + (schema.section == "mqtt" ? written : "{ broker: \(broker) }") + "\n"
            + (schema.section == "web" ? "web: " + written + "\n" : "")
    }

    /// `a: 1, b: [x, y], c: { d: 2 }` as its three settings.
    static func split(_ settings: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        var quoted = false
        for character in settings {
            switch character {
            case "\"": quoted.toggle()
            case "[" where !quoted, "{" where !quoted: depth += 1
            case "]" where !quoted, "}" where !quoted: depth -= 1
            case "," where !quoted && depth == 0:
                parts.append(current.trimmingSpaces)
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        if !current.trimmingSpaces.isEmpty { parts.append(current.trimmingSpaces) }
        return parts
    }

    /// The entry's settings with `key` written as its example, in place of any it had.
    static func settings(showing key: ConfigKey, in schema: any ConfigSchema.Type) -> [String] {
        let others = split(key.entry ?? schema.example).filter { !$0.hasPrefix(key.name + ":") }
        return others + ["\(key.name): \(key.example)"]
    }

    static func keyRefusals(in text: String) -> [ConfigError] {
        ConfigFixture.errors(text).filter { error in keyRefusals.contains { error.message.contains($0) } }
    }

    static let configDocs: [String] = {
        var components = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        components.removeLast(3)   // Tests/ConfigTests/ConfigSchemaTests.swift
        let path = (components + ["docs", "CONFIG.md"]).joined(separator: "/")
        return (try? String(contentsOfFile: path, encoding: .utf8))?
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init) ?? []
    }()

    /// The text under `heading` (`## Inputs`), its subsections included.
    static func text(under heading: String) -> String? {
        guard let start = configDocs.firstIndex(of: heading) else { return nil }
        let level = heading.prefix { $0 == "#" }.count
        let end = configDocs[(start + 1)...].firstIndex { line in
            let hashes = line.prefix { $0 == "#" }.count
            return hashes > 0 && hashes <= level && line.dropFirst(hashes).hasPrefix(" ")
        } ?? configDocs.endIndex
        return configDocs[start..<end].joined(separator: "\n")
    }

    /// Written as a key: `` `name` ``, `` `name: `` or `name:` after a space or a brace.
    static func documents(_ text: String, key: String) -> Bool {
        ["`\(key)`", "`\(key):", " \(key):", "{ \(key):", "`\(key),"].contains { text.contains($0) }
    }

    @Test("every schema names its docs' headings, and each heading is in docs/CONFIG.md",
          arguments: SchemaCase.all)
    func headingsExist(_ kind: SchemaCase) {
        #expect(!Self.configDocs.isEmpty, "docs/CONFIG.md not found")
        #expect(!kind.schema.documentedUnder.isEmpty)
        for heading in kind.schema.documentedUnder {
            #expect(Self.text(under: heading) != nil, "no heading '\(heading)' in docs/CONFIG.md")
        }
    }

    @Test("every key of a schema is documented under its kind's headings in docs/CONFIG.md",
          arguments: SchemaCase.all)
    func keysDocumented(_ kind: SchemaCase) {
        let text = kind.schema.documentedUnder.compactMap(Self.text(under:)).joined(separator: "\n")
        let missing = kind.schema.keyNames.filter { !Self.documents(text, key: $0) }
        let headings = kind.schema.documentedUnder.joined(separator: ", ")
        #expect(missing.isEmpty, "\(kind.schema.title): not in docs/CONFIG.md under \(headings): \(missing)")
    }

    @Test("each kind's example is valid", arguments: SchemaCase.all)
    func exampleValid(_ kind: SchemaCase) {
        let text = Self.file(kind.schema, settings: Self.split(kind.schema.example))
        #expect(ConfigFixture.errors(text).isEmpty, "\(text)\n\(ConfigFixture.errors(text))")
    }

    @Test("a config using each key of a schema is not refused the key",
          arguments: SchemaCase.all)
    func keysTaken(_ kind: SchemaCase) {
        for key in kind.schema.keys {
            let text = Self.file(kind.schema, settings: Self.settings(showing: key, in: kind.schema))
            let refusals = Self.keyRefusals(in: text)
            #expect(refusals.isEmpty, "\(kind.schema.title), \(key.name): \(key.example):\n\(text)\n\(refusals)")
        }
    }

    @Test("a key no schema lists is refused, for every kind", arguments: SchemaCase.all)
    func unlistedKeyRefused(_ kind: SchemaCase) {
        let settings = Self.split(kind.schema.example) + ["colour: red"]
        let refusals = Self.keyRefusals(in: Self.file(kind.schema, settings: settings))
        #expect(refusals.map(\.message) == ["unknown key 'colour' in " + Self.place(of: kind.schema)])
    }

    /// Where a refusal says the probe entry is: `in input 'probe'`, `in mqtt:`.
    static func place(of schema: any ConfigSchema.Type) -> String {
        switch schema.section {
        case "mqtt": "mqtt:"
        case "clock": "clock:"
        case "web": "web:"
        case "chips": "chip 'probe'"
        default: "\(schema.section.dropLast()) 'probe'"
        }
    }

    @Test("the schemas list no key twice, and the signal forms are the schema's")
    func noDuplicates() {
        for schema in ConfigSchemas.all where schema != SignalSchema.self {
            #expect(Set(schema.keyNames).count == schema.keyNames.count, "\(schema.title)")
        }
        #expect(SignalExpression.formKeys == SignalSchema.forms.map(\.name))
    }
}

/// A schema as a test argument, named by its kind.
struct SchemaCase: CustomTestStringConvertible, Sendable {
    static let all = ConfigSchemas.all.indices.map(SchemaCase.init)
    let index: Int
    var schema: any ConfigSchema.Type { ConfigSchemas.all[index] }
    var testDescription: String { schema.title }
}

private extension String {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
