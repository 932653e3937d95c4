import GPIO
import Testing

@Suite struct LocatorTests {
    @Test func chipLocatorReadsPathsNamesAndLabels() {
        #expect(ChipLocator("/dev/gpiochip4") == .path("/dev/gpiochip4"))
        #expect(ChipLocator("gpiochip0") == .name("gpiochip0"))
        #expect(ChipLocator("gpiochip") == .label("gpiochip"))
        #expect(ChipLocator("gpiochipX") == .label("gpiochipX"))
        #expect(ChipLocator("pinctrl-bcm2711") == .label("pinctrl-bcm2711"))
    }

    @Test func lineLocatorReadsOffsetsAndNames() {
        #expect(LineLocator("22") == .offset(22))
        #expect(LineLocator("GPIO17") == .name("GPIO17"))
        #expect(LineLocator("") == .name(""))
        #expect(LineLocator("99999999999") == .name("99999999999"))
    }

    @Test func durationsConvertForTheKernel() {
        #expect(Duration.milliseconds(10).wholeMicroseconds == 10_000)
        #expect(Duration.nanoseconds(1_500).wholeMicroseconds == 1)
        #expect(Duration.seconds(-1).wholeMicroseconds == 0)
        #expect(Duration.seconds(1_000_000).wholeMicroseconds == UInt32.max)
        #expect(Duration.milliseconds(10).wholeNanoseconds == 10_000_000)
    }
}
