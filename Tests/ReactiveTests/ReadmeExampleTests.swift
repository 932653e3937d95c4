import Reactive
import ReactiveTesting
import Testing

/// The examples of docs/dev/REACTIVE.md (the Reactive module's operators),
/// compiled and checked, so the documentation cannot drift.
@Suite("docs/dev/REACTIVE.md examples")
struct ReadmeExampleTests {
    final class Button {
        @Input var enabled = AnyConsumer<Bool>()
        private(set) var history: [Bool] = []
        private var subscriptions: Set<AnyCancellable> = []

        init() {
            _enabled
                .sink { [unowned self] in self.history.append($0) }
                .store(in: &subscriptions)
        }
    }

    @Test("three switches enable a button")
    func switchesEnableAButton() {
        let switches = (1...3).map { _ in CurrentValueSubject<Bool, Never>(false) }
        let button = Button()

        let binding = switches.combineLatest
            .map { $0.allSatisfy { $0 } }
            .removeDuplicates()
            .bind(to: button.enabled)

        switches[0].send(true)
        switches[1].send(true)
        #expect(button.history == [false])
        switches[2].send(true)
        #expect(button.history == [false, true])
        switches[1].send(false)
        #expect(button.history == [false, true, false])

        binding.cancel()
        switches[1].send(true)
        #expect(button.history == [false, true, false])
    }

    @Test("the marble example")
    func marbleExample() {
        let scheduler = VirtualTimeScheduler()
        let a: AnyPublisher<String, Never> = scheduler.hot("-a---b-|")
        let b: AnyPublisher<String, Never> = scheduler.hot("--1-----|")
        let recorder = TestRecorder<[String], Never>(scheduler: scheduler)
        [a, b].combineLatest.subscribe(recorder)
        scheduler.run()
        #expect(recorder.events == Marbles.parse("--x--y--|", values: ["x": ["a", "1"], "y": ["b", "1"]]))
    }

    @Test("withLatestFrom samples the mode switch on each press")
    func sampling() {
        let button = PassthroughSubject<Int, Never>()
        let modeSwitch = CurrentValueSubject<Bool, Never>(false)
        var modes: [Bool] = []
        let subscription = button.withLatestFrom(modeSwitch) { _, mode in mode }.sink { modes.append($0) }
        button.send(1)
        modeSwitch.send(true)
        modeSwitch.send(false)
        modeSwitch.send(true)
        button.send(2)
        #expect(modes == [false, true])
        subscription.cancel()
    }
}
