import Foundation
import Testing

@Suite("gpioagg test", .tags(.binary))
struct TestCommandTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../config/examples").standardizedFileURL

    /// A fresh folder holding `files`; removed by the caller.
    private func folder(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("gpioagg-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    private static let garage = """
        chips:
          main: { label: pinctrl-bcm2711 }
        inputs:
          motion: { chip: main, line: GPIO17 }
        outputs:
          light_relay: { chip: main, line: GPIO5, follows: motion }

        """

    /// Every example config in `config/examples`, by name (`garage` for `garage.yaml`).
    static let exampleNames: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: examples.path)) ?? []
        return files.filter { $0.hasSuffix(".yaml") && !$0.hasSuffix(".test.yaml") }
            .map { String($0.dropLast(".yaml".count)) }.sorted()
    }()

    @Test("every example config has a test file beside it")
    func exampleTestFiles() {
        #expect(Self.exampleNames == ["anemometer", "blinds", "doorbell-and-light", "fan-curve", "garage", "garage-door",
                                     "gate-and-lights", "greenhouse", "porch-light", "sump-pump", "two-board-siren", "two-hand",
                                     "water-meter",
                                     "weather-station"])
        for name in Self.exampleNames {
            let test = Self.examples.appendingPathComponent("\(name).test.yaml").path
            #expect(FileManager.default.fileExists(atPath: test), "\(name).yaml has no \(name).test.yaml")
        }
    }

    @Test("the shipped examples pass: exit 0 and the summary line")
    func example() throws {
        let paths = Self.exampleNames.map { Self.examples.appendingPathComponent("\($0).test.yaml").path }
        let result = try runProduct("gpioagg", ["test"] + paths)
        #expect(result.status == 0, "stderr: \(result.errors)")
        #expect(result.errors.isEmpty)
        #expect(result.lines.count == paths.count + 1)
        #expect(result.lines.first?.hasPrefix("\(paths[0]): 137 passed, 0 failed") == true, "\(result.lines)")
        // Each file's line says how many passed; the summary adds them up.
        let passed = zip(paths, result.lines).map { path, line -> Int in
            #expect(line.hasPrefix("\(path): "), "\(line)")
            return Int(line.dropFirst(path.count + 2).prefix { $0.isNumber }) ?? 0
        }
        #expect(passed.allSatisfy { $0 > 0 }, "\(result.lines)")
        #expect(result.lines.last == "\(passed.reduce(0, +)) passed, 0 failed in \(paths.count) files")
    }

    @Test("each example config checks, and runs under --simulate until told to quit", arguments: exampleNames)
    func exampleRuns(_ name: String) throws {
        let config = Self.examples.appendingPathComponent("\(name).yaml").path
        #expect(try runProduct("gpioagg", ["check", "--config", config, "--board", "pi4"]).status == 0)
        let state = temporaryDirectory()
        let result = try runProduct("gpioagg", ["run", "--simulate", "--config", config, "--control",
                                                temporarySocketPath(), "--state-dir", state], stdin: "status\nquit\n")
        #expect(result.status == 0, "stderr: \(result.errors)")
        #expect(result.lines.contains("ready") && result.lines.last == "stopped (quit)", "\(result.lines)")
    }

    @Test("a failed expectation is reported with its time and the changes behind it; exit 1")
    func failure() throws {
        let root = try folder([
            "garage.yaml": Self.garage,
            "garage.test.yaml": """
                config: garage.yaml
                steps:
                  - set: { motion: on }
                  - wait: 1s
                  - set: { motion: off }
                  - wait: 1m
                  - expect: { light_relay: on }
                  - expect: { light_relay: off }

                """,
            "second.test.yaml": "config: garage.yaml\nsteps:\n  - expect: { motion: off }\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let first = root.appendingPathComponent("garage.test.yaml").path
        let second = root.appendingPathComponent("second.test.yaml").path
        let result = try runProduct("gpioagg", ["test", first, second])
        #expect(result.status == 1)
        #expect(result.errors == """
            \(first):7:15: error: expected light_relay on at 1m1s, it is off
              0s  input motion on
              1s  input motion off

            """)
        #expect(result.lines == [
            "\(first): 1 passed, 1 failed (1m1s of virtual time)",
            "\(second): 1 passed, 0 failed (0s of virtual time)",
            "2 passed, 1 failed in 2 files",
        ])
    }

    @Test("every error of a file is reported before anything runs; the other files still run; exit 1")
    func errors() throws {
        let root = try folder([
            "garage.yaml": Self.garage,
            "bad.test.yaml": "config: garage.yaml\nsteps:\n  - set: { motoin: on }\n  - wiat: 1s\n",
            "good.test.yaml": "config: garage.yaml\nsteps:\n  - expect: { light_relay: off }\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let bad = root.appendingPathComponent("bad.test.yaml").path
        let good = root.appendingPathComponent("good.test.yaml").path
        let result = try runProduct("gpioagg", ["test", bad, good])
        #expect(result.status == 1)
        #expect(result.errors == """
            \(bad):3:12: error: unknown input 'motoin' in set:
            hint: did you mean 'motion'? (inputs: motion)
            \(bad):4:5: error: unknown step 'wiat'
            hint: did you mean 'wait'? (a step is one of set, toggle, pulse, pulses, wait, clock, restart, remote, broker, expect, expect_active, expect_quiet)
            gpioagg: 2 errors in \(bad); not run

            """)
        #expect(result.lines == [
            "\(good): 1 passed, 0 failed (0s of virtual time)",
            "1 passed, 0 failed in 2 files; 1 could not run",
        ])
    }

    @Test("--config replaces each file's config:")
    func configOverride() throws {
        let root = try folder([
            "garage.yaml": Self.garage,
            "light.test.yaml": "config: elsewhere.yaml\nsteps:\n  - set: { motion: on }\n  - expect: { light_relay: on }\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let test = root.appendingPathComponent("light.test.yaml").path
        let result = try runProduct("gpioagg", ["test", "--config", root.appendingPathComponent("garage.yaml").path, test])
        #expect(result.status == 0, "stderr: \(result.errors)")
        #expect(result.lines.last == "1 passed, 0 failed in 1 file")
    }

    @Test("usage errors exit 64", arguments: [
        ([], "error: missing <file>: a test file, e.g. garage.test.yaml"),
        (["a.test.yaml", "--confg", "x.yaml"], "error: unknown option '--confg' for 'gpioagg test'"),
        (["a.test.yaml", "--config"], "error: '--config' needs a value: --config <path>"),
    ])
    func usage(arguments: [String], message: String) throws {
        let result = try runProduct("gpioagg", ["test"] + arguments)
        #expect(result.status == 64)
        #expect(result.errors.hasPrefix(message + "\n"), "\(result.errors)")
        #expect(result.errors.contains("Usage: gpioagg test <file> ... [--config <path>]"))
    }

    @Test("gpioagg lists the command, and its help page shows how to call it")
    func help() throws {
        let root = try runProduct("gpioagg", ["--help"])
        #expect(root.lines.contains { $0.hasPrefix("  test ") }, "\(root.lines)")
        let page = try runProduct("gpioagg", ["test", "--help"])
        #expect(page.status == 0)
        #expect(page.lines.contains("USAGE: gpioagg test <file> ... [--config <path>]"))
        #expect(page.lines.allSatisfy { $0.count < 80 }, "\(page.lines.filter { $0.count >= 80 })")
    }
}
