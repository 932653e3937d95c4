#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A pipe whose ends are close-on-exec: other tests start processes, and a child that
/// inherited a write end would keep the reader from ever seeing the end of input.
func closeOnExecPipe(_ ends: inout [Int32]) -> Bool {
    guard pipe(&ends) == 0 else { return false }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return true
}
