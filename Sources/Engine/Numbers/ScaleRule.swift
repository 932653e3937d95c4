import Config
import Numbers
import Values

/// `scale:`: its operand's number along the curve of `Numbers.LinearScale`, into its
/// number node (through the node's filters). It keeps nothing: each value of the
/// operand gives the node's, and unavailable gives unavailable.
final class ScaleRule {
    let curve: LinearScale
    /// The number it maps.
    let operand: NumberNode
    let node: NumberNode

    init(_ declaration: ScaleDeclaration, operand: NumberNode, node: NumberNode) throws(NumbersError) {
        curve = try LinearScale(from: (declaration.from.start, declaration.from.end),
                                to: (declaration.to.start, declaration.to.end))
        self.operand = operand
        self.node = node
    }

    func receive(_ value: Double?) {
        node.propose(curve.value(of: value))
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
            return "\(at) is before the curve's start at \(from(curve.from.start)): clamped to \(to(point.value))"
        case .pastEnd:
            return "\(at) is past the curve's end at \(from(curve.from.end)): clamped to \(to(point.value))"
        }
    }
}
