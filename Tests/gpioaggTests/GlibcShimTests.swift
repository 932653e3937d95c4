import Foundation
import Testing

/// scripts/cross/glibc-2.38-shim.c, which the bookworm arm64 build links: compiled here
/// with the machine's C compiler beside a small driver, against this machine's glibc
/// (bookworm's 2.36 on CI, which lacks all four functions). What each must do is
/// glibc's own: `strtol(3)`, `sscanf(3)`, and for strlcpy the BSD manual page
/// (OpenBSD's strlcpy(3), which glibc 2.38 follows): it copies at most size - 1 bytes,
/// always ends the copy with a NUL when size is not 0, and returns strlen(source).
@Suite("The glibc 2.38 shim of the bookworm arm64 build")
struct GlibcShimTests {
    static let shim = MakefileTests.root + "/scripts/cross/glibc-2.38-shim.c"

    static let driver = #"""
        #include <stddef.h>
        #include <stdio.h>
        #include <string.h>

        long __isoc23_strtol(const char *, char **, int);
        long long __isoc23_strtoll(const char *, char **, int);
        int __isoc23_sscanf(const char *, const char *, ...);
        size_t strlcpy(char *, const char *, size_t);

        int main(void) {
            char *end;
            long small = __isoc23_strtol("-42z", &end, 10);
            printf("strtol %ld %s\n", small, end);
            printf("strtol16 %ld\n", __isoc23_strtol("ff", NULL, 16));
            printf("strtoll %lld\n", __isoc23_strtoll("9000000000", NULL, 0));
            int a = 0, b = 0;
            int count = __isoc23_sscanf("7 x8", "%d x%d", &a, &b);
            printf("sscanf %d %d %d\n", count, a, b);
            char buffer[5];
            memset(buffer, '#', sizeof buffer);
            size_t length = strlcpy(buffer, "gpioagg", sizeof buffer);
            printf("strlcpy %zu %s\n", length, buffer);
            length = strlcpy(buffer, "ok", sizeof buffer);
            printf("strlcpy %zu %s\n", length, buffer);
            buffer[0] = '#';
            length = strlcpy(buffer, "none", 0);
            printf("strlcpy0 %zu %c\n", length, buffer[0]);
            return 0;
        }
        """#

    /// What the driver prints, the shim compiled with `cc` and linked into it.
    static func run() throws -> [String] {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("gpioagg-shim-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("driver.c")
        try driver.write(to: source, atomically: true, encoding: .utf8)
        let program = folder.appendingPathComponent("driver").path
        #expect(try output(of: ["cc", "-Wall", "-Werror", "-o", program, source.path, shim]) == [])
        return try output(of: [program])
    }

    static func output(of arguments: [String]) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(arguments.joined(separator: " ")): \(String(decoding: data, as: UTF8.self))")
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test("the ISO C23 names read numbers as glibc's strtol, strtoll and sscanf do; strlcpy cuts, ends with NUL and returns the source's length")
    func shimFunctions() throws {
        #expect(try Self.run() == [
            "strtol -42 z",
            "strtol16 255",
            "strtoll 9000000000",
            "sscanf 2 7 8",
            "strlcpy 7 gpio",
            "strlcpy 2 ok",
            "strlcpy0 4 #",
        ])
    }
}
