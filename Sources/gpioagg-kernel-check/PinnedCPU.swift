/// This process pinned to one CPU until `restore()`.
struct PinnedCPU: CustomStringConvertible {
    let cpu: Int
    let thread: String
    let original: CPUAffinity

    func restore() { original.apply() }

    var description: String { "pinned to CPU \(cpu) with \(thread)" }
}
