import Config
import Foundation
import Scenario
import Testing

@Suite("Loading test files and their configs")
struct ScenarioLoaderTests {
    /// A fresh folder with `files` (relative paths to text); removed by the caller.
    private func folder(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("gpioagg-scenario-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder
    }

    private func errors(_ load: () throws(ConfigErrors) -> LoadedScenario) -> [String] {
        do {
            _ = try load()
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    @Test("config: is relative to the test file's folder; --config overrides it")
    func configPath() throws {
        let root = try folder([
            "house.yaml": ScenarioFixtures.configText,
            "other/house.yaml": ScenarioFixtures.configText.replacingOccurrences(of: "lit:", with: "lamp:")
                .replacingOccurrences(of: "[motion, lit]", with: "[motion, lamp]"),
            "tests/light.test.yaml": "config: ../house.yaml\nsteps:\n  - expect: { lit: off }\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.appendingPathComponent("tests/light.test.yaml").path
        let loaded = try ScenarioLoader.load(path: path)
        #expect(loaded.configuration.file == root.appendingPathComponent("tests").path + "/../house.yaml")
        #expect(loaded.scenario.config?.location == Config.SourceLocation(file: path, line: 1, column: 9))
        #expect(ScenarioRunner.run(loaded).passed == 1)

        let other = root.appendingPathComponent("other/house.yaml").path
        #expect(errors { () throws(ConfigErrors) in try ScenarioLoader.load(path: path, config: other) } == [
            "\(path):3:15: error: unknown name 'lit' in expect:\n"
                + "hint: expect: names an input, a signal, an output or a cover of \(other)",
        ])
    }

    @Test("a config: that cannot be read is an error at config:; a file without one needs --config")
    func missingConfig() throws {
        let root = try folder([
            "a.test.yaml": "config: none.yaml\nsteps:\n  - wait: 1s\n",
            "b.test.yaml": "steps:\n  - wait: 1s\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let a = root.appendingPathComponent("a.test.yaml").path
        #expect(errors { () throws(ConfigErrors) in try ScenarioLoader.load(path: a) } == [
            "\(a):1:9: error: cannot read the config file '\(root.path)/none.yaml': no such file or directory\n"
                + "hint: config: is relative to the test file's folder; --config PATH overrides it",
        ])
        let b = root.appendingPathComponent("b.test.yaml").path
        #expect(errors { () throws(ConfigErrors) in try ScenarioLoader.load(path: b) } == [
            "\(b):1:1: error: the test file names no config\n"
                + "hint: add config: FILE.yaml (relative to this file), or give --config PATH",
        ])
        let missing = root.appendingPathComponent("c.test.yaml").path
        #expect(errors { () throws(ConfigErrors) in try ScenarioLoader.load(path: missing) } == [
            "\(missing): error: cannot read the test file: no such file or directory",
        ])
    }

    @Test("the test file's errors come first, then the config's, each at its own file")
    func configErrors() throws {
        let root = try folder([
            "bad.yaml": "chips:\n  main: { label: pinctrl-bcm2711 }\ninputs:\n  a: { chip: main, line: 1, bias: pullup }\n",
            "bad.test.yaml": "config: bad.yaml\nsteps:\n  - wait: soon\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let test = root.appendingPathComponent("bad.test.yaml").path
        let config = root.appendingPathComponent("bad.yaml").path
        #expect(errors { () throws(ConfigErrors) in try ScenarioLoader.load(path: test) } == [
            "\(test):3:11: error: 'soon' is not a duration (in wait:)\n"
                + "hint: write a number and a unit with no space, e.g. 10ms or 1m30s (units: ns, us, ms, s, m, h)",
            "\(config):4:35: error: unknown value 'pullup' for bias: in input 'a'\n"
                + "hint: did you mean 'pull-up'? (bias: is one of as-is, disabled, pull-up, pull-down)",
        ])
    }

    @Test("a test file's values are read against the config it names: 1 is one for a number, on is refused")
    func numbersFromTheConfig() throws {
        let root = try folder([
            "tank.yaml": "inputs:\n  depth: { command: true, type: number, unit: m }\n  pump: { command: true }\n",
            "tank.test.yaml": "config: tank.yaml\nsteps:\n  - set: { depth: 1, pump: 1 }\n  - expect: { depth: 1, pump: on }\n",
            "bad.test.yaml": "config: tank.yaml\nsteps:\n  - set: { depth: on }\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let result = ScenarioRunner.run(try ScenarioLoader.load(path: root.appendingPathComponent("tank.test.yaml").path))
        #expect(result.failures == [])
        #expect(result.passed == 2)
        let bad = root.appendingPathComponent("bad.test.yaml").path
        #expect(errors { () throws(ConfigErrors) in try ScenarioLoader.load(path: bad) } == [
            "\(bad):3:19: error: 'on' is a level, and depth is a number (m): set: takes a number or unavailable for it\n"
                + "hint: write depth: with a number, e.g. depth: 21.5, or depth: unavailable",
        ])
    }
}
