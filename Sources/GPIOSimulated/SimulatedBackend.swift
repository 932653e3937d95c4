import Locks
import GPIO
import Loop

/// In-process GPIO chips behind the same protocol as the kernel backend, for tests and
/// `gpioagg --simulate`.
///
/// ```swift
/// let backend = SimulatedBackend.raspberryPi(clock: loop)
/// let chip = try backend.openChip(ChipLocator("pinctrl-bcm2711"))
/// ```
public final class SimulatedBackend: GPIOBackend, @unchecked Sendable {
    public let simulatedChips: [SimulatedChip]
    /// The board whose chips these are (`board(_:clock:)`), so that a line error on one
    /// of them speaks of the board as `gpioagg check --board` does.
    public let board: BoardProfile?

    public init(chips: [SimulatedChip], board: BoardProfile? = nil) {
        simulatedChips = chips
        self.board = board
    }

    /// The header controller of `BoardProfile.pi4`: `gpiochip0`, label
    /// `pinctrl-bcm2711`, 58 lines named as the Pi 4's device tree names them (`ID_SDA`,
    /// `ID_SCL`, `GPIO2` to `GPIO27`, then the board's own lines).
    public static func raspberryPi(clock: any EventLoop,
                                   numbering: SimulatedChip.EventNumbering = .numbered) -> SimulatedBackend {
        let chip = BoardProfile.pi4.headerController
        return SimulatedBackend(chips: [SimulatedChip(chip, numbering: numbering, clock: clock)])
    }

    /// Every chip of a board, named and labelled as its kernel shows them, each line
    /// named as its device tree names it: a wrong chip or line name fails as it would
    /// on the board.
    ///
    /// ```swift
    /// let backend = SimulatedBackend.board(.pi5, clock: loop)
    /// try backend.openChip(ChipLocator("pinctrl-rp1"))   // gpiochip0, 54 lines
    /// ```
    public static func board(_ profile: BoardProfile, clock: any EventLoop,
                             numbering: SimulatedChip.EventNumbering = .numbered) -> SimulatedBackend {
        SimulatedBackend(chips: profile.chips.map { SimulatedChip($0, numbering: numbering, clock: clock) }, board: profile)
    }

    /// The simulated chip a locator names, for driving its lines.
    public func simulatedChip(_ locator: ChipLocator) -> SimulatedChip? {
        simulatedChips.first { locator.matches($0.info) }
    }

    /// The simulated chip at a device path (`LineID.chip`).
    public func simulatedChip(path: String) -> SimulatedChip? {
        simulatedChips.first { $0.info.path == path }
    }

    public func chips() throws(GPIOError) -> [ChipInfo] {
        simulatedChips.map(\.info).sorted { chipNumber($0.name) < chipNumber($1.name) }
    }

    public func openChip(_ locator: ChipLocator) throws(GPIOError) -> any GPIOChip {
        guard let chip = simulatedChip(locator) else {
            throw .chipNotFound(locator, available: try chips())
        }
        return SimulatedChipHandle(chip: chip)
    }

    private func chipNumber(_ name: String) -> Int {
        Int(name.drop { !$0.isNumber }) ?? .max
    }
}

/// An open simulated chip.
final class SimulatedChipHandle: GPIOChip {
    let chip: SimulatedChip

    init(chip: SimulatedChip) { self.chip = chip }

    var info: ChipInfo { chip.info }

    func lineInfo(_ offset: UInt32) throws(GPIOError) -> LineInfo {
        guard offset < chip.info.lineCount else {
            throw .lineOffsetOutOfRange(chip: chip.info, offset: offset)
        }
        return chip.lock.withLock {
            let line = chip.lines[Int(offset)]
            return LineInfo(offset: offset, name: line.name, consumer: line.consumer ?? "",
                            used: line.consumer != nil, direction: line.direction,
                            activeLow: line.consumer != nil && line.activeLow,
                            bias: line.consumer != nil ? line.bias : .asIs,
                            drive: line.drive)
        }
    }

    func requestInputs(_ lines: [InputLineConfig], consumer: String,
                       eventBufferSize: Int) throws(GPIOError) -> any InputRequest {
        let offsets = lines.map(\.offset)
        let request = try SimulatedInputRequest(chip: chip, offsets: offsets,
                                                eventBufferSize: eventBufferSize)
        try chip.lock.withLock { () throws(GPIOError) in
            try claimLocked(offsets, consumer: consumer)
            request.claimed = true
            for line in lines {
                let index = Int(line.offset)
                chip.lines[index].direction = .input
                chip.lines[index].activeLow = line.activeLow
                chip.lines[index].bias = line.bias
                chip.lines[index].drive = .pushPull
                chip.lines[index].inputRequest = request
                // As with gpio-sim, the requester's bias sets the simulated pull, unless a
                // switch holds the line (`SimulatedChip.hold`).
                switch chip.lines[index].held ? .asIs : line.bias {
                case .pullUp: chip.lines[index].pull = true
                case .pullDown: chip.lines[index].pull = false
                case .asIs, .disabled: break
                }
            }
        }
        return request
    }

    func requestOutputs(_ lines: [OutputLineConfig],
                        consumer: String) throws(GPIOError) -> any OutputRequest {
        let offsets = lines.map(\.offset)
        try chip.lock.withLock { () throws(GPIOError) in
            try claimLocked(offsets, consumer: consumer)
            for line in lines {
                let index = Int(line.offset)
                chip.lines[index].direction = .output
                chip.lines[index].activeLow = line.activeLow
                chip.lines[index].bias = line.bias
                chip.lines[index].drive = line.drive
                chip.driveLocked(line.offset, value: line.initial)
            }
        }
        return SimulatedOutputRequest(chip: chip, offsets: offsets)
    }

    func close() {}

    private func claimLocked(_ offsets: [UInt32], consumer: String) throws(GPIOError) {
        guard !offsets.isEmpty else { throw .invalidRequest("a request needs at least one line") }
        var seen = Set<UInt32>()
        for offset in offsets {
            guard offset < chip.info.lineCount else {
                throw .lineOffsetOutOfRange(chip: chip.info, offset: offset)
            }
            guard seen.insert(offset).inserted else {
                throw .invalidRequest("line \(offset) appears twice in one request")
            }
            let line = chip.lines[Int(offset)]
            if let holder = line.consumer {
                throw .busy(chip: chip.info, offset: offset, name: line.name, consumer: holder)
            }
        }
        for offset in offsets { chip.lines[Int(offset)].consumer = consumer }
    }
}
