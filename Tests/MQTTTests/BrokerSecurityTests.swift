import MosquittoTesting
import Foundation
import Logging
@testable import MQTT
import Testing
import TestSupport

@Suite("The client against a real broker: passwords and TLS", .serialized,
       .enabled(if: Tools.haveBroker && Tools.mosquittoPasswd != nil && Tools.openssl != nil, Comment(rawValue: Tools.noBroker)),
       .tags(.broker))
struct BrokerSecurityTests {
    @Test("a user name and password from a mosquitto password file: the right one connects, a wrong one is refused")
    func password() throws {
        let directory = try TemporaryDirectory()
        try Tools.run(Tools.mosquittoPasswd!, ["-c", "-b", directory.file("passwords"), "garage", "s3cret word"])
        let broker = try TestBroker(settings: ["allow_anonymous false", "password_file \(directory.file("passwords"))"],
                                    directory: directory)
        var right = try MQTTClient.Configuration.test(broker.url)
        right.username = "garage"
        right.password = "s3cret word"
        let accepted = try ClientHarness(right)
        accepted.start()
        #expect(accepted.waitForConnection())
        #expect(accepted.stop().finished)

        var wrong = right
        wrong.password = "guess"
        let refused = try ClientHarness(wrong)
        refused.start()
        let refusal = refused.waitForLog { $0.message.contains("refused the connection") }
        #expect(refusal?.message.contains("refused the connection: not authorized") == true, "\(refused.logText)")
        #expect(refusal?.message.hasSuffix("connecting again in 1 s") == true)
        #expect(!refused.isConnected)
        #expect(refused.statistics.connects == 0)
        #expect(refused.statistics.failedAttempts >= 1)
        #expect(refused.stop().finished, "a stop while waiting to reconnect finishes at once")

        var anonymous = right
        anonymous.username = nil
        anonymous.password = nil
        let nobody = try ClientHarness(anonymous)
        nobody.start()
        #expect(nobody.waitForLog { $0.message.contains("refused the connection") } != nil)
    }

    /// A TLS broker whose certificate names `subjectAltNames`, with `settings` besides.
    private func tlsBroker(_ subjectAltNames: [String], settings: [String] = [])
        throws -> (TestBroker, TemporaryDirectory)
    {
        let directory = try TemporaryDirectory()
        let certificates = Certificates(directory: directory)
        try certificates.makeAuthority("ca")
        try certificates.makeCertificate("server", signedBy: "ca", subjectAltNames: subjectAltNames)
        let broker = try TestBroker(settings: [
            "cafile \(directory.file("ca.pem"))", "certfile \(directory.file("server.pem"))",
            "keyfile \(directory.file("server.key"))", "allow_anonymous true",
        ] + settings, directory: directory)
        return (broker, directory)
    }

    private func tlsClient(_ url: String, caFile: String) throws -> ClientHarness {
        var configuration = try MQTTClient.Configuration.test(url)
        configuration.tls = TLSFiles(caFile: caFile)
        return try ClientHarness(configuration)
    }

