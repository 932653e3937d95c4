#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Foundation

/// A program the tests start, with a clean signal mask. Foundation's `Process` passes
/// on the blocked signals of the thread that starts it, and test threads block SIGTERM:
/// mosquitto would then never see the SIGTERM that stops it.
public final class ChildProcess: @unchecked Sendable {
    public let pid: pid_t
    /// The read end of a pipe holding the child's standard output and error, when
    /// captured; the caller reads and closes it.
    public var output: FileHandle? { captured }
    private var captured: FileHandle?
    private var status: Int32?

    public convenience init(_ executable: String, _ arguments: [String], captureOutput: Bool) throws {
        guard captureOutput else {
            try self.init(executable, arguments, standardInput: nil, standardOutput: nil, standardError: nil)
            return
        }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw ToolFailure("pipe: \(String(cString: strerror(errno)))") }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        defer { close(ends[1]) }
        do {
            try self.init(executable, arguments, standardInput: nil, standardOutput: ends[1], standardError: ends[1])
        } catch {
            close(ends[0])
            throw error
        }
        captured = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true)
    }

    /// Starts `executable` with `arguments`, the given descriptors as its standard input,
    /// output and error (nil: `/dev/null`), none of the caller's other descriptors, and
    /// `environment` (nil: the caller's). The caller keeps and closes its descriptors.
    public init(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                standardInput: Int32?, standardOutput: Int32?, standardError: Int32?) throws {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var restored = sigset_t()
        sigemptyset(&restored)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE] { sigaddset(&restored, signal) }
        posix_spawnattr_setsigdefault(&attributes, &restored)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, given, flags) in [(Int32(0), standardInput, O_RDONLY), (1, standardOutput, O_WRONLY), (2, standardError, O_WRONLY)] {
            if let given {
                posix_spawn_file_actions_adddup2(&actions, given, target)
            } else {
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", flags, 0)
            }
        }
        // Nothing else the test process has open: a test's pipe end held by a broker
        // that outlives the test would never see its end of file.
        _ = Self.closeFrom?(&actions, 3)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let environmentLines = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { environmentLines?.forEach { free($0) } }
        var pid: pid_t = 0
        let rc = environmentLines.map { posix_spawn(&pid, executable, &actions, &attributes, argv, $0) }
            ?? posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard rc == 0 else {
            throw ToolFailure("cannot run \(executable): \(String(cString: strerror(rc)))")
        }
        self.pid = pid
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which its
    /// Swift module leaves out (it is declared for `_GNU_SOURCE` only).
    private static let closeFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else {
            return nil
        }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32).self)
    }()

    deinit {
        if isRunning { kill(pid, SIGKILL) }
        _ = wait()
    }

    public var isRunning: Bool {
        guard status == nil else { return false }
        var raw: Int32 = 0
        let rc = waitpid(pid, &raw, WNOHANG)
        if rc == pid { status = raw; return false }
        return rc == 0
    }

    public func signal(_ number: Int32) {
        if isRunning { kill(pid, number) }
    }

    /// Waits for the child to end; its exit status (128 + the signal if one ended it).
    @discardableResult
    public func wait() -> Int32 {
        let raw = waitedStatus()
        return raw & 0x7f == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
    }

    /// Waits for the child to end; how it ended: its exit status, or the signal that
    /// ended it (as Foundation's `Process` gives them).
    public func termination() -> (status: Int32, signaled: Bool) {
        let raw = waitedStatus()
        return raw & 0x7f == 0 ? ((raw >> 8) & 0xff, false) : (raw & 0x7f, true)
    }

    private func waitedStatus() -> Int32 {
        if let status { return status }
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
        status = raw
        return raw
    }
}
