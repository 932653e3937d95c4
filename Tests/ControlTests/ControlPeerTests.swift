@testable import Control
import Foundation
import Testing
import TestSupport

/// Who may be at either end of the socket: the server refuses another user's socket
/// file, the client another user's listener.
@Suite("Control socket peers")
struct ControlPeerTests {
    private let directory: TemporaryDirectory
    private let path: String

    init() throws {
        directory = try TemporaryDirectory(prefix: "gpioagg-control", parent: "/tmp/")
        path = directory.file("control.sock")
    }

    @Test("a socket file owned by another user is refused, naming its owner and the fix")
    func foreignSocketRefused() throws {
        try makeStaleSocket(at: path)
        #expect(chown(path, 4242, 4242) == 0)
        do {
            let server = try ControlServer(path: path, handler: RecordingHandler())
            server.close()
            Issue.record("replaced another user's socket")
        } catch {
            #expect(error.kind == .permissionDenied)
            #expect(error.message == "\(path) is a socket owned by another user (uid 4242), so it is not this daemon's to replace")
            #expect(error.hint == "if no gpioagg runs as uid 4242, remove it (sudo rm \(path)); or pass another --control PATH")
        }
        var status = stat()
        #expect(lstat(path, &status) == 0 && status.st_uid == 4242)
    }

    @Test("clients trust root, themselves, and the owner of /run/gpioagg for the system socket only",
          arguments: [
              (server: UInt32(0), client: UInt32(1000), directory: "/tmp/x", owner: UInt32?(0), trusted: true),
              (1000, 1000, "/tmp/x", 0, true),
              (0, 0, "/run/gpioagg", 0, true),
              (1001, 1000, "/tmp/x", 1001, false),
              (1001, 1000, "/run/gpioagg", 1001, true),
              (1001, 1000, "/run/gpioagg", 0, false),
              (1001, 1000, "/run/gpioagg", nil, false),
              (1001, 1000, "/run/other", 1001, false),
              (1001, 0, "/tmp/x", 0, false),
          ])
    func trustedServers(_ row: (server: UInt32, client: UInt32, directory: String, owner: UInt32?, trusted: Bool)) {
        #expect(ControlClient.trusts(serverUID: row.server, clientUID: row.client, socketDirectory: row.directory,
                                     directoryOwner: row.owner) == row.trusted)
    }

    @Test("SO_PEERCRED names the process and user at the other end")
    func peerCredentials() throws {
        var pair: [Int32] = [-1, -1]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0)
        defer { close(pair[0]); close(pair[1]) }
        let peer = try UnixSocket.peerCredentials(pair[0])
        #expect(peer == UnixSocket.PeerCredentials(pid: getpid(), uid: geteuid(), gid: getegid()))
    }

    @Test("a client refuses a listener run by another user, naming its uid",
          .enabled(if: geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/sbin/runuser")
                       && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")))
    func untrustedListener() throws {
        let shared = directory.file("shared")
        #expect(mkdir(shared, 0o700) == 0 && chmod(shared, 0o1777) == 0)
        let socketPath = shared + "/control.sock"
        let squatter = Process()
        squatter.executableURL = URL(fileURLWithPath: "/usr/sbin/runuser")
        squatter.arguments = ["-u", "nobody", "--", "/usr/bin/python3", "-c", """
            import socket, sys, time
            s = socket.socket(socket.AF_UNIX); s.bind(sys.argv[1]); s.listen(4)
            time.sleep(30)
            """, socketPath]
        try squatter.run()
        defer { squatter.terminate(); squatter.waitUntilExit(); unlink(socketPath) }
        // Until it listens (python starts slowly), the client finds nobody there.
        let deadline = Date().addingTimeInterval(10)
        var refusal: ControlError?
        while refusal == nil || (refusal?.kind == .notRunning && Date() < deadline) {
            do {
                let reply = try ControlClient(path: socketPath).send(.status)
                Issue.record("talked to another user's listener: \(reply)")
                return
            } catch {
                refusal = error
                if error.kind == .notRunning { usleep(20_000) }
            }
        }
        #expect(refusal?.kind == .permissionDenied)
        #expect(refusal?.message == "refusing the control socket at \(socketPath): the process listening on it runs "
            + "as uid 65534, which is neither root, you, nor the owner of /run/gpioagg")
    }

    /// A socket file with nobody listening: what a killed daemon leaves behind.
    private func makeStaleSocket(at path: String) throws {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        let bound = UnixSocket.withAddress(of: path) { bind(fd, $0, $1) }
        guard bound == 0 else { throw POSIXError(.EADDRINUSE) }
    }
}
