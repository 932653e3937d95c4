@preconcurrency import Glibc

/// Writes one line to standard error.
func printError(_ line: String) {
    fputs(line + "\n", stderr)
}

/// `1 input`, `3 inputs`.
func counted(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
}
