import Foundation
import Testing

/// The floors of Package.swift, read from the manifest as SwiftPM evaluates it
/// (`swift package dump-package`): what a low module may not reach, directly or through
/// another.
@Suite("Package layers")
struct PackageLayerTests {
    /// The manifest's targets, as SwiftPM reads it.
    static func targets() throws -> [[String: Any]] {
        let scratch = NSTemporaryDirectory() + "gpioagg-dump-package"
        let run = try RunningProduct(shell: "swift package --package-path '\(MakefileTests.root)' --scratch-path '\(scratch)' dump-package")
        run.closeInput()
        let result = run.finish()
        #expect(result.status == 0, "\(result.errors)")
        let data = Data(result.lines.joined(separator: "\n").utf8)
        let manifest = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(manifest["targets"] as? [[String: Any]])
    }

    /// Each target's direct dependencies (targets and products), by target name.
    static func dependencies() throws -> [String: [String]] {
        let targets = try targets()
        var table: [String: [String]] = [:]
        for target in targets {
            let name = try #require(target["name"] as? String)
            let entries = target["dependencies"] as? [[String: Any]] ?? []
            table[name] = entries.compactMap { entry in
                // {"byName": [NAME, condition]}, {"target": [NAME, condition]} or
                // {"product": [NAME, PACKAGE, ...]}: the name comes first.
                (entry.values.first as? [Any])?.first as? String
            }
        }
        return table
    }

    /// Everything `target` depends on, through any number of targets.
    static func reach(of target: String, in table: [String: [String]]) -> Set<String> {
        var seen: Set<String> = []
        var pending = table[target] ?? []
        while let next = pending.popLast() {
            guard seen.insert(next).inserted else { continue }
            pending += table[next] ?? []
        }
        return seen
    }

    @Test("Loop reaches neither Reactive nor OpenCombine: the event loop needs no Combine")
    func loopHasNoCombine() throws {
        let table = try Self.dependencies()
        let reach = Self.reach(of: "Loop", in: table)
        #expect(!reach.isEmpty)
        #expect(!reach.contains("Reactive"), "\(reach.sorted())")
        #expect(!reach.contains("OpenCombine"), "\(reach.sorted())")
        // The scheduler lives on, beside it.
        #expect(Self.reach(of: "LoopCombine", in: table).isSuperset(of: ["Loop", "Reactive"]))
    }

    @Test("Config reads Home Assistant's classes without the HomeAssistant module's publishing code")
    func configHasNoHomeAssistant() throws {
        let table = try Self.dependencies()
        let reach = Self.reach(of: "Config", in: table)
        #expect(reach.contains("HomeAssistantClasses"), "\(reach.sorted())")
        #expect(!reach.contains("HomeAssistant"), "\(reach.sorted())")
        #expect(!reach.contains("JSON"), "\(reach.sorted())")
    }

    @Test("Scenario (gpioagg test) reaches neither Service nor MQTT: no broker, OpenSSL or systemd code in a test run")
    func scenarioHasNoServiceOrMQTT() throws {
        let table = try Self.dependencies()
        let reach = Self.reach(of: "Scenario", in: table)
        #expect(reach.isSuperset(of: ["Engine", "GPIOSimulated", "LoopEmbedded"]), "\(reach.sorted())")
        for module in ["Service", "MQTT", "CMosquitto", "CMosquittoTLS", "CSystemd"] {
            #expect(!reach.contains(module), "Scenario reaches \(module): \(reach.sorted())")
        }
    }

    @Test("Bridge (the engine on MQTT) reaches no libmosquitto: the daemon hands it its transport, gpioagg test the twin")
    func bridgeHasNoMosquitto() throws {
        let table = try Self.dependencies()
        let reach = Self.reach(of: "Bridge", in: table)
        #expect(reach.isSuperset(of: ["Engine", "MQTTCore", "HomeAssistant"]), "\(reach.sorted())")
        for module in ["MQTT", "CMosquitto", "CMosquittoTLS", "MQTTEmbedded", "Service"] {
            #expect(!reach.contains(module), "Bridge reaches \(module): \(reach.sorted())")
        }
        #expect(Self.reach(of: "Scenario", in: table).isSuperset(of: ["Bridge", "MQTTEmbedded"]))
        #expect(Self.reach(of: "Service", in: table).contains("Bridge"))
    }

