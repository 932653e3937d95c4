import Testing

// What a suite starts outside the test process: `make check` leaves these suites out
// (the Makefile's CHECK_SKIP names them), `make test` runs them (docs/dev/DEVELOPING.md).
extension Tag {
    /// Starts a mosquitto broker of its own.
    @Tag static var broker: Self
}
