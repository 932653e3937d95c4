@preconcurrency import Glibc

/// Writes one line to standard error.
func printError(_ line: String) {
    fputs(line + "\n", stderr)
}
