import Reactive
import ReactiveTesting
import Testing

@Suite("merge of a collection")
struct MergeCollectionTests {
    // MARK: Values and completion

    @Test func valuesPassThroughInArrivalOrderAndItFinishesAfterAll() {
        let scheduler = VirtualTimeScheduler()
        let a: AnyPublisher<String, TestError> = scheduler.hot("-a---c---|")
        let b: AnyPublisher<String, TestError> = scheduler.hot("--b-d--|")
        let c: AnyPublisher<String, TestError> = scheduler.hot("---(ef)|")
        let recorder = TestRecorder<String, TestError>(scheduler: scheduler)

        [a, b, c].merge.subscribe(recorder)
        scheduler.run()

        let expected: Events<String> = Marbles.parse("-ab(ef)dc---|")
        #expect(recorder.events == expected)
    }

    @Test func doesNotFinishWhileAnyUpstreamIsRunning() {
        let p1 = TestPublisher<Int, TestError>("p1")
        let p2 = TestPublisher<Int, TestError>("p2")
        let recorder = TestRecorder<Int, TestError>()
        [p1, p2].merge.subscribe(recorder)

        p1.send(1)
        p1.send(completion: .finished)
        #expect(recorder.completion == nil)
        #expect(!p2.isCancelled)
        p2.send(2)
        p2.send(completion: .finished)

        #expect(recorder.values == [1, 2])
        #expect(recorder.isFinished)
    }

    @Test func firstFailureEndsItAndCancelsTheOthers() {
        let p1 = TestPublisher<Int, TestError>("p1")
        let p2 = TestPublisher<Int, TestError>("p2")
        let p3 = TestPublisher<Int, TestError>("p3")
        let recorder = TestRecorder<Int, TestError>()
        [p1, p2, p3].merge.subscribe(recorder)

        p1.send(1)
        p3.send(completion: .finished)
        p2.send(completion: .failure(.boom))

        #expect(recorder.values == [1])
        #expect(recorder.completion == .failure(.boom))
        #expect(p1.cancelCount == 1)
        #expect(p2.cancelCount == 0)
        #expect(p3.cancelCount == 0, "a finished upstream is not cancelled")
    }

    @Test func failureInMarbles() {
        let scheduler = VirtualTimeScheduler()
        let a: AnyPublisher<String, TestError> = scheduler.hot("-a--#", error: TestError.boom)
        let b: AnyPublisher<String, TestError> = scheduler.hot("--b---c|")
        let recorder = TestRecorder<String, TestError>(scheduler: scheduler)

        [a, b].merge.subscribe(recorder)
        scheduler.run()

        let expected: Events<String> = Marbles.parse("-ab-#", error: TestError.boom)
        #expect(recorder.events == expected)
    }

    @Test func eventsAfterTheFailureAreIgnored() {
        let stubborn = StubbornPublisher<Int>()
        let failing = TestPublisher<Int, TestError>("failing")
        let recorder = TestRecorder<Int, TestError>()
        [stubborn.eraseToAnyPublisher(), failing.eraseToAnyPublisher()].merge.subscribe(recorder)

        stubborn.send(1)
        failing.send(completion: .failure(.boom))
        stubborn.send(2)
        stubborn.send(completion: .finished)

        #expect(stubborn.cancelCount == 1)
        #expect(recorder.values == [1])
        #expect(recorder.completion == .failure(.boom))
        #expect(recorder.eventCount == 2)
    }

    // MARK: Demand

