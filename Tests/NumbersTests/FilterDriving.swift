import Numbers

/// One second on the loop's clock.
let second: UInt64 = 1_000_000_000

/// What `receive` sends for each of `values`, the n-th arriving at n seconds.
private func emissions(_ values: [Double?], _ receive: (Double?, UInt64) -> FilterOutput) -> [FilterEmission] {
    values.enumerated().map { receive($1, UInt64($0) * second).emission }
}

extension NumberFilterStage {
    mutating func emissions(_ values: [Double?]) -> [FilterEmission] {
        NumbersTests.emissions(values) { receive($0, at: $1) }
    }
}

extension FilterChain {
    mutating func emissions(_ values: [Double?]) -> [FilterEmission] {
        NumbersTests.emissions(values) { receive($0, at: $1) }
    }
}
