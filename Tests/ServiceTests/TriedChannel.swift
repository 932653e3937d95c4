import PWM

/// A channel of `ExportingBackend`.
final class TriedChannel: PWMOutputChannel {
    let wrapped: any PWMOutputChannel
    let tried: () -> Void

    init(_ wrapped: any PWMOutputChannel, tried: @escaping () -> Void) {
        self.wrapped = wrapped
        self.tried = tried
    }

    var controllerDescription: String { wrapped.controllerDescription }
    var number: Int { wrapped.number }
    var waitingError: PWMError { wrapped.waitingError }
    var tookOver: Bool { wrapped.tookOver }
    var state: PWMState? { wrapped.state }

    func attempt() throws(PWMError) -> Bool {
        tried()
        return try wrapped.attempt()
    }

    func apply(_ target: PWMState) throws(PWMError) { try wrapped.apply(target) }
    func settle(within timeout: Duration) throws(PWMError) { try wrapped.settle(within: timeout) }
    func reportFailures(to handler: @escaping @Sendable (PWMError) -> Void) { wrapped.reportFailures(to: handler) }
}
