/// A source of GPIO chips: the kernel through libgpiod, or in-process simulated chips.
///
/// The engine and the command line see only these protocols, so everything above them
/// runs unchanged on either backend.
///
/// ```swift
/// let chip = try backend.openChip(ChipLocator("pinctrl-bcm2711"))
/// let offset = try chip.lineOffset(LineLocator("GPIO17"))
/// let inputs = try chip.requestInputs([InputLineConfig(offset: offset, activeLow: true,
///                                                      bias: .pullUp)],
///                                     consumer: "gpioagg")
/// ```
public protocol GPIOBackend: AnyObject, Sendable {
    /// Every chip, ordered by chip number. Chips that cannot be opened are left out.
    func chips() throws(GPIOError) -> [ChipInfo]

    /// Opens one chip. `.chipNotFound` lists the chips that exist.
    func openChip(_ locator: ChipLocator) throws(GPIOError) -> any GPIOChip

    /// The board these chips are known to be (a simulated board), else nil: line errors
    /// on its chips then speak of the board (`LineLookup`).
    var board: BoardProfile? { get }
}

extension GPIOBackend {
    /// The kernel's chips are whatever board they are on.
    public var board: BoardProfile? { nil }
}

/// An open chip. Closing it does not release the lines requested through it.
public protocol GPIOChip: AnyObject {
    var info: ChipInfo { get }

    func lineInfo(_ offset: UInt32) throws(GPIOError) -> LineInfo

    /// Requests lines as inputs with edge detection on both edges.
    ///
    /// - Parameter eventBufferSize: how many events the kernel keeps for this request
    ///   before it drops some (libgpiod v2; 0 picks the kernel's default). libgpiod v1's
    ///   buffer is fixed at 16 events per line.
    func requestInputs(_ lines: [InputLineConfig], consumer: String,
                       eventBufferSize: Int) throws(GPIOError) -> any InputRequest

    /// Requests lines as outputs, each driven to its `initial` value at once.
    func requestOutputs(_ lines: [OutputLineConfig],
                        consumer: String) throws(GPIOError) -> any OutputRequest

    func close()
}

extension GPIOChip {
    public func requestInputs(_ lines: [InputLineConfig],
                              consumer: String) throws(GPIOError) -> any InputRequest {
        try requestInputs(lines, consumer: consumer, eventBufferSize: 0)
    }

    /// Every line's info, in offset order.
    public func lineInfos() throws(GPIOError) -> [LineInfo] {
        var infos: [LineInfo] = []
        infos.reserveCapacity(info.lineCount)
        for offset in 0..<UInt32(info.lineCount) {
            infos.append(try lineInfo(offset))
        }
        return infos
    }

    /// The offset of a line named by offset, by name or by header pin. An unknown name is
    /// an error that suggests the nearest names on this chip; a header pin resolves only
    /// on the Raspberry Pi header's controller.
    public func lineOffset(_ line: LineLocator) throws(GPIOError) -> UInt32 {
        var lookup = LineLookup(chip: info) { () throws(GPIOError) -> [String] in try self.lineInfos().map(\.name) }
        return try lookup.offset(of: line)
    }
}

/// Lines held by one request. Releasing (or deinitialising) gives them back to the kernel,
/// which then leaves outputs at whatever level the driver chooses: set safe values first.
public protocol LineRequest: AnyObject {
    var chip: ChipInfo { get }
    /// The requested offsets, in request order. Values are in the same order.
    var offsets: [UInt32] { get }
    /// The logical values of all lines, in `offsets` order.
    func values() throws(GPIOError) -> [Bool]
    func release()
}

/// Input lines with edge detection.
///
/// The engine polls `fileDescriptors` for readability (`POLLIN`) and calls `readEvents`
/// with the descriptor that is ready. Reads never block: a descriptor that has nothing
/// yields no events.
public protocol InputRequest: LineRequest {
    /// The descriptors to poll: one per request (libgpiod v2, simulated) or one per line
    /// (libgpiod v1).
    var fileDescriptors: [Int32] { get }

    /// Whether the configured debounce periods are applied before events are queued.
    /// When false, `InputTracker` debounces in software on the events' timestamps.
    var debouncesInKernel: Bool { get }

    /// Whether events carry sequence numbers, so that a gap reveals dropped events.
    var numbersEvents: Bool { get }

    /// How many events the kernel keeps per poll descriptor before it drops some:
    /// reading exactly this many in one go means some may have been lost.
    var eventBufferCapacity: Int { get }

    /// Appends the events waiting on `fileDescriptor` to `events`, oldest first, and
    /// returns how many it appended.
    @discardableResult
    func readEvents(from fileDescriptor: Int32,
                    into events: inout [EdgeEvent]) throws(GPIOError) -> Int
}

/// Output lines.
public protocol OutputRequest: LineRequest {
    /// Sets several lines in one call (one ioctl for the kernel backends). Offsets not in
    /// this request are an error.
    func setValues(_ values: [(offset: UInt32, value: Bool)]) throws(GPIOError)
}
