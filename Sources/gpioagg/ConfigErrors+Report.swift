import CommandParsing
import Config

extension ConfigErrors {
    /// Prints each error (`FILE:LINE:COL: error: ...` and its hint) on standard error,
    /// then the count: `gpioagg: 2 errors in gpioagg.yaml; nothing was started`. What the
    /// commands that read a config or a test file say when it does not hold.
    ///
    /// - Parameters:
    ///   - place: what was read, as the count line names it (`gpioagg.yaml`, `gpioagg.yaml
    ///     on the Raspberry Pi 4 Model B (pi4)`).
    ///   - outcome: what the command did not do because of it; nil says nothing more.
    func report(in place: String, outcome: String? = nil) {
        for problem in errors { printError(problem.description) }
        let count = errors.count
        printError("gpioagg: \(count) error\(count == 1 ? "" : "s") in \(place)" + (outcome.map { "; " + $0 } ?? ""))
    }
}
