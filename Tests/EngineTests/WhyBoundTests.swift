import Config
@testable import Engine
import Testing

/// `why` stays small however wide the graph is: an `any` over 20,000 command inputs,
/// explained from the output that follows it, from the signal itself and from a cover
/// whose `closed:` it is. The answer names a few operands and how many more there are;
/// it never walks the whole operand set.
@Suite("why is bounded")
struct WhyBoundTests {
    static let operandCount = 20_000
    /// Far above what a bounded answer needs, far below one line per operand.
    static let lineBound = 64
    static let byteBound = 16 * 1024
    /// Inputs `why` may look at: the remark is asked once for each input it describes.
    static let visitBound = 32

    static let text = """
        chips:
          main: { label: pinctrl-bcm2711 }
        inputs:
          cmd0: { command: true }
        signals:
          any_on: { any: [cmd0] }
        outputs:
          led: { chip: main, line: GPIO5, follows: any_on }
          door_relay: { chip: main, line: GPIO8, pulse: 500ms }
        covers:
          garage_door: { relay: door_relay, closed: any_on, travel: 15s }
        """

    /// The configuration above with `any_on` over `operandCount` command inputs, 8 of
    /// them on, spread out (as `gpioagg-bench --filter engineWhy`).
    static func harness() throws -> EngineHarness {
        var configuration = try ConfigLoader.parse(text, file: Fixtures.file)
        let names = (0..<operandCount).map { "cmd\($0)" }
        let place = configuration.commandInputs[0].location
        configuration.commandInputs = names.map { CommandInputDeclaration(name: $0, location: place) }
        let index = try #require(configuration.signals.firstIndex { $0.name == "any_on" })
        configuration.signals[index].expression = .any(names)
        let harness = EngineHarness(configuration)
        try harness.start()
        for on in stride(from: operandCount / 16, to: operandCount, by: operandCount / 8) {
            harness.engine.setInput(names[on], to: true)
        }
        return harness
    }

    @Test("why from an output, a signal and a cover over 20,000 operands: a few lines, a few operands looked at",
          arguments: ["led", "any_on", "garage_door"])
    func bounded(name: String) throws {
        let harness = try Self.harness()
        var visited = 0
        let lines = try #require(harness.engine.explain(name, remark: { _ in visited += 1; return nil }))
        let bytes = lines.reduce(0) { $0 + $1.utf8.count + 1 }
        #expect(lines.count <= Self.lineBound, "\(lines.count) lines")
        #expect(bytes <= Self.byteBound, "\(bytes) bytes")
        #expect(visited <= Self.visitBound, "\(visited) inputs described")
        #expect(lines.contains { $0.contains("cmd0 off: command input") }, "\(lines.prefix(20))")
        #expect(lines.contains { $0.contains("19992 more") }, "the rest counted: \(lines.prefix(20))")
    }

    @Test("a signal's line shows its first operands and how many more: any: [cmd0, ..., and 19992 more]")
    func signalLine() throws {
        let harness = try Self.harness()
        let lines = try #require(harness.engine.explain("any_on", depth: 0))
        #expect(lines.count == 1)
        #expect(lines[0].hasPrefix("any_on on: signal any: [cmd0, cmd1, cmd2, cmd3, cmd4, cmd5, cmd6, cmd7, and 19992 more]; on "),
                "\(lines[0].prefix(300))")
    }
}
