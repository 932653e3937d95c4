import Reactive
import ReactiveTesting
import Testing

@Suite("combineLatest over a collection")
struct CombineLatestCollectionTests {
    // MARK: Values

    @Test func emitsNothingUntilEveryUpstreamHasAValueThenTheLatestOfEach() {
        let scheduler = VirtualTimeScheduler()
        let a: AnyPublisher<String, TestError> = scheduler.hot("-a---b-----|")
        let b: AnyPublisher<String, TestError> = scheduler.hot("---x---y-z---|")
        let recorder = TestRecorder<[String], TestError>(scheduler: scheduler)

        [a, b].combineLatest.subscribe(recorder)
        scheduler.run()

        let expected: Events<[String]> = Marbles.parse(
            "---p-q-r-s---|",
            values: ["p": ["a", "x"], "q": ["b", "x"], "r": ["b", "y"], "s": ["b", "z"]])
        #expect(recorder.events == expected)
    }

    @Test func threeUpstreamsKeepCollectionOrderWhateverTheArrivalOrder() {
        let scheduler = VirtualTimeScheduler()
        let a: AnyPublisher<String, TestError> = scheduler.hot("----a-|")
        let b: AnyPublisher<String, TestError> = scheduler.hot("--b---|")
        let c: AnyPublisher<String, TestError> = scheduler.hot("-c---d|")
        let recorder = TestRecorder<[String], TestError>(scheduler: scheduler)

        [a, b, c].combineLatest.subscribe(recorder)
        scheduler.run()

        let expected: Events<[String]> = Marbles.parse(
            "----pq|", values: ["p": ["a", "b", "c"], "q": ["a", "b", "d"]])
        #expect(recorder.events == expected)
    }

    @Test func anUpstreamThatHasNotProducedYetHoldsBackEverything() {
        let p1 = TestPublisher<Int, TestError>("p1")
        let p2 = TestPublisher<Int, TestError>("p2")
        let recorder = TestRecorder<[Int], TestError>()
        [p1, p2].combineLatest.subscribe(recorder)

        p1.send(1)
        p1.send(2)
        #expect(recorder.values.isEmpty)
        p2.send(10)
        #expect(recorder.values == [[2, 10]])
    }

    // MARK: Demand

