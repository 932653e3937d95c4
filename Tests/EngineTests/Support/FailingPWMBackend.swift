import PWM

/// A PWM backend around another whose channels refuse the next write when told to, as a
/// channel unexported under gpioagg's feet refuses it.
final class FailingPWMBackend: PWMBackend {
    let wrapped: any PWMBackend
    /// The next `apply` on any channel fails (once).
    var failNextWrite = false

    init(_ wrapped: any PWMBackend) {
        self.wrapped = wrapped
    }

    func channel(_ channel: Int, of controller: PWMControllerLocator) throws(PWMError) -> any PWMOutputChannel {
        FailingPWMChannel(try wrapped.channel(channel, of: controller), backend: self)
    }
}

final class FailingPWMChannel: PWMOutputChannel {
    let wrapped: any PWMOutputChannel
    unowned let backend: FailingPWMBackend

    init(_ wrapped: any PWMOutputChannel, backend: FailingPWMBackend) {
        self.wrapped = wrapped
        self.backend = backend
    }

    var controllerDescription: String { wrapped.controllerDescription }
    var number: Int { wrapped.number }
    func attempt() throws(PWMError) -> Bool { try wrapped.attempt() }
    var waitingError: PWMError { wrapped.waitingError }
    var tookOver: Bool { wrapped.tookOver }
    var state: PWMState? { wrapped.state }

    func settle(within timeout: Duration) throws(PWMError) { try wrapped.settle(within: timeout) }
    func reportFailures(to handler: @escaping @Sendable (PWMError) -> Void) { wrapped.reportFailures(to: handler) }

    func apply(_ target: PWMState) throws(PWMError) {
        if backend.failNextWrite {
            backend.failNextWrite = false
            throw PWMError.notWritable(controller: controllerDescription, channel: number,
                                       path: "/sys/class/pwm/pwmchip0/pwm\(number)/duty_cycle")
        }
        try wrapped.apply(target)
    }
}
