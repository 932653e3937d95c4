import Values
import Foundation
@testable import KeptState
import Locks
import Testing
import TestSupport

@Suite("StateFile atomic replacement")
struct AtomicReplaceTests {
    @Test("a reader never sees a partial file while another thread replaces it over and over")
    func readerSeesWholeFiles() throws {
        let directory = try TemporaryDirectory(prefix: "gpioagg-kept")
        let path = directory.file("kept-state")
        // Of different lengths, so that a file written in place would be seen torn.
        let small: [NodeID: KeptValue] = [.signal("lamp"): true]
        let large = Dictionary(uniqueKeysWithValues: (0..<300).map { (NodeID.output("output_\($0)"), KeptValue($0 % 2 == 0)) })
        try StateFile.write(small, path: path)

        let stop = LockedValueBox(false)
        let writes = LockedValueBox(0)
        let failures = LockedValueBox<[String]>([])
        let finished = Semaphore()
        Thread.detachNewThread {
            var index = 0
            while !stop.withLockedValue({ $0 }) {
                index += 1
                do {
                    try StateFile.write(index % 2 == 0 ? small : large, path: path)
                } catch {
                    failures.withLockedValue { $0.append("write: \(error)") }
                }
                writes.withLockedValue { $0 += 1 }
            }
            finished.signal()
        }
        var reads = 0
        var seen = (small: 0, large: 0)
        while reads < 10_000 || writes.withLockedValue({ $0 }) < 10 {
            reads += 1
            do {
                let values = try StateFile.read(path: path)
                if values == small { seen.small += 1 } else if values == large { seen.large += 1 } else {
                    failures.withLockedValue { $0.append("read \(values.count) values") }
                }
            } catch {
                failures.withLockedValue { $0.append("read: \(error)") }
            }
            if reads > 1_000_000 { break }
        }
        stop.withLockedValue { $0 = true }
        finished.wait()
        #expect(failures.withLockedValue { $0 }.prefix(5) == [])
        #expect(seen.small + seen.large == reads)
        #expect(directory.names() == ["kept-state"])
    }
}
