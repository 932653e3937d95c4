#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import SystemCore
import CLoopLinux

/// Signals delivered as a readable descriptor (`signalfd(2)`), so that the event loop
/// handles them on its thread like any other event, with no async-signal-safety rules.
///
/// The signals must be blocked in every thread, or the kernel may run their default
/// action in a thread that did not block them: call `block(_:)` on the main thread
/// before any other thread starts (the loop's thread inherits the mask).
///
/// ```swift
/// try SignalDescriptor.block([SIGINT, SIGTERM, SIGHUP])
/// let loop = try PosixEventLoop()
/// let signals = try SignalDescriptor([SIGINT, SIGTERM, SIGHUP])
/// loop.watch(fd: signals.fd) { _ in
///     for signal in signals.pending() { print("received signal \(signal)") }
/// }
/// ```
public final class SignalDescriptor {
    public let fd: Int32
    public let signals: [Int32]

    /// Blocks `signals` in the calling thread and in the threads it creates later.
    public static func block(_ signals: [Int32]) throws(LoopError) {
        do throws(SystemCallError) {
            try SystemCall.retrying("pthread_sigmask") {
                signals.withUnsafeBufferPointer { cloop_signals_block($0.baseAddress, Int32($0.count)) }
            }
        } catch {
            throw LoopError(error)
        }
    }

    /// A descriptor that becomes readable when one of `signals` (blocked) is pending.
    public init(_ signals: [Int32]) throws(LoopError) {
        do throws(SystemCallError) {
            fd = try SystemCall.retrying("signalfd") {
                signals.withUnsafeBufferPointer { cloop_signalfd_create($0.baseAddress, Int32($0.count)) }
            }
        } catch {
            throw LoopError(error)
        }
        self.signals = signals
    }

    deinit {
        SystemCall.close(fd)
    }

    /// The signals pending now, in the order they are read, each taken off the pending
    /// set. Never blocks.
    public func pending() -> [Int32] {
        var received: [Int32] = []
        while true {
            let signal = cloop_signalfd_read(fd)
            guard signal > 0 else { return received }
            received.append(signal)
        }
    }
}
