import GPIO
import Testing

@Suite("Board profiles: PWM controllers")
struct PWMControllerProfileTests {
    @Test("a Pi 4's PWM0 is fe20c000.pwm: channel 0 on GPIO12 or GPIO18, 1 on GPIO13 or GPIO19, with pwm-2chan")
    func pi4() throws {
        let controllers = BoardProfile.pi4.pwmControllers
        #expect(controllers.map(\.deviceName) == ["fe20c000.pwm"])
        #expect(controllers[0].channels == [.init(number: 0, gpios: [12, 18]), .init(number: 1, gpios: [13, 19])])
        #expect(controllers[0].enabling.hasPrefix("dtoverlay=pwm-2chan"))
    }

    @Test("a Pi 5's RP1 PWM0 is 1f00098000.pwm: four channels on GPIO12, 13, 18 and 19")
    func pi5() throws {
        let controllers = BoardProfile.pi5.pwmControllers
        #expect(controllers.map(\.deviceName) == ["1f00098000.pwm"])
        #expect(controllers[0].channels.map(\.gpios) == [[12], [13], [18], [19]])
        #expect(controllers[0].enabling.contains("dtoverlay=pwm-2chan"))
    }

    @Test("every channel of every profile reaches a header pin, each channel numbered once")
    func pinsOnTheHeader() {
        for board in BoardProfile.all {
            for controller in board.pwmControllers {
                #expect(controller.channels.map(\.number) == Array(0..<controller.channels.count), "\(board.name)")
                for channel in controller.channels {
                    for gpio in channel.gpios {
                        #expect(board.header.pin(ofGPIO: gpio) != nil, "\(board.name) \(controller.deviceName) GPIO\(gpio)")
                    }
                }
            }
        }
        #expect(BoardProfile.pi4.header.pin(ofGPIO: 18) == 12)
        #expect(BoardProfile.pi3.pwmControllers.isEmpty)
    }
}
