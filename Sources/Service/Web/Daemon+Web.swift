import Config
import Control
import Loop
import Values
import Web

extension Daemon {
    /// Starts, keeps, moves or stops the web server as `configuration.web` says, and
    /// gives the page the graph (at start; at a reload, with `reload`, every stream the
    /// new graph's values); with no `web:` and none running, makes nothing.
    func applyWeb(_ configuration: Configuration, reload: Bool = false) {
        if web == nil {
            guard configuration.web != nil else { return }
            let feed = WebFeed()
            var backend = Self.webBackend(replies: replies, counters: { [weak self] in self?.metricCounters() ?? [] },
                                          loop: loop)
            let bound = LoopBound((daemon: WeakDaemon(self), feed: feed), loop: loop)
            backend.graph = {
                await withCheckedContinuation { continuation in
                    bound.loop.execute {
                        continuation.resume(returning: bound.value.daemon.daemon?.web?.graph ?? WebGraph(traits: []))
                    }
                }
            }
            backend.requestSnapshot = {
                bound.loop.execute {
                    guard let daemon = bound.value.daemon.daemon, daemon.engine.isRunning else { return }
                    bound.value.feed.publishSnapshot(daemon.engine.snapshot(), time: bound.loop.wallClockNow / 1_000_000,
                                                     reload: false)
                }
            }
            let web = WebLifecycle(loop: loop, backend: backend, feed: feed, logTap: logging.webLog, logger: logger)
            self.web = web
            observations.append(web.observe(engine))
        }
        web?.apply(configuration.web)
        web?.learn(configuration, snapshot: engine.snapshot(), reload: reload)
    }

    /// What the web server reaches the daemon through: each request run on the loop,
    /// as the control socket runs it, and the daemon's counters read there.
    static func webBackend(replies: ControlReplies, counters: @escaping () -> [MetricCounter],
                           loop: any EventLoop) -> WebBackend {
        let bound = LoopBound((replies: replies, counters: counters), loop: loop)
        return WebBackend(
            answer: { request in
                await withCheckedContinuation { continuation in
                    bound.loop.execute {
                        // A responder dropped unanswered answers with a failure: the
                        // caller is always resumed, once.
                        bound.value.replies.handle(request, responder: ControlResponder { reply in
                            continuation.resume(returning: reply)
                        })
                    }
                }
            },
            counters: {
                await withCheckedContinuation { continuation in
                    bound.loop.execute { continuation.resume(returning: bound.value.counters()) }
                }
            })
    }

    /// The counters `/metrics` shows, as far as the daemon keeps them: reloads, the
    /// MQTT client's connects and messages, and each input's lost edges.
    func metricCounters() -> [MetricCounter] {
        var counters = [MetricCounter(name: "gpioagg_reloads_total", help: "Reloads applied since start",
                                      value: Int64(running.replacements))]
        if let mqtt = mqttStatistics {
            counters += [
                MetricCounter(name: "gpioagg_mqtt_connects_total", help: "Connections to the MQTT broker made",
                              value: Int64(mqtt.connects)),
                MetricCounter(name: "gpioagg_mqtt_messages_received_total", help: "MQTT messages received",
                              value: Int64(mqtt.messagesIn)),
                MetricCounter(name: "gpioagg_mqtt_messages_sent_total", help: "MQTT messages published",
                              value: Int64(mqtt.messagesOut)),
            ]
        }
        for (input, lost) in engine.snapshot().lost.sorted(by: { $0.key < $1.key }) {
            counters.append(MetricCounter(name: "gpioagg_lost_edges_total",
                                          help: "Edges the kernel dropped on an input line (libgpiod v2's sequence numbers)",
                                          labels: [("input", input)], value: Int64(clamping: lost.edges)))
            counters.append(MetricCounter(name: "gpioagg_lost_edge_reads_total",
                                          help: "Reads that showed a loss of edges on an input line",
                                          labels: [("input", input)], value: Int64(lost.losses)))
        }
        return counters
    }
}

/// The daemon as the web backend's closures hold it: weakly, so that a server still
/// answering after the daemon is gone keeps nothing alive.
private struct WeakDaemon {
    weak var daemon: Daemon?

    init(_ daemon: Daemon) {
        self.daemon = daemon
    }
}
