import GPIO
import GPIOSimulated

/// A backend in front of another that records each `setValues` call, to check that the
/// engine writes each chip once per event. Not a simulated backend as far as the engine
/// can tell.
final class RecordingBackend: GPIOBackend, @unchecked Sendable {
    struct SetValuesCall: Hashable {
        var chip: String
        var values: [UInt32: Bool]
    }

    let inner: any GPIOBackend
    private(set) var calls: [SetValuesCall] = []
    /// When set, the next `setValues` on this chip fails with it.
    var failNextWrite: (chip: String, error: GPIOError)?

    init(_ inner: any GPIOBackend) { self.inner = inner }

    func chips() throws(GPIOError) -> [ChipInfo] { try inner.chips() }

    func openChip(_ locator: ChipLocator) throws(GPIOError) -> any GPIOChip {
        RecordingChip(inner: try inner.openChip(locator), backend: self)
    }

    func record(_ chip: String, _ values: [(offset: UInt32, value: Bool)]) throws(GPIOError) {
        if let failure = failNextWrite, failure.chip == chip {
            failNextWrite = nil
            throw failure.error
        }
        calls.append(SetValuesCall(chip: chip, values: Dictionary(values.map { ($0.offset, $0.value) },
                                                                  uniquingKeysWith: { $1 })))
    }

    func calls(on chip: String) -> [SetValuesCall] { calls.filter { $0.chip == chip } }

    final class RecordingChip: GPIOChip {
        let inner: any GPIOChip
        unowned let backend: RecordingBackend

        init(inner: any GPIOChip, backend: RecordingBackend) {
            self.inner = inner
            self.backend = backend
        }

        var info: ChipInfo { inner.info }
        func lineInfo(_ offset: UInt32) throws(GPIOError) -> LineInfo { try inner.lineInfo(offset) }
        func requestInputs(_ lines: [InputLineConfig], consumer: String,
                           eventBufferSize: Int) throws(GPIOError) -> any InputRequest {
            try inner.requestInputs(lines, consumer: consumer, eventBufferSize: eventBufferSize)
        }
        func requestOutputs(_ lines: [OutputLineConfig], consumer: String) throws(GPIOError) -> any OutputRequest {
            RecordingOutputRequest(inner: try inner.requestOutputs(lines, consumer: consumer), backend: backend)
        }
        func close() { inner.close() }
    }

    final class RecordingOutputRequest: OutputRequest {
        let inner: any OutputRequest
        unowned let backend: RecordingBackend

        init(inner: any OutputRequest, backend: RecordingBackend) {
            self.inner = inner
            self.backend = backend
        }

        var chip: ChipInfo { inner.chip }
        var offsets: [UInt32] { inner.offsets }
        func values() throws(GPIOError) -> [Bool] { try inner.values() }
        func setValues(_ values: [(offset: UInt32, value: Bool)]) throws(GPIOError) {
            try backend.record(inner.chip.name, values)
            try inner.setValues(values)
        }
        func release() { inner.release() }
    }
}
