import JSON
import Locks
import Values

/// What the page sees of the engine over time: the event streams of the running server,
/// each node's history rings (`NodeHistory`), and the last 200 lines the daemon logged.
/// The web lifecycle owns one while `web:` is configured, so that a server restarted
/// on a reload keeps the rings; nothing of it exists without `web:`.
///
/// The daemon hands it one `SettledChanges` per transaction, snapshots and log lines:
/// each call takes a lock for the rings (an append or two per node) and hands the event
/// to the server's event loop (`execute`), never waiting for a client.
///
/// ```swift
/// let feed = WebFeed()
/// feed.learn(WebGraph(traits: configuration.traits.all), history: .seconds(86_400))
/// feed.publish(SettledChanges(time: now, changes: [SettledChange(.input("switch1"), value: .on)]))
/// ```
public final class WebFeed: Sendable {
    /// Lines `GET /api/log` keeps.
    public static let logCapacity = 200

    fileprivate struct State {
        var nodes: [String: WebGraph.Node] = [:]
        var window = Duration.seconds(24 * 3600)
        var histories: [String: NodeHistory] = [:]
        var log = BoundedRing<WebLogLine>(capacity: WebFeed.logCapacity)
        var streams: WebStreams?
    }

    private let state = LockedValueBox(State())

    public init() {}

    /// The graph's nodes and the `history:` window, at start and at each reload: the
    /// rings of nodes gone are dropped, and every ring when the window changed.
    public func learn(_ graph: WebGraph, history window: Duration) {
        state.withLockedValue { state in
            state.nodes = Dictionary(graph.nodes.map { ($0.traits.name, $0) }, uniquingKeysWith: { first, _ in first })
            if window != state.window {
                state.window = window
                state.histories = [:]
            }
            state.histories = state.histories.filter { name, _ in state.nodes[name] != nil }
        }
    }

    /// One transaction's settled changes: into the rings, and to every stream.
    public func publish(_ changes: SettledChanges) {
        let streams = state.withLockedValue { state in
            for change in changes.changes where !change.isActivation {
                state.record(change.node.name, at: changes.time, value: change.value, precision: change.precision)
            }
            return state.streams
        }
        streams?.send(.changes(changes))
    }

    /// The engine's values: every stream that waits for its first snapshot gets it; with
    /// `reload` (a new graph), every stream gets `event: graph` and it. A node with no
    /// history yet starts its rings with its value, at `time`.
    public func publishSnapshot(_ snapshot: EngineSnapshot, time: Int64, reload: Bool) {
        let streams = state.withLockedValue { state in
            for (node, value) in snapshot.values where state.histories[node.name] == nil {
                state.record(node.name, at: time, value: value, precision: snapshot.precision(of: node.name))
            }
            return state.streams
        }
        streams?.send(.snapshot(snapshot, reload: reload))
    }

    /// A line the daemon logged: into the log's ring, and to every stream.
    public func log(_ line: WebLogLine) {
        let streams = state.withLockedValue { state in
            state.log.append(line)
            return state.streams
        }
        streams?.send(.log(line))
    }

    /// Forgets every ring and line: `web:` is gone.
    public func clear() {
        state.withLockedValue { state in
            state.histories = [:]
            state.log.removeAll()
        }
    }

    // MARK: The server's side

    /// The running server's streams get what is published from now on.
    func attach(_ streams: WebStreams) {
        state.withLockedValue { $0.streams = streams }
    }

    /// A server stops: its streams get nothing more (a newer server's stay).
    func detach(_ streams: WebStreams) {
        state.withLockedValue { state in
            if state.streams === streams { state.streams = nil }
        }
    }

    /// `GET /api/history/NAME`'s document; nil for a name the graph does not have.
    func history(of name: String, now: Int64) -> JSONValue? {
        state.withLockedValue { state -> JSONValue? in
            guard let node = state.nodes[name] else { return nil }
            let number = node.traits.form.number
            let history = state.histories[name] ?? NodeHistory(isNumber: number != nil, minuteCapacity: 1)
            let changes = history.changes.elements.map { change in
                JSONValue.array([.number(Double(change.time)), change.value.json(precision: change.precision)])
            }
            let points = history.points(now: now, window: state.window).map { points in
                JSONValue.array(points.map { point in
                    .array([.number(Double(point.time)),
                            point.value.map { NodeValue.number($0, .none).json(precision: number?.precision ?? 2) } ?? .null])
                })
            }
            let unit = number.flatMap { $0.unit.isNone ? nil : JSONValue.string($0.unit.symbol) }
            return .object(JSONObject([
                ("node", .string(name)),
                ("unit", unit ?? .null),
                ("changes", .array(changes)),
                ("points", points ?? .null),
            ]))
        }
    }

    /// The lines logged, oldest first.
    var logLines: [WebLogLine] {
        state.withLockedValue { $0.log.elements }
    }
}

extension WebFeed.State {
    /// Records a value in its node's rings, made at its first value; nothing for a
    /// name the graph does not have.
    fileprivate mutating func record(_ name: String, at time: Int64, value: NodeValue, precision: Int) {
        guard let node = nodes[name] else { return }
        if histories[name] == nil {
            histories[name] = NodeHistory(isNumber: node.traits.form.isNumeric,
                                          minuteCapacity: NodeHistory.minuteCapacity(of: window))
        }
        histories[name]?.record(at: time, value: value, precision: precision)
    }
}