    @Test func downstreamDemandIsForwardedToEveryUpstream() {
        let p1 = TestPublisher<Int, TestError>("p1")
        let p2 = TestPublisher<Int, TestError>("p2")
        let p3 = TestPublisher<Int, TestError>("p3")
        let recorder = TestRecorder<[Int], TestError>(demand: .max(2))
        [p1, p2, p3].combineLatest.subscribe(recorder)

        for publisher in [p1, p2, p3] { #expect(publisher.demands == [.max(2)]) }
        recorder.request(.max(5))
        for publisher in [p1, p2, p3] { #expect(publisher.demands == [.max(2), .max(5)]) }
    }

    @Test func aValueAtZeroDemandOverwritesItsSlotAndIsNotReplayed() {
        let p1 = TestPublisher<Int, TestError>("p1")
        let p2 = TestPublisher<Int, TestError>("p2")
        let recorder = TestRecorder<[Int], TestError>(demand: .max(1))
        [p1, p2].combineLatest.subscribe(recorder)

        p1.send(1)
        p2.send(10)
        #expect(recorder.values == [[1, 10]])

        p1.send(2)      // no demand: replaces 1, not emitted
        p2.send(20)     // no demand: replaces 10, not emitted
        #expect(recorder.values == [[1, 10]])

        recorder.request(.max(1))
        #expect(recorder.values == [[1, 10]], "nothing is replayed when demand arrives")
        #expect(p1.demands == [.max(1), .max(1)])
        #expect(p2.demands == [.max(1), .max(1)])

        p1.send(3)
        #expect(recorder.values == [[1, 10], [3, 20]])
        p2.send(30)     // demand used up again
        #expect(recorder.values == [[1, 10], [3, 20]])
        #expect(recorder.completion == nil)
    }

    @Test func demandReturnedFromReceiveKeepsValuesFlowing() {
        let p1 = TestPublisher<Int, TestError>("p1")
        let p2 = TestPublisher<Int, TestError>("p2")
        let recorder = TestRecorder<[Int], TestError>(demand: .max(1))
        recorder.demandPerValue = .max(1)
        [p1, p2].combineLatest.subscribe(recorder)

        p1.send(1)
        p2.send(10)
        p1.send(2)
        p2.send(20)
        p2.send(30)

        #expect(recorder.values == [[1, 10], [2, 10], [2, 20], [2, 30]])
        // The initial request and one more for each of the four values delivered.
        #expect(p1.demands == Array(repeating: .max(1), count: 5))
        #expect(p2.demands == Array(repeating: .max(1), count: 5))
    }

    @Test func demandReturnedFromReceiveReachesUpstreamsThatHonourDemand() {
        // PassthroughSubject drops what it has no demand for, so without the demand
        // handed back by the recorder only the first combination would get through.
        let scheduler = VirtualTimeScheduler()
        let a: AnyPublisher<String, TestError> = scheduler.hot("-a--b--c-|")
        let b: AnyPublisher<String, TestError> = scheduler.hot("--x--y---|")
        let limited = TestRecorder<[String], TestError>(demand: .max(1), scheduler: scheduler)
        limited.demandPerValue = .max(1)
        let starved = TestRecorder<[String], TestError>(demand: .max(1), scheduler: scheduler)

        [a, b].combineLatest.subscribe(limited)
        [a, b].combineLatest.subscribe(starved)
        scheduler.run()

        let expected: Events<[String]> = Marbles.parse(
            "--p-qr-s-|",
            values: ["p": ["a", "x"], "q": ["b", "x"], "r": ["b", "y"], "s": ["c", "y"]])
        #expect(limited.events == expected)
        #expect(starved.values == [["a", "x"]])
    }

    // MARK: Completion

    @Test func finishesOnlyWhenEveryUpstreamHasFinished() {
        let scheduler = VirtualTimeScheduler()
        let a: AnyPublisher<String, TestError> = scheduler.hot("-a-|")
        let b: AnyPublisher<String, TestError> = scheduler.hot("--x--y--|")
        let recorder = TestRecorder<[String], TestError>(scheduler: scheduler)

        [a, b].combineLatest.subscribe(recorder)
        scheduler.run()

        let expected: Events<[String]> = Marbles.parse(
            "--p--q--|", values: ["p": ["a", "x"], "q": ["a", "y"]])
        #expect(recorder.events == expected)
    }

    @Test func anUpstreamFinishingWithoutAValueDoesNotEndIt() {
        let p1 = TestPublisher<Int, TestError>("p1")
        let p2 = TestPublisher<Int, TestError>("p2")
        let recorder = TestRecorder<[Int], TestError>()
        [p1, p2].combineLatest.subscribe(recorder)

        p1.send(completion: .finished)
        #expect(recorder.completion == nil)
        #expect(!p2.isCancelled)
        p2.send(1)
        p2.send(2)
        #expect(recorder.values.isEmpty, "it can never emit, but it has not finished")
        #expect(recorder.completion == nil)

        p2.send(completion: .finished)
        #expect(recorder.isFinished)
        #expect(recorder.eventCount == 1)
    }

    @Test func anUpstreamFinishingWithoutAValueInMarbles() {
        let scheduler = VirtualTimeScheduler()
        let a: AnyPublisher<String, TestError> = scheduler.hot("--|")
        let b: AnyPublisher<String, TestError> = scheduler.hot("-x-y---|")
        let recorder = TestRecorder<[String], TestError>(scheduler: scheduler)

        [a, b].combineLatest.subscribe(recorder)
        scheduler.run()

        let expected: Events<[String]> = Marbles.parse("-------|", values: [:])
        #expect(recorder.events == expected)
    }

    @Test func firstFailureIsForwardedAtOnceAndTheOthersAreCancelled() {
        let p1 = TestPublisher<Int, TestError>("p1")
        let p2 = TestPublisher<Int, TestError>("p2")
        let p3 = TestPublisher<Int, TestError>("p3")
        let recorder = TestRecorder<[Int], TestError>()
        [p1, p2, p3].combineLatest.subscribe(recorder)

        p1.send(1)
        p2.send(2)
        p3.send(3)
        p2.send(completion: .failure(.boom))

        #expect(recorder.values == [[1, 2, 3]])
        #expect(recorder.completion == .failure(.boom))
        #expect(p1.cancelCount == 1)
        #expect(p3.cancelCount == 1)
        #expect(p2.cancelCount == 0, "the failed upstream is done already")
    }

    @Test func failureInMarbles() {
        let scheduler = VirtualTimeScheduler()
        let a: AnyPublisher<String, TestError> = scheduler.hot("-a---#", error: TestError.boom)
        let b: AnyPublisher<String, TestError> = scheduler.hot("--x-----y--|")
        let recorder = TestRecorder<[String], TestError>(scheduler: scheduler)

        [a, b].combineLatest.subscribe(recorder)
        scheduler.run()

        let expected: Events<[String]> = Marbles.parse(
            "--p--#", values: ["p": ["a", "x"]], error: TestError.boom)
        #expect(recorder.events == expected)
    }

    @Test func eventsAfterTheFailureAreIgnored() {
        let stubborn = StubbornPublisher<Int>()
        let failing = TestPublisher<Int, TestError>("failing")
        let recorder = TestRecorder<[Int], TestError>()
        [stubborn.eraseToAnyPublisher(), failing.eraseToAnyPublisher()].combineLatest.subscribe(recorder)

        stubborn.send(1)
        failing.send(2)
        failing.send(completion: .failure(.boom))
        #expect(stubborn.cancelCount == 1)

        // This upstream ignores its cancellation.
        stubborn.send(3)
        stubborn.send(completion: .failure(.other))
        stubborn.send(completion: .finished)

        #expect(recorder.values == [[1, 2]])
        #expect(recorder.completion == .failure(.boom))
        #expect(recorder.eventCount == 2)
        #expect(recorder.overlappingCalls == 0)
    }

    // MARK: Subscription order

    @Test func upstreamsAreSubscribedInIndexOrderBeforeTheDownstreamGetsItsSubscription() {
        let log = TestLog()
        let publishers = (0..<3).map { TestPublisher<Int, TestError>("p\($0)", log: log) }
        let recorder = TestRecorder<[Int], TestError>()
        recorder.onSubscription = { _ in log.append("downstream subscribed") }

        publishers.combineLatest.subscribe(recorder)

        #expect(log.entries == [
            "subscribe p0", "subscribe p1", "subscribe p2",
            "downstream subscribed",
            "request p0 unlimited", "request p1 unlimited", "request p2 unlimited",
        ])
        #expect(recorder.subscriptionCount == 1)
    }

