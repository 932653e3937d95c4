#if canImport(Glibc)
@preconcurrency import Glibc
#endif
@testable import PWM
@testable import PWMCore
import SystemCore
import TestSupport
import Testing

@Suite("PWM export")
struct PWMExportTests {
    static func controller(in tree: FakeSysfs) throws -> (PWMController, chip: String) {
        let chip = try tree.pwmChip(0, device: "fe20c000.pwm", channels: 2)
        return (try PWMControllers(root: tree.root).find(.device("fe20c000.pwm")), chip)
    }

    @Test("export writes the channel's number, waits for pwmN/ without blocking, then reads what it runs")
    func export() throws {
        let tree = try FakeSysfs()
        let (controller, chip) = try Self.controller(in: tree)
        let recorder = RecordingWriter()
        var export = try PWMExport(controller: controller, channel: 1, writer: recorder.writer)
        #expect(try export.attempt() == nil)
        #expect(recorder.writes == ["export 1"])
        #expect(try SysfsFiles.readAttribute(chip + "/export") == "1")
        // Not yet there: another attempt waits again and does not export twice.
        #expect(try export.attempt() == nil)
        #expect(recorder.writes == ["export 1"])
        try tree.pwmChannel(1, of: chip)
        let channel = try #require(try export.attempt())
        #expect(!channel.tookOver)
        #expect(channel.folder == controller.folder + "/pwm1")
        #expect(channel.state == PWMState(period: 0, dutyCycle: 0, polarity: .normal, enabled: false))
        #expect(recorder.writes == ["export 1"])
        #expect(controller.exportedChannels == [1])
    }

    @Test("a channel exported already is taken over as it runs, without writing export")
    func takeOver() throws {
        let tree = try FakeSysfs()
        let (controller, chip) = try Self.controller(in: tree)
        try tree.pwmChannel(0, of: chip, period: 40_000, dutyCycle: 16_000, polarity: "inversed", enabled: true)
        let recorder = RecordingWriter()
        var export = try PWMExport(controller: controller, channel: 0, writer: recorder.writer)
        let channel = try #require(try export.attempt())
        #expect(channel.tookOver)
        #expect(channel.state == PWMState(period: 40_000, dutyCycle: 16_000, polarity: .inversed, enabled: true))
        #expect(recorder.writes.isEmpty)
    }

    @Test("export refused with EBUSY: a kernel driver holds the channel")
    func busy() throws {
        let tree = try FakeSysfs()
        let (controller, _) = try Self.controller(in: tree)
        let recorder = RecordingWriter { attribute, _ in attribute == "export" ? EBUSY : nil }
        var export = try PWMExport(controller: controller, channel: 0, writer: recorder.writer)
        let error = #expect(throws: PWMError.self) { try export.attempt() }
        let text = try #require(error).description
        #expect(text.hasPrefix("channel 0 of pwmchip0 [fe20c000.pwm] (2 channels) is in use by a kernel driver"))
        #expect(text.contains("remove that overlay or use another channel"))
        #expect(error?.errno == EBUSY)
    }

    @Test("export refused with EACCES: run as root or a udev rule")
    func permission() throws {
        let tree = try FakeSysfs()
        let (controller, chip) = try Self.controller(in: tree)
        let recorder = RecordingWriter { _, _ in EACCES }
        var export = try PWMExport(controller: controller, channel: 1, writer: recorder.writer)
        let error = #expect(throws: PWMError.self) { try export.attempt() }
        #expect(error?.description == "cannot export channel 1 of pwmchip0 [fe20c000.pwm] (2 channels): writing \(chip.replacingPrefix(tree))"
            + "/export: Permission denied; run gpioagg as root, or give its group write access to /sys/class/pwm with a "
            + "udev rule (Raspberry Pi OS gives the gpio group access)")
    }

    @Test("a channel the controller does not have is refused before any write")
    func noSuchChannel() throws {
        let tree = try FakeSysfs()
        let (controller, _) = try Self.controller(in: tree)
        let error = #expect(throws: PWMError.self) { try PWMExport(controller: controller, channel: 2) }
        #expect(error?.description == "pwmchip0 [fe20c000.pwm] (2 channels) has no channel 2: its channels are 0 to 1")
    }

    @Test("a caller that gives up waiting reports the folder that never appeared")
    func waiting() throws {
        let tree = try FakeSysfs()
        let (controller, _) = try Self.controller(in: tree)
        var export = try PWMExport(controller: controller, channel: 0, writer: RecordingWriter().writer)
        #expect(try export.attempt() == nil)
        #expect(export.waitingError.description.hasPrefix(
            "channel 0 of pwmchip0 [fe20c000.pwm] (2 channels) is exported but \(controller.folder)/pwm0 is not writable"))
    }
}

extension String {
    /// The chip's folder as the controller names it: through `class/pwm`.
    func replacingPrefix(_ tree: FakeSysfs) -> String {
        tree.root + "/class/pwm/" + SysfsFiles.lastComponent(self)
    }
}
