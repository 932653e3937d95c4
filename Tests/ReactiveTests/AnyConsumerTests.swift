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
}