    @Test("mqtts:// with a CA: a certificate naming 127.0.0.1 and localhost is accepted either way")
    func tls() throws {
        let (broker, directory) = try tlsBroker(["DNS:localhost", "IP:127.0.0.1"])
        for url in ["mqtts://127.0.0.1:\(broker.port)", "mqtts://localhost:\(broker.port)"] {
            let client = try tlsClient(url, caFile: directory.file("ca.pem"))
            client.start()
            #expect(client.waitForConnection(), "\(url): \(client.logText)")
            // The handshake wakes the loop only when the socket has something for it: no
            // spinning on a writable socket while OpenSSL waits to read.
            let wakeUps = client.loop.sync { client.loop.wakeUpCount }
            #expect(wakeUps < 20, "\(wakeUps) wake-ups to connect")
            print("wake-ups to connect over TLS: \(wakeUps)")
            try client.run { try $0.publish("node/secure", payload: Array("yes".utf8), retained: true) }
            #expect(client.stop().finished)
        }
        #expect(try Tools.retainedValue(port: broker.port, topic: "node/secure",
                                        extra: ["--cafile", directory.file("ca.pem")]) == "yes")
    }

    @Test("the certificate is checked against the broker's host name, not the address the client connected to")
    func hostNameCheck() throws {
        let (broker, directory) = try tlsBroker(["DNS:localhost"])
        // The client connects to 127.0.0.1 either way (it looks localhost up itself); a
        // check against that address would refuse this certificate.
        let byName = try tlsClient("mqtts://localhost:\(broker.port)", caFile: directory.file("ca.pem"))
        byName.start()
        #expect(byName.waitForConnection(), "\(byName.logText)")
        #expect(byName.stop().finished)

        let byAddress = try tlsClient("mqtts://127.0.0.1:\(broker.port)", caFile: directory.file("ca.pem"))
        byAddress.start()
        let refusal = byAddress.waitForLog { $0.message.contains("cannot connect") }
        #expect(refusal?.message.contains("the broker's certificate was refused: IP address mismatch") == true,
                "\(byAddress.logText)")
        #expect(!byAddress.isConnected)
    }

    @Test("a certificate from another CA is refused")
    func otherAuthority() throws {
        let (broker, directory) = try tlsBroker(["DNS:localhost", "IP:127.0.0.1"])
        try Certificates(directory: directory).makeAuthority("other")
        let client = try tlsClient("mqtts://localhost:\(broker.port)", caFile: directory.file("other.pem"))
        client.start()
        let refusal = client.waitForLog { $0.message.contains("cannot connect") }
        #expect(refusal?.message.contains("the broker's certificate was refused: ") == true, "\(client.logText)")
    }

    @Test("TLS files that are not regular files are refused at the attempt, without waiting on them; the client tries again, and connects once the file is back")
    func tlsFilesThatWouldBlock() throws {
        let (broker, directory) = try tlsBroker(["DNS:localhost"])
        // The client's own copy of the CA: the broker reads ca.pem too, and a FIFO in its
        // place could hold the broker itself.
        let ca = directory.file("client-ca.pem")
        let moved = directory.file("client-ca.saved")
        try directory.write(directory.read("ca.pem"), to: "client-ca.saved")
        #expect(mkfifo(ca, 0o600) == 0, "no writer ever opens it: opened to read, it would wait for good")
        let client = try tlsClient("mqtts://localhost:\(broker.port)", caFile: ca)
        client.start()
        let refusal = client.waitForLog { $0.message.contains("cannot connect") }
        #expect(refusal?.message.contains("ca_file \(ca) is a FIFO, not a regular file: give a PEM file") == true,
                "\(client.logText)")
        #expect(client.run { $0.statistics.failedAttempts } >= 1, "the loop answers")
        // Back as a file: the next attempt reads it and connects.
        #expect(unlink(ca) == 0 && rename(moved, ca) == 0)
        #expect(client.waitForConnection(timeout: .seconds(20)), "\(client.logText)")
        #expect(client.stop().finished)

        var configuration = try MQTTClient.Configuration.test("mqtts://localhost:\(broker.port)")
        configuration.tls = TLSFiles(caFile: "/dev/zero")
        let device = try ClientHarness(configuration)
        device.start()
        #expect(device.waitForLog { $0.message.contains("cannot connect") }?.message
            .contains("ca_file /dev/zero is a character device, not a regular file") == true, "\(device.logText)")
    }

    @Test("a client certificate and key, for a broker that requires one")
    func clientCertificate() throws {
        let (broker, directory) = try tlsBroker(["DNS:localhost"], settings: ["require_certificate true"])
        try Certificates(directory: directory).makeCertificate("client", signedBy: "ca", subjectAltNames: [])
        var configuration = try MQTTClient.Configuration.test("mqtts://localhost:\(broker.port)")
        configuration.tls = TLSFiles(caFile: directory.file("ca.pem"), certFile: directory.file("client.pem"),
                                                   keyFile: directory.file("client.key"))
        let client = try ClientHarness(configuration)
        client.start()
        #expect(client.waitForConnection(), "\(client.logText)")
        #expect(client.stop().finished)

        let without = try tlsClient("mqtts://localhost:\(broker.port)", caFile: directory.file("ca.pem"))
        without.start()
        #expect(without.waitForLog { $0.message.contains("cannot connect") } != nil)
        #expect(!without.isConnected)

        configuration.tls?.keyFile = directory.file("missing.key")
        let missingKey = try ClientHarness(configuration)
        missingKey.start()
        let refusal = missingKey.waitForLog { $0.message.contains("cannot connect") }
        #expect(refusal?.message.contains("cannot read key_file \(directory.file("missing.key")): No such file or directory") == true,
                "\(missingKey.logText)")
    }
}
