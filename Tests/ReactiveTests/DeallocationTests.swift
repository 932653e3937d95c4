import Reactive
import ReactiveTesting
import Testing

/// What was let go of once a pipeline ended, while its upstream subjects live on.
private struct Lifetimes: Equatable {
    /// The test subscriber.
    var recorder: Bool
    /// The operator's subscription (what the recorder was handed).
    var subscription: Bool
    /// A probe captured by the operators between the subjects and the operator under
    /// test: released only when the subjects let go of their subscribers.
    var upstreamChain: Bool

    static let allReleased = Lifetimes(recorder: true, subscription: true, upstreamChain: true)
}

/// Builds a pipeline with `makePublisher`, subscribes a recorder, runs `end` (cancel,
/// completion...) and drops every local reference; then reports what was released.
private func lifetimes<Output>(
    of makePublisher: (Probe) -> AnyPublisher<Output, TestError>,
    ending end: (TestRecorder<Output, TestError>) -> Void
) -> Lifetimes {
    weak var recorderRef: TestRecorder<Output, TestError>?
    weak var subscriptionRef: AnyObject?
    weak var probeRef: Probe?
    do {
        let probe = Probe()
        let recorder = TestRecorder<Output, TestError>()
        makePublisher(probe).subscribe(recorder)
        recorderRef = recorder
        probeRef = probe
        subscriptionRef = recorder.subscription.map { $0 as AnyObject }
        #expect(subscriptionRef != nil, "the recorder must have been subscribed")
        end(recorder)
    }
    return Lifetimes(recorder: recorderRef == nil, subscription: subscriptionRef == nil,
                     upstreamChain: probeRef == nil)
}

/// `subject.map` that holds `probe` for as long as the map's subscriber lives.
private func holding<Value>(_ probe: Probe, _ subject: PassthroughSubject<Value, TestError>)
    -> Publishers.Map<PassthroughSubject<Value, TestError>, Value>
{
    subject.map { value in withExtendedLifetime(probe) { value } }
}

@Suite("Deallocation")
struct DeallocationTests {
    let subjects = (0..<3).map { _ in PassthroughSubject<Int, TestError>() }

    /// A subject that was cancelled (not completed) outlived the pipeline and still
    /// works for a new subscriber.
    private func subjectStillWorks(_ index: Int) {
        let recorder = TestRecorder<Int, TestError>()
        subjects[index].subscribe(recorder)
        subjects[index].send(42)
        #expect(recorder.values == [42])
    }

    // MARK: combineLatest

    @Test func combineLatestReleasesEverythingAfterCancel() {
        let result = lifetimes(of: { probe in
            subjects.map { holding(probe, $0) }.combineLatest.eraseToAnyPublisher()
        }, ending: { recorder in
            for (i, subject) in subjects.enumerated() { subject.send(i) }
            #expect(recorder.values == [[0, 1, 2]])
            recorder.cancel()
        })
        #expect(result == .allReleased)
        subjectStillWorks(0)
    }

    @Test func combineLatestReleasesEverythingAfterCompletion() {
        let result = lifetimes(of: { probe in
            subjects.map { holding(probe, $0) }.combineLatest.eraseToAnyPublisher()
        }, ending: { recorder in
            subjects[0].send(1)
            for subject in subjects { subject.send(completion: .finished) }
            #expect(recorder.isFinished)
        })
        #expect(result == .allReleased)
    }

    @Test func combineLatestReleasesEverythingAfterFailure() {
        let result = lifetimes(of: { probe in
            subjects.map { holding(probe, $0) }.combineLatest.eraseToAnyPublisher()
        }, ending: { recorder in
            subjects[1].send(completion: .failure(.boom))
            #expect(recorder.completion == .failure(.boom))
        })
        #expect(result == .allReleased)
        subjectStillWorks(0)
    }

    @Test func combineLatestReleasesTheSubscriberWhenCancelledBeforeAnyValue() {
        let result = lifetimes(of: { probe in
            subjects.map { holding(probe, $0) }.combineLatest.eraseToAnyPublisher()
        }, ending: { $0.cancel() })
        #expect(result == .allReleased)
    }

    // MARK: zip

    @Test func zipReleasesEverythingAfterCancel() {
        let result = lifetimes(of: { probe in
            subjects.map { holding(probe, $0) }.zip.eraseToAnyPublisher()
        }, ending: { recorder in
            subjects[0].send(1)   // buffered
            recorder.cancel()
        })
        #expect(result == .allReleased)
        subjectStillWorks(0)
    }

    @Test func zipReleasesEverythingAfterCompletion() {
        let result = lifetimes(of: { probe in
            subjects.map { holding(probe, $0) }.zip.eraseToAnyPublisher()
        }, ending: { recorder in
            subjects[2].send(1)
            subjects[0].send(completion: .finished)
            #expect(recorder.isFinished)
        })
        #expect(result == .allReleased)
        subjectStillWorks(1)
    }

