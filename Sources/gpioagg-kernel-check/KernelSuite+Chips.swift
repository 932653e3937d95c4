import GPIO

extension KernelSuite {
    /// chips() and the three ways to name a chip.
    func checkChips() throws {
        let chips = try backend.chips()
        let listed = chips.first { $0.path == sim.devicePath }
        let expected = ChipInfo(path: sim.devicePath, name: sim.chipName, label: sim.label,
                                lineCount: sim.lineCount)
        tap.expect(listed == expected,
                   "chips() lists \(sim.chipName) with label '\(sim.label)' and \(sim.lineCount) lines",
                   chips.map { "chip: \($0)" })
        let numbers = chips.compactMap { Int($0.name.dropFirst("gpiochip".count)) }
        tap.expect(numbers == numbers.sorted() && numbers.count == chips.count,
                   "chips() is in chip-number order", ["names: \(chips.map(\.name))"])

        var infos: [ChipLocator: ChipInfo] = [:]
        for locator in [ChipLocator.label(sim.label), .name(sim.chipName), .path(sim.devicePath),
                        ChipLocator(sim.label)] {
            let opened = try backend.openChip(locator)
            infos[locator] = opened.info
            opened.close()
        }
        tap.expect(Set(infos.values) == [expected],
                   "openChip by label, by name and by path opens the same chip",
                   infos.map { "\($0.key): \($0.value)" })

        if let error = expectError(.chipNotFound, "an unknown label is chipNotFound", {
            _ = try backend.openChip(.label("no-such-chip"))
        }) {
            tap.expect(error.hint.contains(sim.chipName) && error.hint.contains(sim.label),
                       "the chipNotFound hint lists \(sim.chipName) [\(sim.label)]", [error.description])
        }
        _ = expectError(.chipNotFound, "a path that does not exist is chipNotFound") {
            _ = try backend.openChip(.path("/dev/gpiochip999"))
        }
        _ = expectError(.chipNotFound, "a file that is not a GPIO chip is chipNotFound") {
            _ = try backend.openChip(.path("/dev/null"))
        }
    }
}
