import LoopEmbedded

/// Simulated chips on virtual time, from 0: timestamps are the loop's clock, and pulses
/// and bounces happen only as the test advances it.
func VirtualSimulationClock() -> EmbeddedEventLoop {
    EmbeddedEventLoop(now: 0)
}
