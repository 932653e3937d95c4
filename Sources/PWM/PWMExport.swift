#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SystemCore

/// Getting hold of one channel of a controller: writing its number to `export` when it
/// is not exported yet, then waiting for `pwmN/` to appear with writable files (a udev
/// rule may change their group a moment after the kernel makes them); a channel already
/// exported (by an earlier run that died, by hand) is taken over as it runs.
///
/// Each `attempt()` is a few sysfs calls and never waits: nil means "not yet", and the
/// caller tries again later on its own loop's timer, giving up with `waitingError` at a
/// deadline of its choosing. (As root the kernel makes `pwmN/` during the write to
/// `export`, so the first attempt usually succeeds.)
///
/// ```swift
/// var export = try PWMExport(controller: controller, channel: 2)
/// if var channel = try export.attempt() {
///     try channel.apply(PWMState(hertz: 25_000, percent: 40))
/// }
/// ```
public struct PWMExport: Sendable {
    public let controller: PWMController
    public let channel: Int
    /// Whether an attempt wrote `export`: a channel found exported before is taken over.
    public private(set) var wroteExport = false
    let writer: PWMAttributeWriter

    /// Refuses a channel the controller does not have.
    public init(controller: PWMController, channel: Int, writer: PWMAttributeWriter = .sysfs) throws(PWMError) {
        guard channel >= 0, channel < controller.channelCount else {
            throw .noSuchChannel(controller: controller.description, channel: channel, count: controller.channelCount)
        }
        self.controller = controller
        self.channel = channel
        self.writer = writer
    }

    /// The channel, ready to be written; nil while `pwmN/` is not there or not writable yet.
    public mutating func attempt() throws(PWMError) -> PWMChannel? {
        let folder = controller.channelFolder(channel)
        if !SysfsFiles.exists(folder) {
            guard !wroteExport else { return nil }
            let path = controller.folder + "/export"
            do throws(SystemCallError) {
                try writer.write(path, String(channel))
                wroteExport = true
            } catch {
                // EBUSY with the folder there: someone else exported it a moment ago.
                guard error.errno == EBUSY, SysfsFiles.exists(folder) else {
                    throw .exportFailed(controller: controller.description, channel: channel, path: path,
                                        errno: error.errno)
                }
            }
            guard SysfsFiles.exists(folder) else { return nil }
        }
        for attribute in PWMChannel.attributes where access(folder + "/" + attribute, W_OK) != 0 {
            return nil
        }
        let state = try PWMChannel.readState(in: folder)
        return PWMChannel(controller: controller, number: channel, folder: folder, tookOver: !wroteExport,
                          state: state, writer: writer)
    }

    /// What to report when the caller stops waiting: the first file still not writable.
    public var waitingError: PWMError {
        let folder = controller.channelFolder(channel)
        guard SysfsFiles.exists(folder) else {
            return .notWritable(controller: controller.description, channel: channel, path: folder)
        }
        let attributes = PWMChannel.attributes.map { folder + "/" + $0 }
        let notWritable: String? = attributes.first(where: { access($0, W_OK) != 0 })
        let path = notWritable ?? folder
        return .notWritable(controller: controller.description, channel: channel, path: path)
    }
}
