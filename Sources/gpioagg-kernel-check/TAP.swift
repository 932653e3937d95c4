#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Test Anything Protocol output: `ok N - text`, `not ok N - text`, `# diagnostics`,
/// and the plan `1..N` at the end, as prove(1) and most CI parsers read it.
///
/// Each line is one write(2) to standard output, unbuffered, so that a crash or a guest
/// timeout still shows how far the run got.
final class TAP {
    private(set) var count = 0
    private(set) var failures = 0

    /// Prints one test point; `diagnostics` (what was measured) follow a failure.
    func expect(_ passed: Bool, _ description: String,
                _ diagnostics: @autoclosure () -> [String] = []) {
        count += 1
        line("\(passed ? "ok" : "not ok") \(count) - \(description)")
        if !passed {
            failures += 1
            diagnostics().forEach(diagnostic)
        }
    }

    func skip(_ description: String, reason: String) {
        count += 1
        line("ok \(count) - \(description) # SKIP \(reason)")
    }

    /// A comment line per line of `text`.
    func diagnostic(_ text: String) {
        for part in text.split(separator: "\n", omittingEmptySubsequences: false) {
            line("# \(part)")
        }
    }

    /// Writes one line of output as it is.
    func line(_ text: String) {
        let bytes = Array((text + "\n").utf8)
        var done = 0
        while done < bytes.count {
            let written = bytes[done...].withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            done += written
        }
    }

    /// Prints the plan and returns the exit status: 1 if anything failed.
    func finish() -> Int32 {
        line("1..\(count)")
        if failures > 0 { diagnostic("\(failures) of \(count) failed") }
        return failures > 0 ? 1 : 0
    }
}
