import Foundation
import Testing

/// What the Makefile's targets do, read with `make -n` (which runs nothing): `make run`
/// builds only the product it runs, `make install` needs no Swift, and the MQTT drop-in
/// is installed only when asked for.
@Suite("Makefile")
struct MakefileTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// The commands `make -n TARGET` prints, with `variables` set (e.g. `SWIFT=...`).
    static func dryRun(_ target: String, _ variables: [String] = []) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["make", "-n", "-C", root, target] + variables
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test("make run builds only gpioagg: not the benchmarks, the kernel check or the tests")
    func runBuildsOnlyWhatItRuns() throws {
        let commands = try Self.dryRun("run", ["SWIFT=swift-for-test"])
        let builds = commands.filter { $0.contains("swift-for-test") }
        #expect(builds == ["swift-for-test build --product gpioagg --scratch-path .build"], "\(commands)")
        #expect(commands.contains { $0.contains(".build/debug/gpioagg --simulate") })
    }

    @Test("make install runs no Swift: it installs what make release built, so sudo needs no toolchain")
    func installNeedsNoSwift() throws {
        let commands = try Self.dryRun("install", ["SWIFT=swift-for-test", "DESTDIR=/tmp/none"])
        #expect(!commands.contains { $0.contains("swift-for-test") }, "\(commands)")
        #expect(commands.contains { $0.contains("install") && $0.contains(".build-release/release/gpioagg") }, "\(commands)")
    }

    @Test("make install WEB=yes adds the drop-in that lets web: listen on an address; plain make install does not")
    func installWebDropInOnlyWhenAsked() throws {
        let dropIn = "/tmp/none/etc/systemd/system/gpioagg.service.d/web.conf"
        let asked = try Self.dryRun("install", ["WEB=yes", "DESTDIR=/tmp/none"])
        #expect(asked.contains { $0.contains("systemd/gpioagg.service.d/web.conf") && $0.hasSuffix(dropIn) }, "\(asked)")
        let plain = try Self.dryRun("install", ["DESTDIR=/tmp/none"])
        #expect(!plain.contains { $0.contains("web.conf") }, "\(plain)")
    }

    @Test("make install MQTT=yes adds the drop-in that gives the unit a network; plain make install does not")
    func installMQTTDropInOnlyWhenAsked() throws {
        let dropIn = "/tmp/none/etc/systemd/system/gpioagg.service.d/mqtt.conf"
        let asked = try Self.dryRun("install", ["MQTT=yes", "DESTDIR=/tmp/none"])
        #expect(asked.contains { $0.contains("systemd/gpioagg.service.d/mqtt.conf") && $0.hasSuffix(dropIn) }, "\(asked)")
        let plain = try Self.dryRun("install", ["DESTDIR=/tmp/none"])
        #expect(!plain.contains { $0.contains("mqtt.conf") }, "\(plain)")
        #expect(plain.contains { $0.contains("gpioagg.service") }, "\(plain)")
    }

    @Test("make test runs the example test files with the debug build of gpioagg")
    func testRunsExamples() throws {
        let commands = try Self.dryRun("test-examples", ["SWIFT=swift-for-test"])
        let build = commands.firstIndex(of: "swift-for-test build --product gpioagg --scratch-path .build")
        let run = commands.firstIndex { $0.hasSuffix(" .build/debug/gpioagg test config/examples/*.test.yaml") }
        #expect(build != nil && run != nil && build! < run!, "\(commands)")
        let all = try Self.dryRun("test", ["SWIFT=swift-for-test"])
        #expect(all.contains { $0.hasSuffix(" .build/debug/gpioagg test config/examples/*.test.yaml") }, "\(all)")
    }

    @Test("every test run in make test ends within its limit, and a crash under a sanitizer is not left to Swift's backtracer")
    func testRunsAreBounded() throws {
        let all = try Self.dryRun("test", ["SWIFT=swift-for-test", "TEST_LIMIT=7m"])
        let runs = all.filter { $0.contains("swift-for-test test ") || $0.contains("gpioagg test ") }
        #expect(runs.count == 4, "plain, TSan, ASan and the examples: \(all)")
        #expect(runs.allSatisfy { $0.contains("timeout --kill-after=30s 7m ") }, "\(runs)")
        let sanitized = all.enumerated().filter { $0.element.contains("--sanitize=") && $0.element.contains(" test ") }
        #expect(sanitized.count == 2)
        for (index, line) in sanitized {
            // The ASan run's environment is on the line before (a continued command).
            let command = (index > 0 && all[index - 1].hasSuffix("\\") ? all[index - 1] : "") + line
            #expect(command.contains("SWIFT_BACKTRACE=enable=no"), "\(command)")
        }
    }

    @Test("every swift test run in make test leaves out XCTest, which has no tests here and would print Executed 0 tests")
    func testRunsSkipXCTest() throws {
        let all = try Self.dryRun("test", ["SWIFT=swift-for-test"])
        let runs = all.filter { $0.contains("swift-for-test test ") }
        #expect(runs.count == 3, "plain, TSan and ASan: \(all)")
        #expect(runs.allSatisfy { $0.contains(" --disable-xctest") }, "\(runs)")
        let tests = try FileManager.default.subpathsOfDirectory(atPath: Self.root + "/Tests")
            .filter { $0.hasSuffix(".swift") }
        for file in tests {
            let text = try String(contentsOfFile: Self.root + "/Tests/" + file, encoding: .utf8)
            // Spelled in two pieces, so that this file does not match itself.
            #expect(!text.contains("import " + "XCTest"), "\(file) holds XCTest tests, which --disable-xctest would skip")
        }
    }

    @Test("the kernel suite names each guest run differently, so that its summary lines tell them apart")
    func kernelSuiteLabels() throws {
        let suite = try String(contentsOfFile: Self.root + "/scripts/kernel-test/suite", encoding: .utf8)
        let labels = suite.split(separator: "\n").filter { $0.hasPrefix("run_guest ") }
            .map { $0.split(separator: "\"")[1] }
        #expect(labels == ["libgpiod v1", "the daemon, libgpiod v1", "libgpiod v2", "sensors", "pwm", "the daemon's PWM outputs",
                           "the daemon's times of day"],
                "\(labels)")
    }

    @Test("make release links the start's functions first, from the committed order file, and exports no symbols")
    func releaseLinkOrdersStartupCode() throws {
        let commands = try Self.dryRun("release", ["SWIFT=swift-for-test"])
        let build = try #require(commands.first { $0.hasPrefix("swift-for-test build -c release") }, "\(commands)")
        let order = Self.root + "/scripts/release/startup.order"
        #expect(build.contains("-Xlinker --symbol-ordering-file=\(order)"), "\(build)")
        #expect(build.contains("-Xlinker --no-export-dynamic"), "\(build)")
        let names = try String(contentsOfFile: order, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
        // The engine's start, the config's loading and the runtime's: well over a thousand.
        #expect(names.count > 1000, "\(names.count) functions in \(order)")
        #expect(names.contains { $0.contains("6Engine") }, "the engine's functions are in \(order)")
    }
}
