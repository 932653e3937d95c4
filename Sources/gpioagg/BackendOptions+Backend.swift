import CommandParsing
import GPIO
import GPIOLibgpiod
import GPIOSimulated
import LoopEmbedded

extension BackendOptions {
    /// The kernel's chips through libgpiod, or the simulated ones `--simulate` chose.
    func makeBackend() -> any GPIOBackend {
        guard simulate else { return LibgpiodBackend() }
        if let board { return SimulatedBackend.board(board, clock: EmbeddedEventLoop()) }
        return SimulatedBackend.raspberryPi(clock: EmbeddedEventLoop())
    }
}
