/// A node `why` can describe, found by its name in `Engine.explainedNodes`: one lookup
/// per name, however many nodes the graph has, where a search of each list would cost
/// the size of the graph for every operand described.
///
/// Where two lists hold a name (a numeric command input is also a number), the one
/// `why` describes it as wins: a cover, an output, a PWM output, a signal, a number, a
/// command or remote input, a line input.
enum ExplainedNode {
    case cover(CoverNode)
    case output(OutputLine)
    case pwmOutput(PWMOutput)
    case signal(Signal)
    case number(NumberNode)
    case virtualInput(VirtualInput)
    case input(InputLine)
}
