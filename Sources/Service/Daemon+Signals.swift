#if canImport(Glibc)
@preconcurrency import Glibc
#endif

extension Daemon {
    /// The signals the daemon handles; block them on the main thread first thing.
    ///
    /// SIGHUP reloads. Every other catchable signal whose default action would end the
    /// process stops the daemon the way SIGTERM does (safe values written, socket
    /// removed): SIGINT, SIGTERM, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF,
    /// SIGIO, SIGXCPU, SIGXFSZ, SIGPWR, SIGSTKFLT, the real-time signals, and SIGTRAP,
    /// SIGSYS and SIGBUS as another process sends them (`kill`).
    ///
    /// Blocking SIGTRAP, SIGSYS and SIGBUS for the signalfd leaves a real fault fatal:
    /// the kernel raises a fault's signal with `force_sig_info_to_task` (a breakpoint
    /// or a Swift trap on arm64, `brk`: SIGTRAP; a seccomp filter: SIGSYS; a bad memory
    /// access: SIGBUS), which, when the signal is blocked, unblocks it and resets its
    /// action to the default, so the process dies at once, as before, without the safe
    /// values (the Swift runtime's "Fatal error" message is printed before its trap; a
    /// crash handler such as Swift's backtracer no longer runs for these three). SIGSEGV,
    /// SIGILL, SIGFPE and SIGABRT, even sent with `kill`, keep their default action and
    /// the runtime's crash report. SIGPIPE is ignored (a write to a reader that went
    /// away fails instead).
    public static let handledSignals: [Int32] = [SIGHUP, SIGINT, SIGTERM, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM,
                                                 SIGVTALRM, SIGPROF, SIGIO, SIGXCPU, SIGXFSZ, SIGPWR, SIGSTKFLT,
                                                 SIGTRAP, SIGSYS, SIGBUS]
        + Array(realTimeSignals)

    /// The real-time signals applications may use (glibc keeps the first two or three
    /// of the kernel's for itself, and `SIGRTMIN` says where ours start).
    static var realTimeSignals: ClosedRange<Int32> { Int32(__libc_current_sigrtmin())...Int32(__libc_current_sigrtmax()) }

    /// The signal's name, for the log: `SIGTERM`, `SIGUSR1`, `SIGRTMIN+3`.
    static func name(of signal: Int32) -> String {
        let names: [Int32: String] = [
            SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGTERM: "SIGTERM", SIGQUIT: "SIGQUIT", SIGUSR1: "SIGUSR1",
            SIGUSR2: "SIGUSR2", SIGALRM: "SIGALRM", SIGVTALRM: "SIGVTALRM", SIGPROF: "SIGPROF", SIGIO: "SIGIO",
            SIGXCPU: "SIGXCPU", SIGXFSZ: "SIGXFSZ", SIGPWR: "SIGPWR", SIGSTKFLT: "SIGSTKFLT",
            SIGTRAP: "SIGTRAP", SIGSYS: "SIGSYS", SIGBUS: "SIGBUS",
        ]
        if let name = names[signal] { return name }
        if realTimeSignals.contains(signal) { return "SIGRTMIN+\(signal - realTimeSignals.lowerBound)" }
        return "signal \(signal)"
    }
}
