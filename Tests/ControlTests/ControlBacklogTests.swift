@testable import Control
import Testing

/// How many connections the control socket's listener queues: what the kernel allows.
@Suite("Control socket backlog")
struct ControlBacklogTests {
    @Test("somaxconn as the kernel writes it is the backlog, whatever its size")
    func fromSomaxconn() {
        #expect(ControlServer.listenBacklog(somaxconn: "4096\n") == 4096)
        #expect(ControlServer.listenBacklog(somaxconn: "128\n") == 128)
        #expect(ControlServer.listenBacklog(somaxconn: "65535") == 65535)
    }

    @Test("an unreadable, empty, junk or non-positive somaxconn falls back to SOMAXCONN's 4096")
    func fallback() {
        for text in [nil, "", "\n", "many\n", "0\n", "-1\n", "99999999999\n"] {
            #expect(ControlServer.listenBacklog(somaxconn: text) == 4096, "\(text ?? "nil")")
        }
    }

    @Test("on this machine the listener asks for more than the 16 it used to queue")
    func thisMachine() {
        // somaxconn has been 128 at least since Linux 2.6, 4096 since 5.4.
        #expect(ControlServer.listenBacklog >= 128)
    }
}
