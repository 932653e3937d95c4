import Foundation
import Testing

/// `make deb ARCH=arm64` and `make test-arm64-examples`, read with `make -n`: the arm64
/// package is made from the cross-built binary (scripts/cross) by the same
/// scripts/deb/build as the machine's own, and plain `make deb` is left as it was.
extension MakefileTests {
    @Test("make deb ARCH=arm64 cross-builds the binary and packages it with the target's sysroot, checked by lintian")
    func debArm64CrossBuilds() throws {
        let commands = try Self.dryRun("deb", ["ARCH=arm64", "SWIFT=swift-for-test"]).joined(separator: "\n")
        #expect(commands.contains("DIST=trixie scripts/cross/prepare"), "\(commands)")
        #expect(commands.contains("DIST=trixie scripts/cross/build"), "\(commands)")
        #expect(commands.contains("scripts/deb/build --arch arm64 --sysroot \"$GPIOAGG_CROSS_SYSROOT\""), "\(commands)")
        #expect(commands.contains("lintian --fail-on error"), "\(commands)")
        // The host's own Swift builds nothing for it.
        #expect(!commands.contains("swift-for-test build"), "\(commands)")
    }

    @Test("make deb ARCH=arm64 DIST=bookworm builds for bookworm, its version below trixie's (~deb12)")
    func debArm64Bookworm() throws {
        let commands = try Self.dryRun("deb", ["ARCH=arm64", "DIST=bookworm"]).joined(separator: "\n")
        #expect(commands.contains("DIST=bookworm scripts/cross/build"), "\(commands)")
        #expect(commands.contains("\"$binary\" \(Self.root) ~deb12)"), "\(commands)")
    }

    @Test("make deb without ARCH packages the host's own release build, as before")
    func debNativeUnchanged() throws {
        let commands = try Self.dryRun("deb", ["SWIFT=swift-for-test"])
        #expect(commands.contains { $0.hasPrefix("swift-for-test build -c release") }, "\(commands)")
        #expect(commands.contains { $0.contains("scripts/deb/build .build-release/release/gpioagg \(Self.root)") }, "\(commands)")
        #expect(!commands.contains { $0.contains("scripts/cross") }, "\(commands)")
    }

    @Test("make deb for an architecture it cannot build says which ones it can")
    func debOtherArchitectureRefused() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["make", "-s", "-C", Self.root, "deb", "ARCH=armhf"]
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus != 0)
        #expect(text.contains("make deb ARCH=armhf:") && text.contains("arm64"), "\(text)")
    }

    @Test("make test-arm64-examples runs every example test file on the arm64 binary under qemu-user, within the limit")
    func arm64ExamplesUnderQemu() throws {
        let commands = try Self.dryRun("test-arm64-examples").joined(separator: "\n")
        #expect(commands.contains("scripts/cross/build"), "\(commands)")
        #expect(commands.contains("timeout --kill-after=30s 15m qemu-aarch64-static -L \"$GPIOAGG_CROSS_SYSROOT\" \"$binary\" test config/examples/*.test.yaml"),
                "\(commands)")
    }

    @Test("the cross build links as make release does: lld, packed relocations, the start's order, no exports")
    func crossLinkMatchesRelease() throws {
        let script = try String(contentsOfFile: Self.root + "/scripts/cross/build", encoding: .utf8)
        for flag in ["-use-ld=lld", "pack-relative-relocs", "--symbol-ordering-file=$src/scripts/release/startup.order",
                     "--no-warn-symbol-ordering", "--no-export-dynamic"] {
            #expect(script.contains(flag), "scripts/cross/build lacks \(flag)")
        }
        let makefile = try String(contentsOfFile: Self.root + "/Makefile", encoding: .utf8)
        for flag in ["-use-ld=lld", "pack-relative-relocs", "--symbol-ordering-file=", "--no-warn-symbol-ordering",
                     "--no-export-dynamic"] {
            #expect(makefile.contains(flag), "the Makefile's RELEASE_LINK lacks \(flag): scripts/cross/build should follow it")
        }
    }
}
