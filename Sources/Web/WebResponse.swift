/// One HTTP response as the routes make it: a status, a content type, a body, and the
/// headers a status needs (`WWW-Authenticate` with 401, `Allow` with 405).
public struct WebResponse: Hashable, Sendable {
    public var status: Int
    public var contentType: String
    public var body: [UInt8]
    public var headers: [String: String]
    /// An event stream (`GET /api/events`): its head is sent, then the connection
    /// becomes one of the server's streams and the response never ends.
    public var isEventStream = false

    public init(status: Int, contentType: String, body: [UInt8], headers: [String: String] = [:]) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.headers = headers
    }

    /// The head of an event stream, which the connection then keeps writing to.
    static let eventStream: WebResponse = {
        var response = WebResponse(status: 200, contentType: "text/event-stream", body: [],
                                   headers: ["Cache-Control": "no-cache"])
        response.isEventStream = true
        return response
    }()

    /// JSON text, with a newline.
    static func json(_ status: Int, _ text: String) -> WebResponse {
        WebResponse(status: status, contentType: "application/json", body: Array((text + "\n").utf8))
    }
}
