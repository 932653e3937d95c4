import Config
import GPIO

/// A chip the engine opened for a chip declaration, with its line names looked up once.
final class OpenedChip {
    let declaration: ChipDeclaration
    let chip: any GPIOChip
    private var lookup: LineLookup

    /// - Parameter board: the board the backend's chips are (a simulated board), so that a
    ///   bad line is the error `gpioagg check --board` gives.
    init(declaration: ChipDeclaration, chip: any GPIOChip, board: BoardProfile? = nil) {
        self.declaration = declaration
        self.chip = chip
        lookup = LineLookup(chip: chip.info, board: board) { () throws(GPIOError) -> [String] in
            try chip.lineInfos().map(\.name)
        }
    }

    var info: ChipInfo { chip.info }

    /// The offset of a line named by offset, by name or by header pin (`LineLookup`).
    func offset(of line: LineLocator) throws(GPIOError) -> UInt32 {
        try lookup.offset(of: line)
    }

    /// The first of `offsets` that someone else holds, after a request failed as busy.
    func firstBusy(among offsets: [UInt32]) -> UInt32? {
        offsets.first { offset in (try? chip.lineInfo(offset).used) ?? false }
    }
}
