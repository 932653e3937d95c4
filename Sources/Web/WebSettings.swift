/// What one web server is: where it listens, the token it asks for, whether it takes
/// controls. The daemon makes it from the config's `web:` and the token file.
///
/// ```swift
/// let settings = WebSettings(address: .tcp(host: "127.0.0.1", port: 8080),
///                            token: BearerToken(fileContents: Array("s3cret\n".utf8)), controls: true)
/// ```
public struct WebSettings: Hashable, Sendable {
    public var address: WebAddress
    /// The token every request must carry (`Authorization: Bearer TOKEN`); nil: none.
    public var token: BearerToken?
    /// Whether `POST /api/set` may set nodes.
    public var controls: Bool
    public var limits: WebLimits
    /// How far back the page keeps each number (`history:`): what `GET /api/graph` says.
    public var history: Duration

    public init(address: WebAddress, token: BearerToken? = nil, controls: Bool = false, limits: WebLimits = WebLimits(),
                history: Duration = .seconds(24 * 3600)) {
        self.address = address
        self.token = token
        self.controls = controls
        self.limits = limits
        self.history = history
    }
}
