import Dispatch
import Reactive
import ReactiveTesting
import Testing

/// An owner in the documented style: it builds pipelines on `_press`; everyone else
/// can only `press.send(_:)`.
private final class Panel {
    @Input var press = AnyConsumer<Int>()
    private(set) var presses: [Int] = []
    private var pipelines = Set<AnyCancellable>()

    init() {
        _press.sink { [unowned self] in presses.append($0) }.store(in: &pipelines)
    }

    /// Another pipeline on the same input, e.g. for a second feature of the owner.
    func watchPresses(with recorder: TestRecorder<Int, Never>) {
        _press.subscribe(recorder)
    }

    func watchDoubledPresses(with recorder: TestRecorder<Int, Never>) {
        _press.map { $0 * 2 }.subscribe(recorder)
    }
}

/// A button whose enabled state is fed from outside.
private final class Button {
    @Input var enabled = AnyConsumer<Bool>()
    private(set) var enabledHistory: [Bool] = []
    private var pipelines = Set<AnyCancellable>()

    init() {
        _enabled.sink { [unowned self] in enabledHistory.append($0) }.store(in: &pipelines)
    }
}

@Suite("AnyConsumer, @Input and bind(to:)")
struct AnyConsumerTests {
    @Test func outsidersSendIntoThePipelineTheOwnerBuilt() {
        let panel = Panel()
        panel.press.send(1)
        panel.press.send(2)
        #expect(panel.presses == [1, 2])
    }

    @Test func valuesAreMulticastToEveryPipeline() {
        let panel = Panel()
        let plain = TestRecorder<Int, Never>()
        let doubled = TestRecorder<Int, Never>()
        panel.watchPresses(with: plain)
        panel.watchDoubledPresses(with: doubled)

        panel.press.send(3)
        panel.press.send(4)

        #expect(panel.presses == [3, 4])
        #expect(plain.values == [3, 4])
        #expect(doubled.values == [6, 8])
    }

    @Test func nothingIsReplayedToALatePipeline() {
        let panel = Panel()
        panel.press.send(1)
        let late = TestRecorder<Int, Never>()
        panel.watchPresses(with: late)

        #expect(late.values.isEmpty)
        panel.press.send(2)
        #expect(late.values == [2])
        #expect(panel.presses == [1, 2])
    }

    @Test func aCancelledPipelineNoLongerReceives() {
        let panel = Panel()
        let recorder = TestRecorder<Int, Never>()
        panel.watchPresses(with: recorder)
        panel.press.send(1)
        recorder.cancel()
        panel.press.send(2)
        #expect(recorder.values == [1])
        #expect(panel.presses == [1, 2], "the other pipelines go on")
    }

    @Test func bindForwardsValuesUntilCancelled() {
        let panel = Panel()
        let source = PassthroughSubject<Int, Never>()
        let binding = source.bind(to: panel.press)

        source.send(1)
        source.send(2)
        #expect(panel.presses == [1, 2])

        binding.cancel()
        source.send(3)
        #expect(panel.presses == [1, 2])
    }

    @Test func bindStopsWhenTheCancellableIsReleased() {
        let panel = Panel()
        let source = PassthroughSubject<Int, Never>()
        var binding: AnyCancellable? = source.bind(to: panel.press)

        source.send(1)
        #expect(panel.presses == [1])
        #expect(binding != nil)
        binding = nil
        source.send(2)
        #expect(panel.presses == [1])
    }

    @Test func bindDoesNotKeepTheSourceSubscribedAfterRelease() {
        let source = PassthroughSubject<Int, Never>()
        weak var weakProbe: Probe?
        do {
            let probe = Probe()
            weakProbe = probe
            let consumer = AnyConsumer<Int>()
            let binding = source.map { value -> Int in withExtendedLifetime(probe) { value } }
                .bind(to: consumer)
            source.send(1)
            _ = binding
        }
        #expect(weakProbe == nil)
    }

    @Test func threeSwitchesEnableAButton() {
        let switches = (0..<3).map { _ in CurrentValueSubject<Bool, Never>(false) }
        let button = Button()
        let binding = switches.combineLatest
            .map { $0.allSatisfy { $0 } }
            .bind(to: button.enabled)

        #expect(button.enabledHistory == [false], "current values combine at once")
        switches[0].send(true)
        switches[1].send(true)
        #expect(button.enabledHistory == [false, false, false])
        switches[2].send(true)
        #expect(button.enabledHistory == [false, false, false, true])
        switches[1].send(false)
        #expect(button.enabledHistory == [false, false, false, true, false])
        switches[1].send(true)
        #expect(button.enabledHistory == [false, false, false, true, false, true])

        binding.cancel()
        switches[0].send(false)
        #expect(button.enabledHistory.count == 6)
    }

    @Test func threeSwitchesWithDuplicatesRemoved() {
        let switches = (0..<3).map { _ in CurrentValueSubject<Bool, Never>(true) }
        let button = Button()
        let binding = switches.combineLatest
            .map { $0.allSatisfy { $0 } }
            .removeDuplicates()
            .bind(to: button.enabled)

        switches[0].send(false)
        switches[2].send(false)
        switches[0].send(true)
        switches[2].send(true)
        #expect(button.enabledHistory == [true, false, true])
        withExtendedLifetime(binding) {}
    }

    // MARK: The owner's receiveValue

