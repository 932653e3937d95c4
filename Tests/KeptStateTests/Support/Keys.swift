@testable import KeptState

extension KeptKey {
    static func signal(_ name: String) -> KeptKey { KeptKey(kind: .signal, name: name)! }
    static func output(_ name: String) -> KeptKey { KeptKey(kind: .output, name: name)! }
}
