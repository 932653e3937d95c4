#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The CPUs a thread may run on (sched_setaffinity(2)).
///
/// glibc declares the affinity calls only under _GNU_SOURCE, which Swift's Glibc module
/// is not built with, so they are looked up at run time; the CPU_SET macros do not
/// import either, so the mask's bits are set by hand.
struct CPUAffinity {
    private typealias Call = @convention(c) (pid_t, Int, UnsafeMutablePointer<cpu_set_t>) -> Int32

    private var set = cpu_set_t()

    private static func call(_ name: String) -> Call? {
        // A null handle is RTLD_DEFAULT: search the libraries already loaded.
        guard let symbol = dlsym(nil, name) else { return nil }
        return unsafeBitCast(symbol, to: Call.self)
    }

    /// The calling thread's (pid 0) or another thread's current mask.
    static func of(_ pid: Int32 = 0) -> CPUAffinity? {
        var affinity = CPUAffinity()
        guard let get = call("sched_getaffinity"),
              get(pid, MemoryLayout<cpu_set_t>.size, &affinity.set) == 0 else { return nil }
        return affinity
    }

    /// Only `cpu`.
    static func only(_ cpu: Int) -> CPUAffinity {
        var affinity = CPUAffinity()
        withUnsafeMutableBytes(of: &affinity.set) { bytes in
            bytes[cpu / 8] |= UInt8(1) << UInt8(cpu % 8)
        }
        return affinity
    }

    /// Applies the mask to the calling thread (pid 0) or another; false if refused.
    @discardableResult
    func apply(to pid: Int32 = 0) -> Bool {
        var set = self.set
        guard let setAffinity = Self.call("sched_setaffinity") else { return false }
        return setAffinity(pid, MemoryLayout<cpu_set_t>.size, &set) == 0
    }
}
