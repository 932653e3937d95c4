#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Foundation
@testable import PWM
@testable import PWMCore
import SystemCore
import TestSupport
import Testing

@Suite("PWM channel")
struct PWMChannelTests {
    /// Channel 0 of a Pi 5's controller, exported fresh (period 0, normal, off), with
    /// `recorder` writing its files.
    static func channel(in tree: FakeSysfs, recorder: RecordingWriter) throws -> PWMChannel {
        let chip = try tree.pwmChip(0, device: "1f00098000.pwm", channels: 4)
        try tree.pwmChannel(0, of: chip)
        let controller = try PWMControllers(root: tree.root).find(.device("1f00098000.pwm"))
        var export = try PWMExport(controller: controller, channel: 0, writer: recorder.writer)
        return try #require(try export.attempt())
    }

    static func files(_ channel: PWMChannel) throws -> PWMState {
        try PWMChannel.readState(in: channel.folder)
    }

    @Test("25 kHz at 40 % inverted: period, duty cycle, polarity, enable, in that order, and the files hold them")
    func apply() throws {
        let tree = try FakeSysfs()
        let recorder = RecordingWriter()
        var channel = try Self.channel(in: tree, recorder: recorder)
        let target = try PWMState(hertz: 25_000, percent: 40, inverted: true)
        let made = try channel.apply(target)
        #expect(recorder.writes == ["period 40000", "duty_cycle 16000", "polarity inversed", "enable 1"])
        #expect(made.map(\.description) == recorder.writes)
        #expect(channel.state == target)
        #expect(try Self.files(channel) == target)
        // Again: nothing to write.
        #expect(try channel.apply(target).isEmpty)
        // A new percentage moves the duty cycle alone.
        try channel.apply(PWMState(hertz: 25_000, percent: 65, inverted: true))
        #expect(recorder.writes.last == "duty_cycle 26000")
    }

    @Test("a driver that refuses inversed: the same waveform in normal polarity, the duty cycle computed, from then on")
    func refusedPolarity() throws {
        let tree = try FakeSysfs()
        let recorder = RecordingWriter { attribute, text in attribute == "polarity" && text == "inversed" ? EINVAL : nil }
        var channel = try Self.channel(in: tree, recorder: recorder)
        try channel.apply(PWMState(hertz: 25_000, percent: 40, inverted: true))
        #expect(channel.polarityRefused)
        #expect(recorder.writes == ["period 40000", "duty_cycle 16000", "duty_cycle 24000", "enable 1"])
        #expect(try Self.files(channel) == PWMState(period: 40_000, dutyCycle: 24_000, polarity: .normal, enabled: true))
        // The next inverted state goes straight to its computed duty cycle.
        try channel.apply(PWMState(hertz: 25_000, percent: 10, inverted: true))
        #expect(recorder.writes.last == "duty_cycle 36000")
        #expect(recorder.writes.count == 5)
    }

    @Test("a refused duty cycle is an error naming the file, the value and what runs; the state stays true")
    func refusedWrite() throws {
        let tree = try FakeSysfs()
        let recorder = RecordingWriter { attribute, _ in attribute == "duty_cycle" ? EINVAL : nil }
        var channel = try Self.channel(in: tree, recorder: recorder)
        let error = #expect(throws: PWMError.self) { try channel.apply(PWMState(hertz: 25_000, percent: 40)) }
        #expect(error?.description == "writing 16000 to \(channel.folder)/duty_cycle: Invalid argument "
            + "(the channel runs period 40000 ns, duty cycle 0 ns, normal, disabled); the driver refuses this setting: "
            + "try another frequency")
        #expect(channel.state == PWMState(period: 40_000, dutyCycle: 0, polarity: .normal, enabled: false))
        #expect(try Self.files(channel) == channel.state)
    }

    @Test("a channel unexported under it: the error says so")
    func unexported() throws {
        let tree = try FakeSysfs()
        var channel = try Self.channel(in: tree, recorder: RecordingWriter())
        try FileManager.removeFolder(channel.folder)
        let error = #expect(throws: PWMError.self) { try channel.apply(PWMState(hertz: 1_000, percent: 5)) }
        #expect(error?.errno == ENOENT)
        #expect(try #require(error).description.hasSuffix("the channel was unexported (or its controller removed) while gpioagg used it"))
    }

    @Test("a state no channel can run is refused before any write")
    func invalid() throws {
        let tree = try FakeSysfs()
        let recorder = RecordingWriter()
        var channel = try Self.channel(in: tree, recorder: recorder)
        #expect(throws: PWMError.self) { try channel.apply(PWMState(period: 1_000, dutyCycle: 2_000, enabled: true)) }
        #expect(throws: PWMError.self) { try channel.apply(PWMState(period: 0, dutyCycle: 0, enabled: true)) }
        #expect(recorder.writes.isEmpty)
    }

    @Test("what the files hold that the kernel never writes is an error naming the file")
    func unreadable() throws {
        let tree = try FakeSysfs()
        let chip = try tree.pwmChip(0, device: "fe20c000.pwm", channels: 1)
        let folder = try tree.pwmChannel(0, of: chip, polarity: "backwards")
        let error = #expect(throws: PWMError.self) { try PWMChannel.readState(in: folder) }
        #expect(error?.description == "\(folder)/polarity holds 'backwards', which is not what the kernel writes there")
    }
}

extension FileManager {
    static func removeFolder(_ path: String) throws { try FileManager.default.removeItem(atPath: path) }
}
