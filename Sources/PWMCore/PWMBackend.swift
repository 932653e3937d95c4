/// Where PWM outputs' channels are: the kernel's controllers (`SysfsPWMBackend`) or a
/// simulation (`SimulatedPWMBackend`, in `PWMSimulated`), as `GPIOBackend` is for lines.
///
/// Calls are made on the engine's loop. None waits: getting hold of a channel (the
/// kernel's `export`, a udev rule changing the files' group) is retried by the caller on
/// its loop's timers through `PWMOutputChannel.attempt()`, and a backend whose writes
/// can take long (the kernel's) makes them on a thread of its own.
///
/// ```swift
/// let channel = try backend.channel(2, of: .device("1f00098000.pwm"))
/// if try channel.attempt() {
///     try channel.apply(PWMState(hertz: 25_000, percent: 40))
/// }
/// ```
public protocol PWMBackend: AnyObject {
    /// Starts getting hold of `channel` of the controller `controller` names: finds the
    /// controller (an error lists the ones present and what makes it appear) and checks
    /// it has the channel. Exports nothing yet.
    func channel(_ channel: Int, of controller: PWMControllerLocator) throws(PWMError) -> any PWMOutputChannel
}

/// One channel of a `PWMBackend`, from the moment it was asked for.
public protocol PWMOutputChannel: AnyObject {
    /// The controller's name in messages (`fe20c000.pwm (pwmchip0)`).
    var controllerDescription: String { get }
    var number: Int { get }
    /// Tries once more to make the channel usable (export it, find its files writable):
    /// true once it is. Never waits; a channel exported already is taken over as it runs.
    func attempt() throws(PWMError) -> Bool
    /// What to report when the caller gives up waiting for `attempt()`.
    var waitingError: PWMError { get }
    /// Whether the channel was exported before it was asked for (a run that died, by
    /// hand) and taken over as it ran.
    var tookOver: Bool { get }
    /// What the channel runs; nil until `attempt()` succeeded.
    var state: PWMState? { get }
    /// Applies `target`, writing only what differs, in an order the kernel accepts
    /// (`PWMWritePlan`). Only once `attempt()` succeeded. A backend that writes on a
    /// thread of its own (`SysfsPWMBackend`) returns at once: the last target asked wins,
    /// a failed write is told to the `reportFailures` handler, and `settle` waits for it.
    func apply(_ target: PWMState) throws(PWMError)
    /// Waits, at most `timeout`, until the last target `apply` asked is on the channel;
    /// throws that write's error, or `writeUnfinished` when it is still under way. A
    /// backend that writes within `apply` returns at once (a wrapper forwards it).
    func settle(within timeout: Duration) throws(PWMError)
    /// `handler` hears, on the backend's writer thread, of each write that failed after
    /// `apply` returned. The last handler given is the one told. A backend that writes
    /// within `apply` throws its failures from there, and has none to tell.
    func reportFailures(to handler: @escaping @Sendable (PWMError) -> Void)
}

