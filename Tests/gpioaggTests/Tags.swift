import Testing

// What a suite starts outside the test process. `make check` leaves these suites out and
// `make test` runs them (docs/dev/DEVELOPING.md); swift test selects by name only, so the
// Makefile's CHECK_SKIP names each tagged suite, and TestTagsTests keeps the two in step.
extension Tag {
    /// Starts a built executable (`gpioagg`, `gpioagg-bench`) as a user would.
    @Tag static var binary: Self
    /// Starts a mosquitto broker of its own.
    @Tag static var broker: Self
}
