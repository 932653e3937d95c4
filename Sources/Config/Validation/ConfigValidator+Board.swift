import GPIO

extension ConfigValidator {
    /// `check --board`: the chips and lines read are found on `board`'s profile
    /// (`BoardResolver`, as `Configuration.resolved(on:)` does), so that a line the
    /// board lacks, or one line claimed under two names, comes in the same report as
    /// every other error rather than after they are fixed. An entry the file's own
    /// checks refused is not there to resolve; a place they reported already (a line
    /// claimed twice as written) is not reported a second time.
    mutating func checkBoard(_ board: BoardProfile, _ configuration: Configuration) {
        var resolver = BoardResolver(board: board)
        _ = resolver.resolve(configuration)
        let reported = Set(errors.map(\.location))
        errors += resolver.errors.filter { !reported.contains($0.location) }
    }
}
