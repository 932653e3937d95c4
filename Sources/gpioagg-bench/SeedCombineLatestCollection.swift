import Reactive

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The baseline: the combineLatest-over-a-collection algorithm as published in Daniel
/// Tull's "Combine Latest Collection" (2019), which the `Reactive` operator replaces.
/// One sink per upstream, an `[Output?]` array under a mutex, a `compactMap` of the
/// whole array on every value, the downstream called with the mutex held, demand
/// ignored. Kept faithful on purpose, so the benchmark compares like with like.
struct SeedCombineLatestCollection<Upstreams: Collection>: Publisher
where Upstreams.Element: Publisher {
    typealias Output = [Upstreams.Element.Output]
    typealias Failure = Upstreams.Element.Failure

    let upstreams: Upstreams

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscriber.receive(subscription: SeedSubscription(upstreams: upstreams, downstream: subscriber))
    }

    final class SeedSubscription<Downstream: Subscriber>: Subscription
    where Downstream.Input == Output, Downstream.Failure == Failure {
        private var sinks: [AnyCancellable] = []
        private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

        init(upstreams: Upstreams, downstream: Downstream) {
            pthread_mutex_init(mutex, nil)
            let mutex = self.mutex
            let count = upstreams.count
            var values: [Upstreams.Element.Output?] = Array(repeating: nil, count: count)
            var completions = 0
            var hasCompleted = false
            sinks = upstreams.enumerated().map { index, upstream in
                upstream.sink(
                    receiveCompletion: { completion in
                        pthread_mutex_lock(mutex)
                        defer { pthread_mutex_unlock(mutex) }
                        guard case .finished = completion else {
                            downstream.receive(completion: completion)
                            hasCompleted = true
                            return
                        }
                        completions += 1
                        if completions == count {
                            downstream.receive(completion: completion)
                            hasCompleted = true
                        }
                    },
                    receiveValue: { value in
                        pthread_mutex_lock(mutex)
                        defer { pthread_mutex_unlock(mutex) }
                        guard !hasCompleted else { return }
                        values[index] = value
                        let current = values.compactMap { $0 }
                        if current.count == count {
                            _ = downstream.receive(current)
                        }
                    })
            }
        }

        deinit {
            pthread_mutex_destroy(mutex)
            mutex.deallocate()
        }

        func request(_ demand: Subscribers.Demand) {}

        func cancel() {
            sinks.forEach { $0.cancel() }
        }
    }
}
