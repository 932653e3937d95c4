import Config
import Testing

/// Small configs and helpers shared by the Config tests.
enum ConfigFixture {
    /// `config/gpioagg.yaml` in this source tree.
    static let exampleFilePath: String = {
        var components = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        components.removeLast(3)   // Tests/ConfigTests/ConfigFixture.swift
        return (components + ["config", "gpioagg.yaml"]).joined(separator: "/")
    }()

    /// Lines 1-2.
    static let chips = """
        chips:
          main: { label: pinctrl-bcm2711 }

        """

    /// Lines 1-5: `chips` and the inputs `a` (line 1) and `b` (line 2).
    static let chipsAndInputs = chips + """
        inputs:
          a: { chip: main, line: 1 }
          b: { chip: main, line: 2 }

        """

    static func parse(_ text: String) throws(ConfigErrors) -> Configuration {
        try ConfigLoader.parse(text, file: "test.yaml")
    }

    /// Expects `text` refused, its first error at `line`:`column` with a message holding
    /// `message`, and a hint holding `hint` (unless that is empty).
    static func expectRefused(_ text: String, at line: Int, _ column: Int, _ message: String, hint: String,
                              sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        do {
            _ = try parse(text)
            Issue.record("accepted: \(text)", sourceLocation: sourceLocation)
        } catch {
            let first = error.errors.first
            #expect(first.map { "\($0.location.line):\($0.location.column)" } == "\(line):\(column)", "\(error.errors)",
                    sourceLocation: sourceLocation)
            #expect(first?.message.contains(message) == true, "\(error.errors)", sourceLocation: sourceLocation)
            #expect(hint.isEmpty || first?.hint.contains(hint) == true, "\(error.errors)", sourceLocation: sourceLocation)
        }
    }

    /// The errors `text` has; empty when it is valid.
    static func errors(_ text: String) -> [ConfigError] {
        do {
            _ = try parse(text)
            return []
        } catch {
            return error.errors
        }
    }

    static func location(_ line: Int, _ column: Int) -> Config.SourceLocation {
        Config.SourceLocation(file: "test.yaml", line: line, column: column)
    }
}
