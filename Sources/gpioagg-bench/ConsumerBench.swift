import Reactive

/// The owner of an `@Input`, written as docs/dev/REACTIVE.md shows it: `pipelines` pipelines built
/// on `_press`, each adding what it gets to `sink`.
private final class BenchPanel {
    @Input var press = AnyConsumer<Int>()
    private var subscriptions: [AnyCancellable] = []

    init(pipelines: Int) {
        for _ in 0..<pipelines {
            subscriptions.append(_press.sink { sink &+= $0 })
        }
    }
}

/// `consumer`: one `send` into an `AnyConsumer` whose owner built n = 1 or 3 pipelines
/// (`sink`) on its `@Input`: the delivery of a consumer, per value sent.
/// `consumerReceiver`: the same into a consumer whose owner takes each value itself
/// (`AnyConsumer(receiveValue:)`, no pipeline): how the engine's outputs receive.
@MainActor func consumerRows() -> [Measurement] {
    let pipelines = [1, 3].map { pipelines in
        let panel = BenchPanel(pipelines: pipelines)
        let total = events(for: pipelines)
        return measure(name: "consumer", n: pipelines, events: total, warmup: total / 10) { i in
            panel.press.send(i)
        }
    }
    let consumer = AnyConsumer<Int> { sink &+= $0 }
    let total = events(for: 1)
    let receiver = measure(name: "consumerReceiver", n: 1, events: total, warmup: total / 10) { i in
        send(i, into: consumer)
    }
    return pipelines + [receiver]
}

/// A real call, as from a binding: inlined into the loop, the send would vanish.
@inline(never)
private func send(_ value: Int, into consumer: AnyConsumer<Int>) {
    consumer.send(value)
}
