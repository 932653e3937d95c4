import Foundation
import Testing

/// The floors of Package.swift, read from the manifest as SwiftPM evaluates it
/// (`swift package dump-package`): what a low module may not reach, directly or through
/// another.
@Suite("Package layers")
struct PackageLayerTests {
    /// Each target's direct dependencies (targets and products), by target name.
    static func dependencies() throws -> [String: [String]] {
        let scratch = NSTemporaryDirectory() + "gpioagg-dump-package"
        let run = try RunningProduct(shell: "swift package --package-path '\(MakefileTests.root)' --scratch-path '\(scratch)' dump-package")
        run.closeInput()
        let result = run.finish()
        #expect(result.status == 0, "\(result.errors)")
        let data = Data(result.lines.joined(separator: "\n").utf8)
        let manifest = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let targets = try #require(manifest["targets"] as? [[String: Any]])
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
}
