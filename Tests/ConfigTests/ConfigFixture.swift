import Config

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

    /// The errors `text` has; empty when it is valid.
    static func errors(_ text: String) -> [ConfigError] {
        do {
            _ = try parse(text)
            return []
        } catch {
            return error.errors
        }
    }

    static func location(_ line: Int, _ column: Int) -> SourceLocation {
        SourceLocation(file: "test.yaml", line: line, column: column)
    }
}