    @Test func aFailureDuringSubscriptionArrivesAfterTheDownstreamGotItsSubscription() {
        let publishers = (0..<3).map { TestPublisher<Int, TestError>("p\($0)") }
        publishers[0].onSubscribe = { $0.send(completion: .failure(.boom)) }
        let recorder = TestRecorder<[Int], TestError>()
        var eventsSeenAtSubscription: Int?
        recorder.onSubscription = { [unowned recorder] _ in
            eventsSeenAtSubscription = recorder.eventCount
        }

        publishers.combineLatest.subscribe(recorder)

        #expect(eventsSeenAtSubscription == 0)
        #expect(recorder.completion == .failure(.boom))
        #expect(recorder.eventCount == 1)
        #expect(publishers.allSatisfy { !$0.hasSubscriber }, "nobody is left subscribed")
    }

    @Test func synchronousFailFromAStandardPublisherArrivesAfterTheSubscription() {
        let just = Just(1).setFailureType(to: TestError.self).eraseToAnyPublisher()
        let fail = Fail<Int, TestError>(error: .boom).eraseToAnyPublisher()
        let recorder = TestRecorder<[Int], TestError>()
        var eventsSeenAtSubscription: Int?
        recorder.onSubscription = { [unowned recorder] _ in
            eventsSeenAtSubscription = recorder.eventCount
        }

        [just, fail].combineLatest.subscribe(recorder)

        #expect(eventsSeenAtSubscription == 0)
        #expect(recorder.values.isEmpty)
        #expect(recorder.completion == .failure(.boom))
    }

    @Test func upstreamsThatAreAllEmptyFinishAfterTheSubscriptionWithoutAValue() {
        let recorder = TestRecorder<[Int], TestError>()
        var eventsSeenAtSubscription: Int?
        recorder.onSubscription = { [unowned recorder] _ in
            eventsSeenAtSubscription = recorder.eventCount
        }

        [Empty<Int, TestError>(), Empty()].combineLatest.subscribe(recorder)

        #expect(eventsSeenAtSubscription == 0)
        #expect(recorder.values.isEmpty)
        #expect(recorder.isFinished)
    }

