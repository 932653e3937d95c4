import Loop
@testable import Service
import Testing

/// A web request's wait for the daemon's loop ends once, whatever the loop does with it.
@Suite("LoopReply: a web request's answer from the loop")
struct LoopReplyTests {
    @Test("the loop's value, once; later ones are ignored")
    func answered() async throws {
        let loop = try PosixEventLoop()
        defer { loop.stop() }
        let value = await withCheckedContinuation { continuation in
            let reply = LoopReply(continuation, unanswered: 0)
            loop.execute {
                reply.resume(1)
                reply.resume(2)
            }
        }
        #expect(value == 1)
    }

    @Test("work a stopped loop drops resumes the request with the unanswered value, not never")
    func droppedByAStoppedLoop() async throws {
        let loop = try PosixEventLoop()
        loop.stop()
        let value = await withCheckedContinuation { continuation in
            let reply = LoopReply(continuation, unanswered: -1)
            loop.execute { reply.resume(1) }
        }
        #expect(value == -1)
    }
}
