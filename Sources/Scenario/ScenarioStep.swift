import Clock
import Config

/// One step of a test file, as written: `- set: { motion: on }`, `- wait: 1s`...
///
/// Steps that act (`set`, `toggle`, `pulse`, `pulses`, `wait`, `clock`, `restart`) move
/// inputs or time, or restart the daemon; the others check, and take no time.
public struct ScenarioStep: Hashable, Sendable {
    /// A name and where it was written.
    public struct Name: Hashable, Sendable {
        public var name: String
        public var location: SourceLocation

        public init(_ name: String, at location: SourceLocation) {
            self.name = name
            self.location = location
        }
    }

    /// `NAME: on`, `NAME: 21.5`, `NAME: unavailable` in `set:` and `expect:`, and
    /// `NAME: { near: 24.65, within: 0.01 }` in `expect:`.
    public struct NamedValue: Hashable, Sendable {
        public var name: String
        public var value: ScenarioValue
        public var location: SourceLocation

        public init(_ name: String, _ value: ScenarioValue, at location: SourceLocation) {
            self.name = name
            self.value = value
            self.location = location
        }

        /// A level: `NAME: on`.
        public init(_ name: String, _ level: Bool, at location: SourceLocation) {
            self.init(name, ScenarioValue.level(level), at: location)
        }
    }

    /// `NAME: 100ms` in `pulse:`.
    public struct Pulse: Hashable, Sendable {
        public var name: String
        public var duration: Duration
        public var location: SourceLocation

        public init(_ name: String, for duration: Duration, at location: SourceLocation) {
            self.name = name
            self.duration = duration
            self.location = location
        }
    }

    public enum Action: Hashable, Sendable {
        /// `set: { NAME: on|off|NUMBER|unavailable, ... }`: inputs to logical values or
        /// numbers, at once.
        case set([NamedValue])
        /// `toggle: NAME` or `toggle: [NAME, ...]`: inputs to the other logical value.
        case toggle([Name])
        /// `pulse: { NAME: DURATION, ... }`: each input on, then off once its duration
        /// has passed; the step lasts as long as the longest.
        case pulse([Pulse])
        /// `pulses: { NAME: { count: 120, every: 2s, length: 1s }, ... }`: each input
        /// pressed again and again (`PulseTrain`); the step ends with the last release of
        /// the longest train.
        case pulses([PulseTrain])
        /// `wait: DURATION`.
        case wait(Duration)
        /// `clock: { set: "2026-06-21 23:30" }` (the system clock set, as NTP's first
        /// step or `date -s` does), `clock: unsynchronized`, `clock: synchronized`.
        case clock(ClockStep)
        /// `expect: { NAME: on|off|NUMBER|unavailable, NAME: { near: X, within: T } }`:
        /// inputs, signals and outputs now.
        case expect([NamedValue])
        /// `expect_active: NAME` (or a list): turned on at least once since the last
        /// step that acted began.
        case expectActive([Name])
        /// `expect_quiet: NAME` (or a list): did not turn on since the last step that
        /// acted began.
        case expectQuiet([Name])
        /// `remote: { TOPIC: PAYLOAD, ... }` or `remote: { node: NODE, status: online|offline }`:
        /// messages from other publishers on the broker, retained.
        case remote(Remote)
        /// `broker: down` or `broker: up`: the broker unreachable, or reachable again.
        case broker(Broker)
        /// `restart: {}` (an orderly stop and start of the daemon) or
        /// `restart: { kill: true }` (a SIGKILL, then a start), in no time.
        case restart(Restart)
    }

    /// How a `restart:` step ends the run before the next start.
    public enum Restart: Hashable, Sendable {
        /// As the daemon stops on SIGTERM: the outputs go to their safe values, and every
        /// kept value is handed over, the totals that wait for their `persist_every` too.
        case orderly
        /// As SIGKILL ends it: what was already handed to the state writer survives;
        /// a total that waits for its `persist_every` is lost.
        case kill
    }

    /// What a `clock:` step does to the system clock.
    public enum ClockStep: Hashable, Sendable {
        /// Set to this local time, in the config's `clock.timezone`: forward or back.
        case set(LocalDateTime)
        /// The kernel calls it synchronized (NTP answered).
        case synchronized
        /// The kernel calls it not synchronized.
        case unsynchronized
    }

    /// The words that start a step, as written in a test file.
    public static let keys = ["set", "toggle", "pulse", "pulses", "wait", "clock", "restart", "remote", "broker", "expect",
                              "expect_active", "expect_quiet"]

    public var action: Action
    /// The step's key.
    public var location: SourceLocation

    public init(_ action: Action, at location: SourceLocation) {
        self.action = action
        self.location = location
    }

    /// Whether the step moves inputs or time, or restarts the daemon (and so starts the
    /// window that `expect_active` and `expect_quiet` look at).
    public var acts: Bool {
        switch action {
        case .set, .toggle, .pulse, .pulses, .wait, .clock, .restart: return true
        case .remote, .broker: return true
        case .expect, .expectActive, .expectQuiet: return false
        }
    }
}
