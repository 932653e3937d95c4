#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Config
import Control
import Service
import TestSupport
import Testing
import Values

/// An interlock holds whatever asks its outputs: `gpioagg set` (the control socket), MQTT's
/// `/set`, an output following an input, a cover, and reloads among them. The whole daemon
/// in virtual time; the simulated chip's writes are the judge.
@Suite("Interlocks from every front-end in virtual time")
struct InterlockFrontEndTests {
    typealias Rig = MQTTBridgeTests.Rig

    static let body = """
        inputs:
          forward: { chip: main, line: GPIO17 }
        outputs:
          pump_a: { chip: main, line: GPIO5, command: true }
          pump_b: { chip: main, line: GPIO6, command: true }
          pump_c: { chip: main, line: GPIO13, follows: forward }
          blinds_up: { chip: main, line: GPIO9 }
          blinds_down: { chip: main, line: GPIO10 }
        covers:
          blinds: { up: blinds_up, down: blinds_down, travel: 2s }
        interlocks:
          pumps: { outputs: [pump_a, pump_b, pump_c], wait: 300ms }
          blinds_motor: { outputs: [blinds_up, blinds_down], wait: 200ms }
        """

    @Test("control socket, MQTT, an input, a cover and 10 reloads a second, for 60 s: never two on, never less than the wait")
    func everyFrontEnd() throws {
        let rig = try Rig(Self.body)
        rig.connect()
        let daemon = rig.daemon
        let chip = daemon.chip
        var random = SplitMix64(state: 4)
        var writes: [InterlockAudit.Write] = []
        var seen = 0
        var reloads = 0
        for _ in 0..<1_200 {
            switch random.below(8) {
            case 0: _ = daemon.daemon.handle(.set(name: "pump_a", value: random.below(2) == 0 ? .on : .off))
            case 1: _ = daemon.daemon.handle(.set(name: "pump_b", value: random.below(2) == 0 ? .on : .toggle))
            case 2: rig.publish("gpioagg/garage/pump_a/set", random.below(2) == 0 ? "ON" : "OFF")
            case 3: rig.publish("gpioagg/garage/pump_b/set", random.below(2) == 0 ? "ON" : "OFF")
            case 4: chip.setActive(.name("GPIO17"), random.below(2) == 0)
            case 5:
                let words: [SetValue] = [.cover(.open), .cover(.close), .cover(.stop)]
                _ = daemon.daemon.handle(.set(name: "blinds", value: words[random.below(3)]))
            default:
                reloads += 1
                try daemon.rewrite(Rig.config(node: "garage", Self.body) + "\n# reload \(reloads)\n")
                daemon.daemon.handle(signal: SIGHUP)
            }
            daemon.loop.run()
            daemon.loop.advance(by: .milliseconds(random.below(4) == 0 ? 150 : 25))
            let count = chip.writeCount
            writes += chip.writes.suffix(count - seen).map { .init(line: $0.offset, isOn: $0.value, at: $0.timestamp) }
            seen = count
        }
        #expect(reloads > 100)
        let pumps = ["GPIO5", "GPIO6", "GPIO13"].compactMap { chip.offset(of: .name($0)) }
        let motors = ["GPIO9", "GPIO10"].compactMap { chip.offset(of: .name($0)) }
        #expect(writes.filter { Set(pumps).contains($0.line) && $0.isOn }.count > 20, "the pumps were switched")
        #expect(InterlockAudit(members: Set(pumps), wait: 300_000_000).violations(in: writes) == [])
        #expect(InterlockAudit(members: Set(motors), wait: 200_000_000).violations(in: writes) == [])
        #expect(daemon.daemon.state == .running)
        daemon.daemon.handle(signal: SIGTERM)
    }
}
