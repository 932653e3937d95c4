import Reactive
import ReactiveTesting
import Testing

private typealias Time = VirtualTimeScheduler.SchedulerTimeType
private typealias Stride = VirtualTimeScheduler.SchedulerTimeType.Stride

private func ms(_ value: Int) -> Time { Time(Int64(value) * 1_000_000) }

/// What ran, and at which virtual time.
private final class RunLog {
    private(set) var entries: [String] = []
    func append(_ name: String, at time: Time) { entries.append("\(name)@\(time.nanoseconds / 1_000_000)") }
}

@Suite("VirtualTimeScheduler")
struct VirtualTimeSchedulerTests {
    let scheduler = VirtualTimeScheduler()
    private let log = RunLog()

    private func schedule(_ name: String, at time: Int) {
        scheduler.schedule(after: ms(time)) { [scheduler, log] in log.append(name, at: scheduler.now) }
    }

    // MARK: Ordering

    @Test func runsByDueTimeThenInSchedulingOrder() {
        schedule("b", at: 5)
        schedule("a", at: 2)
        schedule("c", at: 5)
        schedule("d", at: 3)
        schedule("e", at: 5)

        scheduler.advance(by: .milliseconds(10))

        #expect(log.entries == ["a@2", "d@3", "b@5", "c@5", "e@5"])
    }

    @Test func startsAtZeroOrTheGivenTime() {
        #expect(VirtualTimeScheduler().now == Time(0))
        #expect(VirtualTimeScheduler(now: ms(7)).now == ms(7))
        #expect(scheduler.minimumTolerance == .zero)
    }

    // MARK: advance

    @Test func advanceRunsOnlyDueActionsAndSetsNow() {
        schedule("a", at: 10)
        schedule("b", at: 11)

        scheduler.advance(by: .milliseconds(9))
        #expect(log.entries.isEmpty)
        #expect(scheduler.now == ms(9))
        #expect(scheduler.pendingActionCount == 2)

        scheduler.advance(by: .milliseconds(1))
        #expect(log.entries == ["a@10"])
        #expect(scheduler.now == ms(10))

        scheduler.advance(to: ms(20))
        #expect(log.entries == ["a@10", "b@11"])
        #expect(scheduler.now == ms(20))
        #expect(scheduler.pendingActionCount == 0)
    }

    @Test func nowDuringAnActionIsItsDueTime() {
        schedule("a", at: 3)
        scheduler.advance(by: .milliseconds(50))
        #expect(log.entries == ["a@3"])
        #expect(scheduler.now == ms(50))
    }

    @Test func advanceNeverMovesBackwards() {
        scheduler.advance(to: ms(10))
        scheduler.advance(to: ms(4))
        #expect(scheduler.now == ms(10))
    }

    @Test func anActionScheduledInThePastRunsAtTheCurrentTime() {
        scheduler.advance(to: ms(10))
        schedule("late", at: 3)
        scheduler.advance(by: .zero)
        #expect(log.entries == ["late@10"])
    }

    @Test func actionsScheduledByRunningActionsRunInTheSameAdvanceWhenDue() {
        scheduler.schedule(after: ms(2)) { [scheduler, log] in
            log.append("outer", at: scheduler.now)
            scheduler.schedule(after: ms(4)) { log.append("inner", at: scheduler.now) }
            scheduler.schedule(after: ms(10)) { log.append("atTarget", at: scheduler.now) }
            scheduler.schedule(after: ms(12)) { log.append("later", at: scheduler.now) }
            scheduler.schedule { log.append("asap", at: scheduler.now) }
        }
        schedule("fixed", at: 6)

        scheduler.advance(to: ms(10))

        #expect(log.entries == ["outer@2", "asap@2", "inner@4", "fixed@6", "atTarget@10"])
        #expect(scheduler.pendingActionCount == 1)
        scheduler.advance(by: .milliseconds(2))
        #expect(log.entries.last == "later@12")
    }

    // MARK: schedule(options:)

    @Test func scheduleWithoutADateRunsOnTheNextAdvanceAtTheCurrentTime() {
        scheduler.advance(to: ms(5))
        scheduler.schedule { [scheduler, log] in log.append("now", at: scheduler.now) }
        #expect(log.entries.isEmpty, "not run synchronously")

        scheduler.advance(by: .zero)
        #expect(log.entries == ["now@5"])
    }

    @Test func scheduleWithoutADateKeepsFIFOOrderWithActionsDueNow() {
        schedule("dated", at: 0)
        scheduler.schedule { [scheduler, log] in log.append("asap", at: scheduler.now) }
        scheduler.advance()
        #expect(log.entries == ["dated@0", "asap@0"])
    }

    // MARK: Repeating actions

    @Test func repeatingActionRunsAtEachIntervalAndStopsAfterCancel() {
        let cancellable = scheduler.schedule(after: ms(10), interval: .milliseconds(5)) {
            [scheduler, log] in log.append("tick", at: scheduler.now)
        }

        scheduler.advance(to: ms(9))
        #expect(log.entries.isEmpty)
        scheduler.advance(to: ms(30))
        #expect(log.entries == ["tick@10", "tick@15", "tick@20", "tick@25", "tick@30"])
        #expect(scheduler.pendingActionCount == 1, "a repeating action counts once")

        cancellable.cancel()
        scheduler.advance(to: ms(100))
        #expect(log.entries.count == 5)
        #expect(scheduler.pendingActionCount == 0)
    }

