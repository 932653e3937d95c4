// `import Reactive` is all a user needs: it brings in Combine where the platform has
// it and OpenCombine everywhere else, plus the operators in this module.
#if canImport(Combine)
@_exported import Combine
#else
@_exported import OpenCombine
#endif
