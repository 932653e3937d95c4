import Dispatch
import Reactive
import ReactiveTesting
import Testing

/// The recorder and the scriptable publisher are what every operator test trusts, so
/// they get checked too: in particular that `overlappingCalls` can see an overlap.
@Suite("TestRecorder and TestPublisher")
struct TestDoublesTests {
    // MARK: TestRecorder

    @Test func recorderRecordsValuesAndCompletionWithVirtualTime() {
        let scheduler = VirtualTimeScheduler()
        let subject = PassthroughSubject<Int, MarbleError>()
        let recorder = TestRecorder<Int, MarbleError>(scheduler: scheduler)
        subject.subscribe(recorder)

        scheduler.advance(by: .milliseconds(2))
        subject.send(1)
        scheduler.advance(by: .milliseconds(3))
        subject.send(completion: .failure(.boom))

        #expect(recorder.events == [TimedEvent(2_000_000, .value(1)), TimedEvent(5_000_000, .failure(.boom))])
        #expect(recorder.values == [1])
        #expect(recorder.completion == .failure(.boom))
        #expect(!recorder.isFinished)
        #expect(recorder.subscription == nil, "let go of on completion")
        #expect(recorder.subscriptionCount == 1)
    }

    @Test func recorderWithoutASchedulerStampsZero() {
        let recorder = TestRecorder<Int, Never>()
        Just(1).subscribe(recorder)
        #expect(recorder.events.map(\.time) == [0, 0])
        #expect(recorder.isFinished)
    }

    @Test func recorderControlsDemand() {
        let publisher = TestPublisher<Int, Never>()
        let recorder = TestRecorder<Int, Never>(demand: .none)
        recorder.demandPerValue = .max(2)
        publisher.subscribe(recorder)

        #expect(publisher.demands.isEmpty)
        recorder.request(.max(3))
        #expect(publisher.demands == [.max(3)])
        #expect(publisher.send(1) == .max(2))
        #expect(publisher.totalDemand == .max(3))
    }

    @Test func recorderCancelCancelsItsSubscription() {
        let publisher = TestPublisher<Int, Never>()
        let recorder = TestRecorder<Int, Never>()
        publisher.subscribe(recorder)
        recorder.cancel()
        #expect(publisher.cancelCount == 1)
        #expect(!publisher.hasSubscriber)
        #expect(recorder.subscription == nil)
        recorder.cancel()
        #expect(publisher.cancelCount == 1, "the subscription was let go of")
    }

    @Test func recorderCountsNestedCalls() {
        // PassthroughSubject lets a subscriber's own send re-enter it.
        let subject = PassthroughSubject<Int, Never>()
        let recorder = TestRecorder<Int, Never>()
        recorder.onValue = { if $0 == 1 { subject.send(2) } }
        subject.subscribe(recorder)

        subject.send(1)

        #expect(recorder.values == [1, 2])
        #expect(recorder.overlappingCalls == 1)
    }

    @Test func recorderCountsConcurrentCalls() {
        let recorder = TestRecorder<Int, Never>()
        let inside = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        recorder.onValue = { value in
            if value == 1 {
                inside.signal()
                release.wait()
            }
        }
        let box = UncheckedBox(recorder)
        let done = DispatchGroup()
        DispatchQueue.global().async(group: done) { _ = box.value.receive(1) }
        inside.wait()
        _ = recorder.receive(2)     // while 1 is still being received
        release.signal()
        done.wait()

        #expect(recorder.overlappingCalls == 1)
        #expect(recorder.values == [1, 2], "1 is recorded before onValue blocks")
    }

    @Test func recorderOnSubscriptionRunsBeforeTheInitialRequest() {
        let log = TestLog()
        let publisher = TestPublisher<Int, Never>("p", log: log)
        let recorder = TestRecorder<Int, Never>(demand: .max(1))
        recorder.onSubscription = { _ in log.append("onSubscription") }
        publisher.subscribe(recorder)
        #expect(log.entries == ["subscribe p", "onSubscription", "request p max(1)"])
    }

    // MARK: TestPublisher

    @Test func publisherRecordsDemandsCancelsAndOrder() {
        let log = TestLog()
        let publisher = TestPublisher<Int, Never>("p", log: log)
        let recorder = TestRecorder<Int, Never>(demand: .max(1))
        publisher.subscribe(recorder)
        recorder.request(.unlimited)
        recorder.cancel()

        #expect(publisher.demands == [.max(1), .unlimited])
        #expect(publisher.totalDemand == .unlimited)
        #expect(publisher.isCancelled)
        #expect(log.entries == ["subscribe p", "request p max(1)", "request p unlimited", "cancel p"])
    }

    @Test func publisherIgnoresDemandAndStopsAfterCompletion() {
        let publisher = TestPublisher<Int, Never>()
        let recorder = TestRecorder<Int, Never>(demand: .none)
        publisher.subscribe(recorder)

        publisher.send(1)          // no demand, delivered anyway: for testing operators
        publisher.send(completion: .finished)
        publisher.send(2)

        #expect(recorder.values == [1])
        #expect(recorder.isFinished)
        #expect(!publisher.hasSubscriber)
    }

    @Test func publisherOnSubscribeRunsAfterTheSubscriptionWasHandedOver() {
        let publisher = TestPublisher<Int, Never>()
        publisher.onSubscribe = { $0.send(completion: .finished) }
        let recorder = TestRecorder<Int, Never>()
        var eventsAtSubscription: Int?
        recorder.onSubscription = { [unowned recorder] _ in eventsAtSubscription = recorder.events.count }
        publisher.subscribe(recorder)
        #expect(eventsAtSubscription == 0)
        #expect(recorder.isFinished)
    }
}

private struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
