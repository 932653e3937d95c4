@testable import Control
import Testing

@Suite("Line buffer")
struct LineBufferTests {
    @Test("lines come out whole, however the bytes arrive")
    func framing() {
        var buffer = LineBuffer(maxLineBytes: 100)
        buffer.append(Array("ab".utf8))
        #expect(buffer.nextLine() == .none)
        buffer.append(Array("c\nde\n\nf".utf8))
        #expect(buffer.nextLine() == .line(Array("abc".utf8)))
        #expect(buffer.nextLine() == .line(Array("de".utf8)))
        #expect(buffer.nextLine() == .line([]))
        #expect(buffer.nextLine() == .none)
        #expect(buffer.pendingCount == 1)
        #expect(buffer.takeRemainder() == Array("f".utf8))
        #expect(buffer.pendingCount == 0)
    }

    @Test("a line may be exactly the limit; one byte more overflows, with or without its newline")
    func limit() {
        var exact = LineBuffer(maxLineBytes: 4)
        exact.append(Array("abcd\n".utf8))
        #expect(exact.nextLine() == .line(Array("abcd".utf8)))

        var long = LineBuffer(maxLineBytes: 4)
        long.append(Array("abcde\n".utf8))
        #expect(long.nextLine() == .overflow)

        var unterminated = LineBuffer(maxLineBytes: 4)
        unterminated.append(Array("abcd".utf8))
        #expect(unterminated.nextLine() == .none)
        unterminated.append(Array("e".utf8))
        #expect(unterminated.nextLine() == .overflow)
    }

    @Test("many lines through one buffer keep it small")
    func compaction() {
        var buffer = LineBuffer(maxLineBytes: 64)
        for round in 0..<10_000 {
            buffer.append(Array("line \(round)\nline".utf8))
            #expect(buffer.nextLine() == .line(Array((round == 0 ? "line 0" : "lineline \(round)").utf8)))
            #expect(buffer.nextLine() == .none)
        }
        #expect(buffer.pendingCount == 4)
    }
}
