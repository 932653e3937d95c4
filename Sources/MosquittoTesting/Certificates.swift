import Foundation
import TestSupport

/// A CA and certificates made by `openssl` in a test's directory: P-256 keys (fast to
/// make), valid for two days.
public struct Certificates {
    public let directory: TemporaryDirectory

    public init(directory: TemporaryDirectory) {
        self.directory = directory
    }

    /// A CA named `name`: `<name>.pem` and `<name>.key`.
    public func makeAuthority(_ name: String) throws {
        try openssl(["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                     "-keyout", directory.file("\(name).key"), "-out", directory.file("\(name).pem"), "-days", "2",
                     "-subj", "/CN=gpioagg test \(name)"])
    }

    /// A certificate `<name>.pem` (and `<name>.key`) signed by `authority`, naming
    /// `subjectAltNames` ("DNS:localhost", "IP:127.0.0.1"); a client certificate when
    /// `subjectAltNames` is empty.
    public func makeCertificate(_ name: String, signedBy authority: String, subjectAltNames: [String]) throws {
        try openssl(["req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                     "-keyout", directory.file("\(name).key"), "-out", directory.file("\(name).csr"),
                     "-subj", "/CN=\(name)"])
        let extensions = subjectAltNames.isEmpty ? "extendedKeyUsage=clientAuth\n"
                                                 : "subjectAltName=\(subjectAltNames.joined(separator: ","))\n"
        try directory.write(extensions, to: "\(name).ext")
        try openssl(["x509", "-req", "-in", directory.file("\(name).csr"), "-CA", directory.file("\(authority).pem"),
                     "-CAkey", directory.file("\(authority).key"), "-CAcreateserial", "-out", directory.file("\(name).pem"),
                     "-days", "2", "-extfile", directory.file("\(name).ext")])
    }

    private func openssl(_ arguments: [String]) throws {
        let result = try Tools.run(Tools.openssl!, arguments)
        guard result.status == 0 else { throw ToolFailure("openssl \(arguments.first!) failed: \(result.output)") }
    }
}
