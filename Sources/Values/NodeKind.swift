/// What a node of the graph is: an input (a line, a command, a remote topic, a
/// sensor), a signal (derived from others), an output (a line the graph drives) or a
/// cover (a garage door or blinds, driving its relay or motor outputs).
///
/// The raw values are the words the control protocol, the journal (`GPIO_KIND`), the
/// state file and messages use.
public enum NodeKind: String, Hashable, Sendable, CaseIterable, Comparable {
    case input
    case signal
    case output
    case cover

    public static func < (lhs: NodeKind, rhs: NodeKind) -> Bool {
        lhs.order < rhs.order
    }

    private var order: Int {
        switch self {
        case .input: 0
        case .signal: 1
        case .output: 2
        case .cover: 3
        }
    }
}
