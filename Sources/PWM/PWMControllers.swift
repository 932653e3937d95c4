import GPIO
import SystemCore

/// The PWM controllers under a sysfs root (`/sys`, or a test's tree laid out as the
/// kernel lays it out), and the one lookup of a controller by its device name or
/// `pwmchipN`. Reads a few small files; never waits.
///
/// ```swift
/// let controllers = PWMControllers(root: "/sys")
/// for controller in controllers.all() { print(controller) }   // pwmchip0 [fe20c000.pwm] (2 channels)
/// let pwm = try controllers.find(PWMControllerLocator("fe20c000.pwm"))
/// ```
public struct PWMControllers: Sendable {
    public let root: String

    public init(root: String = "/sys") {
        self.root = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
    }

    /// `root/class/pwm`.
    public var classFolder: String { root + "/class/pwm" }

    /// Every controller, in `pwmchipN` order; one whose `npwm` cannot be read is left out.
    public func all() -> [PWMController] {
        SysfsFiles.names(in: classFolder).compactMap { entry in
            guard entry.hasPrefix("pwmchip"), let number = Int(entry.dropFirst(7)) else { return nil }
            let folder = classFolder + "/" + entry
            guard let text = try? SysfsFiles.readAttribute(folder + "/npwm"),
                  let count = Int(text.trimmingTrailingNewlines) else { return nil }
            let device = SysfsFiles.resolved(folder + "/device").map(SysfsFiles.lastComponent) ?? entry
            return PWMController(folder: folder, number: number, deviceName: device, channelCount: count)
        }.sorted { $0.number < $1.number }
    }

    /// The controller `locator` names, or an error that lists those present and says
    /// what makes a Raspberry Pi's appear.
    public func find(_ locator: PWMControllerLocator) throws(PWMError) -> PWMController {
        let controllers = all()
        let matching = controllers.filter { locator.matches($0) }
        if matching.count == 1 { return matching[0] }
        if matching.count > 1 {
            throw .ambiguousController(locator, candidates: matching.map(\.description))
        }
        throw .controllerNotFound(locator, present: controllers.map(\.description), hints: Self.hints(for: locator))
    }

    /// What makes the controller appear, from the boards that have it; for a
    /// `pwmchipN`, why a device name is the better way to name one.
    static func hints(for locator: PWMControllerLocator) -> [String] {
        switch locator {
        case .device(let name):
            let boards = BoardProfile.all.flatMap { board in
                board.pwmControllers.filter { $0.deviceName == name }.map { "on a \(board.model) it appears with \($0.enabling)" }
            }
            return boards.isEmpty ? ["`gpioagg detect` lists each controller by its device name"] : boards
        case .chip:
            let known = BoardProfile.all.flatMap { board in board.pwmControllers.map { "\($0.deviceName) on a \(board.model)" } }
            return ["pwmchipN numbers change between kernels; name the controller by its device, as `gpioagg detect` lists it"
                    + (known.isEmpty ? "" : " (" + known.joined(separator: ", ") + ")")]
        }
    }
}
