import Config
import Numbers
import Values

/// `scale:`: its operand's number along the curve of `Numbers.LinearScale`, into its
/// number node (through the node's filters). It keeps nothing: each value of the
/// operand gives the node's, and unavailable gives unavailable. Without clamping, a
/// number so far out that the line there is no finite number makes the node
/// unavailable, with the overflow as the reason.
final class ScaleRule {
    let curve: LinearScale
    /// The number it maps.
    let operand: NumberNode
    let node: NumberNode

    init(_ declaration: ScaleDeclaration, operand: NumberNode, node: NumberNode) throws(NumbersError) {
        curve = try LinearScale(from: (declaration.from.start, declaration.from.end),
                                to: (declaration.to.start, declaration.to.end), clamps: declaration.clamps)
        self.operand = operand
        self.node = node
    }

    func receive(_ value: Double?) {
        guard let value, let scaled = curve.value(of: value), !scaled.isFinite else {
            return node.propose(curve.value(of: value))
        }
        node.propose(.failure(NumberOverflow("\(operand.name) at \(DecimalText.shortest(value)) along the line of "
            + "\(node.name) from [\(DecimalText.shortest(curve.from.start)), \(DecimalText.shortest(curve.from.end))] "
            + "to [\(DecimalText.shortest(curve.to.start)), \(DecimalText.shortest(curve.to.end))]")))
    }

    /// For `why`: where the operand is on the curve, and whether its value is held at
    /// an end. `cpu at 75 °C is past the curve's end at 70 °C: clamped to 100 %`.
    var state: String {
        guard let value = operand.value else { return "unavailable while \(operand.name) is" }
        func from(_ number: Double) -> String { NodeValue.number(number, operand.unit).text(precision: operand.precision) }
        func to(_ number: Double) -> String { NodeValue.number(number, node.unit).text(precision: node.precision) }
        let point = curve.point(for: value)
        let at = "\(operand.name) at \(from(value))"
        switch point.position {
        case .onCurve:
            return "\(at) is on the curve from \(from(curve.from.start)) to \(from(curve.from.end)): \(to(point.value))"
        case .beforeStart:
            let held = point.isClamped ? "clamped to" : "the line goes on:"
            return "\(at) is before the curve's start at \(from(curve.from.start)): \(held) \(to(point.value))"
        case .pastEnd:
            let held = point.isClamped ? "clamped to" : "the line goes on:"
            return "\(at) is past the curve's end at \(from(curve.from.end)): \(held) \(to(point.value))"
        }
    }
}
