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
    public let output: FileHandle?
    private var status: Int32?

    public init(_ executable: String, _ arguments: [String], captureOutput: Bool) throws {
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
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        var ends: [Int32] = [-1, -1]
        if captureOutput {
            guard pipe(&ends) == 0 else { throw ToolFailure("pipe: \(String(cString: strerror(errno)))") }
            _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
            posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
            posix_spawn_file_actions_adddup2(&actions, ends[1], 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        // Nothing else the test process has open: a test's pipe end held by a broker
        // that outlives the test would never see its end of file.
        _ = Self.closeFrom?(&actions, 3)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        if captureOutput { close(ends[1]) }
        guard rc == 0 else {
            if captureOutput { close(ends[0]) }
            throw ToolFailure("cannot run \(executable): \(String(cString: strerror(rc)))")
        }
        self.pid = pid
        output = captureOutput ? FileHandle(fileDescriptor: ends[0], closeOnDealloc: true) : nil
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
        if status == nil {
            var raw: Int32 = 0
            while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
            status = raw
        }
        let raw = status!
        return raw & 0x7f == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
    }
}
