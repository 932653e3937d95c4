import GPIO
import Loop

extension SimulatedChip {
    /// A chip of a board profile, with its kernel name, label and line names.
    public convenience init(_ chip: BoardProfile.Chip, numbering: EventNumbering = .numbered,
                            writeHistory: Int = SimulatedChip.defaultWriteHistory, clock: any EventLoop) {
        self.init(name: chip.info.name, label: chip.info.label, lineNames: chip.lineNames,
                  numbering: numbering, writeHistory: writeHistory, clock: clock)
    }
}
