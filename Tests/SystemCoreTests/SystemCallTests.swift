#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Locks
import Synchronization
import SystemCore
import Testing

/// The signal that interrupts the reader: its handler is installed without
/// `SA_RESTART`, so that the kernel returns `EINTR` instead of restarting the read.
private let interruptSignal = SIGUSR2

@Suite("SystemCall")
struct SystemCallTests {
    @Test("a read interrupted by a signal (SA_RESTART off) is retried and returns what arrives")
    func readRetriesEINTR() throws {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in }
        action.sa_flags = 0
        sigemptyset(&action.sa_mask)
        var previous = sigaction()
        #expect(sigaction(interruptSignal, &action, &previous) == 0)
        defer { sigaction(interruptSignal, &previous, nil) }

        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        let reader = ends[0]

        let attempts = Atomic<Int>(0)
        let readerThread = Atomic<UInt>(0)
        let outcome = LockedValueBox<Result<[UInt8], SystemCallError>?>(nil)
        let done = Semaphore()
        try SystemThread.start(name: "eintr-reader") {
            // Threads inherit their creator's mask, and the test runner's may block it.
            var unblocked = sigset_t()
            sigemptyset(&unblocked)
            sigaddset(&unblocked, interruptSignal)
            pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
            readerThread.store(UInt(pthread_self()), ordering: .sequentiallyConsistent)
            var buffer = [UInt8](repeating: 0, count: 4)
            let result = Result { () throws(SystemCallError) -> [UInt8] in
                let count = try SystemCall.retrying("read") {
                    attempts.add(1, ordering: .sequentiallyConsistent)
                    return read(reader, &buffer, buffer.count)
                }
                return Array(buffer.prefix(count))
            }
            outcome.withLockedValue { $0 = result }
            done.signal()
        }
        while readerThread.load(ordering: .sequentiallyConsistent) == 0 { sched_yield() }
        let thread = pthread_t(readerThread.load(ordering: .sequentiallyConsistent))
        // Signal until the read has been interrupted at least once: a signal that lands
        // before the read starts interrupts nothing.
        let patience = MonotonicClock.now() + 20_000_000_000
        while attempts.load(ordering: .sequentiallyConsistent) < 2 && MonotonicClock.now() < patience {
            pthread_kill(thread, interruptSignal)
            usleep(1_000)
        }
        #expect(attempts.load(ordering: .sequentiallyConsistent) >= 2)
        var byte: UInt8 = 42
        #expect(write(ends[1], &byte, 1) == 1)
        #expect(done.wait(timeout: .seconds(20)))
        let result = outcome.withLockedValue { $0 }
        #expect(try result?.get() == [42])
    }

    @Test("a failure carries errno and the call's name")
    func failureNamesTheCall() {
        var buffer = [UInt8](repeating: 0, count: 1)
        #expect(throws: SystemCallError(call: "read", errno: EBADF)) {
            try SystemCall.retrying("read") { read(-1, &buffer, 1) }
        }
        let error = SystemCallError(call: "open", errno: ENOENT)
        #expect(error.description == "open failed: No such file or directory")
        #expect(error.reason == String(cString: strerror(ENOENT)))
    }

    @Test("a non-blocking call that would block gives nil, not an error; other failures still throw")
    func nonBlockingWouldBlock() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        #expect(fcntl(ends[0], F_SETFL, O_NONBLOCK) == 0)
        defer { close(ends[0]); close(ends[1]) }
        var buffer = [UInt8](repeating: 0, count: 4)
        #expect(try SystemCall.nonBlocking("read") { read(ends[0], &buffer, buffer.count) } == nil)
        var byte: UInt8 = 7
        #expect(try SystemCall.nonBlocking("write") { write(ends[1], &byte, 1) } == 1)
        #expect(try SystemCall.nonBlocking("read") { read(ends[0], &buffer, buffer.count) } == 1)
        #expect(throws: SystemCallError(call: "read", errno: EBADF)) {
            try SystemCall.nonBlocking("read") { read(-1, &buffer, 1) }
        }
    }

    @Test("a call that returns its error number throws it with the call's name")
    func returningError() {
        #expect(throws: SystemCallError(call: "pthread_kill", errno: EINVAL)) {
            try SystemCall.returningError("pthread_kill") { pthread_kill(pthread_self(), -1) }
        }
    }

    @Test("close reports a bad descriptor and is never retried")
    func closeReports() {
        #expect(SystemCall.close(-1) == SystemCallError(call: "close", errno: EBADF))
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        #expect(SystemCall.close(ends[0]) == nil)
        #expect(SystemCall.close(ends[1]) == nil)
    }
}

