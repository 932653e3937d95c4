import Foundation
import MosquittoTesting
import Testing

/// libmosquitto and OpenSSL are loaded the first time MQTT is used, never at start: a
/// daemon without `mqtt:` does not carry their pages (about 1.7 MiB resident), and one
/// on a machine without them runs its lines and says which package MQTT needs.
@Suite("MQTT libraries loaded on first use", .serialized, .tags(.binary, .broker))
struct MQTTLibraryLoadingTests {
    static let libraries = ["libmosquitto.so", "libssl.so", "libcrypto.so"]

    static let lines = """
        chips:
          main: { label: pinctrl-bcm2711 }
        inputs:
          button: { chip: main, line: GPIO17 }
        outputs:
          lamp: { chip: main, line: GPIO5, follows: button }
        """

    /// The libraries of `libraries` that the process `pid` has mapped.
    static func mappedLibraries(pid: Int32) throws -> [String] {
        // Read to its end: Foundation's file reading trusts the size /proc gives (0).
        let maps = try Tools.run("/bin/cat", ["/proc/\(pid)/maps"])
        #expect(maps.status == 0, "\(maps.output)")
        let paths = Set(maps.output.split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) })
        return paths.filter { path in libraries.contains { path.contains($0) } }.sorted()
    }

    @Test("gpioagg names none of libmosquitto, libssl and libcrypto as needed (readelf -d)")
    func noNeededEntries() throws {
        let result = try Tools.run("/usr/bin/env", ["readelf", "-d", BuiltProducts.url("gpioagg").path])
        #expect(result.status == 0, "\(result.output)")
        let needed = result.output.split(separator: "\n").filter { $0.contains("(NEEDED)") }
        #expect(!needed.isEmpty, "\(result.output)")
        let lazy = needed.filter { entry in Self.libraries.contains { entry.contains($0) } }
        #expect(lazy.isEmpty, "\(lazy)")
    }

    @Test("a simulated daemon without mqtt: maps none of them")
    func idleDaemonMapsNone() throws {
        let folder = temporaryDirectory()
        let path = folder + "/gpioagg.yaml"
        try Self.lines.write(toFile: path, atomically: true, encoding: .utf8)
        let daemon = try RunningProduct("gpioagg", ["run", "--simulate", "--config", path,
                                                    "--control", folder + "/control.sock"])
        try #require(daemon.waitForLine("ready"), "\(daemon.finish())")
        let mapped = try Self.mappedLibraries(pid: daemon.process.processIdentifier)
        daemon.send("on button")
        daemon.send("quit")
        let result = daemon.finish()
        #expect(mapped.isEmpty, "\(mapped)")
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.lines.contains("output lamp on"), "\(result.lines)")
    }

    @Test("with mqtt: the daemon loads libmosquitto when MQTT starts, and connects",
          .enabled(if: Tools.haveBroker, Comment(rawValue: Tools.noBroker)))
    func mqttDaemonLoadsAndConnects() throws {
        let broker = try TestBroker()
        let folder = temporaryDirectory()
        let path = folder + "/gpioagg.yaml"
        try (Self.lines + "\nmqtt:\n  broker: \(broker.url)\n  node: shed\n")
            .write(toFile: path, atomically: true, encoding: .utf8)
        let daemon = try RunningProduct("gpioagg", ["run", "--simulate", "--config", path,
                                                    "--control", folder + "/control.sock",
                                                    "--state-dir", folder + "/state"])
        try #require(daemon.waitForLine("ready"), "\(daemon.finish())")
        #expect(try MQTTDaemonTests.waitForRetained(broker, "gpioagg/shed/status", "online"))
        let mapped = try Self.mappedLibraries(pid: daemon.process.processIdentifier)
        #expect(mapped.contains { $0.contains("libmosquitto.so") }, "\(mapped)")
        daemon.send("quit")
        #expect(daemon.finish().status == 0)
    }

    @Test("a library MQTT needs that cannot be loaded: no MQTT, a message naming the Debian package, the lines run on",
          arguments: [("libmosquitto.so.1", "libmosquitto1"), ("libssl.so.3", "libssl3")])
    func unloadableLibrary(library: String, package: String) throws {
        let folder = temporaryDirectory()
        // A library the dynamic loader finds first and cannot load.
        let libraries = folder + "/lib"
        try FileManager.default.createDirectory(atPath: libraries, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: libraries + "/" + library, contents: Data()))
        let path = folder + "/gpioagg.yaml"
        try (Self.lines + "\nmqtt:\n  broker: mqtt://127.0.0.1:1\n  node: shed\n")
            .write(toFile: path, atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        environment["LD_LIBRARY_PATH"] = libraries
        let daemon = try RunningProduct("gpioagg", ["run", "--simulate", "--config", path,
                                                    "--control", folder + "/control.sock",
                                                    "--state-dir", folder + "/state"],
                                        environment: environment)
        try #require(daemon.waitForLine("ready"), "\(daemon.finish())")
        daemon.send("on button")
        daemon.send("quit")
        let result = daemon.finish()
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.lines.contains("output lamp on"), "\(result.lines)")
        let said = result.lines + result.errors.split(separator: "\n").map(String.init)
        #expect(said.contains { $0.contains("no MQTT") && $0.contains(library) }, "\(said)")
        #expect(said.contains { $0.contains("apt install \(package)") }, "\(said)")
    }
}
