#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import GPIO

/// A backend whose input events are handed over in memory: the benchmark pushes an edge
/// and calls the descriptor's handler itself, so that the `engine` rows time the
/// engine's own path (tracker, graph, batching, write) without the simulated chip's
/// pipe, whose two system calls per event cost more than the engine does.
final class EngineBenchBackend: GPIOBackend, @unchecked Sendable {
    let chip: EngineBenchChip

    init(lineCount: Int) {
        chip = EngineBenchChip(lineCount: lineCount)
    }

    func chips() throws(GPIOError) -> [ChipInfo] { [chip.info] }

    func openChip(_ locator: ChipLocator) throws(GPIOError) -> any GPIOChip {
        guard locator.matches(chip.info) else { throw .chipNotFound(locator, available: [chip.info]) }
        return chip
    }
}

/// One chip of `EngineBenchBackend`: line levels in an array, writes counted.
///
/// The stand-in for the kernel should cost next to nothing, so that the rows time the
/// engine: state touched per event is `@exclusivity(unchecked)` (one thread, no access
/// spans a call out), and the requests reach the chip through `unowned(unsafe)`
/// references (the benchmark keeps the chip until the engine has stopped). Checked,
/// they cost about 330 instructions per event, a tenth of the engine's own path.
final class EngineBenchChip: GPIOChip {
    let info: ChipInfo
    @exclusivity(unchecked) var levels: [Bool]
    private(set) var inputRequests: [EngineBenchInputRequest] = []
    @exclusivity(unchecked) var writeCount = 0

    init(lineCount: Int) {
        info = ChipInfo(path: "/dev/gpiochip9", name: "gpiochip9", label: "bench", lineCount: lineCount)
        levels = Array(repeating: false, count: lineCount)
    }

    func lineInfo(_ offset: UInt32) throws(GPIOError) -> LineInfo { LineInfo(offset: offset) }

    func requestInputs(_ lines: [InputLineConfig], consumer: String,
                       eventBufferSize: Int) throws(GPIOError) -> any InputRequest {
        let request = try EngineBenchInputRequest(chip: self, offsets: lines.map(\.offset))
        inputRequests.append(request)
        return request
    }

    func requestOutputs(_ lines: [OutputLineConfig], consumer: String) throws(GPIOError) -> any OutputRequest {
        for line in lines { levels[Int(line.offset)] = line.initial }
        return EngineBenchOutputRequest(chip: self, offsets: lines.map(\.offset))
    }

    func close() {}

    /// The request holding `offset`.
    func inputRequest(holding offset: UInt32) -> EngineBenchInputRequest {
        inputRequests.first { $0.offsets.contains(offset) }!
    }
}

final class EngineBenchInputRequest: InputRequest {
    unowned(unsafe) let benchChip: EngineBenchChip
    let offsets: [UInt32]
    /// A real descriptor (never written), so that a loop can watch it.
    let descriptor: Int32
    private let spare: Int32
    @exclusivity(unchecked) private var pending: EdgeEvent?
    @exclusivity(unchecked) private var sequence: UInt64 = 0

    init(chip: EngineBenchChip, offsets: [UInt32]) throws(GPIOError) {
        benchChip = chip
        self.offsets = offsets
        var ends: [Int32] = [0, 0]
        do throws(SystemCallError) {
            try SystemCall.retrying("pipe") { pipe(&ends) }
        } catch {
            throw .system(error.call, errno: error.errno, detail: error.reason)
        }
        descriptor = ends[0]
        spare = ends[1]
    }

    deinit {
        SystemCall.close(descriptor)
        SystemCall.close(spare)
    }

    var chip: ChipInfo { benchChip.info }
    var fileDescriptors: [Int32] { [descriptor] }
    var debouncesInKernel: Bool { true }
    var numbersEvents: Bool { true }
    var eventBufferCapacity: Int { 16 * offsets.count }

    func values() throws(GPIOError) -> [Bool] { offsets.map { benchChip.levels[Int($0)] } }

    /// Moves a line and queues its edge, as an interrupt would.
    @inline(__always)
    func push(_ offset: UInt32, _ level: Bool, at timestamp: UInt64) {
        benchChip.levels[Int(offset)] = level
        sequence &+= 1
        pending = EdgeEvent(offset: offset, edge: level ? .rising : .falling, timestamp: timestamp,
                            globalSequence: sequence, lineSequence: 0)
    }

    func readEvents(from fileDescriptor: Int32, into events: inout [EdgeEvent]) throws(GPIOError) -> Int {
        guard let event = pending else { return 0 }
        pending = nil
        events.append(event)
        return 1
    }

    func release() {}
}

final class EngineBenchOutputRequest: OutputRequest {
    unowned(unsafe) let benchChip: EngineBenchChip
    let offsets: [UInt32]

    init(chip: EngineBenchChip, offsets: [UInt32]) {
        benchChip = chip
        self.offsets = offsets
    }

    var chip: ChipInfo { benchChip.info }

    func values() throws(GPIOError) -> [Bool] { offsets.map { benchChip.levels[Int($0)] } }

    func setValues(_ values: [(offset: UInt32, value: Bool)]) throws(GPIOError) {
        let chip = benchChip
        for (offset, value) in values { chip.levels[Int(offset)] = value }
        chip.writeCount += 1
    }

    func release() {}
}
