/// One HTTP response as the routes make it: a status, a content type, a body, and the
/// headers a status needs (`WWW-Authenticate` with 401, `Allow` with 405).
public struct WebResponse: Hashable, Sendable {
    public var status: Int
    public var contentType: String
    public var body: [UInt8]
    public var headers: [String: String]

    public init(status: Int, contentType: String, body: [UInt8], headers: [String: String] = [:]) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.headers = headers
    }

    /// JSON text, with a newline.
    static func json(_ status: Int, _ text: String) -> WebResponse {
        WebResponse(status: status, contentType: "application/json", body: Array((text + "\n").utf8))
    }
}
