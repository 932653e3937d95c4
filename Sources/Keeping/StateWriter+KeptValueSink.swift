import KeptState

/// The daemon's sink: each record goes to the state file within the writer's interval
/// (at once when `promptly`), never on the caller's thread.
extension StateWriter: KeptValueSink {}
