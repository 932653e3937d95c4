import Config
import Control
import Loop
import Values
import Web

extension Daemon {
    /// Starts, keeps, moves or stops the web server as `configuration.web` says, and
    /// gives the page the graph (at start; at a reload, with `reload`, every stream the
    /// new graph's values); with no `web:` and none running, makes nothing. The first
    /// `web:` also starts measuring the loop's lag, for as long as the daemon runs.
    func applyWeb(_ configuration: Configuration, reload: Bool = false) {
        if web == nil {
            guard configuration.web != nil else { return }
            let feed = WebFeed()
            let lag = LoopLagHistogram()
            running.recordLag = { lag.record($0) }
            var backend = Self.webBackend(replies: replies, counters: { [weak self] in self?.metricCounters() ?? [] },
                                          lag: lag, loop: loop)
            // Closures that hold the daemon weakly, run on its loop: a server still
            // answering after the daemon is gone keeps nothing alive.
            let graph: () -> WebGraph = { [weak self] in self?.web?.graph ?? WebGraph(traits: []) }
            let snapshot: () -> EngineSnapshot? = { [weak self] in
                guard let engine = self?.engine, engine.isRunning else { return nil }
                return engine.snapshot()
            }
            let bound = LoopBound((graph: graph, snapshot: snapshot, feed: feed), loop: loop)
            backend.graph = {
                await withCheckedContinuation { continuation in
                    let graph = LoopReply(continuation, unanswered: WebGraph(traits: []))
                    bound.loop.execute { graph.resume(bound.value.graph()) }
                }
            }
            backend.requestSnapshot = {
                bound.loop.execute {
                    guard let snapshot = bound.value.snapshot() else { return }
                    bound.value.feed.publishSnapshot(snapshot, time: bound.loop.wallClockNow / 1_000_000, reload: false)
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
                           lag: LoopLagHistogram? = nil, loop: any EventLoop) -> WebBackend {
        let bound = LoopBound((replies: replies, counters: counters), loop: loop)
        return WebBackend(
            answer: { request in
                await withCheckedContinuation { continuation in
                    // A responder dropped unanswered answers with a failure, and so does
                    // work a stopped loop drops: the caller is always resumed, once.
                    let answer = LoopReply(continuation, unanswered: .failure("gpioagg is stopping"))
                    bound.loop.execute {
                        bound.value.replies.handle(request, responder: ControlResponder { answer.resume($0) })
                    }
                }
            },
            counters: {
                await withCheckedContinuation { continuation in
                    let counters = LoopReply(continuation, unanswered: [MetricCounter]())
                    bound.loop.execute { counters.resume(bound.value.counters()) }
                }
            },
            lag: lag)
    }

    /// The counters `/metrics` shows, each read where its kind is counted: reloads,
    /// transactions and edges read (the engines, over reloads), kept-state writes (the
    /// state writer), the MQTT client's connects and messages, each input's lost edges
    /// and each sensor input's failed reads.
    func metricCounters() -> [MetricCounter] {
        var counters = [
            MetricCounter(name: "gpioagg_reloads_total", help: "Reloads applied since start",
                          value: Int64(running.replacements)),
            MetricCounter(name: "gpioagg_transactions_total",
                          help: "Transactions the engine ran: each edge (edges with one timestamp together), timer, command, sensor reading or MQTT message",
                          value: Int64(running.transactions)),
            MetricCounter(name: "gpioagg_edges_total", help: "Edge events read from the GPIO lines, bounces included",
                          value: Int64(running.inputEvents)),
            MetricCounter(name: "gpioagg_state_writes_total", help: "Writes of the kept-state file",
                          value: Int64(keeper.stateWrites)),
        ]
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
        for (input, failures) in sensors?.readFailures ?? [] {
            counters.append(MetricCounter(name: "gpioagg_sensor_read_failures_total",
                                          help: "Reads of a sensor input's kernel sensor that failed",
                                          labels: [("input", input)], value: Int64(failures)))
        }
        return counters
    }
}
