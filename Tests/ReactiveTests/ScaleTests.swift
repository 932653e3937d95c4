import Reactive
import ReactiveTesting
import Testing

/// Many upstreams at once: a flat implementation handles them; one that nests binary
/// operators overflows the stack long before this. Counts only, no timing.
@Suite("Many upstreams")
struct ScaleTests {
    static let count = 100_001

    @Test func combineLatestOfAHundredThousandSubjects() {
        let subjects = (0..<Self.count).map { _ in PassthroughSubject<Int, Never>() }
        let recorder = TestRecorder<[Int], Never>()
        subjects.combineLatest.subscribe(recorder)

        for (index, subject) in subjects.enumerated() { subject.send(index) }
        #expect(recorder.values.count == 1)
        #expect(recorder.values.last == Array(0..<Self.count))

        subjects[Self.count / 2].send(-1)
        #expect(recorder.values.count == 2)
        #expect(recorder.values.last?[Self.count / 2] == -1)
        #expect(recorder.values.first?[Self.count / 2] == Self.count / 2, "the first array is not changed")

        for subject in subjects { subject.send(completion: .finished) }
        #expect(recorder.isFinished)
    }

    @Test func zipOfAHundredThousandSubjects() {
        let subjects = (0..<Self.count).map { _ in PassthroughSubject<Int, Never>() }
        let recorder = TestRecorder<[Int], Never>()
        subjects.zip.subscribe(recorder)

        for (index, subject) in subjects.enumerated() { subject.send(index) }
        #expect(recorder.values.count == 1)
        #expect(recorder.values.last == Array(0..<Self.count))

        subjects[0].send(completion: .finished)
        #expect(recorder.isFinished)
    }

    @Test func mergeOfAHundredThousandSubjects() {
        let subjects = (0..<Self.count).map { _ in PassthroughSubject<Int, Never>() }
        let recorder = TestRecorder<Int, Never>()
        subjects.merge.subscribe(recorder)

        for (index, subject) in subjects.enumerated() { subject.send(index) }
        #expect(recorder.values == Array(0..<Self.count))

        for subject in subjects { subject.send(completion: .finished) }
        #expect(recorder.isFinished)
    }

    @Test func mergeOfAHundredThousandSubjectsUnderLimitedDemand() {
        let subjects = (0..<Self.count).map { _ in PassthroughSubject<Int, Never>() }
        let recorder = TestRecorder<Int, Never>(demand: .max(10))
        subjects.merge.subscribe(recorder)

        for (index, subject) in subjects.enumerated() { subject.send(index) }
        #expect(recorder.values == Array(0..<10))
        recorder.request(.unlimited)
        #expect(recorder.values == Array(0..<Self.count), "the waiting values, in arrival order")
    }
}
