@testable import PWM
@testable import PWMCore
import TestSupport
import Testing

@Suite("PWM controllers")
struct PWMControllersTests {
    /// A Pi 4's PWM0 as pwmchip0 and a Pi 5's RP1 PWM0 as pwmchip2.
    static func twoControllers() throws -> FakeSysfs {
        let tree = try FakeSysfs()
        try tree.pwmChip(0, device: "fe20c000.pwm", channels: 2)
        try tree.pwmChip(2, device: "1f00098000.pwm", channels: 4)
        return tree
    }

    @Test("every controller with its device name (the device link) and npwm, in pwmchipN order")
    func all() throws {
        let tree = try Self.twoControllers()
        let controllers = PWMControllers(root: tree.root).all()
        #expect(controllers.map(\.description) == ["pwmchip0 [fe20c000.pwm] (2 channels)", "pwmchip2 [1f00098000.pwm] (4 channels)"])
        #expect(controllers.map(\.folder) == [tree.root + "/class/pwm/pwmchip0", tree.root + "/class/pwm/pwmchip2"])
    }

    @Test("found by device name and by pwmchipN")
    func find() throws {
        let tree = try Self.twoControllers()
        let controllers = PWMControllers(root: tree.root + "/")
        #expect(try controllers.find(PWMControllerLocator("1f00098000.pwm")).number == 2)
        #expect(try controllers.find(PWMControllerLocator("pwmchip0")).deviceName == "fe20c000.pwm")
        #expect(PWMControllerLocator("pwmchip12") == .chip(12))
        #expect(PWMControllerLocator("pwmchipx") == .device("pwmchipx"))
        #expect(PWMControllerLocator("pwmchip+3") == .device("pwmchip+3"))
        #expect(PWMControllerLocator("pwmchip") == .device("pwmchip"))
    }

    @Test("a missing Pi 4 controller: what is present and what to enable")
    func missingPi4() throws {
        let tree = try FakeSysfs()
        try tree.pwmChip(0, device: "1f00098000.pwm", channels: 4)
        let error = #expect(throws: PWMError.self) { try PWMControllers(root: tree.root).find(.device("fe20c000.pwm")) }
        let text = try #require(error).description
        #expect(text.hasPrefix("no PWM controller fe20c000.pwm (present: pwmchip0 [1f00098000.pwm] (4 channels)); "
                               + "on a Raspberry Pi 4 Model B it appears with dtoverlay=pwm-2chan"))
        #expect(text.contains("analogue audio"))
    }

    @Test("a missing Pi 5 controller on a machine with none names the RP1's PWM")
    func missingPi5() throws {
        let tree = try FakeSysfs()
        let error = #expect(throws: PWMError.self) { try PWMControllers(root: tree.root).find(.device("1f00098000.pwm")) }
        let text = try #require(error).description
        #expect(text.hasPrefix("no PWM controller 1f00098000.pwm (present: none); on a Raspberry Pi 5 it appears with the RP1's PWM0"))
    }

    @Test("a missing controller no board has: where to find the device names")
    func missingUnknown() throws {
        let tree = try Self.twoControllers()
        let error = #expect(throws: PWMError.self) { try PWMControllers(root: tree.root).find(.device("48000000.pwm")) }
        #expect(error?.description == "no PWM controller 48000000.pwm (present: pwmchip0 [fe20c000.pwm] (2 channels), "
            + "pwmchip2 [1f00098000.pwm] (4 channels)); `gpioagg detect` lists each controller by its device name")
    }

    @Test("a missing pwmchipN says that numbers change and which device names the boards have")
    func missingNumber() throws {
        let tree = try Self.twoControllers()
        let error = #expect(throws: PWMError.self) { try PWMControllers(root: tree.root).find(.chip(1)) }
        let text = try #require(error).description
        #expect(text.contains("present: pwmchip0 [fe20c000.pwm] (2 channels), pwmchip2 [1f00098000.pwm] (4 channels)"))
        #expect(text.contains("pwmchipN numbers change between kernels"))
        #expect(text.contains("fe20c000.pwm on a Raspberry Pi 4 Model B, 1f00098000.pwm on a Raspberry Pi 5"))
    }

    @Test("two controllers of one device name are ambiguous by name, found by number")
    func ambiguous() throws {
        let tree = try FakeSysfs()
        let first = try tree.pwmChip(0, device: "pwm-sim", channels: 1)
        let second = try tree.pwmChip(1, device: "pwm-sim", channels: 1)
        #expect(first != second)
        let controllers = PWMControllers(root: tree.root)
        let error = #expect(throws: PWMError.self) { try controllers.find(.device("pwm-sim")) }
        #expect(error?.description == "2 PWM controllers are pwm-sim: pwmchip0 [pwm-sim] (1 channel), "
            + "pwmchip1 [pwm-sim] (1 channel); name one by its pwmchipN")
        #expect(try controllers.find(.chip(1)).number == 1)
    }
}