    @Test("docs/dev/ARCHITECTURE.md draws every module of the daemon and describes every target in its table")
    func architectureNamesEveryModule() throws {
        let text = try String(contentsOfFile: MakefileTests.root + "/docs/dev/ARCHITECTURE.md", encoding: .utf8)
        let modules = try #require(text.components(separatedBy: "## Modules").dropFirst().first)
        let diagram = try #require(modules.components(separatedBy: "```").dropFirst().first)
        let drawn = Set(diagram.split { !($0.isLetter || $0.isNumber || $0 == "-") }.map(String.init))
        for target in try Self.targets() {
            let name = try #require(target["name"] as? String)
            let type = target["type"] as? String ?? ""
            guard type != "test", name != "TestSupport", !name.hasSuffix("Testing") else { continue }
            let described = modules.contains("| `\(name)`")
            #expect(described, "no row for \(name)")
            guard type != "executable" || name == "gpioagg" else { continue }
            let inDiagram = drawn.contains(name)
            #expect(inDiagram, "\(name) is not in the diagram")
        }
    }

    @Test("Control reaches neither Engine, Config nor Combine: the wire protocol shows a snapshot of Values")
    func controlHasNoEngine() throws {
        let table = try Self.dependencies()
        let reach = Self.reach(of: "Control", in: table)
        #expect(reach.contains("Values"), "\(reach.sorted())")
        for module in ["Engine", "Config", "CYAML", "Reactive", "OpenCombine"] {
            #expect(!reach.contains(module), "Control reaches \(module): \(reach.sorted())")
        }
    }

    @Test("Loop and its twin reach no GPIO: their clock is SystemCore's")
    func loopHasNoGPIO() throws {
        let table = try Self.dependencies()
        for loop in ["Loop", "LoopEmbedded"] {
            let reach = Self.reach(of: loop, in: table)
            #expect(reach.contains("SystemCore"), "\(reach.sorted())")
            #expect(!reach.contains("GPIO"), "\(loop) reaches GPIO: \(reach.sorted())")
        }
    }

    @Test("The daemon and the command line do not take the twin for a clock; Service has no command-line parser")
    func productionHasNoTwin() throws {
        let table = try Self.dependencies()
        // gpioagg test runs on the twin through Scenario; the command line itself never names it.
        #expect(!(table["gpioagg"] ?? []).contains("LoopEmbedded"), "\(table["gpioagg"] ?? [])")
        let service = Self.reach(of: "Service", in: table)
        #expect(!service.contains("LoopEmbedded"), "\(service.sorted())")
        #expect(!service.contains("CommandParsing"), "\(service.sorted())")
    }

    @Test("Config and Engine reach the PWM and sensor value types, not the modules that do their sysfs I/O")
    func configHasNoSysfs() throws {
        let table = try Self.dependencies()
        let config = Self.reach(of: "Config", in: table)
        #expect(config.isSuperset(of: ["PWMCore", "SensorsCore"]), "\(config.sorted())")
        for module in ["PWM", "Sensors"] {
            #expect(!config.contains(module), "Config reaches \(module): \(config.sorted())")
        }
        let engine = Self.reach(of: "Engine", in: table)
        #expect(!engine.contains("PWM"), "Engine reaches PWM: \(engine.sorted())")
        #expect(!Self.reach(of: "PWMSimulated", in: table).contains("PWM"))
        // The sysfs modules bring their value types with them.
        #expect(Self.reach(of: "PWM", in: table).contains("PWMCore"))
        #expect(Self.reach(of: "Sensors", in: table).contains("SensorsCore"))
    }

    @Test("Every module imports only modules it depends on, directly or through others")
    func importsFollowTheManifest() throws {
        let table = try Self.dependencies()
        let targets = Set(table.keys)
        let root = MakefileTests.root + "/Sources"
        let files = try #require(FileManager.default.enumerator(atPath: root)?.allObjects as? [String])
        for file in files where file.hasSuffix(".swift") {
            let module = String(file.prefix { $0 != "/" })
            guard table[module] != nil else { continue }
            let reach = Self.reach(of: module, in: table)
            let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
                      words[..<index].allSatisfy({ $0.hasPrefix("@") }) else { continue }
                let imported = String(words[index + 1])
                guard targets.contains(imported), imported != module else { continue }
                #expect(reach.contains(imported), "Sources/\(file) imports \(imported), which \(module) does not depend on")
            }
        }
    }
}
