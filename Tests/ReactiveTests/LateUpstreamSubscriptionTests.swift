import Reactive
import ReactiveTesting
import Testing

/// An upstream may hand over its subscription later than `subscribe` returns, e.g.
/// behind `subscribe(on:)`: demand the downstream asked for before then must still
/// reach it when it arrives.
@Suite("Upstream subscriptions that arrive late")
struct LateUpstreamSubscriptionTests {
    @Test func combineLatestAsksALateUpstreamForTheDemandItAlreadyHas() {
        let scheduler = VirtualTimeScheduler()
        let recorder = TestRecorder<[Int], Never>()
        [Just(1).subscribe(on: scheduler), Just(2).subscribe(on: scheduler)]
            .combineLatest.subscribe(recorder)

        scheduler.run()

        #expect(recorder.values == [[1, 2]])
        #expect(recorder.isFinished)
    }

    @Test func zipAsksALateUpstreamForTheDemandItAlreadyHas() {
        let scheduler = VirtualTimeScheduler()
        let recorder = TestRecorder<[Int], Never>()
        [Just(1).subscribe(on: scheduler), Just(2).subscribe(on: scheduler)]
            .zip.subscribe(recorder)

        scheduler.run()

        #expect(recorder.values == [[1, 2]])
        #expect(recorder.isFinished)
    }

    @Test func mergeAsksALateUpstreamForTheDemandItAlreadyHas() {
        let scheduler = VirtualTimeScheduler()
        let recorder = TestRecorder<Int, Never>()
        [Just(1).subscribe(on: scheduler), Just(2).subscribe(on: scheduler)]
            .merge.subscribe(recorder)

        scheduler.run()

        #expect(recorder.values == [1, 2])
        #expect(recorder.isFinished)
    }

    @Test func mergeAsksLateUpstreamsForOneValueUnderLimitedDemand() {
        let scheduler = VirtualTimeScheduler()
        let recorder = TestRecorder<Int, Never>(demand: .max(1))
        [[1, 2].publisher.subscribe(on: scheduler), [3].publisher.subscribe(on: scheduler)]
            .merge.subscribe(recorder)

        scheduler.run()
        #expect(recorder.values.count == 1)
        recorder.request(.max(5))
        scheduler.run()

        #expect(recorder.values.sorted() == [1, 2, 3])
        #expect(recorder.isFinished)
    }

    @Test func withLatestFromAsksALateSourceForTheDemandItAlreadyHas() {
        let scheduler = VirtualTimeScheduler()
        let recorder = TestRecorder<(Int, String), Never>()
        Just(1).subscribe(on: scheduler)
            .withLatestFrom(Just("x"))
            .subscribe(recorder)

        scheduler.run()

        #expect(recorder.values.map(Pair.init) == [Pair(1, "x")])
        #expect(recorder.isFinished)
    }

    @Test func withLatestFromAsksALateOtherForEverything() {
        // `other` is asked for everything when it is attached, so it works already.
        let scheduler = VirtualTimeScheduler()
        let source = PassthroughSubject<Int, Never>()
        let recorder = TestRecorder<(Int, String), Never>()
        source.withLatestFrom(Just("x").subscribe(on: scheduler)).subscribe(recorder)

        scheduler.run()
        source.send(1)

        #expect(recorder.values.map(Pair.init) == [Pair(1, "x")])
    }

    @Test func aSubscriptionArrivingAfterTheEndIsCancelled() {
        let scheduler = VirtualTimeScheduler()
        var lateWasCancelled = false
        let late = Just(1)
            .handleEvents(receiveCancel: { lateWasCancelled = true })
            .setFailureType(to: TestError.self)
            .subscribe(on: scheduler)
            .eraseToAnyPublisher()
        let fail = Fail<Int, TestError>(error: .boom).eraseToAnyPublisher()
        let recorder = TestRecorder<Int, TestError>()

        [late, fail].merge.subscribe(recorder)
        #expect(recorder.completion == .failure(.boom))
        scheduler.run()

        #expect(lateWasCancelled)
        #expect(recorder.eventCount == 1)
    }
}
