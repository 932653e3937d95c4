/// The daemon's lifecycle, as a value: each event returns what the daemon is to do, and
/// the daemon does it. No side effect happens here, so every transition is a plain
/// function a table of tests can walk.
///
/// ```
/// idle --start--> starting --linesRequested--> running --reloadRequested--> reloading
///                    |                           ^  |                          |
///                    | startFailed               |  | stopSignal,              | reloadApplied,
///                    |                           |  | commandsEnded,           | configRefused
///                    |                           |  | lineFailure              | -> running;
///                    v                           |  v                          | reloadFailed
///                 stopped <--stopped-- stopping <---+--------------------------+ -> stopping
/// ```
///
/// ```swift
/// var machine = DaemonStateMachine()
/// machine.start()                          // .requestLines
/// machine.linesRequested()                 // .announceReady
/// machine.stopSignal("SIGTERM")            // .stop(reason: "SIGTERM", exitStatus: 0)
/// ```
public struct DaemonStateMachine: Sendable {
    public enum State: Equatable, Sendable {
        case idle, starting, running, reloading, stopping
        case stopped(exitStatus: Int32)
    }

    public enum StartAction: Equatable, Sendable {
        /// Request the lines, write the initial values.
        case requestLines
        /// Already started.
        case none
    }

    public enum ReadyAction: Equatable, Sendable {
        /// Open the socket and the command input, tell the service manager, start the
        /// watchdog.
        case announceReady
        /// Not starting (a stop came first): nothing to announce.
        case none
    }

    public enum ReloadAction: Equatable, Sendable {
        /// Tell the service manager (`RELOADING=1`), read the config file.
        case loadConfig
        /// Not running (starting, already reloading, stopping): nothing to do.
        case ignore
    }

    public enum ReloadOutcomeAction: Equatable, Sendable {
        /// The new configuration runs: log it, `READY=1`.
        case reportReloaded
        /// The old configuration keeps running: log why, `READY=1` with the reason.
        case reportRefused(reason: String)
        /// Neither configuration runs any more (every output at its safe value).
        case stop(reason: String, exitStatus: Int32)
        case none
    }

    public enum StopAction: Equatable, Sendable {
        /// `STOPPING=1`, safe values, release the lines, close the socket, then `stopped()`.
        case stop(reason: String, exitStatus: Int32)
        /// Already stopping or stopped.
        case none
    }

    public private(set) var state = State.idle

    public init() {}

    public mutating func start() -> StartAction {
        guard state == .idle else { return .none }
        state = .starting
        return .requestLines
    }

    /// The lines are requested and hold their initial values.
    public mutating func linesRequested() -> ReadyAction {
        guard state == .starting else { return .none }
        state = .running
        return .announceReady
    }

    /// The lines could not be had: everything requested so far is at its safe value.
    public mutating func startFailed() {
        state = .stopped(exitStatus: 1)
    }

    public mutating func reloadRequested() -> ReloadAction {
        guard state == .running else { return .ignore }
        state = .reloading
        return .loadConfig
    }

    /// The config file could not be read or is invalid; or its lines cannot be had and
    /// the running engine was left untouched.
    public mutating func configRefused(reason: String) -> ReloadOutcomeAction {
        guard state == .reloading else { return .none }
        state = .running
        return .reportRefused(reason: reason)
    }

    /// The new engine runs in place of the old.
    public mutating func reloadApplied() -> ReloadOutcomeAction {
        guard state == .reloading else { return .none }
        state = .running
        return .reportReloaded
    }

    /// A request failed in a race after the old engine let go of its lines: both
    /// engines stopped.
    public mutating func reloadFailed(reason: String) -> ReloadOutcomeAction {
        guard state == .reloading else { return .none }
        state = .stopping
        return .stop(reason: "reload failed: \(reason)", exitStatus: 1)
    }

    /// SIGTERM, SIGINT, a key that quits.
    public mutating func stopSignal(_ reason: String) -> StopAction {
        stop(reason: reason, exitStatus: 0)
    }

    /// Line commands ended (`quit` or end of input), `failures` of them failed: a script
    /// with a failed command ends with status 1, as a shell script under `set -e` would.
    public mutating func commandsEnded(_ reason: String, failures: Int) -> StopAction {
        guard failures > 0 else { return stop(reason: reason, exitStatus: 0) }
        return stop(reason: "\(reason); \(failures) command\(failures == 1 ? "" : "s") failed", exitStatus: 1)
    }

    /// A read or write of a line failed: the engine has stopped itself.
    public mutating func lineFailure(_ message: String) -> StopAction {
        stop(reason: "failure: \(message)", exitStatus: 1)
    }

    private mutating func stop(reason: String, exitStatus: Int32) -> StopAction {
        switch state {
        case .starting, .running, .reloading:
            state = .stopping
            return .stop(reason: reason, exitStatus: exitStatus)
        case .idle:
            state = .stopped(exitStatus: exitStatus)
            return .none
        case .stopping, .stopped:
            return .none
        }
    }

    /// The stop is done.
    public mutating func stopped(exitStatus: Int32) {
        state = .stopped(exitStatus: exitStatus)
    }

    public var isRunning: Bool { state == .running }
}
