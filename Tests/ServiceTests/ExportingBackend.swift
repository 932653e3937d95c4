import PWM

/// A backend whose channels call `tried` at each attempt, before trying.
final class ExportingBackend: PWMBackend {
    let wrapped: any PWMBackend
    let tried: () -> Void

    init(_ wrapped: any PWMBackend, tried: @escaping () -> Void) {
        self.wrapped = wrapped
        self.tried = tried
    }

    func channel(_ channel: Int, of controller: PWMControllerLocator) throws(PWMError) -> any PWMOutputChannel {
        TriedChannel(try wrapped.channel(channel, of: controller), tried: tried)
    }
}
