import Engine
import Loop
import Reactive
import Web

/// The engine's changes as the web feed takes them: one `SettledChanges` per
/// transaction, handed over once the loop's current turn is done, so that the feed
/// never sees a transaction half settled.
///
/// A transaction's changes share its timestamp: a change with another timestamp starts
/// the next batch (edges read together at different instants are transactions of their
/// own; the outputs they decide are written, and reported, with the last). Two
/// transactions at the same instant make one batch, each node's last value kept: the
/// state after both, which existed. A heartbeat's repeat is nothing new, and left out.
///
/// ```swift
/// let collector = WebChangeCollector(loop: loop, publish: feed.publish)
/// let observation = collector.observe(engine)
/// ```
///
/// Loop thread only.
final class WebChangeCollector {
    private let loop: any EventLoop
    private let publish: (SettledChanges) -> Void
    /// Batches settled in this turn of the loop, the last still gathering.
    private var batches: [(timestamp: UInt64, changes: SettledChanges)] = []
    /// Whether changes go to the feed at all: not while no server is wanted.
    var isEnabled = true

    /// `publish` is called on the loop with each batch, in order.
    init(loop: any EventLoop, publish: @escaping (SettledChanges) -> Void) {
        self.loop = loop
        self.publish = publish
    }

    func observe(_ engine: Engine) -> AnyCancellable {
        engine.observeChanges { [weak self] change in self?.collect(change) }
    }

    func collect(_ change: EngineChange) {
        guard isEnabled, !change.isRepeat else { return }
        let settled = SettledChange(change.node, value: change.value, precision: change.precision,
                                    isActivation: change.isActivation)
        if batches.isEmpty {
            let bound = LoopBound(self, loop: loop)
            loop.execute { bound.value.flush() }
        }
        guard let last = batches.indices.last, batches[last].timestamp == change.timestamp else {
            batches.append((change.timestamp, SettledChanges(time: wallClockMilliseconds(at: change.timestamp),
                                                              changes: [settled])))
            return
        }
        if !settled.isActivation,
           let index = batches[last].changes.changes.lastIndex(where: { $0.node == settled.node && !$0.isActivation }) {
            batches[last].changes.changes.remove(at: index)
        }
        batches[last].changes.changes.append(settled)
    }

    /// Hands the batches over, in order.
    func flush() {
        let settled = batches
        batches = []
        for batch in settled { publish(batch.changes) }
    }

    /// The wall clock's reading when the loop's clock read `timestamp`.
    private func wallClockMilliseconds(at timestamp: UInt64) -> Int64 {
        let age = Int64(clamping: loop.now &- min(timestamp, loop.now))
        return (loop.wallClockNow - age) / 1_000_000
    }
}
