import Dispatch
import Reactive
import ReactiveTesting
import Testing

/// Several threads, each sending into its own upstream: every value is accounted for and
/// the downstream is never called concurrently.
@Suite("Concurrent senders")
struct ConcurrencyTests {
    static let threads = 8
    static let perThread = 10_000

    /// Runs `body(thread)` on `threads` threads at once and returns when all are done.
    private func onThreads(_ body: @escaping (Int) -> Void) {
        let work = UncheckedSendable(value: body)
        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            work.value(thread)
        }
    }

    @Test func mergeDeliversEveryValueInEachSendersOrder() {
        let subjects = (0..<Self.threads).map { _ in PassthroughSubject<Int, Never>() }
        let recorder = TestRecorder<Int, Never>()
        subjects.merge.subscribe(recorder)

        onThreads { thread in
            for i in 0..<Self.perThread { subjects[thread].send(thread * 1_000_000 + i) }
        }

        let values = recorder.values
        #expect(values.count == Self.threads * Self.perThread)
        #expect(recorder.overlappingCalls == 0)
        for thread in 0..<Self.threads {
            let base = thread * 1_000_000
            let mine = values.filter { $0 / 1_000_000 == thread }
            #expect(mine == Array(base..<base + Self.perThread))
        }
    }

    @Test func mergeFinishesOnceAfterEveryConcurrentValue() {
        let subjects = (0..<Self.threads).map { _ in PassthroughSubject<Int, Never>() }
        let recorder = TestRecorder<Int, Never>()
        subjects.merge.subscribe(recorder)

        onThreads { thread in
            for i in 0..<1_000 { subjects[thread].send(i) }
            subjects[thread].send(completion: .finished)
        }

        let events = recorder.events
        #expect(events.count == Self.threads * 1_000 + 1)
        if case .finished = events.last?.event {} else {
            Issue.record("the last event is not the completion: \(String(describing: events.last))")
        }
        #expect(recorder.values.count == Self.threads * 1_000)
        #expect(recorder.overlappingCalls == 0)
    }

    @Test func combineLatestEmitsOncePerSendOnceEveryUpstreamHasAValue() {
        let subjects = (0..<Self.threads).map { _ in PassthroughSubject<Int, Never>() }
        let recorder = TestRecorder<[Int], Never>()
        subjects.combineLatest.subscribe(recorder)
        for subject in subjects { subject.send(0) }
        #expect(recorder.values.count == 1)

        onThreads { thread in
            for i in 1...Self.perThread { subjects[thread].send(i) }
        }

        let values = recorder.values
        #expect(values.count == 1 + Self.threads * Self.perThread)
        #expect(recorder.overlappingCalls == 0)
        #expect(values.last == Array(repeating: Self.perThread, count: Self.threads))
        // Each upstream's slot only moves forward, one step per value.
        for index in 0..<Self.threads {
            var previous = 0
            var steps = 0
            for value in values where value[index] != previous {
                #expect(value[index] == previous + 1)
                previous = value[index]
                steps += 1
            }
            #expect(steps == Self.perThread)
        }
    }

    @Test func zipPairsConcurrentSendersRoundByRound() {
        let subjects = (0..<Self.threads).map { _ in PassthroughSubject<Int, Never>() }
        let recorder = TestRecorder<[Int], Never>()
        subjects.zip.subscribe(recorder)

        onThreads { thread in
            for i in 0..<Self.perThread { subjects[thread].send(i) }
        }

        let values = recorder.values
        #expect(values.count == Self.perThread)
        #expect(recorder.overlappingCalls == 0)
        let misordered = values.enumerated().first { round, value in
            value != Array(repeating: round, count: Self.threads)
        }
        #expect(misordered == nil)
    }

    @Test func withLatestFromWithConcurrentSourceAndOther() {
        let source = PassthroughSubject<Int, Never>()
        let other = PassthroughSubject<Int, Never>()
        let recorder = TestRecorder<(Int, Int), Never>()
        source.withLatestFrom(other).subscribe(recorder)
        other.send(0)

        onThreads { thread in
            if thread == 0 {
                for i in 1...Self.perThread { other.send(i) }
            } else if thread == 1 {
                for i in 0..<Self.perThread { source.send(i) }
            }
        }

        let values = recorder.values
        #expect(values.map(\.0) == Array(0..<Self.perThread))
        #expect(recorder.overlappingCalls == 0)
        // The sampled value of other never goes backwards.
        #expect(zip(values, values.dropFirst()).allSatisfy { $0.1 <= $1.1 })
    }

    @Test func cancelWhileOtherThreadsSendStopsTheFlow() {
        let subjects = (0..<Self.threads).map { _ in PassthroughSubject<Int, Never>() }
        let recorder = TestRecorder<Int, Never>()
        subjects.merge.subscribe(recorder)

        onThreads { thread in
            for i in 0..<2_000 {
                if thread == 0, i == 1_000 { recorder.cancel() }
                subjects[thread].send(i)
            }
        }
        let countAfterCancel = recorder.values.count
        for subject in subjects { subject.send(-1) }

        #expect(recorder.values.count == countAfterCancel)
        #expect(countAfterCancel < Self.threads * 2_000)
        #expect(!recorder.values.contains(-1))
        #expect(recorder.overlappingCalls == 0)
    }
}