    @Test func standardPublishersWithImmediateValuesCombine() {
        let recorder = TestRecorder<[Int], Never>()
        [Just(1), Just(2), Just(3)].combineLatest.subscribe(recorder)
        #expect(recorder.values == [[1, 2, 3]])
        #expect(recorder.isFinished)
    }

    // MARK: Cancellation

    @Test func downstreamCancelCancelsEveryUpstreamAndNothingMoreArrives() {
        let p1 = TestPublisher<Int, TestError>("p1")
        let p2 = TestPublisher<Int, TestError>("p2")
        let recorder = TestRecorder<[Int], TestError>()
        [p1, p2].combineLatest.subscribe(recorder)
        p1.send(1)
        p2.send(2)

        recorder.cancel()

        #expect(p1.cancelCount == 1)
        #expect(p2.cancelCount == 1)
        p1.send(3)
        p2.send(completion: .finished)
        #expect(recorder.values == [[1, 2]])
        #expect(recorder.completion == nil)
    }

    @Test func nothingArrivesAfterCancelEvenFromAnUpstreamIgnoringIt() {
        let stubborn = StubbornPublisher<Int>()
        let other = TestPublisher<Int, TestError>("other")
        let recorder = TestRecorder<[Int], TestError>()
        [stubborn.eraseToAnyPublisher(), other.eraseToAnyPublisher()].combineLatest.subscribe(recorder)
        stubborn.send(1)
        other.send(2)

        recorder.cancel()
        stubborn.send(3)
        stubborn.send(completion: .finished)

        #expect(stubborn.cancelCount == 1)
        #expect(recorder.values == [[1, 2]])
        #expect(recorder.completion == nil)
    }

    @Test func cancellingInsideReceiveSubscriptionCancelsEveryUpstream() {
        let publishers = (0..<3).map { TestPublisher<Int, TestError>("p\($0)") }
        publishers[2].onSubscribe = { $0.send(completion: .finished) }
        let recorder = TestRecorder<[Int], TestError>()
        recorder.onSubscription = { $0.cancel() }

        publishers.combineLatest.subscribe(recorder)

        #expect(publishers[0].isCancelled)
        #expect(publishers[1].isCancelled)
        #expect(publishers.allSatisfy { $0.demands.isEmpty }, "nobody asks after the cancel")
        publishers[0].send(1)
        #expect(recorder.eventCount == 0)
    }

    @Test func cancellingFromInsideReceiveStopsFurtherValues() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let recorder = TestRecorder<[Int], Never>()
        recorder.onValue = { [unowned recorder] value in
            if value == [1, 2] {
                a.send(3)          // queued behind the current value
                recorder.cancel()  // and dropped by the cancel
            }
        }
        [a, b].combineLatest.subscribe(recorder)

        a.send(1)
        b.send(2)
        b.send(4)

        #expect(recorder.values == [[1, 2]])
        #expect(recorder.overlappingCalls == 0)
    }

    // MARK: Empty collection

    @Test func emptyCollectionEmitsAnEmptyArrayOnFirstDemandThenFinishes() {
        let recorder = TestRecorder<[Int], TestError>(demand: .none)
        [TestPublisher<Int, TestError>]().combineLatest.subscribe(recorder)
        #expect(recorder.eventCount == 0, "nothing before demand")

        recorder.request(.max(1))
        #expect(recorder.values == [[]])
        #expect(recorder.isFinished)
        #expect(recorder.eventCount == 2)

        recorder.request(.max(1))
        #expect(recorder.eventCount == 2, "emitted once only")
    }

    @Test func emptyCollectionWithUnlimitedDemand() {
        let recorder = TestRecorder<[Int], Never>()
        [PassthroughSubject<Int, Never>]().combineLatest.subscribe(recorder)
        #expect(recorder.values == [[]])
        #expect(recorder.isFinished)
    }

    @Test func oneUpstreamWrapsEachValue() {
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = TestRecorder<[Int], TestError>()
        [subject].combineLatest.subscribe(recorder)
        subject.send(1)
        subject.send(2)
        subject.send(completion: .finished)
        #expect(recorder.values == [[1], [2]])
        #expect(recorder.isFinished)
    }
}
