import Values

extension LostPulses {
    /// "the kernel dropped 12 edges in 2 losses, 6 pulses of them added", for `why`;
    /// without `added` (an input), "..., 6 of them rising".
    func whyText(added: Bool) -> String {
        let times = "\(losses) loss\(losses == 1 ? "" : "es")"
        guard edges > 0 else {
            return "the kernel dropped edges \(times) (at least one each; how many is not known)"
        }
        return "the kernel dropped \(edges) edge\(edges == 1 ? "" : "s") in \(times), "
            + (added ? "\(pulses) pulse\(pulses == 1 ? "" : "s") of them added" : "\(pulses) of them rising unseen")
    }
}
