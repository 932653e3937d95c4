import Locks

/// The kernel's PWM controllers through sysfs (`/sys/class/pwm`, or a test's tree under
/// `root`): `PWMControllers` finds the controller, `PWMExport` gets hold of the channel,
/// `PWMChannel` writes it.
///
/// A write to a channel's files runs the controller driver's `apply` in the writer's
/// thread: microseconds for the SoC controllers of a Raspberry Pi, about a bus transfer
/// for one on I²C (a PCA9685), and as long as a hung bus holds it. So the channels'
/// writes are made on the backend's own thread (`PWMWriter`), never the caller's:
/// `apply` hands the target over and returns, and only the last target of a channel
/// waits to be written.
public final class SysfsPWMBackend: PWMBackend {
    public let controllers: PWMControllers
    let writer: PWMAttributeWriter
    let thread = PWMWriter()

    public init(root: String = "/sys", writer: PWMAttributeWriter = .sysfs) {
        controllers = PWMControllers(root: root)
        self.writer = writer
    }

    public func channel(_ channel: Int, of controller: PWMControllerLocator) throws(PWMError) -> any PWMOutputChannel {
        let found = try controllers.find(controller)
        return SysfsPWMOutputChannel(export: try PWMExport(controller: found, channel: channel, writer: writer),
                                     thread: thread)
    }
}

/// A channel of `SysfsPWMBackend`: its export until `attempt()` succeeds, then the
/// `PWMChannel`, which the backend's writer thread writes.
final class SysfsPWMOutputChannel: PWMOutputChannel, @unchecked Sendable {
    /// Used on the caller's thread only.
    private var export: PWMExport
    private let thread: PWMWriter
    private let lock = Lock()
    /// Guarded by `lock`: set by `attempt()`, then written by the writer thread alone.
    private var channel: PWMChannel?
    /// Guarded by `lock`.
    private var failureHandler: (@Sendable (PWMError) -> Void)?

    init(export: PWMExport, thread: PWMWriter) {
        self.export = export
        self.thread = thread
    }

    var controllerDescription: String { export.controller.description }
    var number: Int { export.channel }
    var waitingError: PWMError { export.waitingError }
    var tookOver: Bool { lock.withLock { channel?.tookOver ?? false } }
    /// What the channel runs: as read when it was taken, then as the writer thread wrote it.
    var state: PWMState? { lock.withLock { channel?.state } }

    func attempt() throws(PWMError) -> Bool {
        if lock.withLock({ channel != nil }) { return true }
        let made = try export.attempt()
        lock.withLock { channel = made }
        return made != nil
    }

    func apply(_ target: PWMState) throws(PWMError) {
        guard lock.withLock({ channel != nil }) else {
            throw export.waitingError
        }
        thread.ask(ObjectIdentifier(self), PWMWriter.Job(write: { [self] in write(target) }, report: { [self] error in
            lock.withLock { failureHandler }?(error)
        }))
    }

    func settle(within timeout: Duration) throws(PWMError) {
        switch thread.settle(ObjectIdentifier(self), within: timeout) {
        case .written: return
        case .failed(let error): throw error
        case .unfinished: throw .writeUnfinished(controller: controllerDescription, channel: number, waited: timeout)
        }
    }

    func reportFailures(to handler: @escaping @Sendable (PWMError) -> Void) {
        lock.withLock { failureHandler = handler }
    }

    /// On the writer thread: applies `target` to what the channel runs, without holding
    /// the lock while the driver works.
    private func write(_ target: PWMState) -> PWMError? {
        guard var running = lock.withLock({ channel }) else { return nil }
        defer { lock.withLock { channel = running } }
        do throws(PWMError) {
            try running.apply(target)
            return nil
        } catch {
            return error
        }
    }
}
