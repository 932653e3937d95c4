import Testing
@testable import Web

/// The token file's first line, and the comparison of what a request carries.
@Suite("Web: the bearer token")
struct BearerTokenTests {
    @Test("the first line, its line ending and surrounding blanks trimmed")
    func fileContents() throws {
        let token = try #require(BearerToken(fileContents: Array("  s3cret\r\nsecond line\n".utf8)))
        #expect(token.admits(authorization: "Bearer s3cret"))
        #expect(token.admits(authorization: "bearer s3cret"), "the scheme's case does not matter (RFC 7235)")
        #expect(!token.admits(authorization: "Bearer second line"))
        #expect(BearerToken(fileContents: Array("\n".utf8)) == nil)
        #expect(BearerToken(fileContents: []) == nil)
        #expect(BearerToken(fileContents: Array("two words\n".utf8)) == nil, "a header value cannot carry it as one token")
        #expect(token.description == "a bearer token of 6 bytes", "never the token itself")
    }

    @Test("only the whole token admits: not a prefix, not a longer one, not another scheme, not nothing")
    func admits() throws {
        let token = try #require(BearerToken(fileContents: Array("s3cret".utf8)))
        for refused in [nil, "", "Bearer", "Bearer ", "Bearer s3cre", "Bearer s3crets", "Bearer S3CRET", "Basic s3cret",
                        "s3cret", "Bearer  s3cret"] as [String?] {
            #expect(!token.admits(authorization: refused), "\(refused ?? "nil")")
        }
    }

    @Test("the comparison: equal only for equal bytes, whatever the lengths")
    func constantTimeEqual() {
        #expect(BearerToken.constantTimeEqual(Array("abc".utf8), Array("abc".utf8)))
        #expect(!BearerToken.constantTimeEqual(Array("abc".utf8), Array("abd".utf8)))
        #expect(!BearerToken.constantTimeEqual(Array("abc".utf8), Array("ab".utf8)))
        #expect(!BearerToken.constantTimeEqual([], Array("a".utf8)))
        // Lengths that differ by a multiple of 256 must not cancel out.
        #expect(!BearerToken.constantTimeEqual([UInt8](repeating: 0, count: 256), []))
        #expect(BearerToken.constantTimeEqual([], []))
    }
}

/// When refusals are logged: the first at once, then a count at most once a minute.
@Suite("Web: the refusal tally")
struct RefusalTallyTests {
    @Test("first, then nothing within the minute, then a summary with the count since the last line")
    func table() {
        var tally = RefusalTally()
        let seconds: [Int64] = [0, 1, 30, 59, 60, 61, 119, 200]
        let actions = seconds.map { tally.record(atSeconds: $0) }
        #expect(actions == [.first, .none, .none, .none, .summary(count: 4, total: 5), .none, .none,
                            .summary(count: 3, total: 8)])
        #expect(tally.total == 8)
    }
}
