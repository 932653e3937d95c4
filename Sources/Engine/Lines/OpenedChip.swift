import Config
import GPIO

/// A chip the engine opened for a chip declaration, with its line names looked up once.
final class OpenedChip {
    let declaration: ChipDeclaration
    let chip: any GPIOChip
    private var offsetsByName: [String: UInt32]?
    private var names: [String] = []

    init(declaration: ChipDeclaration, chip: any GPIOChip) {
        self.declaration = declaration
        self.chip = chip
    }

    var info: ChipInfo { chip.info }

    /// The offset of a line named by offset, by name or by header pin. Names are read
    /// from the chip on first use, so that many named lines cost one pass over the chip;
    /// a header pin is its GPIO on a Raspberry Pi header controller, an error elsewhere.
    func offset(of line: LineLocator) throws(GPIOError) -> UInt32 {
        switch line {
        case .offset(let offset):
            guard offset < info.lineCount else { throw .lineOffsetOutOfRange(chip: info, offset: offset) }
            return offset
        case .name(let name):
            if offsetsByName == nil {
                let infos = try chip.lineInfos()
                names = infos.map(\.name)
                var table: [String: UInt32] = [:]
                for info in infos where !info.name.isEmpty && table[info.name] == nil {
                    table[info.name] = info.offset
                }
                offsetsByName = table
            }
            if let offset = offsetsByName?[name] { return offset }
            throw .lineNotFound(chip: info, name: name, candidates: names)
        case .headerPin(let pin):
            return try PinHeader.raspberryPi.offset(ofPin: pin, on: info)
        }
    }

    /// The first of `offsets` that someone else holds, after a request failed as busy.
    func firstBusy(among offsets: [UInt32]) -> UInt32? {
        offsets.first { offset in (try? chip.lineInfo(offset).used) ?? false }
    }
}
