/// A failure of the test harness itself (gpio-sim setup, sysfs), as opposed to a
/// failed check.
struct CheckFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
