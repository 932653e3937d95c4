import Values
import Foundation
@testable import KeptState
import Locks
import TestSupport
import Testing

@Suite("StateWriter")
struct StateWriterTests {
    /// Long enough never to fail on a loaded machine; the tests end as soon as the writer
    /// has done its part.
    static let patience: Double = 10

    /// Saves through `StateFile.write` (or fails as told), counting the writes and the
    /// threads they ran on.
    final class CountingSave: @unchecked Sendable {
        struct Record {
            var values: [NodeID: KeptValue]
            var thread: pthread_t
        }

        let records = LockedValueBox<[Record]>([])
        let failure = LockedValueBox<KeptStateError?>(nil)

        var save: StateWriter.Save {
            { [self] values, path throws(KeptStateError) in
                records.withLockedValue { $0.append(Record(values: values, thread: pthread_self())) }
                if let error = failure.withLockedValue({ $0 }) { throw error }
                try StateFile.write(values, path: path)
            }
        }

        var count: Int { records.withLockedValue { $0.count } }
    }

    /// Polls `condition` until it holds or `patience` runs out.
    static func eventually(_ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(patience)
        while !condition() {
            if Date() > deadline { return false }
            usleep(1000)
        }
        return true
    }

    @Test("the interval lets a change reach the disk within a second")
    func interval() {
        #expect(StateWriter.coalescingInterval <= .seconds(1))
        #expect(StateWriter.coalescingInterval > .zero)
    }

    @Test("a recorded value reaches the disk without a flush, and so does one recorded in the interval after it")
    func writesWithoutFlush() throws {
        let directory = try TemporaryDirectory(prefix: "gpioagg-kept")
        let path = directory.file("kept-state")
        let writer = StateWriter(path: path, interval: .milliseconds(50))
        defer { writer.close() }
        writer.record(.signal("lamp"), true)
        #expect(Self.eventually { (try? StateFile.read(path: path)) == [.signal("lamp"): true] })
        writer.record(.signal("lamp"), false)
        #expect(Self.eventually { (try? StateFile.read(path: path)) == [.signal("lamp"): false] })
    }

    @Test("a burst of 100 changes costs at most two writes, none on the recording thread")
    func coalescesBursts() throws {
        let directory = try TemporaryDirectory(prefix: "gpioagg-kept")
        let path = directory.file("kept-state")
        let counting = CountingSave()
        // An interval far longer than the burst, so that it ends inside it.
        let writer = StateWriter(path: path, values: [:], interval: .seconds(30), logger: .init(label: "test"),
                                 save: counting.save)
        defer { writer.close() }
        let keys = (0..<100).map { NodeID.output("out\($0)") }
        for key in keys { writer.record(key, true) }
        try writer.flush()
        let records = counting.records.withLockedValue { $0 }
        #expect((1...2).contains(records.count), "\(records.count) writes")
        #expect(records.last?.values == Dictionary(uniqueKeysWithValues: keys.map { ($0, true) }))
        let me = pthread_self()
        #expect(records.allSatisfy { pthread_equal($0.thread, me) == 0 })
        #expect(try StateFile.read(path: path).count == 100)
        // Nothing more to write: a flush returns without a write.
        try writer.flush()
        #expect(counting.count == records.count)
    }

    @Test("record then flush: on disk, with what was read before")
    func flushes() throws {
        let directory = try TemporaryDirectory(prefix: "gpioagg-kept")
        let path = directory.file("kept-state")
        try StateFile.write([.output("relay"): true], path: path)
        let writer = StateWriter.open(path: path, keeping: [.output("relay"), .signal("lamp")])
        defer { writer.close() }
        #expect(writer.values == [.output("relay"): true])
        writer.record(.signal("lamp"), true)
        try writer.flush()
        #expect(try StateFile.read(path: path) == [.output("relay"): true, .signal("lamp"): true])
    }

    @Test("open drops what the config no longer keeps, and warns about an unusable file, naming it")
    func opens() throws {
        let directory = try TemporaryDirectory(prefix: "gpioagg-kept")
        let path = directory.file("kept-state")
        try StateFile.write([.output("relay"): true, .signal("gone"): true], path: path)
        let writer = StateWriter.open(path: path, keeping: [.output("relay")])
        #expect(writer.values == [.output("relay"): true])
        writer.close()
        #expect(try StateFile.read(path: path) == [.output("relay"): true])

        try directory.write(Array("gpioagg-state 1\nsignal lamp on\n".utf8), to: "kept-state")
        try directory.write([0], to: ".kept-state.Xy12Zw")
        let (logger, entries) = RecordingLogHandler.logger()
        let second = StateWriter.open(path: path, keeping: [.signal("lamp")], logger: logger)
        #expect(second.values.isEmpty)
        second.close()
        let logged = entries.withLockedValue { $0 }
        #expect(logged.count == 1)
        #expect(logged.first?.level == .warning)
        #expect(logged.first?.message.hasPrefix("warning: ignoring \(path): the file ends before its checksum") == true)
        #expect(directory.names() == ["kept-state"])
    }