    @Test func aRepeatingActionCanCancelItselfFromInside() {
        var ticks = 0
        var cancellable: Cancellable?
        cancellable = scheduler.schedule(after: ms(1), interval: .milliseconds(1)) {
            ticks += 1
            if ticks == 3 { cancellable?.cancel() }
        }
        scheduler.advance(to: ms(10))
        #expect(ticks == 3)
    }

    @Test func cancellingOneRepeatingActionLeavesTheOthersRunning() {
        let first = scheduler.schedule(after: ms(1), interval: .milliseconds(2)) {
            [scheduler, log] in log.append("first", at: scheduler.now)
        }
        let second = scheduler.schedule(after: ms(2), interval: .milliseconds(2)) {
            [scheduler, log] in log.append("second", at: scheduler.now)
        }
        scheduler.advance(to: ms(3))
        first.cancel()
        scheduler.advance(to: ms(6))
        second.cancel()
        #expect(log.entries == ["first@1", "second@2", "first@3", "second@4", "second@6"])
    }

    // MARK: run

    @Test func runDrainsEveryOneShotActionIncludingNestedOnes() {
        schedule("a", at: 100)
        scheduler.schedule(after: ms(50)) { [scheduler, log] in
            log.append("b", at: scheduler.now)
            scheduler.schedule(after: ms(200)) { log.append("c", at: scheduler.now) }
        }

        scheduler.run()

        #expect(log.entries == ["b@50", "a@100", "c@200"])
        #expect(scheduler.now == ms(200))
        #expect(scheduler.pendingActionCount == 0)
    }

    @Test func runOnAnEmptyQueueDoesNothing() {
        scheduler.run()
        #expect(scheduler.now == Time(0))
    }

    @Test func runSkipsCancelledRepeatingActions() {
        let cancellable = scheduler.schedule(after: ms(1), interval: .milliseconds(1)) {}
        cancellable.cancel()
        schedule("a", at: 5)
        scheduler.run()
        #expect(log.entries == ["a@5"])
    }

    // MARK: Time types

    @Test func strideConversions() {
        #expect(Stride.seconds(2).nanoseconds == 2_000_000_000)
        #expect(Stride.seconds(0.5).nanoseconds == 500_000_000)
        #expect(Stride.milliseconds(3).nanoseconds == 3_000_000)
        #expect(Stride.microseconds(4).nanoseconds == 4_000)
        #expect(Stride.nanoseconds(5).nanoseconds == 5)
        #expect(ms(1).distance(to: ms(4)) == .milliseconds(3))
        #expect(ms(1).advanced(by: .microseconds(500)) == Time(1_500_000))
        #expect(Stride.milliseconds(3).description == "3ms")
        #expect(Stride.microseconds(3).description == "3us")
        #expect(Stride.nanoseconds(3).description == "3ns")
    }

    // MARK: OpenCombine's time operators on it

    @Test func debounceEmitsOnlyAfterAQuietPeriod() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = TestRecorder<Int, Never>(scheduler: scheduler)
        subject.debounce(for: .milliseconds(10), scheduler: scheduler).subscribe(recorder)

        subject.send(1)
        scheduler.advance(by: .milliseconds(5))
        subject.send(2)                              // restarts the quiet period
        scheduler.advance(by: .milliseconds(9))
        #expect(recorder.values.isEmpty)
        scheduler.advance(by: .milliseconds(1))
        #expect(recorder.events.map(\.time) == [15_000_000])
        #expect(recorder.values == [2])

        scheduler.advance(by: .milliseconds(100))
        #expect(recorder.values == [2], "nothing repeats")
    }

    @Test func debounceInMarbles() {
        let source: AnyPublisher<String, MarbleError> = scheduler.hot("a-b-----c-----|")
        let recorder = TestRecorder<String, MarbleError>(scheduler: scheduler)
        source.debounce(for: .milliseconds(3), scheduler: scheduler).subscribe(recorder)

        scheduler.run()

        let expected: [TimedEvent<String, MarbleError>] = Marbles.parse("-----b-----c--|")
        #expect(recorder.events == expected)
    }

    @Test func delayShiftsValuesAndCompletion() {
        let source: AnyPublisher<String, MarbleError> = scheduler.hot("-a-b|")
        let recorder = TestRecorder<String, MarbleError>(scheduler: scheduler)
        source.delay(for: .milliseconds(2), scheduler: scheduler).subscribe(recorder)

        scheduler.run()

        let expected: [TimedEvent<String, MarbleError>] = Marbles.parse("---a-b|")
        #expect(recorder.events == expected)
    }

    @Test func delayDoesNotDeliverBeforeItsTime() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = TestRecorder<Int, Never>(scheduler: scheduler)
        subject.delay(for: .seconds(1), scheduler: scheduler).subscribe(recorder)

        subject.send(1)
        scheduler.advance(by: .milliseconds(999))
        #expect(recorder.values.isEmpty)
        scheduler.advance(by: .milliseconds(1))
        #expect(recorder.values == [1])
        #expect(recorder.events.first?.time == 1_000_000_000)
    }

    @Test func receiveOnHopsToTheNextAdvance() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = TestRecorder<Int, Never>(scheduler: scheduler)
        subject.receive(on: scheduler).subscribe(recorder)

        subject.send(1)
        #expect(recorder.values.isEmpty)
        scheduler.advance()
        #expect(recorder.values == [1])
    }
}
