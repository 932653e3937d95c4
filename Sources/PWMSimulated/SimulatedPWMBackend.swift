import Locks
import PWMCore

/// PWM controllers in memory, for tests, `--simulate` and `gpioagg test`: each channel
/// keeps the last `historyLimit` states applied to it (`history`), so a test reads back
/// what a kernel driver would have been given, and a simulation that runs for days
/// holds a fixed amount however often its outputs change (as a `SimulatedChip`'s
/// writes).
///
/// A channel is usable at the first `attempt()` unless `attemptsBeforeReady` says
/// otherwise (the kernel's export racing a udev rule); a controller can refuse the
/// `inversed` polarity (`refusesInversion`) as some drivers do, with the same error the
/// kernel's would give through sysfs.
///
/// ```swift
/// let backend = SimulatedPWMBackend(controllers: [.init(deviceName: "fe20c000.pwm", number: 0, channelCount: 2)])
/// let channel = try backend.channel(1, of: .device("fe20c000.pwm"))
/// _ = try channel.attempt()
/// try channel.apply(PWMState(hertz: 25_000, percent: 40))
/// backend.history(of: "fe20c000.pwm", channel: 1)   // [40000 ns at 16000 ns, normal, enabled]
/// ```
public final class SimulatedPWMBackend: PWMBackend, @unchecked Sendable {
    /// One simulated controller.
    public struct Controller: Hashable, Sendable {
        public var deviceName: String
        public var number: Int
        public var channelCount: Int
        /// Refuses `inversed` as a driver without inversion does (EINVAL).
        public var refusesInversion: Bool
        /// Attempts that report "not yet" before a channel is usable.
        public var attemptsBeforeReady: Int

        public init(deviceName: String, number: Int, channelCount: Int, refusesInversion: Bool = false,
                    attemptsBeforeReady: Int = 0) {
            self.deviceName = deviceName
            self.number = number
            self.channelCount = channelCount
            self.refusesInversion = refusesInversion
            self.attemptsBeforeReady = attemptsBeforeReady
        }

        var kernelController: PWMController {
            PWMController(folder: "/sys/class/pwm/pwmchip\(number)", number: number, deviceName: deviceName,
                          channelCount: channelCount)
        }
    }

    public let controllers: [Controller]
    private let lock = Lock()
    private var channels: [ChannelKey: SimulatedPWMChannel] = [:]
    /// Channels that count as exported before anyone asked (a run that died), with what
    /// they run.
    private var preexported: [ChannelKey: PWMState] = [:]

    struct ChannelKey: Hashable {
        var deviceName: String
        var channel: Int
    }

    public init(controllers: [Controller]) {
        self.controllers = controllers
    }

    /// Marks a channel exported and running `state` before the engine starts, as a run
    /// that died leaves it.
    public func leaveExported(_ deviceName: String, channel: Int, running state: PWMState) {
        lock.withLock { preexported[ChannelKey(deviceName: deviceName, channel: channel)] = state }
    }

    public func channel(_ channel: Int, of locator: PWMControllerLocator) throws(PWMError) -> any PWMOutputChannel {
        let found = controllers.filter { locator.matches($0.kernelController) }
        guard let controller = found.first else {
            throw PWMError.controllerNotFound(locator, present: controllers.map { $0.kernelController.description },
                                              hints: [])
        }
        guard channel >= 0, channel < controller.channelCount else {
            throw PWMError.noSuchChannel(controller: controller.kernelController.description, channel: channel,
                                         count: controller.channelCount)
        }
        let key = ChannelKey(deviceName: controller.deviceName, channel: channel)
        return lock.withLock {
            if let existing = channels[key] { return existing }
            let made = SimulatedPWMChannel(controller: controller, number: channel, lock: lock,
                                           preexported: preexported[key])
            channels[key] = made
            return made
        }
    }

    /// How many of the latest states `history` keeps per channel.
    public static let historyLimit = 1024

    /// The states applied to the channel, in order, the last `historyLimit` of them (the
    /// state a taken-over channel ran first, then each `apply`); empty for a channel
    /// never asked for.
    public func history(of deviceName: String, channel: Int) -> [PWMState] {
        lock.withLock {
            Array((channels[ChannelKey(deviceName: deviceName, channel: channel)]?.recorded ?? []).suffix(Self.historyLimit))
        }
    }

    /// What the channel runs now; nil for a channel never made usable.
    public func state(of deviceName: String, channel: Int) -> PWMState? {
        lock.withLock { channels[ChannelKey(deviceName: deviceName, channel: channel)]?.current }
    }
}

/// A channel of `SimulatedPWMBackend`. Its state is guarded by the backend's lock, so a
/// test may read it from another thread.
final class SimulatedPWMChannel: PWMOutputChannel, @unchecked Sendable {
    let controller: SimulatedPWMBackend.Controller
    let number: Int
    private let lock: Lock
    private var attempts = 0
    private var ready = false
    private(set) var tookOver: Bool
    /// Guarded by `lock`.
    var current: PWMState?
    var recorded: [PWMState] = []
    private var polarityRefused = false

    init(controller: SimulatedPWMBackend.Controller, number: Int, lock: Lock, preexported: PWMState?) {
        self.controller = controller
        self.number = number
        self.lock = lock
        tookOver = preexported != nil
        current = preexported
        if let preexported { recorded = [preexported] }
    }

    var controllerDescription: String { controller.kernelController.description }

    var waitingError: PWMError {
        PWMError.notWritable(controller: controllerDescription, channel: number,
                             path: controller.kernelController.channelFolder(number) + "/enable")
    }

    var state: PWMState? { lock.withLock { ready ? current : nil } }

    func attempt() throws(PWMError) -> Bool {
        lock.withLock {
            if ready { return true }
            attempts += 1
            guard attempts > controller.attemptsBeforeReady else { return false }
            ready = true
            if current == nil { current = PWMState(period: 0, dutyCycle: 0, enabled: false) }
            return true
        }
    }

    /// Written within `apply`: nothing to wait for.
    func settle(within timeout: Duration) throws(PWMError) {}

    /// Failures are thrown from `apply`.
    func reportFailures(to handler: @escaping @Sendable (PWMError) -> Void) {}

    func apply(_ target: PWMState) throws(PWMError) {
        guard ready else { throw waitingError }
        var target = target
        if target.polarity == .inversed, controller.refusesInversion || polarityRefused {
            polarityRefused = true
            target = target.normalEquivalent
        }
        lock.withLock {
            guard target != current else { return }
            current = target
            recorded.append(target)
            // The oldest half goes at twice the limit: a fixed amount, at a constant
            // cost per write.
            if recorded.count >= 2 * SimulatedPWMBackend.historyLimit {
                recorded.removeFirst(recorded.count - SimulatedPWMBackend.historyLimit)
            }
        }
    }
}
