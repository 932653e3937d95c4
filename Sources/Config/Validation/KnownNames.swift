import GPIO

/// The names a config file declares, ready for "did you mean" across the whole file:
/// each name lowercased once and filed by length, so that an unknown name is only
/// compared with names whose length is within a typo of its own.
///
/// The work is bounded, whatever the file holds: each unknown name examines at most
/// `examinedPerName` candidates (those of its own length first, then ±1, ±2 ...), and
/// all unknown names together compute at most `cellBudget` cells of the banded edit
/// distance. Past that budget, unknown names get no suggestion (their error lists
/// names instead). An unknown name written several times is looked up once.
///
/// ```swift
/// var known = KnownNames(["switch1", "switch2", "all_on"])
/// known.closest(to: "switch")      // ["switch1", "switch2"]
/// ```
struct KnownNames {
    static let examinedPerName = 5_000
    static let cellBudget = 50_000_000

    let names: [String]
    private let scalars: [[Unicode.Scalar]]
    /// Indices into `names`, in declaration order, by length in scalars.
    private let byLength: [Int: [Int]]
    private var cache: [String: [String]] = [:]
    /// Cells of the edit distance computed so far, over all lookups.
    private(set) var cellsComputed = 0
    /// Candidates compared so far, over all lookups.
    private(set) var candidatesExamined = 0
    let examinedPerName: Int
    let cellBudget: Int

    /// Empty names, names longer than `ConfigValidator.maximumNameLength` and repeats are
    /// left out.
    init(_ declared: [String], examinedPerName: Int = Self.examinedPerName, cellBudget: Int = Self.cellBudget) {
        var seen = Set<String>()
        var names: [String] = []
        var scalars: [[Unicode.Scalar]] = []
        var byLength: [Int: [Int]] = [:]
        for name in declared where !name.isEmpty && seen.insert(name).inserted {
            let lowered = Array(name.lowercased().unicodeScalars)
            guard lowered.count <= ConfigValidator.maximumNameLength else { continue }
            byLength[lowered.count, default: []].append(names.count)
            names.append(name)
            scalars.append(lowered)
        }
        self.names = names
        self.scalars = scalars
        self.byLength = byLength
        self.examinedPerName = examinedPerName
        self.cellBudget = cellBudget
    }

    var isEmpty: Bool { names.isEmpty }

    /// Up to `limit` declared names within a typo of `name` (ignoring case), closest
    /// first, equals in declaration order; empty when none is, or when the budget is
    /// spent.
    mutating func closest(to name: String, limit: Int = 3) -> [String] {
        if let known = cache[name] { return known }
        let target = Array(name.lowercased().unicodeScalars)
        var close = NameSuggestions.CloseNames(limit: limit, threshold: NameSuggestions.typoThreshold(for: name))
        var examined = 0
        var spread = 0
        search: while spread <= close.bound {
            for length in spread == 0 ? [target.count] : [target.count - spread, target.count + spread] {
                for index in byLength[length] ?? [] {
                    guard examined < examinedPerName, cellsComputed < cellBudget else { break search }
                    examined += 1
                    if let distance = NameSuggestions.boundedEditDistance(target, scalars[index], limit: close.bound,
                                                                          cells: &cellsComputed) {
                        close.offer(distance: distance, offset: index, name: names[index])
                    }
                }
            }
            spread += 1
        }
        candidatesExamined += examined
        let found = close.names
        cache[name] = found
        return found
    }

    /// `did you mean 'x'?`, `did you mean 'x' or 'y'?`, or nil when nothing is close.
    mutating func didYouMean(_ name: String) -> String? {
        NameSuggestions.didYouMean(closest(to: name))
    }
}
