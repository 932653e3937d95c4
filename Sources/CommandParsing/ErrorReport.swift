import GPIO

/// Prints an error the way every command does, `error: MESSAGE` and a `hint:` line when
/// there is a fix (the form of the daemon's log and of the config's errors too), and
/// returns the exit status 1 to throw.
///
/// ```swift
/// throw exitReporting(message: "no GPIO chips found (no readable /dev/gpiochip*)", hint: "try --simulate")
/// // error: no GPIO chips found (no readable /dev/gpiochip*)
/// // hint: try --simulate
/// ```
public func exitReporting(message: String, hint: String) -> ExitCode {
    printError("error: \(message)")
    if !hint.isEmpty { printError("hint: \(hint)") }
    return ExitCode(1)
}

/// A GPIO error, its message and hint, as every command reports one.
public func exitReporting(_ error: GPIOError) -> ExitCode {
    exitReporting(message: error.message, hint: error.hint)
}
