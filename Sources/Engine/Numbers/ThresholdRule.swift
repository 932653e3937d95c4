import Config
import Logging
import Numbers
import Values

/// `threshold:`: the level of a signal from a number and its bound (a fixed number, or a
/// set point's), by `Numbers.Threshold`, with hysteresis. While the number or the set
/// point is unavailable the signal takes its `fallback`, and the log says why once,
/// when it starts (and again if the reason changes).
final class ThresholdRule {
    private(set) var threshold: Threshold
    /// The number it weighs.
    let operand: NumberNode
    let boundName: String?
    private let signal: Signal
    private let propagation: Propagation
    private let logger: Logger
    private var loggedReason: ThresholdFallbackReason?
    /// Until the first evaluation, which takes the operand's and the bound's first
    /// values together: a fallback at start is logged then.
    private var isStarting = true

    /// - Parameter carried: the level the threshold had from a value in the engine a
    ///   reload replaces; nil at start.
    init(_ declaration: ThresholdDeclaration, operand: NumberNode, signal: Signal, carried: Bool?,
         propagation: Propagation, logger: Logger) throws(NumbersError) {
        var bound: Double?
        if case .number(let fixed) = declaration.bound { bound = fixed }
        let direction: ThresholdDirection = declaration.direction == .above ? .above : .below
        threshold = try Threshold(direction, bound: bound, hysteresis: declaration.hysteresis,
                                  fallback: declaration.fallback, carrying: carried)
        self.operand = operand
        if case .node(let name) = declaration.bound { boundName = name } else { boundName = nil }
        self.signal = signal
        self.propagation = propagation
        self.logger = logger
    }

    /// The transaction's settled bound and value, each `.some` when it changed (to a
    /// number or to unavailable): the bound is taken first, so that the value meets it,
    /// and the signal takes the one level they decide together.
    func evaluate(bound: Double??, value: Double??) {
        var decision: ThresholdDecision?
        if let bound { decision = threshold.receive(bound: bound) }
        if let value { decision = threshold.receive(value: value) }
        if isStarting {
            isStarting = false
            logFallback(level: threshold.level, reason: threshold.fallbackReason)
        } else if let decision {
            logFallback(level: decision.level, reason: decision.fallbackReason)
        }
        if let decision { signal.update(decision.level) }
    }

    private func logFallback(level: Bool, reason: ThresholdFallbackReason?) {
        if reason != loggedReason {
            loggedReason = reason
            if let reason {
                let what = reason == .operandUnavailable ? operand.name : boundName ?? operand.name
                logger.info("signal \(signal.name) at its fallback (\(LevelWord.word(for: level))): '\(what)' is unavailable",
                            metadata: ["gpio_name": "\(signal.name)", "gpio_reason": "\(reason)"])
            }
        }
    }

    /// For `why`: the band around the bound as it is now, or why it is at its fallback;
    /// and the operand's unrounded value beside the one shown, when the rounding hides
    /// which side of an end it is on (`inside 28.0 °C (27.97 unrounded) is below 28.0 °C`).
    var state: String {
        if let reason = threshold.fallbackReason {
            return "at its fallback (\(LevelWord.word(for: threshold.fallback))): \(reason)"
        }
        guard let band = threshold.band else { return "" }
        let text = band.text(precision: operand.precision, unit: operand.unit)
        guard let value = threshold.value,
              let note = band.roundingNote(for: value, precision: operand.precision, unit: operand.unit) else { return text }
        return text + "; \(operand.name) " + note
    }
}
