#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#endif
import PWM

/// `gpioagg-kernel-check pwm ROOT CONTROLLER CHANNEL HERTZ PERCENT normal|inverted`: one
/// process setting one channel through the `PWM` module, as the daemon will, for
/// `pwm-check.sh` to compare with what pwm-sim's driver received. It prints the
/// controller found, whether the channel was exported or taken over (and what it ran),
/// the writes made and the state after them; an error goes to standard error with
/// exit 1, a usage error exit 2.
enum PWMCommand {
    static let usage = "usage: gpioagg-kernel-check pwm ROOT CONTROLLER CHANNEL HERTZ PERCENT normal|inverted"

    static func run(_ arguments: [String]) -> Int32 {
        guard arguments.count == 6, let channelNumber = Int(arguments[2]), let hertz = Double(arguments[3]),
              let percent = Double(arguments[4]), ["normal", "inverted"].contains(arguments[5]) else {
            fputs(usage + "\n", stderr)
            return 2
        }
        do throws(PWMError) {
            let controller = try PWMControllers(root: arguments[0]).find(PWMControllerLocator(arguments[1]))
            print("controller \(controller)")
            var export = try PWMExport(controller: controller, channel: channelNumber)
            // Before any loop runs, so a plain wait: as root the kernel makes pwmN/ during
            // the write to export, and a udev rule (none in the guest) takes milliseconds.
            var attempts = 0
            var taken = try export.attempt()
            while taken == nil, attempts < 100 {
                usleep(10_000)
                attempts += 1
                taken = try export.attempt()
            }
            guard var channel = taken else { throw export.waitingError }
            print("channel \(channel.number) \(channel.tookOver ? "taken over" : "exported"), running \(channel.state)")
            let writes = try channel.apply(PWMState(hertz: hertz, percent: percent, inverted: arguments[5] == "inverted"))
            print("wrote " + (writes.isEmpty ? "nothing" : writes.map(\.description).joined(separator: ", ")))
            print("polarity \(channel.polarityRefused ? "refused: duty cycle computed" : "as asked")")
            print("state \(channel.state)")
            return 0
        } catch {
            fputs("gpioagg-kernel-check pwm: \(error)\n", stderr)
            return 1
        }
    }
}
