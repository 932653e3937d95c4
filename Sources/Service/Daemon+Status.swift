import MQTTCore

extension Daemon {
    /// The one-line summary for `STATUS=`.
    var status: String { running.status(mqtt: mqtt.bridge?.connectionSummary) }

    /// The MQTT client's counters, when the config has an `mqtt:` section. Loop thread.
    public var mqttStatistics: MQTTStatistics? { mqtt.bridge?.statistics }

    /// The exit status, once stopped.
    public var exitStatus: Int32? {
        if case .stopped(let status) = state { return status }
        return nil
    }
}
