#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Control
import Foundation
import Service
import Testing

/// An override's mode across restarts: kept in the state file with its output, and the
/// mode a restart starts in, whatever the output follows.
@Suite("Overrides across a restart")
struct OverrideRestartTests {
    static let text = """
        chips:
          main: { label: pinctrl-bcm2711 }
        inputs:
          want_water: { command: true }
        outputs:
          pump: { chip: main, line: GPIO7, follows: want_water, override: true }
        """

    @Test("off chosen by hand is kept and holds after a restart while what it follows is on; auto is kept too")
    func modeKept() throws {
        let state = MaxOnRestartTests.StateFolder()
        do {
            let rig = try DaemonTests.Rig(Self.text, stateDirectory: state.path)
            try rig.daemon.start()
            #expect(rig.daemon.handle(.set(name: "pump", value: .off)) == .ok)
            #expect(rig.daemon.handle(.set(name: "want_water", value: .on)) == .ok)
            rig.loop.advance(by: .seconds(1))
            #expect(rig.chip.level(of: .name("GPIO7")) == false, "forced off")
            rig.daemon.handle(signal: SIGTERM)
        }
        #expect(state.file.contains("output pump off mode off\n"), "\(state.file)")
        do {
            let rig = try DaemonTests.Rig(Self.text, stateDirectory: state.path)
            try rig.daemon.start()
            #expect(rig.daemon.handle(.set(name: "want_water", value: .on)) == .ok)
            rig.loop.advance(by: .seconds(1))
            #expect(rig.chip.level(of: .name("GPIO7")) == false, "still forced off after the restart")
            #expect(rig.daemon.handle(.set(name: "pump", value: .auto)) == .ok)
            rig.loop.advance(by: .seconds(1))
            #expect(rig.chip.level(of: .name("GPIO7")) == true, "auto: follows want_water")
            rig.daemon.handle(signal: SIGTERM)
        }
        #expect(state.file.contains("output pump on mode auto\n"), "\(state.file)")
        let rig = try DaemonTests.Rig(Self.text, stateDirectory: state.path)
        try rig.daemon.start()
        #expect(rig.daemon.handle(.set(name: "want_water", value: .on)) == .ok)
        rig.loop.advance(by: .seconds(1))
        #expect(rig.chip.level(of: .name("GPIO7")) == true, "auto after the restart")
        rig.daemon.handle(signal: SIGTERM)
    }
}

extension OverrideRestartTests {
    @Test("the start's write of the output keeps the kept mode: a run that changes nothing leaves it in the state file")
    func startKeepsMode() throws {
        let state = MaxOnRestartTests.StateFolder()
        do {
            let rig = try DaemonTests.Rig(Self.text, stateDirectory: state.path)
            try rig.daemon.start()
            #expect(rig.daemon.handle(.set(name: "pump", value: .off)) == .ok)
            rig.daemon.handle(signal: SIGTERM)
        }
        #expect(state.file.contains("output pump off mode off\n"), "\(state.file)")
        let rig = try DaemonTests.Rig(Self.text, stateDirectory: state.path)
        try rig.daemon.start()
        rig.loop.advance(by: .seconds(1))
        rig.daemon.handle(signal: SIGTERM)
        #expect(state.file.contains("output pump off mode off\n"), "\(state.file)")
    }

    @Test("status shows an override's mode beside the output, and in its JSON")
    func statusShowsMode() throws {
        let rig = try DaemonTests.Rig(Self.text)
        try rig.daemon.start()
        #expect(rig.daemon.handle(.set(name: "pump", value: .off)) == .ok)
        let snapshot = rig.daemon.engine.snapshot()
        let line = snapshot.table.split(separator: "\n").first { $0.hasPrefix("  pump") } ?? ""
        #expect(line.hasSuffix("off  (override: off)"), "\(line)")
        #expect(snapshot.json.serialized.contains(#""modes":{"pump":"off"}"#), "\(snapshot.json.serialized)")
        rig.daemon.handle(signal: SIGTERM)
    }
}
