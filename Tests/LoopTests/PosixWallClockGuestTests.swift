#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Dispatch
@testable import Loop
import Locks
import Testing

/// The real loop's wall clock set and marked synchronized: only in the kernel-test qemu
/// guest, where PID 1 is the harness's `/init` and `wall-clock-check` (which marks the
/// clock as an NTP client would) sits in `/bin`; skipped everywhere else, since it sets
/// the system clock.
///
///     scripts/kernel-test/run --libgpiod v1 --binary .build/debug/<Package>PackageTests.xctest \
///         --extra <built wall-clock-check> -- --testing-library swift-testing \
///         --filter PosixWallClockGuestTests
/// Whether this runs in the kernel-test guest, as root, with the helper at hand.
private func runsInKernelTestGuest() -> Bool {
    guard geteuid() == 0, access(PosixWallClockGuestTests.helper, X_OK) == 0 else { return false }
    let descriptor = open("/proc/1/cmdline", O_RDONLY)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: 256)
    let length = read(descriptor, &bytes, bytes.count)
    guard length > 0 else { return false }
    return bytes.prefix(length).split(separator: 0).contains { String(decoding: $0, as: UTF8.self) == "/init" }
}

@Suite("PosixEventLoop's wall clock set and synchronized (qemu guest only)",
       .enabled(if: runsInKernelTestGuest(), "sets the system clock: runs in the kernel-test guest only"))
struct PosixWallClockGuestTests {
    static let second: Int64 = 1_000_000_000
    static let helper = "/bin/wall-clock-check"

    /// Runs the helper to mark the clock; true when it succeeded.
    static func mark(_ state: String) -> Bool {
        var pid: pid_t = 0
        let arguments = [helper, "--in-qemu-guest", "--mark", state]
        var argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        guard posix_spawn(&pid, helper, nil, nil, &argv, environ) == 0 else { return false }
        var status: Int32 = 0
        guard waitpid(pid, &status, 0) == pid else { return false }
        return status == 0
    }

    static func setClock(to instant: Int64) -> Bool {
        var time = timespec(tv_sec: Int(instant / second), tv_nsec: Int(instant % second))
        return clock_settime(CLOCK_REALTIME, &time) == 0
    }

    /// Waits until `condition` holds, on the loop's thread, for up to 30 s (a TCG guest
    /// is slow, and the synchronization check runs every 10 s).
    static func waitFor(_ loop: PosixEventLoop, _ condition: @escaping () -> Bool) -> Bool {
        for _ in 0..<300 {
            if loop.sync(condition) { return true }
            usleep(100_000)
        }
        return false
    }

    @Test("a step reaches the watchers at once, then the timers it jumped over; synchronization is noticed, and cleared by a step")
    func stepsAndSynchronization() throws {
        #expect(Self.mark("unsynchronized"))
        let loop = try PosixEventLoop()
        defer { loop.stop() }
        let heard = LockedValueBox<[String]>([])
        let start = loop.wallClockNow
        loop.sync {
            loop.watchWallClock { change in heard.withLockedValue { $0.append("\(change)") } }
            loop.schedule(atWallClock: start + 60 * Self.second) { heard.withLockedValue { $0.append("jumped") } }
            loop.schedule(atWallClock: start + 3600 * Self.second) { heard.withLockedValue { $0.append("ahead") } }
        }
        #expect(!loop.isWallClockSynchronized)
        #expect(loop.sync { loop.checksWallClockSynchronization })

        // Forward two minutes, over the first timer.
        #expect(Self.setClock(to: start + 120 * Self.second))
        #expect(Self.waitFor(loop) { heard.withLockedValue { $0 }.contains("jumped") })
        #expect(heard.withLockedValue { $0 } == ["set", "jumped"])

        // Back an hour: nothing runs again, the timer ahead still waits.
        #expect(Self.setClock(to: start - 3600 * Self.second))
        #expect(Self.waitFor(loop) { heard.withLockedValue { $0 }.count == 3 })
        #expect(heard.withLockedValue { $0 } == ["set", "jumped", "set"])

        // Marked synchronized as an NTP client would: noticed by the next check.
        #expect(Self.mark("synchronized"))
        #expect(Self.waitFor(loop) { heard.withLockedValue { $0 }.last == "synchronized" })
        #expect(loop.sync { !loop.checksWallClockSynchronization })

        // Setting the clock clears it again: told at the step, and checked again from then on.
        #expect(Self.setClock(to: loop.wallClockNow + Self.second))
        #expect(Self.waitFor(loop) { heard.withLockedValue { $0 }.last == "unsynchronized" })
        #expect(Array(heard.withLockedValue { $0 }.suffix(2)) == ["set", "unsynchronized"])
        #expect(loop.sync { loop.checksWallClockSynchronization })
        #expect(!heard.withLockedValue { $0 }.contains("ahead"))
    }
}
