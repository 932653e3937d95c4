extension MQTTStatistics {
    /// These counters with what `queue` dropped and what waits in it now: what both
    /// transports report.
    package func including(_ queue: OutboundQueue) -> MQTTStatistics {
        var statistics = self
        statistics.droppedEvents = queue.droppedEvents
        statistics.droppedRetained = queue.droppedRetained
        statistics.queued = queue.count
        return statistics
    }
}