    @Test func anOwnersReceiveValueGetsEachValueBeforeThePipelines() {
        var order: [String] = []
        let input = Input(wrappedValue: AnyConsumer<Int> { order.append("owner \($0)") })
        let pipeline = input.sink { order.append("pipeline \($0)") }
        input.wrappedValue.send(1)
        input.wrappedValue.send(2)
        #expect(order == ["owner 1", "pipeline 1", "owner 2", "pipeline 2"])
        withExtendedLifetime(pipeline) {}
    }

    @Test func bindFeedsAnOwnersReceiveValueFromTheCurrentValueOn() {
        var received: [Bool] = []
        let consumer = AnyConsumer<Bool> { received.append($0) }
        let level = CurrentValueSubject<Bool, Never>(true)
        let binding = level.bind(to: consumer)
        level.send(false)
        #expect(received == [true, false])
        binding.cancel()
        level.send(true)
        #expect(received == [true, false])
    }

    @Test func aConsumerWithNoPipelineTakesWhatIsSentAndDropsIt() {
        let input = Input(wrappedValue: AnyConsumer<Int>())
        input.wrappedValue.send(1)
        let late = TestRecorder<Int, Never>()
        input.subscribe(late)
        input.wrappedValue.send(2)
        #expect(late.values == [2])
    }

    // MARK: Pipelines: demand, re-entrancy, threads, lifetimes

    @Test func aValueSentAtZeroDemandIsDroppedForThatPipelineOnly() {
        let panel = Panel()
        let limited = TestRecorder<Int, Never>(demand: .max(1))
        panel.watchPresses(with: limited)
        panel.press.send(1)
        panel.press.send(2)
        limited.request(.max(1))
        panel.press.send(3)
        #expect(limited.values == [1, 3], "2 came at zero demand: dropped, not replayed")
        #expect(panel.presses == [1, 2, 3])
    }

    @Test func demandReturnedFromReceiveCounts() {
        let panel = Panel()
        let recorder = TestRecorder<Int, Never>(demand: .max(1))
        recorder.demandPerValue = .max(1)
        panel.watchPresses(with: recorder)
        for value in 1...4 { panel.press.send(value) }
        #expect(recorder.values == [1, 2, 3, 4])
    }

    @Test func aSendFromInsideReceiveComesAfterItNeverNested() {
        let panel = Panel()
        let recorder = TestRecorder<Int, Never>()
        recorder.onValue = { value in
            if value == 1 { panel.press.send(10) }
        }
        panel.watchPresses(with: recorder)
        panel.press.send(1)
        panel.press.send(2)
        #expect(recorder.values == [1, 10, 2])
        #expect(recorder.overlappingCalls == 0)
    }

    @Test func aPipelineCancelledByAnotherDuringASendGetsNothingMore() {
        let input = Input(wrappedValue: AnyConsumer<Int>())
        let second = TestRecorder<Int, Never>()
        let first = TestRecorder<Int, Never>()
        first.onValue = { value in
            if value == 2 { second.cancel() }
        }
        input.subscribe(first)
        input.subscribe(second)
        input.wrappedValue.send(1)
        input.wrappedValue.send(2)
        input.wrappedValue.send(3)
        #expect(first.values == [1, 2, 3])
        #expect(second.values == [1])
    }

    @Test func aCancelledPipelineLetsGoOfItsSubscriber() {
        let input = Input(wrappedValue: AnyConsumer<Int>())
        weak var weakProbe: Probe?
        var pipeline: AnyCancellable?
        do {
            let probe = Probe()
            weakProbe = probe
            pipeline = input.sink { value in withExtendedLifetime(probe) { _ = value } }
        }
        input.wrappedValue.send(1)
        #expect(weakProbe != nil)
        pipeline?.cancel()
        pipeline = nil
        #expect(weakProbe == nil)
    }

    @Test func concurrentSendersReachEveryPipelineSerially() {
        let threads = 8
        let perThread = 5_000
        let input = Input(wrappedValue: AnyConsumer<Int>())
        let recorders = (0..<3).map { _ in TestRecorder<Int, Never>() }
        for recorder in recorders { input.subscribe(recorder) }
        let consumer = UncheckedSendable(value: input.wrappedValue)
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for i in 0..<perThread { consumer.value.send(thread * 1_000_000 + i) }
        }
        for recorder in recorders {
            let values = recorder.values
            #expect(values.count == threads * perThread)
            #expect(recorder.overlappingCalls == 0)
            for thread in 0..<threads {
                let base = thread * 1_000_000
                #expect(values.filter { $0 / 1_000_000 == thread } == Array(base..<base + perThread))
            }
        }
    }

    @Test func pipelinesComeAndGoWhileOtherThreadsSend() {
        let input = Input(wrappedValue: AnyConsumer<Int>())
        let steady = TestRecorder<Int, Never>()
        input.subscribe(steady)
        let consumer = UncheckedSendable(value: input.wrappedValue)
        let publisher = UncheckedSendable(value: input)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            if thread == 0 {
                for _ in 0..<500 {
                    let passing = TestRecorder<Int, Never>()
                    publisher.value.subscribe(passing)
                    passing.cancel()
                }
            } else {
                for i in 0..<5_000 { consumer.value.send(i) }
            }
        }
        #expect(steady.values.count == 3 * 5_000)
        #expect(steady.overlappingCalls == 0)
    }
}