@Suite("SystemCall.readAvailable")
struct ReadAvailableTests {
    @Test("one read: bytes, then nothing yet, then the end once the writer closes; a bad descriptor fails")
    func outcomes() {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        #expect(fcntl(ends[0], F_SETFL, O_NONBLOCK) == 0)
        defer { close(ends[0]) }
        var buffer = [UInt8](repeating: 0, count: 8)
        #expect(SystemCall.readAvailable(ends[0], into: &buffer) == .notYet)
        var bytes: [UInt8] = [1, 2, 3]
        #expect(write(ends[1], &bytes, 3) == 3)
        #expect(SystemCall.readAvailable(ends[0], into: &buffer) == .bytes(3))
        #expect(buffer.prefix(3) == [1, 2, 3])
        close(ends[1])
        #expect(SystemCall.readAvailable(ends[0], into: &buffer) == .ended)
        #expect(SystemCall.readAvailable(-1, into: &buffer) == .failed(SystemCallError(call: "read", errno: EBADF)))
    }
}

@Suite("SystemCall.openForReading")
struct OpenForReadingTests {
    @Test("a FIFO with no writer opens at once, and its status says what it is; a link is refused when asked")
    func fifoAndLink() throws {
        let directory = try makeTemporaryDirectory()
        let fifo = directory + "/fifo", link = directory + "/link"
        defer { unlink(fifo); unlink(link); rmdir(directory) }
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(symlink(fifo, link) == 0)

        let (descriptor, status) = try SystemCall.openForReading(fifo)
        #expect(status.st_mode & S_IFMT == S_IFIFO)
        #expect(FileKind.phrase(for: status.st_mode) == "a FIFO")
        #expect(SystemCall.close(descriptor) == nil)

        #expect(throws: SystemCallError(call: "open", errno: ELOOP)) {
            try SystemCall.openForReading(link, followLinks: false)
        }
        #expect(throws: SystemCallError(call: "open", errno: ENOENT)) {
            try SystemCall.openForReading(directory + "/missing")
        }
    }
}

@Suite("SystemCall.readToEnd")
struct ReadToEndTests {
    @Test("reads a file to its end; a file past the limit gives one byte more, to tell it grew")
    func readsToTheEnd() throws {
        let directory = try makeTemporaryDirectory()
        let path = directory + "/file"
        defer { unlink(path); rmdir(directory) }
        let text = Array(String(repeating: "0123456789", count: 10_000).utf8)
        let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        #expect(text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } == text.count)
        close(fd)

        let (whole, status) = try SystemCall.openForReading(path)
        defer { SystemCall.close(whole) }
        #expect(try SystemCall.readToEnd(whole, limit: Int(status.st_size)) == text)

        let (short, _) = try SystemCall.openForReading(path)
        defer { SystemCall.close(short) }
        #expect(try SystemCall.readToEnd(short, limit: 10) == Array(text.prefix(11)))

        #expect(throws: SystemCallError(call: "read", errno: EBADF)) {
            try SystemCall.readToEnd(-1, limit: 10)
        }
    }
}

@Suite("SystemCall.readRegularFile")
struct ReadRegularFileTests {
    @Test("a regular file's bytes; a FIFO with no writer and a directory refused at once; the limit and a missing file")
    func refusals() throws {
        let directory = try makeTemporaryDirectory()
        let fifo = directory + "/fifo", file = directory + "/file"
        defer { unlink(fifo); unlink(file); rmdir(directory) }
        #expect(mkfifo(fifo, 0o600) == 0)
        let fd = open(file, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        #expect(write(fd, "secret\n", 7) == 7)
        close(fd)

        #expect(try SystemCall.readRegularFile(file, limit: 7) == Array("secret\n".utf8))
        #expect(throws: RegularFileRefusal.tooLarge(bytes: 7)) { try SystemCall.readRegularFile(file, limit: 6) }
        #expect(throws: RegularFileRefusal.notRegular(kind: "a FIFO")) { try SystemCall.readRegularFile(fifo, limit: 6) }
        #expect(throws: RegularFileRefusal.notRegular(kind: "a directory")) {
            try SystemCall.readRegularFile(directory, limit: 6)
        }
        #expect(throws: RegularFileRefusal.failed(SystemCallError(call: "open", errno: ENOENT))) {
            try SystemCall.readRegularFile(directory + "/missing", limit: 6)
        }
    }
}

/// A new directory under /tmp, for a test's files (the test removes them).
private func makeTemporaryDirectory() throws -> String {
    var template = Array("/tmp/systemcore-XXXXXX".utf8CString)
    try #require(mkdtemp(&template) != nil)
    return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
