/// Home Assistant's birth: it publishes `online` on `DiscoveryTopics.birthTopic` when
/// it starts (and its MQTT integration reconnects), and devices publish their discovery
/// configs and states again then.
public enum HomeAssistantBirth {
    /// The birth payload (Home Assistant's default; its will is `offline`).
    public static let online = "online"

    /// The range of `republishDelay(using:)`.
    public static let republishDelays: ClosedRange<Duration> = .seconds(1) ... .seconds(5)

    /// How long to wait after a birth before republishing: a random time from 1 s to 5 s,
    /// in whole milliseconds. Right after its birth Home Assistant may not be subscribed
    /// yet (gateways found that out), and a random wait spreads the republishing of many
    /// nodes that all heard the same birth.
    ///
    /// ```swift
    /// var random = SystemRandomNumberGenerator()
    /// let delay = HomeAssistantBirth.republishDelay(using: &random)   // e.g. 2.718 seconds
    /// ```
    public static func republishDelay<Source: RandomNumberGenerator>(using source: inout Source) -> Duration {
        // One draw, reduced modulo the 4,001 milliseconds of the range: the bias is below
        // 1e-15, and the same draw gives the same delay whatever the standard library's
        // `random(in:)` does (it rejects draws, and a scripted source may never stop).
        .milliseconds(1_000 + Int64(source.next() % 4_001))
    }
}
