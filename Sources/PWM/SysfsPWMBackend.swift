/// The kernel's PWM controllers through sysfs (`/sys/class/pwm`, or a test's tree under
/// `root`): `PWMControllers` finds the controller, `PWMExport` gets hold of the channel,
/// `PWMChannel` writes it.
///
/// A write to a channel's files runs the controller driver's `apply` in the writer's
/// thread: microseconds for the SoC controllers of a Raspberry Pi, about a bus transfer
/// for one on I²C (a PCA9685).
public final class SysfsPWMBackend: PWMBackend {
    public let controllers: PWMControllers
    let writer: PWMAttributeWriter

    public init(root: String = "/sys", writer: PWMAttributeWriter = .sysfs) {
        controllers = PWMControllers(root: root)
        self.writer = writer
    }

    public func channel(_ channel: Int, of controller: PWMControllerLocator) throws(PWMError) -> any PWMOutputChannel {
        let found = try controllers.find(controller)
        return SysfsPWMOutputChannel(export: try PWMExport(controller: found, channel: channel, writer: writer))
    }
}

/// A channel of `SysfsPWMBackend`: its export until `attempt()` succeeds, then the
/// `PWMChannel`.
final class SysfsPWMOutputChannel: PWMOutputChannel {
    private var export: PWMExport
    private var channel: PWMChannel?

    init(export: PWMExport) {
        self.export = export
    }

    var controllerDescription: String { export.controller.description }
    var number: Int { export.channel }
    var waitingError: PWMError { export.waitingError }
    var tookOver: Bool { channel?.tookOver ?? false }
    var state: PWMState? { channel?.state }

    func attempt() throws(PWMError) -> Bool {
        if channel != nil { return true }
        channel = try export.attempt()
        return channel != nil
    }

    func apply(_ target: PWMState) throws(PWMError) {
        guard channel != nil else {
            throw export.waitingError
        }
        _ = try channel!.apply(target)
    }
}
