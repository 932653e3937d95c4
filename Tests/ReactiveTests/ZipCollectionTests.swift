import Reactive
import ReactiveTesting
import Testing

@Suite("zip over a collection")
struct ZipCollectionTests {
    // MARK: Pairing

    @Test func pairsValuesByPositionFirstInFirstOut() {
        let scheduler = VirtualTimeScheduler()
        let a: AnyPublisher<String, TestError> = scheduler.hot("-a-b-c----|")
        let b: AnyPublisher<String, TestError> = scheduler.hot("---x---y-z-|")
        let recorder = TestRecorder<[String], TestError>(scheduler: scheduler)

        [a, b].zip.subscribe(recorder)
        scheduler.run()

        let expected: Events<[String]> = Marbles.parse(
            "---p---q-r|", values: ["p": ["a", "x"], "q": ["b", "y"], "r": ["c", "z"]])
        #expect(recorder.events == expected)
    }

    @Test func aFinishedUpstreamWithBufferedValuesKeepsItAliveUntilDrained() {
        let scheduler = VirtualTimeScheduler()
        let a: AnyPublisher<String, TestError> = scheduler.hot("-abc---|")
        let b: AnyPublisher<String, TestError> = scheduler.hot("----x-y-z-w|")
        let recorder = TestRecorder<[String], TestError>(scheduler: scheduler)

        [a, b].zip.subscribe(recorder)
        scheduler.run()

        let expected: Events<[String]> = Marbles.parse(
            "----p-q-(r|)", values: ["p": ["a", "x"], "q": ["b", "y"], "r": ["c", "z"]])
        #expect(recorder.events == expected)
    }

    @Test func roundsTakeTheOldestOfEachBuffer() {
        let p1 = TestPublisher<Int, TestError>("p1")
        let p2 = TestPublisher<Int, TestError>("p2")
        let p3 = TestPublisher<Int, TestError>("p3")
        let recorder = TestRecorder<[Int], TestError>()
        [p1, p2, p3].zip.subscribe(recorder)

        p1.send(1); p1.send(2); p1.send(3)
        p2.send(10); p2.send(20)
        #expect(recorder.values.isEmpty)
        p3.send(100)
        #expect(recorder.values == [[1, 10, 100]])
        p3.send(200)
        p3.send(300)
        #expect(recorder.values == [[1, 10, 100], [2, 20, 200]])
        p2.send(30)
        #expect(recorder.values == [[1, 10, 100], [2, 20, 200], [3, 30, 300]])
        #expect(recorder.completion == nil)
    }

    // MARK: Completion

    @Test func finishesWhenAFinishedUpstreamIsDrainedByARound() {
        let p1 = TestPublisher<Int, TestError>("p1")
        let p2 = TestPublisher<Int, TestError>("p2")
        let recorder = TestRecorder<[Int], TestError>()
        [p1, p2].zip.subscribe(recorder)

        p1.send(1)
        p1.send(completion: .finished)
        #expect(recorder.completion == nil, "p1 still holds a value")
        #expect(!p2.isCancelled)

        p2.send(10)
        #expect(recorder.values == [[1, 10]])
        #expect(recorder.isFinished)
        #expect(p2.cancelCount == 1)
    }

    @Test func finishesWhenAnUpstreamFinishesWithAnEmptyBufferDroppingSurplus() {
        let p1 = TestPublisher<Int, TestError>("p1")
        let p2 = TestPublisher<Int, TestError>("p2")
        let p3 = TestPublisher<Int, TestError>("p3")
        let recorder = TestRecorder<[Int], TestError>()
        [p1, p2, p3].zip.subscribe(recorder)

        p2.send(10); p2.send(20)
        p3.send(100)
        p1.send(1)
        #expect(recorder.values == [[1, 10, 100]])
        #expect(recorder.completion == nil)

        p1.send(completion: .finished)   // its buffer is empty: nothing can pair any more
        #expect(recorder.isFinished)
        #expect(recorder.values == [[1, 10, 100]], "the surplus 20 is dropped")
        #expect(p2.cancelCount == 1)
        #expect(p3.cancelCount == 1)
        #expect(p1.cancelCount == 0)
    }

    @Test func anUpstreamFinishingWithoutAnyValueEndsItAtOnce() {
        let p1 = TestPublisher<Int, TestError>("p1")
        let p2 = TestPublisher<Int, TestError>("p2")
        let recorder = TestRecorder<[Int], TestError>()
        [p1, p2].zip.subscribe(recorder)

        p2.send(10)
        p1.send(completion: .finished)

        #expect(recorder.values.isEmpty)
        #expect(recorder.isFinished)
        #expect(p2.isCancelled)
    }

