import Reactive
import ReactiveTesting
import Testing

/// A subscriber that sends into an upstream from inside `receive` must neither deadlock
/// nor be called re-entrantly: the new value is delivered after the current call returns.
@Suite("Re-entrant calls")
struct ReentrancyTests {
    @Test func combineLatestSubscriberSendingIntoAnUpstreamFromReceive() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let recorder = TestRecorder<[Int], Never>()
        recorder.onValue = { value in
            if value == [1, 10] {
                b.send(20)
                a.send(2)
            } else if value[1] == 20, (2..<5).contains(value[0]) {
                a.send(value[0] + 1)
            }
        }
        [a, b].combineLatest.subscribe(recorder)

        let returned = returnsInTime {
            a.send(1)
            b.send(10)
        }

        #expect(returned, "deadlocked")
        #expect(recorder.values == [[1, 10], [1, 20], [2, 20], [3, 20], [4, 20], [5, 20]])
        #expect(recorder.overlappingCalls == 0)
    }

    @Test func mergeSubscriberSendingIntoUpstreamsFromReceive() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let recorder = TestRecorder<Int, Never>()
        recorder.onValue = { value in
            if value == 1 {
                b.send(10)
                a.send(2)
            } else if value == 10 {
                b.send(11)
            }
        }
        [a, b].merge.subscribe(recorder)

        let returned = returnsInTime { a.send(1) }

        #expect(returned, "deadlocked")
        #expect(recorder.values == [1, 10, 2, 11])
        #expect(recorder.overlappingCalls == 0)
    }

    @Test func mergeUnderLimitedDemandWithReentrantSendsAndRequests() {
        // `a` gets its next demand only when its send returns, after the whole nested
        // chain: the chain alternates between `b` and `c`, each asked again by merge
        // as soon as its waiting value went out.
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let c = PassthroughSubject<Int, Never>()
        let recorder = TestRecorder<Int, Never>(demand: .max(1))
        recorder.onValue = { [unowned recorder] value in
            if value < 6 {
                (value.isMultiple(of: 2) ? b : c).send(value + 1)
                recorder.request(.max(1))
            }
        }
        [a, b, c].merge.subscribe(recorder)

        let returned = returnsInTime { a.send(0) }

        #expect(returned, "deadlocked")
        #expect(recorder.values == [0, 1, 2, 3, 4, 5, 6])
        #expect(recorder.overlappingCalls == 0)
    }

    @Test func zipSubscriberSendingIntoUpstreamsFromReceive() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let recorder = TestRecorder<[Int], Never>()
        recorder.onValue = { round in
            if round[0] < 3 {
                a.send(round[0] + 1)
                b.send(round[1] + 10)
            }
        }
        [a, b].zip.subscribe(recorder)

        let returned = returnsInTime {
            a.send(1)
            b.send(10)
        }

        #expect(returned, "deadlocked")
        #expect(recorder.values == [[1, 10], [2, 20], [3, 30]])
        #expect(recorder.overlappingCalls == 0)
    }

    @Test func withLatestFromSubscriberSendingIntoBothSidesFromReceive() {
        let source = PassthroughSubject<Int, Never>()
        let other = PassthroughSubject<String, Never>()
        let recorder = TestRecorder<(Int, String), Never>()
        recorder.onValue = { value in
            if value.0 == 1 {
                other.send("y")
                source.send(2)
            }
        }
        source.withLatestFrom(other).subscribe(recorder)

        let returned = returnsInTime {
            other.send("x")
            source.send(1)
        }

        #expect(returned, "deadlocked")
        #expect(recorder.values.map(Pair.init) == [Pair(1, "x"), Pair(2, "y")])
        #expect(recorder.overlappingCalls == 0)
    }

    @Test func withLatestFromSubscriberCompletingTheSourceFromReceive() {
        let source = PassthroughSubject<Int, Never>()
        let other = CurrentValueSubject<String, Never>("x")
        let recorder = TestRecorder<(Int, String), Never>()
        recorder.onValue = { _ in source.send(completion: .finished) }
        source.withLatestFrom(other).subscribe(recorder)

        let returned = returnsInTime { source.send(1) }

        #expect(returned, "deadlocked")
        #expect(recorder.values.map(Pair.init) == [Pair(1, "x")])
        #expect(recorder.isFinished)
        #expect(recorder.overlappingCalls == 0)
    }

    @Test func anUpstreamCallingBackFromCancelDoesNotDeadlock() {
        // The operator must cancel upstreams after releasing its lock.
        let stubborn = StubbornPublisher<Int>()
        stubborn.onCancel = { [unowned stubborn] in
            stubborn.send(99)
            stubborn.send(completion: .finished)
        }
        let failing = TestPublisher<Int, TestError>("failing")
        let recorder = TestRecorder<Int, TestError>()
        [stubborn.eraseToAnyPublisher(), failing.eraseToAnyPublisher()].merge.subscribe(recorder)

        let returned = returnsInTime {
            failing.send(completion: .failure(.boom))
        }

        #expect(returned, "deadlocked")
        #expect(stubborn.cancelCount == 1)
        #expect(recorder.completion == .failure(.boom))
        #expect(recorder.eventCount == 1)
    }

    @Test func combineLatestUpstreamCallingBackFromDownstreamCancel() {
        let stubborn = StubbornPublisher<Int>()
        stubborn.onCancel = { [unowned stubborn] in stubborn.send(99) }
        let other = PassthroughSubject<Int, TestError>()
        let recorder = TestRecorder<[Int], TestError>()
        [stubborn.eraseToAnyPublisher(), other.eraseToAnyPublisher()].combineLatest.subscribe(recorder)
        stubborn.send(1)
        other.send(2)

        let returned = returnsInTime { recorder.cancel() }

        #expect(returned, "deadlocked")
        #expect(recorder.values == [[1, 2]])
    }

    @Test func withLatestFromUpstreamCallingBackFromCancel() {
        let stubborn = StubbornPublisher<String>()
        stubborn.onCancel = { [unowned stubborn] in stubborn.send("late") }
        let source = PassthroughSubject<Int, TestError>()
        let recorder = TestRecorder<(Int, String), TestError>()
        source.withLatestFrom(stubborn).subscribe(recorder)
        stubborn.send("x")

        let returned = returnsInTime { source.send(completion: .failure(.boom)) }

        #expect(returned, "deadlocked")
        #expect(stubborn.cancelCount == 1)
        #expect(recorder.completion == .failure(.boom))
    }
}
