import CommandParsing
import GPIO
import GPIOLibgpiod
import GPIOSimulated
import Loop

extension BackendOptions {
    /// Calls `body` with the kernel's chips through libgpiod, or with the simulated ones
    /// `--simulate` chose. Simulated chips keep time on a loop of their own, the loop
    /// `run --simulate` runs them on, stopped once `body` returns. A `GPIOError` is
    /// reported as every command reports one.
    ///
    /// ```swift
    /// let chips = try backend.withBackend { source throws(GPIOError) in try source.chips() }
    /// ```
    func withBackend<Result>(_ body: (any GPIOBackend) throws(GPIOError) -> Result) throws(ExitCode) -> Result {
        guard simulate else { return try reportingGPIOErrors { () throws(GPIOError) in try body(LibgpiodBackend()) } }
        let loop: PosixEventLoop
        do throws(LoopError) {
            loop = try PosixEventLoop()
        } catch {
            throw exitReporting(message: "\(error)", hint: "")
        }
        defer { loop.stop() }
        let chips = board.map { SimulatedBackend.board($0, clock: loop) } ?? SimulatedBackend.raspberryPi(clock: loop)
        return try reportingGPIOErrors { () throws(GPIOError) in try body(chips) }
    }

    private func reportingGPIOErrors<Result>(_ body: () throws(GPIOError) -> Result) throws(ExitCode) -> Result {
        do throws(GPIOError) {
            return try body()
        } catch {
            throw exitReporting(error)
        }
    }
}
