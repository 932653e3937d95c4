import Config
import GPIO
import Testing

@Suite("A line claimed twice: one check, one error")
struct LineClaimsTests {
    static func at(_ line: Int) -> Config.SourceLocation { Config.SourceLocation(file: "t.yaml", line: line, column: 3) }

    @Test("the first claim of each line is free; a later one names the first holder, every time")
    func holders() throws {
        var claims = LineClaims<LineID>()
        let gpio17 = LineID(chip: "/dev/gpiochip0", offset: 17)
        #expect(claims.claim(gpio17, by: "input 'a'", on: "main", written: "GPIO17", at: Self.at(4)) == nil)
        #expect(claims.claim(LineID(chip: "/dev/gpiochip0", offset: 18), by: "input 'b'", on: "main", written: "18", at: Self.at(5)) == nil)
        #expect(claims.claim(LineID(chip: "/dev/gpiochip1", offset: 17), by: "input 'c'", on: "main", written: "17", at: Self.at(6)) == nil)
        let taken = claims.claim(gpio17, by: "output 'd'", on: "main", written: "PIN11", at: Self.at(7))
        let second = try #require(taken)
        #expect(second.holder.subject == "input 'a'" && second.user.subject == "output 'd'")
        let again = claims.claim(gpio17, by: "output 'e'", on: "main", written: "17", at: Self.at(8))
        let third = try #require(again)
        #expect(third.holder.subject == "input 'a'", "the line stays the first holder's")
    }

    @Test("the message: the line as written, its offset when that differs, the chip, the holder and how it wrote it",
          arguments: [
              ("GPIO17", "GPIO17", nil, "line GPIO17 of chip 'main' is already used by input 'a' (line 4)"),
              ("GPIO17", "PIN11", 17, "line PIN11 (offset 17) of chip 'main' is already used by input 'a' (line 4, as GPIO17)"),
              ("PIN11", "17", nil, "line 17 of chip 'main' is already used by input 'a' (line 4, as PIN11)"),
          ] as [(String, String, UInt32?, String)])
    func message(first: String, second: String, offset: UInt32?, expected: String) throws {
        var claims = LineClaims<LineID>()
        let line = LineID(chip: "/dev/gpiochip0", offset: 17)
        _ = claims.claim(line, by: "input 'a'", on: "main", written: first, at: Self.at(4))
        let taken = claims.claim(line, by: "output 'b'", on: "main", written: second, at: Self.at(9))
        let conflict = try #require(taken)
        #expect(conflict.message(offset: offset, chip: "chip 'main'") == expected)
        #expect(LineClaims<LineID>.Conflict.hint == "a line can be requested once; pick another line")
    }
}