    @Test func aFinishedUpstreamHoldingSeveralValuesIsDrainedRoundByRound() {
        let p1 = TestPublisher<Int, TestError>("p1")
        let p2 = TestPublisher<Int, TestError>("p2")
        let recorder = TestRecorder<[Int], TestError>()
        [p1, p2].zip.subscribe(recorder)

        p1.send(1); p1.send(2); p1.send(3)
        p1.send(completion: .finished)
        p2.send(10)
        #expect(recorder.values == [[1, 10]])
        #expect(recorder.completion == nil)
        p2.send(20)
        #expect(recorder.completion == nil)
        #expect(!p2.isCancelled)
        p2.send(30)
        #expect(recorder.values == [[1, 10], [2, 20], [3, 30]])
        #expect(recorder.isFinished)
        #expect(p2.cancelCount == 1)
    }

    @Test func firstFailureIsForwardedAtOnceAndTheOthersAreCancelled() {
        let p1 = TestPublisher<Int, TestError>("p1")
        let p2 = TestPublisher<Int, TestError>("p2")
        let p3 = TestPublisher<Int, TestError>("p3")
        let recorder = TestRecorder<[Int], TestError>()
        [p1, p2, p3].zip.subscribe(recorder)

        p1.send(1)
        p3.send(3)
        p2.send(completion: .failure(.boom))

        #expect(recorder.values.isEmpty)
        #expect(recorder.completion == .failure(.boom))
        #expect(p1.cancelCount == 1)
        #expect(p3.cancelCount == 1)
        #expect(p2.cancelCount == 0)
    }

    @Test func aFailureIsNotHeldBackByBufferedRounds() {
        let p1 = TestPublisher<Int, TestError>("p1")
        let p2 = TestPublisher<Int, TestError>("p2")
        let recorder = TestRecorder<[Int], TestError>(demand: .none)
        [p1, p2].zip.subscribe(recorder)

        p1.send(1)
        p2.send(10)
        p1.send(completion: .failure(.boom))

        #expect(recorder.values.isEmpty)
        #expect(recorder.completion == .failure(.boom))
        #expect(p2.isCancelled)
    }

    @Test func failureInMarbles() {
        let scheduler = VirtualTimeScheduler()
        let a: AnyPublisher<String, TestError> = scheduler.hot("-a-b-#", error: TestError.boom)
        let b: AnyPublisher<String, TestError> = scheduler.hot("--x-----y|")
        let recorder = TestRecorder<[String], TestError>(scheduler: scheduler)

        [a, b].zip.subscribe(recorder)
        scheduler.run()

        let expected: Events<[String]> = Marbles.parse(
            "--p--#", values: ["p": ["a", "x"]], error: TestError.boom)
        #expect(recorder.events == expected)
    }

    @Test func eventsAfterTheFailureAreIgnored() {
        let stubborn = StubbornPublisher<Int>()
        let failing = TestPublisher<Int, TestError>("failing")
        let recorder = TestRecorder<[Int], TestError>()
        [stubborn.eraseToAnyPublisher(), failing.eraseToAnyPublisher()].zip.subscribe(recorder)

        failing.send(completion: .failure(.boom))
        stubborn.send(1)
        stubborn.send(completion: .finished)

        #expect(stubborn.cancelCount == 1)
        #expect(recorder.completion == .failure(.boom))
        #expect(recorder.eventCount == 1)
    }

    // MARK: Demand

