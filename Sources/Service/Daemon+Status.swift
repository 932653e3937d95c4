extension Daemon {
    /// The one-line summary for `STATUS=`.
    var status: String { running.status(mqtt: mqtt.bridge?.connectionSummary) }
}
