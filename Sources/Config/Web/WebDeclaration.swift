/// `web:`: where the web server listens, the token it asks for, and what it allows.
///
/// ```yaml
/// web:
///   listen: 127.0.0.1:8080
///   token_file: /etc/gpioagg/web.token
///   controls: true
///   history: 24h
/// ```
public struct WebDeclaration: Hashable, Sendable {
    /// Where the server listens: an address and port, or a unix socket's path.
    public var listen: WebListenAddress
    /// A file holding the bearer token (its first line); nil: no token is asked for.
    /// Required unless `listen` is loopback or a unix socket.
    public var tokenFile: String?
    /// Whether `POST /api/set` may set nodes (`controls: true`); false by default.
    public var controls: Bool
    /// How far back the page keeps each number: 24 hours by default, at most 7 days.
    public var history: Duration
    public var location: SourceLocation

    /// The default `history:`.
    public static let defaultHistory = Duration.seconds(24 * 3600)
    /// The longest `history:`: a week.
    public static let longestHistory = Duration.seconds(7 * 24 * 3600)

    public init(listen: WebListenAddress, tokenFile: String? = nil, controls: Bool = false,
                history: Duration = WebDeclaration.defaultHistory, location: SourceLocation) {
        self.listen = listen
        self.tokenFile = tokenFile
        self.controls = controls
        self.history = history
        self.location = location
    }

    /// The same server: a reload that changes nothing but where the file writes it keeps
    /// the running server.
    public func isUnchanged(from other: WebDeclaration) -> Bool {
        var moved = other
        moved.location = location
        return moved == self
    }
}