    @Test func unlimitedDemandIsForwardedAsUnlimitedToEveryUpstream() {
        let log = TestLog()
        let publishers = (0..<3).map { TestPublisher<Int, TestError>("p\($0)", log: log) }
        let recorder = TestRecorder<Int, TestError>()
        recorder.onSubscription = { _ in log.append("downstream subscribed") }
        publishers.merge.subscribe(recorder)

        #expect(log.entries == [
            "subscribe p0", "subscribe p1", "subscribe p2",
            "downstream subscribed",
            "request p0 unlimited", "request p1 unlimited", "request p2 unlimited",
        ])
        for publisher in publishers {
            #expect(publisher.send(1) == .none, "nothing more to ask for after unlimited")
        }
        #expect(recorder.values == [1, 1, 1])
    }

    @Test func limitedDemandAsksEachUpstreamForOneValueAtATime() {
        let publishers = (0..<3).map { TestPublisher<Int, TestError>("p\($0)") }
        let recorder = TestRecorder<Int, TestError>(demand: .max(5))
        publishers.merge.subscribe(recorder)

        for publisher in publishers { #expect(publisher.demands == [.max(1)]) }
        #expect(publishers[0].send(1) == .max(1), "delivered, so it may send the next one")
        #expect(recorder.values == [1])
    }

    @Test func aValueAtZeroDemandWaitsInItsSlotAndWaitingValuesGoOutInArrivalOrder() {
        let p0 = TestPublisher<Int, TestError>("p0")
        let p1 = TestPublisher<Int, TestError>("p1")
        let p2 = TestPublisher<Int, TestError>("p2")
        let recorder = TestRecorder<Int, TestError>(demand: .max(1))
        [p0, p1, p2].merge.subscribe(recorder)

        #expect(p0.send(1) == .max(1))
        #expect(recorder.values == [1])

        // No demand left: each value waits, and its upstream is not asked for more.
        #expect(p2.send(20) == .none)
        #expect(p1.send(10) == .none)
        #expect(p0.send(2) == .none)
        #expect(recorder.values == [1])
        #expect(p0.demands == [.max(1)])
        #expect(p1.demands == [.max(1)])
        #expect(p2.demands == [.max(1)])

        recorder.request(.max(2))
        #expect(recorder.values == [1, 20, 10], "arrival order, not index order")
        #expect(p2.demands == [.max(1), .max(1)], "asked again once its value went out")
        #expect(p1.demands == [.max(1), .max(1)])
        #expect(p0.demands == [.max(1)], "its value still waits")

        recorder.request(.max(1))
        #expect(recorder.values == [1, 20, 10, 2])
        #expect(p0.demands == [.max(1), .max(1)])
        #expect(recorder.completion == nil)
    }

    @Test func noUpstreamIsAskedBeforeTheDownstreamAsks() {
        let publishers = (0..<2).map { TestPublisher<Int, TestError>("p\($0)") }
        let recorder = TestRecorder<Int, TestError>(demand: .none)
        publishers.merge.subscribe(recorder)

        for publisher in publishers { #expect(publisher.demands.isEmpty) }
        recorder.request(.max(3))
        for publisher in publishers { #expect(publisher.demands == [.max(1)]) }
    }

    @Test func demandTurningUnlimitedReleasesEveryWaitingValue() {
        let p0 = TestPublisher<Int, TestError>("p0")
        let p1 = TestPublisher<Int, TestError>("p1")
        let recorder = TestRecorder<Int, TestError>(demand: .max(1))
        [p0, p1].merge.subscribe(recorder)

        p0.send(1)
        p1.send(2)
        p0.send(3)
        recorder.request(.unlimited)

        #expect(recorder.values == [1, 2, 3])
        #expect(p0.demands.last == .unlimited)
        #expect(p1.demands.last == .unlimited)
    }

    @Test func demandReturnedFromReceiveKeepsValuesFlowing() {
        let scheduler = VirtualTimeScheduler()
        let a: AnyPublisher<String, TestError> = scheduler.hot("-a-c-e-|")
        let b: AnyPublisher<String, TestError> = scheduler.hot("--b-d-f|")
        let recorder = TestRecorder<String, TestError>(demand: .max(1), scheduler: scheduler)
        recorder.demandPerValue = .max(1)

        [a, b].merge.subscribe(recorder)
        scheduler.run()

        let expected: Events<String> = Marbles.parse("-abcdef|")
        #expect(recorder.events == expected)
    }

    @Test func anUpstreamThatFinishesWhileItsValueWaitsKeepsItAliveUntilDelivered() {
        let p0 = TestPublisher<Int, TestError>("p0")
        let p1 = TestPublisher<Int, TestError>("p1")
        let recorder = TestRecorder<Int, TestError>(demand: .max(1))
        [p0, p1].merge.subscribe(recorder)

        p1.send(9)
        p0.send(1)      // waits
        p0.send(completion: .finished)
        p1.send(completion: .finished)
        #expect(recorder.values == [9])
        #expect(recorder.completion == nil, "a value still waits")

        recorder.request(.max(1))
        #expect(recorder.values == [9, 1])
        #expect(recorder.isFinished)
        #expect(p0.demands == [.max(1)], "a finished upstream is not asked again")
    }

    @Test func anUpstreamSendingBeyondItsDemandDoesNotCrashIt() async {
        // Such an upstream breaks the Combine contract, but the operator should drop or
        // deliver the extra value rather than trap. Run in a child process, since a
        // trap would end the whole test run.
        await #expect(processExitsWith: .success) {
            let publisher = TestPublisher<Int, TestError>("p")
            let recorder = TestRecorder<Int, TestError>(demand: .max(1))
            [publisher].merge.subscribe(recorder)
            publisher.send(1)       // delivered; merge asks for one more
            publisher.send(2)       // waits in the slot
            publisher.send(3)       // nobody asked for this one
            recorder.request(.max(5))
            precondition(recorder.values.starts(with: [1, 2]))
        }
    }

    // MARK: Cancellation and edge cases

    @Test func downstreamCancelCancelsEveryUpstreamAndNothingMoreArrives() {
        let stubborn = StubbornPublisher<Int>()
        let other = TestPublisher<Int, TestError>("other")
        let recorder = TestRecorder<Int, TestError>()
        [stubborn.eraseToAnyPublisher(), other.eraseToAnyPublisher()].merge.subscribe(recorder)
        stubborn.send(1)

        recorder.cancel()
        stubborn.send(2)
        stubborn.send(completion: .finished)

        #expect(stubborn.cancelCount == 1)
        #expect(other.cancelCount == 1)
        #expect(recorder.values == [1])
        #expect(recorder.completion == nil)
    }

    @Test func cancellingInsideReceiveSubscriptionDropsAPendingCompletion() {
        let publisher = TestPublisher<Int, TestError>("p")
        let recorder = TestRecorder<Int, TestError>()
        recorder.onSubscription = { $0.cancel() }
        let fail = Fail<Int, TestError>(error: .boom).eraseToAnyPublisher()

        [publisher.eraseToAnyPublisher(), fail].merge.subscribe(recorder)

        #expect(recorder.eventCount == 0)
        #expect(!publisher.hasSubscriber)
    }

    @Test func aCompletionDuringSubscriptionArrivesAfterTheDownstreamGotItsSubscription() {
        let recorder = TestRecorder<Int, TestError>()
        var eventsSeenAtSubscription: Int?
        recorder.onSubscription = { [unowned recorder] _ in
            eventsSeenAtSubscription = recorder.eventCount
        }
        let just = Just(1).setFailureType(to: TestError.self).eraseToAnyPublisher()
        let fail = Fail<Int, TestError>(error: .boom).eraseToAnyPublisher()

        [just, fail].merge.subscribe(recorder)

        #expect(eventsSeenAtSubscription == 0)
        #expect(recorder.values.isEmpty)
        #expect(recorder.completion == .failure(.boom))
    }

    @Test func emptyCollectionFinishesAtOnceWithoutAValue() {
        let recorder = TestRecorder<Int, TestError>(demand: .none)
        var eventsSeenAtSubscription: Int?
        recorder.onSubscription = { [unowned recorder] _ in
            eventsSeenAtSubscription = recorder.eventCount
        }
        [PassthroughSubject<Int, TestError>]().merge.subscribe(recorder)

        #expect(eventsSeenAtSubscription == 0)
        #expect(recorder.isFinished)
        #expect(recorder.eventCount == 1)
    }

    @Test func standardPublishersUnderLimitedDemand() {
        let recorder = TestRecorder<Int, Never>(demand: .max(2))
        [[1, 2, 3].publisher, [10, 20].publisher].merge.subscribe(recorder)
        #expect(recorder.values.count == 2)
        #expect(recorder.completion == nil)

        recorder.request(.max(10))
        #expect(recorder.values.sorted() == [1, 2, 3, 10, 20])
        #expect(recorder.values.filter { $0 < 10 } == [1, 2, 3], "each upstream keeps its order")
        #expect(recorder.isFinished)
    }
}