    @Test("a failing write is logged once, retried at the next change, and works once the cause is gone")
    func failsThenRecovers() throws {
        let directory = try TemporaryDirectory(prefix: "gpioagg-kept")
        // A file where the state directory should be: no write can succeed (even as root).
        try directory.write([], to: "state")
        let path = directory.file("state/kept-state")
        let (logger, entries) = RecordingLogHandler.logger()
        let writer = StateWriter(path: path, interval: .milliseconds(1), logger: logger)
        defer { writer.close() }
        writer.record(.signal("lamp"), true)
        #expect(throws: KeptStateError.self) { try writer.flush() }
        writer.record(.signal("lamp"), false)
        #expect(throws: KeptStateError.self) { try writer.flush() }
        writer.record(.signal("lamp"), true)
        #expect(throws: KeptStateError.self) { try writer.flush() }
        var logged = entries.withLockedValue { $0 }
        #expect(logged.count == 1)
        #expect(logged.first?.level == .error)
        #expect(logged.first?.message.contains("cannot keep state in \(path)") == true)
        #expect(logged.first?.message.contains("hint: ") == true)

        try FileManager.default.removeItem(atPath: directory.file("state"))
        writer.record(.output("relay"), true)
        #expect(Self.eventually { (try? StateFile.read(path: path)) == [.signal("lamp"): true, .output("relay"): true] })
        try writer.flush()
        logged = entries.withLockedValue { $0 }
        #expect(logged.count == 2)
        #expect(logged.last?.level == .notice)
    }

    @Test("an injected disk-full error is reported once and handed to flush")
    func diskFull() throws {
        let directory = try TemporaryDirectory(prefix: "gpioagg-kept")
        let path = directory.file("kept-state")
        let counting = CountingSave()
        let full = KeptStateError(.writeFailed(path: path, operation: "write", errno: ENOSPC))
        counting.failure.withLockedValue { $0 = full }
        let (logger, entries) = RecordingLogHandler.logger()
        let writer = StateWriter(path: path, values: [:], interval: .milliseconds(1), logger: logger,
                                 save: counting.save)
        for index in 0..<5 {
            writer.record(.signal("lamp"), KeptValue(index % 2 == 0))
            do {
                try writer.flush()
                Issue.record("flushed")
            } catch {
                #expect(error == full)
                #expect(error.hint.contains("disk is full"))
            }
        }
        #expect(entries.withLockedValue { $0.count } == 1)
        counting.failure.withLockedValue { $0 = nil }
        writer.close()
        #expect(try StateFile.read(path: path) == [.signal("lamp"): true])
    }

    @Test("close writes what is pending and leaves no temporary file; later records are ignored")
    func closes() throws {
        let directory = try TemporaryDirectory(prefix: "gpioagg-kept")
        let path = directory.file("kept-state")
        let writer = StateWriter(path: path, interval: .seconds(30))
        for index in 0..<50 { writer.record(.signal("s\(index)"), true) }
        writer.close()
        #expect(try StateFile.read(path: path).count == 50)
        #expect(directory.names() == ["kept-state"])
        writer.record(.signal("late"), true)
        try writer.flush()
        writer.close()
        #expect(try StateFile.read(path: path).count == 50)
    }

    @Test("a writer nobody holds any more closes, writing what is pending")
    func deinitCloses() throws {
        let directory = try TemporaryDirectory(prefix: "gpioagg-kept")
        let path = directory.file("kept-state")
        do {
            let writer = StateWriter(path: path, interval: .seconds(30))
            writer.record(.signal("lamp"), true)
            writer.record(.signal("lamp"), false)
        }
        #expect(try StateFile.read(path: path) == [.signal("lamp"): false])
    }

    @Test("records from many threads at once all reach the disk")
    func concurrentRecords() throws {
        let directory = try TemporaryDirectory(prefix: "gpioagg-kept")
        let path = directory.file("kept-state")
        let writer = StateWriter(path: path, interval: .milliseconds(5))
        let done = Semaphore()
        for thread in 0..<4 {
            Thread.detachNewThread {
                // Ten rounds over twenty keys; the last round sets them all on.
                for index in 0..<200 { writer.record(.output("t\(thread)_\(index % 20)"), KeptValue(index / 20 % 2 == 1)) }
                done.signal()
            }
        }
        for _ in 0..<4 { done.wait() }
        writer.close()
        let values = try StateFile.read(path: path)
        #expect(values.count == 80)
        #expect(values.values.allSatisfy { $0.isOn })
    }

    @Test("writes counts the state file's writes that succeeded, and only those")
    func countsWrites() throws {
        let directory = try TemporaryDirectory(prefix: "gpioagg-kept")
        let path = directory.file("kept-state")
        let counting = CountingSave()
        let writer = StateWriter(path: path, values: [:], interval: .milliseconds(1), logger: .init(label: "test"),
                                 save: counting.save)
        defer { writer.close() }
        #expect(writer.writes == 0)
        writer.record(.signal("lamp"), true)
        try writer.flush()
        #expect(writer.writes == 1)
        // The same value again changes nothing: no write.
        writer.record(.signal("lamp"), true)
        try writer.flush()
        #expect(writer.writes == 1)

        counting.failure.withLockedValue { $0 = KeptStateError(.writeFailed(path: path, operation: "write", errno: ENOSPC)) }
        writer.record(.signal("lamp"), false)
        #expect(throws: KeptStateError.self) { try writer.flush() }
        #expect(writer.writes == 1, "a failed write is not counted")
        counting.failure.withLockedValue { $0 = nil }
        try writer.flush()
        #expect(writer.writes == 2)
        #expect(counting.count > writer.writes, "the failed tries were made")
    }
}
