import KeptState
import Values

extension KeptValue {
    /// A counter's total as kept: with its period when it has one that is known.
    init(total: Double, period: PeriodTotals?) {
        if let start = period?.start {
            self = .total(total, periodStart: start, last: period?.last)
        } else {
            self = .number(total)
        }
    }
}