    @Test func zipReleasesEverythingAfterFailure() {
        let result = lifetimes(of: { probe in
            subjects.map { holding(probe, $0) }.zip.eraseToAnyPublisher()
        }, ending: { recorder in
            subjects[0].send(completion: .failure(.boom))
            #expect(recorder.completion == .failure(.boom))
        })
        #expect(result == .allReleased)
        subjectStillWorks(1)
    }

    // MARK: merge

    @Test func mergeReleasesEverythingAfterCancel() {
        let result = lifetimes(of: { probe in
            subjects.map { holding(probe, $0) }.merge.eraseToAnyPublisher()
        }, ending: { recorder in
            subjects[0].send(1)
            #expect(recorder.values == [1])
            recorder.cancel()
        })
        #expect(result == .allReleased)
        subjectStillWorks(0)
    }

    @Test func mergeReleasesEverythingAfterCompletion() {
        let result = lifetimes(of: { probe in
            subjects.map { holding(probe, $0) }.merge.eraseToAnyPublisher()
        }, ending: { recorder in
            for subject in subjects { subject.send(completion: .finished) }
            #expect(recorder.isFinished)
        })
        #expect(result == .allReleased)
    }

    @Test func mergeReleasesEverythingAfterFailure() {
        let result = lifetimes(of: { probe in
            subjects.map { holding(probe, $0) }.merge.eraseToAnyPublisher()
        }, ending: { recorder in
            subjects[2].send(completion: .failure(.boom))
            #expect(recorder.completion == .failure(.boom))
        })
        #expect(result == .allReleased)
        subjectStillWorks(0)
    }

    @Test func mergeLetsGoOfAWaitingValueOnCancel() {
        let publisher = TestPublisher<Probe, TestError>()
        weak var weakValue: Probe?
        do {
            let recorder = TestRecorder<Probe, TestError>(demand: .max(1))
            [publisher].merge.subscribe(recorder)
            publisher.send(Probe())
            let waiting = Probe()
            weakValue = waiting
            publisher.send(waiting)     // no demand: waits in its slot
            #expect(recorder.values.count == 1)
            recorder.cancel()
        }
        #expect(weakValue == nil)
    }

    @Test func zipLetsGoOfBufferedValuesOnCancel() {
        let p1 = TestPublisher<Probe, TestError>()
        let p2 = TestPublisher<Probe, TestError>()
        weak var weakValue: Probe?
        do {
            let recorder = TestRecorder<[Probe], TestError>()
            [p1, p2].zip.subscribe(recorder)
            let buffered = Probe()
            weakValue = buffered
            p1.send(buffered)
            recorder.cancel()
        }
        #expect(weakValue == nil)
    }

    // MARK: withLatestFrom

    @Test func withLatestFromReleasesEverythingAfterCancel() {
        let result = lifetimes(of: { probe in
            holding(probe, subjects[0]).withLatestFrom(holding(probe, subjects[1]), +)
                .eraseToAnyPublisher()
        }, ending: { recorder in
            subjects[1].send(1)
            subjects[0].send(10)
            #expect(recorder.values == [11])
            recorder.cancel()
        })
        #expect(result == .allReleased)
        subjectStillWorks(0)
    }

    @Test func withLatestFromReleasesEverythingAfterTheSourceCompletes() {
        let result = lifetimes(of: { probe in
            holding(probe, subjects[0]).withLatestFrom(holding(probe, subjects[1]), +)
                .eraseToAnyPublisher()
        }, ending: { recorder in
            subjects[0].send(completion: .finished)
            #expect(recorder.isFinished)
        })
        #expect(result == .allReleased)
        subjectStillWorks(1)
    }

    @Test func withLatestFromReleasesEverythingAfterOtherFails() {
        let result = lifetimes(of: { probe in
            holding(probe, subjects[0]).withLatestFrom(holding(probe, subjects[1]), +)
                .eraseToAnyPublisher()
        }, ending: { recorder in
            subjects[1].send(completion: .failure(.boom))
            #expect(recorder.completion == .failure(.boom))
        })
        #expect(result == .allReleased)
        subjectStillWorks(0)
    }

    @Test func withLatestFromKeepsRunningAfterOtherFinishesThenReleases() {
        let result = lifetimes(of: { probe in
            holding(probe, subjects[0]).withLatestFrom(holding(probe, subjects[1]), +)
                .eraseToAnyPublisher()
        }, ending: { recorder in
            subjects[1].send(1)
            subjects[1].send(completion: .finished)
            subjects[0].send(1)
            #expect(recorder.values == [2])
            recorder.cancel()
        })
        #expect(result == .allReleased)
    }
}
