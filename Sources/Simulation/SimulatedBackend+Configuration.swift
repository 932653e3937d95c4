import Config
import GPIO
import GPIOSimulated
import Loop

extension SimulatedBackend {
    /// Simulated chips on which `configuration` runs: what `gpioagg --simulate --config`
    /// uses.
    ///
    /// With a `board`, its chips are simulated as they are (`SimulatedBackend.board`), so
    /// that a wrong chip or line name fails as it would on the board. Without one, the
    /// Raspberry Pi 4 header controller of `raspberryPi(clock:)` is there, so that a
    /// configuration written for a Pi 4 (label `pinctrl-bcm2711`, `gpiochip0` or
    /// `/dev/gpiochip0`) runs as it would on the board, typos in line names included.
    /// Each other chip the configuration declares is made up to fit it:
    ///
    /// - named as declared (`name: gpiochip3`, `path: /dev/gpiochip3`), else as the next
    ///   free `gpiochipN`; labelled as declared, else `gpio-sim.N`;
    /// - with every line offset the configuration uses (at least 8 lines), and every line
    ///   name it uses, placed at the lowest offsets no declaration uses.
    ///
    /// A board's own chips are never made up, nor, with a board, a chip it cannot have
    /// (`BoardProfile.foreignChip`: another Pi's controller, a former chip name): the
    /// engine then reports it as not found, as the board's kernel would. A chip declared
    /// by a path that is not `/dev/gpiochipN` cannot be simulated either.
    ///
    /// On a reload, pass the chips simulated so far as `existing`: they stay (with their
    /// lines' levels and holders), and only chips they lack are added. The board is then
    /// the one whose chips `existing` holds, if any.
    ///
    /// ```swift
    /// let backend = SimulatedBackend.simulating(configuration, clock: loop, board: .pi5)
    /// let engine = Engine(configuration: configuration, backend: backend, loop: loop)
    /// ```
    public static func simulating(_ configuration: Configuration, clock: any EventLoop,
                                  numbering: SimulatedChip.EventNumbering = .numbered,
                                  existing: [SimulatedChip] = [], board: BoardProfile? = nil) -> SimulatedBackend {
        var chips = existing
        if chips.isEmpty {
            chips = board.map { Self.board($0, clock: clock, numbering: numbering).simulatedChips }
                ?? raspberryPi(clock: clock, numbering: numbering).simulatedChips
        }
        let board = board ?? Self.boardSimulated(by: existing)
        var lines: [String: [LineLocator]] = [:]
        for input in configuration.inputs { lines[input.chip, default: []].append(input.line) }
        for output in configuration.outputs { lines[output.chip, default: []].append(output.line) }
        for declaration in configuration.chips {
            guard !chips.contains(where: { declaration.locator.matches($0.info) }),
                  board?.foreignChip(declaration.locator) == nil else { continue }
            var name: String?
            var label: String?
            switch declaration.locator {
            case .name(let declared): name = declared
            case .label(let declared): label = declared
            case .path(let path):
                guard path.hasPrefix("/dev/"), case .name(let declared) = ChipLocator(String(path.dropFirst(5))) else {
                    continue
                }
                name = declared
            }
            let taken = Set(chips.map(\.info.name))
            let number = (chips.count...).first { !taken.contains("gpiochip\($0)") }!
            chips.append(SimulatedChip(name: name ?? "gpiochip\(number)", label: label ?? "gpio-sim.\(number)",
                                       lineNames: lineNames(for: lines[declaration.name] ?? []),
                                       numbering: numbering, clock: clock))
        }
        return SimulatedBackend(chips: chips, board: board)
    }

    /// The board whose every chip is among `chips` (as `board(_:clock:)` makes them).
    private static func boardSimulated(by chips: [SimulatedChip]) -> BoardProfile? {
        let simulated = Set(chips.map(\.info))
        return BoardProfile.all.first { profile in profile.chips.allSatisfy { simulated.contains($0.info) } }
    }

    /// Names for a made-up chip's lines: the offsets used stay unnamed, the names used
    /// fill the lowest free offsets.
    private static func lineNames(for used: [LineLocator]) -> [String] {
        var offsets = Set<UInt32>()
        var names: [String] = []
        for line in used {
            switch line {
            case .offset(let offset): offsets.insert(offset)
            case .name(let name) where !names.contains(name): names.append(name)
            case .name, .headerPin: break
            }
        }
        var result = Array(repeating: "", count: max(8, Int(offsets.max().map { $0 + 1 } ?? 0)))
        var next = 0
        for name in names {
            while next < result.count, offsets.contains(UInt32(next)) { next += 1 }
            if next == result.count { result.append("") }
            result[next] = name
            next += 1
        }
        return result
    }
}