    @Test func downstreamDemandIsForwardedToEveryUpstream() {
        let publishers = (0..<3).map { TestPublisher<Int, TestError>("p\($0)") }
        let recorder = TestRecorder<[Int], TestError>(demand: .max(2))
        publishers.zip.subscribe(recorder)

        for publisher in publishers { #expect(publisher.demands == [.max(2)]) }
        recorder.request(.max(3))
        for publisher in publishers { #expect(publisher.demands == [.max(2), .max(3)]) }
    }

    @Test func roundsBufferedUnderZeroDemandAreDeliveredWhenDemandArrives() {
        let p1 = TestPublisher<Int, TestError>("p1")
        let p2 = TestPublisher<Int, TestError>("p2")
        let recorder = TestRecorder<[Int], TestError>(demand: .none)
        [p1, p2].zip.subscribe(recorder)

        p1.send(1); p1.send(2); p1.send(3)
        p2.send(10); p2.send(20)
        #expect(recorder.values.isEmpty)

        recorder.request(.max(1))
        #expect(recorder.values == [[1, 10]])
        recorder.request(.max(5))
        #expect(recorder.values == [[1, 10], [2, 20]])
        p2.send(30)
        #expect(recorder.values == [[1, 10], [2, 20], [3, 30]])
        p2.send(40)
        #expect(recorder.values.count == 3, "p1 has nothing to pair with 40")
    }

    @Test func aFinishedUpstreamsBufferedRoundWaitsForDemandThenFinishes() {
        let p1 = TestPublisher<Int, TestError>("p1")
        let p2 = TestPublisher<Int, TestError>("p2")
        let recorder = TestRecorder<[Int], TestError>(demand: .none)
        [p1, p2].zip.subscribe(recorder)

        p1.send(1)
        p2.send(10)
        p1.send(completion: .finished)
        #expect(recorder.eventCount == 0, "the round waits for demand, so does the end")

        recorder.request(.max(1))
        #expect(recorder.values == [[1, 10]])
        #expect(recorder.isFinished)
        #expect(p2.isCancelled)
    }

    @Test func demandReturnedFromReceiveReleasesTheNextRound() {
        let p1 = TestPublisher<Int, TestError>("p1")
        let p2 = TestPublisher<Int, TestError>("p2")
        let recorder = TestRecorder<[Int], TestError>(demand: .max(1))
        recorder.demandPerValue = .max(1)
        [p1, p2].zip.subscribe(recorder)

        p1.send(1); p1.send(2); p1.send(3)
        p2.send(10); p2.send(20); p2.send(30)

        #expect(recorder.values == [[1, 10], [2, 20], [3, 30]])
    }

    // MARK: Cancellation and edge cases

    @Test func downstreamCancelCancelsEveryUpstream() {
        let p1 = TestPublisher<Int, TestError>("p1")
        let p2 = TestPublisher<Int, TestError>("p2")
        let recorder = TestRecorder<[Int], TestError>()
        [p1, p2].zip.subscribe(recorder)
        p1.send(1)

        recorder.cancel()
        #expect(p1.cancelCount == 1)
        #expect(p2.cancelCount == 1)
        p2.send(10)
        #expect(recorder.eventCount == 0)
    }

    @Test func upstreamsAreSubscribedInIndexOrderBeforeTheDownstream() {
        let log = TestLog()
        let publishers = (0..<3).map { TestPublisher<Int, TestError>("p\($0)", log: log) }
        let recorder = TestRecorder<[Int], TestError>(demand: .max(1))
        recorder.onSubscription = { _ in log.append("downstream subscribed") }

        publishers.zip.subscribe(recorder)

        #expect(log.entries == [
            "subscribe p0", "subscribe p1", "subscribe p2",
            "downstream subscribed",
            "request p0 max(1)", "request p1 max(1)", "request p2 max(1)",
        ])
    }

    @Test func aCompletionDuringSubscriptionArrivesAfterTheDownstreamGotItsSubscription() {
        let publishers = (0..<2).map { TestPublisher<Int, TestError>("p\($0)") }
        publishers[1].onSubscribe = { $0.send(completion: .finished) }
        let recorder = TestRecorder<[Int], TestError>()
        var eventsSeenAtSubscription: Int?
        recorder.onSubscription = { [unowned recorder] _ in
            eventsSeenAtSubscription = recorder.eventCount
        }

        publishers.zip.subscribe(recorder)

        #expect(eventsSeenAtSubscription == 0)
        #expect(recorder.isFinished)
        #expect(publishers[0].isCancelled)
    }

    @Test func emptyCollectionFinishesAtOnceWithoutAValue() {
        let recorder = TestRecorder<[Int], TestError>(demand: .none)
        var eventsSeenAtSubscription: Int?
        recorder.onSubscription = { [unowned recorder] _ in
            eventsSeenAtSubscription = recorder.eventCount
        }
        [PassthroughSubject<Int, TestError>]().zip.subscribe(recorder)

        #expect(eventsSeenAtSubscription == 0)
        #expect(recorder.values.isEmpty)
        #expect(recorder.isFinished, "needs no demand to finish")
        #expect(recorder.eventCount == 1)
    }

    @Test func standardPublishers() {
        let recorder = TestRecorder<[Int], Never>()
        [[1, 2, 3].publisher, [10, 20].publisher].zip.subscribe(recorder)
        #expect(recorder.values == [[1, 10], [2, 20]])
        #expect(recorder.isFinished)
    }
}
