#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import GPIO
import GPIOLibgpiod

// The real-kernel suite of the libgpiod backend. It runs as root inside a qemu guest
// with configfs mounted and gpio-sim loaded (scripts/kernel-test/run), makes its own
// simulated chip and prints TAP. `pwm ...` sets one PWM channel instead (PWMCommand).

// `pwm ...`: one PWM channel set through the PWM module, for pwm-check.sh.
if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "pwm" {
    exit(PWMCommand.run(Array(CommandLine.arguments.dropFirst(2))))
}

let tap = TAP()
tap.line("# libgpiod \(LibgpiodBackend.libraryVersion) API v\(LibgpiodBackend.apiGeneration)")

guard GPIOSimChip.isAvailable else {
    tap.line("1..0 # SKIP gpio-sim is not available (no \(GPIOSimChip.configRoot)): "
             + "run me through scripts/kernel-test/run")
    exit(77)
}

let status: Int32
do {
    let sim = try GPIOSimChip(device: "gpioagg-check", label: "gpioagg-check-sim",
                                lineCount: LineMap.lineCount, names: LineMap.names)
    tap.line("# gpio-sim: \(sim.chipName) [\(sim.label)] on \(sim.deviceName)")
    let started = MonotonicClock.now()
    status = try KernelSuite(sim: sim, tap: tap).run()
    tap.line("# ran in \((MonotonicClock.now() - started) / 1_000_000) ms")
    sim.remove()
} catch {
    tap.line("Bail out! \(error)")
    status = 1
}
exit(status)
