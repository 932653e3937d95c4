import SystemCore

/// How a PWM channel's files are written: through `SysfsFiles` (`.sysfs`), or, in a test,
/// through a closure that records each write or refuses one as a driver would, before or
/// instead of writing it.
///
/// ```swift
/// var export = try PWMExport(controller: controller, channel: 0, writer: .sysfs)
/// ```
public struct PWMAttributeWriter: Sendable {
    let body: @Sendable (_ path: String, _ text: String) throws(SystemCallError) -> Void

    public init(_ body: @escaping @Sendable (_ path: String, _ text: String) throws(SystemCallError) -> Void) {
        self.body = body
    }

    /// The kernel's files, one `write` each.
    public static let sysfs = PWMAttributeWriter { path, text throws(SystemCallError) in
        try SysfsFiles.writeAttribute(path, text)
    }

    func write(_ path: String, _ text: String) throws(SystemCallError) {
        try body(path, text)
    }
}
