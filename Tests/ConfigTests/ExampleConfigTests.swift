import Config
import Foundation
import GPIO
import Testing

@Suite("The example config and the embedded demo")
struct ExampleConfigTests {
    private static let example = "config/gpioagg.yaml"

    private func at(_ line: Int, _ column: Int) -> Config.SourceLocation {
        Config.SourceLocation(file: Self.example, line: line, column: column)
    }

    @Test("config/gpioagg.yaml parses to the expected configuration")
    func exampleParses() throws {
        let text = try String(contentsOfFile: ConfigFixture.exampleFilePath, encoding: .utf8)
        let configuration = try ConfigLoader.parse(text, file: Self.example)
        let switchDebounce = Debounce(.stable, period: .milliseconds(10))
        #expect(configuration == Configuration(
            chips: [ChipDeclaration(name: "main", locator: .label("pinctrl-bcm2711"), location: at(7, 3))],
            inputs: [
                InputDeclaration(name: "switch1", chip: "main", line: .name("GPIO17"), activeLow: true,
                                 bias: .pullUp, debounce: switchDebounce, location: at(10, 3), lineLocation: at(10, 32)),
                InputDeclaration(name: "switch2", chip: "main", line: .name("GPIO27"), activeLow: true,
                                 bias: .pullUp, debounce: switchDebounce, location: at(11, 3), lineLocation: at(11, 32)),
                InputDeclaration(name: "switch3", chip: "main", line: .offset(22), activeLow: true,
                                 bias: .pullUp, debounce: switchDebounce, location: at(12, 3), lineLocation: at(12, 32)),
            ],
            signals: [SignalDeclaration(name: "all_on", expression: .all(["switch1", "switch2", "switch3"]),
                                        location: at(15, 3))],
            outputs: [OutputDeclaration(name: "ready_led", chip: "main", line: .name("GPIO5"), follows: "all_on",
                                        initial: false, safe: false, location: at(18, 3),
                                        lineLocation: at(18, 34))],
            file: Self.example))
    }

    @Test("load(path:) reads the file and names it in the configuration")
    func loadsFromPath() throws {
        let configuration = try ConfigLoader.load(path: ConfigFixture.exampleFilePath)
        #expect(configuration.file == ConfigFixture.exampleFilePath)
        #expect(configuration.inputs.map(\.name) == ["switch1", "switch2", "switch3"])
    }

    @Test("the embedded demo is config/gpioagg.yaml")
    func embeddedDemoMatchesTheFile() throws {
        // Parsed under the same name, so that locations (which name the file) compare too.
        let text = try String(contentsOfFile: ConfigFixture.exampleFilePath, encoding: .utf8)
        let fromFile = try ConfigLoader.parse(text, file: "<embedded demo>")
        #expect(Configuration.embeddedDemo == fromFile,
                "update Configuration.embeddedDemoText to match config/gpioagg.yaml")
        #expect(Configuration.embeddedDemoText == text)
        #expect(Configuration.embeddedDemo.file == "<embedded demo>")
    }

    @Test("a missing file is an error naming the path")
    func missingFile() {
        #expect(throws: ConfigErrors.self) { try ConfigLoader.load(path: "/nonexistent/gpioagg.yaml") }
        do {
            _ = try ConfigLoader.load(path: "/nonexistent/gpioagg.yaml")
        } catch {
            #expect(error.description.hasPrefix(
                "/nonexistent/gpioagg.yaml: error: cannot read the config file: no such file or directory\nhint: "))
        }
    }

    @Test("a file that is not UTF-8 is an error naming the path")
    func notUTF8() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gpioagg-latin1-\(getpid()).yaml").path
        try Data([0x63, 0x68, 0x69, 0x70, 0x73, 0x3A, 0x20, 0xE9, 0x0A]).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: ConfigErrors([ConfigError(location: Config.SourceLocation(file: path, line: 0, column: 0),
                                                  message: "the config file is not UTF-8 text",
                                                  hint: "save it as UTF-8")])) {
            try ConfigLoader.load(path: path)
        }
    }

    @Test("a directory is an error naming the path")
    func directory() {
        do {
            _ = try ConfigLoader.load(path: "/tmp")
            Issue.record("expected an error")
        } catch {
            #expect(error.errors.map(\.message) == ["cannot read the config file: it is a directory"])
            #expect(error.errors.first?.location.file == "/tmp")
        }
    }
}
