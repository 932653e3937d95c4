import CGPIOD
import GPIO

extension EdgeEvent {
    init(_ event: cgpiod_edge_event) {
        self.init(offset: event.offset,
                  edge: event.type == Int32(CGPIOD_EDGE_RISING) ? .rising : .falling,
                  timestamp: event.timestamp_ns,
                  globalSequence: event.global_seqno,
                  lineSequence: event.line_seqno)
    }
}
