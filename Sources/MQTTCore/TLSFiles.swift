/// The files for TLS, PEM: the CA certificates the broker's certificate must chain to
/// (`nil`: the system's), and the client's certificate and key (both or neither). What
/// `tls:` under `mqtt:` names, and what the client loads.
public struct TLSFiles: Hashable, Sendable {
    public var caFile: String?
    public var certFile: String?
    public var keyFile: String?

    public init(caFile: String? = nil, certFile: String? = nil, keyFile: String? = nil) {
        self.caFile = caFile
        self.certFile = certFile
        self.keyFile = keyFile
    }
}
