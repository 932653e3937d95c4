import Reactive
import ReactiveTesting
import Testing

enum MarbleError: Error, Equatable {
    case boom
}

private typealias Event = TimedEvent<Int, MarbleError>

private let ms: Int64 = 1_000_000

@Suite("Marbles")
struct MarblesTests {
    // MARK: parse

    @Test func valuesAtTheirFramesThenCompletion() {
        let events: [Event] = Marbles.parse("-a-b-|", values: ["a": 1, "b": 2])
        #expect(events == [Event(1 * ms, .value(1)), Event(3 * ms, .value(2)), Event(5 * ms, .finished)])
    }

    @Test func aValueInTheFirstFrameIsAtTimeZero() {
        let events: [Event] = Marbles.parse("a|", values: ["a": 7])
        #expect(events == [Event(0, .value(7)), Event(1 * ms, .finished)])
    }

    @Test func aGroupPutsEventsInOneFrameAndTakesOneFrame() {
        let events: [Event] = Marbles.parse("-(ab)-c(d|)", values: ["a": 1, "b": 2, "c": 3, "d": 4])
        #expect(events == [
            Event(1 * ms, .value(1)), Event(1 * ms, .value(2)),
            Event(3 * ms, .value(3)),
            Event(4 * ms, .value(4)), Event(4 * ms, .finished),
        ])
    }

    @Test func hashIsAFailureWithTheGivenError() {
        let events: [Event] = Marbles.parse("-a-#", values: ["a": 1], error: MarbleError.boom)
        #expect(events == [Event(1 * ms, .value(1)), Event(3 * ms, .failure(.boom))])
    }

    @Test func spacesAreIgnored() {
        let spaced: [Event] = Marbles.parse(" - a -  b | ", values: ["a": 1, "b": 2])
        let tight: [Event] = Marbles.parse("-a-b|", values: ["a": 1, "b": 2])
        #expect(spaced == tight)
        #expect(spaced.last?.time == 4 * ms)
    }

    @Test func frameLengthScalesTimes() {
        let events: [Event] = Marbles.parse("-a--|", values: ["a": 1], frame: .milliseconds(10))
        #expect(events == [Event(10 * ms, .value(1)), Event(40 * ms, .finished)])
        let fine: [Event] = Marbles.parse("--a", values: ["a": 1], frame: .microseconds(1))
        #expect(fine == [Event(2_000, .value(1))])
    }

    @Test func defaultFrameIsOneMillisecond() {
        #expect(Marbles.frame == .milliseconds(1))
    }

    @Test func aDiagramWithoutEventsIsEmpty() {
        let events: [Event] = Marbles.parse("----", values: [:])
        #expect(events.isEmpty)
    }

    @Test func characterValuesOverload() {
        let events: [TimedEvent<String, MarbleError>] = Marbles.parse("-x-(yz)|")
        #expect(events == [
            TimedEvent(1 * ms, .value("x")),
            TimedEvent(3 * ms, .value("y")), TimedEvent(3 * ms, .value("z")),
            TimedEvent(4 * ms, .finished),
        ])
    }

    @Test func eventsCompareTimeAndKind() {
        #expect(Event(1, .value(1)) != Event(2, .value(1)))
        #expect(Event(1, .value(1)) != Event(1, .value(2)))
        #expect(Event(1, .finished) != Event(1, .failure(.boom)))
        #expect(Event(1, .finished) == Event(1, .finished))
        #expect(Event(2 * ms, .value(5)).description == "2ms: 5")
        #expect(Event(3 * ms, .finished).description == "3ms: |")
    }

    // MARK: hot

    @Test func hotEmitsEachEventAtItsFrame() {
        let scheduler = VirtualTimeScheduler()
        let publisher: AnyPublisher<Int, MarbleError> =
            scheduler.hot("-a-(bc)-#", values: ["a": 1, "b": 2, "c": 3], error: MarbleError.boom)
        let recorder = TestRecorder<Int, MarbleError>(scheduler: scheduler)
        publisher.subscribe(recorder)

        scheduler.advance(by: .milliseconds(1))
        #expect(recorder.values == [1])
        scheduler.run()

        let expected: [Event] = Marbles.parse(
            "-a-(bc)-#", values: ["a": 1, "b": 2, "c": 3], error: MarbleError.boom)
        #expect(recorder.events == expected)
    }

    @Test func hotDoesNotReplayToALateSubscriber() {
        let scheduler = VirtualTimeScheduler()
        let publisher: AnyPublisher<String, MarbleError> = scheduler.hot("-a-b-c|")
        let early = TestRecorder<String, MarbleError>(scheduler: scheduler)
        let late = TestRecorder<String, MarbleError>(scheduler: scheduler)
        publisher.subscribe(early)

        scheduler.advance(by: .milliseconds(2))
        publisher.subscribe(late)
        scheduler.run()

        #expect(early.values == ["a", "b", "c"])
        let expected: [TimedEvent<String, MarbleError>] = Marbles.parse("---b-c|")
        #expect(late.events == expected)
    }

    @Test func hotCountsFramesFromWhenItWasCreated() {
        let scheduler = VirtualTimeScheduler()
        scheduler.advance(to: .init(10 * ms))
        let publisher: AnyPublisher<String, MarbleError> = scheduler.hot("-a|")
        let recorder = TestRecorder<String, MarbleError>(scheduler: scheduler)
        publisher.subscribe(recorder)

        scheduler.run()

        #expect(recorder.events == [TimedEvent(11 * ms, .value("a")), TimedEvent(12 * ms, .finished)])
    }

    @Test func hotWithALongerFrame() {
        let scheduler = VirtualTimeScheduler()
        let publisher: AnyPublisher<String, MarbleError> = scheduler.hot("-a|", frame: .milliseconds(5))
        let recorder = TestRecorder<String, MarbleError>(scheduler: scheduler)
        publisher.subscribe(recorder)

        scheduler.advance(by: .milliseconds(4))
        #expect(recorder.events.isEmpty)
        scheduler.run()

        #expect(recorder.events == [TimedEvent(5 * ms, .value("a")), TimedEvent(10 * ms, .finished)])
    }
}
