import Reactive
import ReactiveTesting
import Testing

@Suite("withLatestFrom")
struct WithLatestFromTests {
    // MARK: Subscription

    @Test func otherIsSubscribedAndAskedForEverythingBeforeTheSource() {
        let log = TestLog()
        let source = TestPublisher<Int, TestError>("source", log: log)
        let other = TestPublisher<String, TestError>("other", log: log)
        let recorder = TestRecorder<(Int, String), TestError>(demand: .max(2))
        recorder.onSubscription = { _ in log.append("downstream subscribed") }

        source.withLatestFrom(other).subscribe(recorder)

        #expect(log.entries == [
            "subscribe other", "request other unlimited",
            "subscribe source",
            "downstream subscribed",
            "request source max(2)",
        ])
        recorder.request(.max(3))
        #expect(source.demands == [.max(2), .max(3)])
        #expect(other.demands == [.unlimited], "downstream demand goes to the source only")
    }

    @Test func twoCurrentValueSubjectsPairUpAtOnce() {
        let source = CurrentValueSubject<Int, Never>(1)
        let other = CurrentValueSubject<String, Never>("a")
        let recorder = TestRecorder<(Int, String), Never>()

        source.withLatestFrom(other).subscribe(recorder)

        #expect(recorder.values.map(Pair.init) == [Pair(1, "a")])
        other.send("b")
        #expect(recorder.values.count == 1, "other alone does not emit")
        source.send(2)
        #expect(recorder.values.map(Pair.init) == [Pair(1, "a"), Pair(2, "b")])
    }

    // MARK: Values

    @Test func sourceValuesAreSampledWithTheLatestOtherValue() {
        let scheduler = VirtualTimeScheduler()
        let source: AnyPublisher<String, TestError> = scheduler.hot("-a--b---c-d-|")
        let other: AnyPublisher<String, TestError> = scheduler.hot("--x----y-|")
        let recorder = TestRecorder<String, TestError>(scheduler: scheduler)

        source.withLatestFrom(other) { $0 + $1 }.subscribe(recorder)
        scheduler.run()

        // a comes before any x and is dropped; other finishing at 9 changes nothing.
        let expected: Events<String> = Marbles.parse(
            "----p---q-r-|", values: ["p": "bx", "q": "cy", "r": "dy"])
        #expect(recorder.events == expected)
    }

    @Test func sourceValuesBeforeOthersFirstValueAreDroppedNotBuffered() {
        let source = PassthroughSubject<Int, TestError>()
        let other = PassthroughSubject<String, TestError>()
        let recorder = TestRecorder<(Int, String), TestError>()
        source.withLatestFrom(other).subscribe(recorder)

        source.send(1)
        source.send(2)
        #expect(recorder.values.isEmpty)
        other.send("x")
        #expect(recorder.values.isEmpty, "the dropped values are not replayed")
        source.send(3)
        #expect(recorder.values.map(Pair.init) == [Pair(3, "x")])
    }

    @Test func droppedSourceValuesDoNotUseUpDemand() {
        // PassthroughSubject drops values it has no demand for, so if the two dropped
        // values had used up the demand of 1, the 3 would be lost too.
        let source = PassthroughSubject<Int, TestError>()
        let other = PassthroughSubject<String, TestError>()
        let recorder = TestRecorder<(Int, String), TestError>(demand: .max(1))
        source.withLatestFrom(other).subscribe(recorder)

        source.send(1)
        source.send(2)
        other.send("x")
        source.send(3)
        source.send(4)

        #expect(recorder.values.map(Pair.init) == [Pair(3, "x")])
    }

    @Test func limitedDemandIsRespected() {
        let source = TestPublisher<Int, TestError>("source")
        let other = TestPublisher<String, TestError>("other")
        let recorder = TestRecorder<(Int, String), TestError>(demand: .max(1))
        source.withLatestFrom(other).subscribe(recorder)

        other.send("x")
        source.send(1)
        source.send(2)      // beyond demand: not delivered
        #expect(recorder.values.map(Pair.init) == [Pair(1, "x")])
        recorder.request(.max(1))
        source.send(3)
        #expect(recorder.values.map(Pair.init) == [Pair(1, "x"), Pair(3, "x")])
    }

    @Test func resultSelectorOverload() {
        let source = PassthroughSubject<Int, Never>()
        let other = PassthroughSubject<Int, Never>()
        let recorder = TestRecorder<Int, Never>()
        source.withLatestFrom(other) { press, level in press * 100 + level }.subscribe(recorder)

        other.send(1)
        source.send(1)
        other.send(2)
        other.send(3)
        source.send(2)
        source.send(3)

        #expect(recorder.values == [101, 203, 303])
    }

    // MARK: Completion

    @Test func completesWhenTheSourceCompletesEvenIfOtherNeverEmitted() {
        let source = TestPublisher<Int, TestError>("source")
        let other = TestPublisher<String, TestError>("other")
        let recorder = TestRecorder<(Int, String), TestError>()
        source.withLatestFrom(other).subscribe(recorder)

        source.send(1)
        source.send(completion: .finished)

        #expect(recorder.values.isEmpty)
        #expect(recorder.isFinished)
        #expect(other.isCancelled)
    }

    @Test func sourceCompletingDuringSubscriptionBeforeOthersFirstValueIsNotLost() {
        let recorder = TestRecorder<(Int, String), Never>()
        var eventsSeenAtSubscription: Int?
        recorder.onSubscription = { [unowned recorder] _ in
            eventsSeenAtSubscription = recorder.eventCount
        }
        Just(1).withLatestFrom(PassthroughSubject<String, Never>()).subscribe(recorder)

        #expect(eventsSeenAtSubscription == 0)
        #expect(recorder.values.isEmpty)
        #expect(recorder.isFinished)
    }

    @Test func otherFinishingIsIgnoredAndItsLastValueKeepsServing() {
        let source = TestPublisher<Int, TestError>("source")
        let other = TestPublisher<String, TestError>("other")
        let recorder = TestRecorder<(Int, String), TestError>()
        source.withLatestFrom(other).subscribe(recorder)

        other.send("x")
        other.send(completion: .finished)
        #expect(recorder.completion == nil)
        #expect(!source.isCancelled)
        source.send(1)
        source.send(2)
        #expect(recorder.values.map(Pair.init) == [Pair(1, "x"), Pair(2, "x")])

        source.send(completion: .finished)
        #expect(recorder.isFinished)
    }

    @Test func otherFinishingWithoutAValueIsIgnoredToo() {
        let source = TestPublisher<Int, TestError>("source")
        let other = TestPublisher<String, TestError>("other")
        let recorder = TestRecorder<(Int, String), TestError>()
        source.withLatestFrom(other).subscribe(recorder)

        other.send(completion: .finished)
        source.send(1)
        #expect(recorder.eventCount == 0)
        source.send(completion: .finished)
        #expect(recorder.isFinished)
    }

    @Test func aFailureOfTheSourceIsForwardedAndOtherIsCancelled() {
        let source = TestPublisher<Int, TestError>("source")
        let other = TestPublisher<String, TestError>("other")
        let recorder = TestRecorder<(Int, String), TestError>()
        source.withLatestFrom(other).subscribe(recorder)
        other.send("x")
        source.send(1)

        source.send(completion: .failure(.boom))

        #expect(recorder.values.count == 1)
        #expect(recorder.completion == .failure(.boom))
        #expect(other.cancelCount == 1)
    }

    @Test func aFailureOfOtherIsForwardedAndTheSourceIsCancelled() {
        let source = TestPublisher<Int, TestError>("source")
        let other = TestPublisher<String, TestError>("other")
        let recorder = TestRecorder<(Int, String), TestError>()
        source.withLatestFrom(other).subscribe(recorder)

        other.send(completion: .failure(.other))

        #expect(recorder.completion == .failure(.other))
        #expect(source.cancelCount == 1)
        source.send(1)
        #expect(recorder.eventCount == 1)
    }

    @Test func aFailureOfOtherInMarbles() {
        let scheduler = VirtualTimeScheduler()
        let source: AnyPublisher<String, TestError> = scheduler.hot("--a--b--c|")
        let other: AnyPublisher<String, TestError> = scheduler.hot("-x--#", error: TestError.boom)
        let recorder = TestRecorder<String, TestError>(scheduler: scheduler)

        source.withLatestFrom(other) { $0 + $1 }.subscribe(recorder)
        scheduler.run()

        let expected: Events<String> = Marbles.parse(
            "--p-#", values: ["p": "ax"], error: TestError.boom)
        #expect(recorder.events == expected)
    }

    @Test func aFailureOfOtherDuringSubscriptionArrivesAfterTheSubscription() {
        let recorder = TestRecorder<(Int, String), TestError>()
        var eventsSeenAtSubscription: Int?
        recorder.onSubscription = { [unowned recorder] _ in
            eventsSeenAtSubscription = recorder.eventCount
        }
        let source = TestPublisher<Int, TestError>("source")

        source.withLatestFrom(Fail<String, TestError>(error: .boom)).subscribe(recorder)

        #expect(eventsSeenAtSubscription == 0)
        #expect(recorder.completion == .failure(.boom))
        #expect(!source.hasSubscriber, "the source is cancelled or never kept")
    }

    @Test func eventsAfterTheFailureAreIgnored() {
        let source = StubbornPublisher<Int>()
        let other = TestPublisher<String, TestError>("other")
        let recorder = TestRecorder<(Int, String), TestError>()
        source.withLatestFrom(other).subscribe(recorder)
        other.send("x")

        other.send(completion: .failure(.boom))
        source.send(1)
        source.send(completion: .finished)

        #expect(source.cancelCount == 1)
        #expect(recorder.completion == .failure(.boom))
        #expect(recorder.eventCount == 1)
    }

    // MARK: Cancellation

    @Test func downstreamCancelCancelsBothSides() {
        let source = StubbornPublisher<Int>()
        let other = TestPublisher<String, TestError>("other")
        let recorder = TestRecorder<(Int, String), TestError>()
        source.withLatestFrom(other).subscribe(recorder)
        other.send("x")
        source.send(1)

        recorder.cancel()
        source.send(2)

        #expect(source.cancelCount == 1)
        #expect(other.cancelCount == 1)
        #expect(recorder.values.map(Pair.init) == [Pair(1, "x")])
        #expect(recorder.completion == nil)
    }
}
