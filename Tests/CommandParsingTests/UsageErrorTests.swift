import CommandParsing
import Testing

@Suite("Usage errors")
struct UsageErrorTests {
    @Test("the report: error, hint, usage, where to read more")
    func report() {
        let error = UsageError("unknown option '--jsn' for 'lamp show'", hint: "did you mean '--json'?")
            .reading(Lamp.Show.help)
        #expect(error.report == [
            "error: unknown option '--jsn' for 'lamp show'",
            "hint: did you mean '--json'?",
            "Usage: lamp show [<lamp>] [--json]",
            "See 'lamp show --help' for more information.",
        ])
        #expect(UsageError.status == 64)
    }

    @Test("the first command to read an error keeps it")
    func firstReaderWins() {
        let error = UsageError("'maybe' is not a level").reading(Lamp.Light.SetLevel.help).reading(Lamp.help)
        #expect(error.command == "lamp light set")
        #expect(error.report.count == 3)
        #expect(error.report.last == "See 'lamp light set --help' for more information.")
    }

    @Test("an error no command has read is reported alone")
    func unread() {
        #expect(UsageError("no words").report == ["error: no words"])
    }

    @Test("suggestions: the closest one or two, in the order given; none when nothing is close", arguments: [
        ("--jsn", ["--control", "--json"], "did you mean '--json'?"),
        ("sett", ["set", "seat", "pulse"], "did you mean 'set' or 'seat'?"),
        ("--xyzzy", ["--control", "--json"], nil),
    ])
    func didYouMean(word: String, candidates: [String], expected: String?) {
        #expect(UsageError.didYouMean(word, among: candidates) == expected)
    }
}
