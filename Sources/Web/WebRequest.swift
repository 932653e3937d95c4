/// One HTTP request as the routes see it: read whole (its body bounded by
/// `WebLimits.bodyBytes`) before it is routed.
///
/// ```swift
/// WebRequest(method: "GET", path: "/api/why/ready_led")
/// ```
public struct WebRequest: Hashable, Sendable {
    public var method: String
    /// The path without its query (`?...`), as sent (not percent-decoded).
    public var path: String
    /// The `Authorization` header's value, if any.
    public var authorization: String?
    public var body: [UInt8]

    public init(method: String, path: String, authorization: String? = nil, body: [UInt8] = []) {
        self.method = method
        self.path = path
        self.authorization = authorization
        self.body = body
    }
}
