#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import GPIO
@testable import GPIOLibgpiod
import Testing

/// What the libgpiod backend does on a machine without GPIO chips, and with device
/// directories made up for the test. The real-kernel checks are in
/// `gpioagg-kernel-check`, run in a qemu guest by scripts/kernel-test/run.
@Suite struct LibgpiodBackendTests {
    /// Whether this machine has no gpiochip devices (the build machines have none).
    static let hostHasNoChips: Bool = (try? ChipDevices(directory: "/dev").paths())?.isEmpty ?? false

    @Test func reportsTheCompiledGenerationAndTheLoadedLibrary() {
        let generation = LibgpiodBackend.apiGeneration
        #expect(generation == 1 || generation == 2)
        #expect(LibgpiodBackend.libraryVersion.hasPrefix("\(generation)."))
    }

    @Test(.enabled(if: hostHasNoChips, "this machine has GPIO chips"))
    func listsNoChipsWhereThereAreNone() throws {
        #expect(try LibgpiodBackend().chips() == [])
    }

    @Test(.enabled(if: hostHasNoChips, "this machine has GPIO chips"))
    func saysThereAreNoChipsWhenOpeningOne() {
        for locator in [ChipLocator.label("pinctrl-bcm2711"), .name("gpiochip0"), .path("/dev/gpiochip0")] {
            let error = #expect(throws: GPIOError.self) { try LibgpiodBackend().openChip(locator) }
            #expect(error?.kind == .chipNotFound)
            #expect(error?.hint.contains("no GPIO chips") == true, "\(String(describing: error))")
            #expect(error?.hint.contains("--simulate") == true)
        }
    }

    @Test func ignoresFilesThatAreNotCharacterDevices() throws {
        let directory = try LibgpiodTestDirectory()
        try directory.create("gpiochip0")
        try directory.create("gpiochip7")
        try directory.create("ttyS0")
        let backend = LibgpiodBackend(deviceDirectory: directory.path)
        #expect(try backend.chips() == [])
        let error = #expect(throws: GPIOError.self) { try backend.openChip(.name("gpiochip0")) }
        #expect(error?.kind == .chipNotFound)
    }

    @Test func aMissingDeviceDirectoryHasNoChips() throws {
        let backend = LibgpiodBackend(deviceDirectory: "/nonexistent-gpioagg-test")
        #expect(try backend.chips() == [])
        let error = #expect(throws: GPIOError.self) { try backend.openChip(.label("anything")) }
        #expect(error?.kind == .chipNotFound)
    }

    @Test func aPathThatIsNotAChipIsNotFound() {
        for path in ["/dev/null", "/nonexistent-gpioagg-test/gpiochip0"] {
            let error = #expect(throws: GPIOError.self) { try LibgpiodBackend().openChip(.path(path)) }
            #expect(error?.kind == .chipNotFound, "\(path): \(String(describing: error))")
            #expect(error?.message.contains(path) == true)
        }
    }

    /// Character devices that are not GPIO chips (copies of /dev/null) are listed in
    /// chip-number order, then skipped because they do not open as chips.
    @Test(.enabled(if: getuid() == 0, "mknod needs root"))
    func listsCharacterDevicesInChipNumberOrderAndSkipsNonChips() throws {
        let directory = try LibgpiodTestDirectory()
        var null = stat()
        try #require(stat("/dev/null", &null) == 0)
        for name in ["gpiochip10", "gpiochip2", "gpiochip1"] {
            // Containers may forbid mknod even to root; then there is nothing to test.
            guard mknod(directory.path + "/" + name, S_IFCHR | 0o600, null.st_rdev) == 0 else { return }
        }
        let devices = ChipDevices(directory: directory.path)
        #expect(try devices.paths() == ["gpiochip1", "gpiochip2", "gpiochip10"].map { directory.path + "/" + $0 })
        #expect(try LibgpiodBackend(deviceDirectory: directory.path).chips() == [])
    }

    @Test func readsChipNumbers() {
        #expect(ChipDevices.chipNumber("gpiochip0") == 0)
        #expect(ChipDevices.chipNumber("gpiochip12") == 12)
        #expect(ChipDevices.chipNumber("gpiochip") == nil)
        #expect(ChipDevices.chipNumber("gpiochipA") == nil)
        #expect(ChipDevices.chipNumber("gpiochip1a") == nil)
        #expect(ChipDevices.chipNumber("xgpiochip1") == nil)
    }

    @Test func readsFixedSizeCNamesWithOrWithoutTerminator() {
        let terminated: (CChar, CChar, CChar, CChar) = (0x53, 0x57, 0, 0x58)
        let full: (CChar, CChar, CChar) = (0x4c, 0x45, 0x44)
        #expect(String(cName: terminated) == "SW")
        #expect(String(cName: full) == "LED")
    }

    @Test func monotonicClockIsTheKernelsMonotonicClock() {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        let reference = UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
        let first = MonotonicClock.now()
        usleep(2_000)
        let second = MonotonicClock.now()
        #expect(first >= reference && first - reference < 1_000_000_000)
        #expect(second - first >= 2_000_000)
    }
}
