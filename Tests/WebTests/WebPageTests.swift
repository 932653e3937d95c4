import Testing
import Web

/// The page at `/`: served to anyone (it holds no data), while the API behind it still
/// needs the token; one document that reaches nothing but its own server.
@Suite("Web server: the page at /")
struct WebPageTests {
    @Test("GET / is served without the token as HTML; /api/status and a POST to / still need it")
    func servedWithoutToken() async throws {
        let (server, http) = try await WebServerTests.serve(BoardBackend(), token: "s3cret")
        let page = try await http.get("/")
        let query = try await http.get("/?from=phone")
        let status = try await http.get("/api/status")
        let statusWithToken = try await http.get("/api/status", headers: [("Authorization", "Bearer s3cret")])
        let post = try await http.post("/", body: "{}")
        await server.stop()
        #expect(page.status == 200)
        #expect(page.header("Content-Type") == "text/html; charset=utf-8")
        #expect(page.body.hasPrefix("<!doctype html>"))
        #expect(page.body.hasSuffix("</html>\n"))
        #expect(query.status == 200 && query.body == page.body)
        #expect(status.status == 401)
        #expect(statusWithToken.status == 200)
        #expect(post.status == 401, "only GET / is open: \(post.status) \(post.body)")
        #expect(server.refusedTokens == 2)
    }

    @Test("the page names no other host: no http:// or https://, no <link> but to data:, no src=, no @import; its policy allows only its own server")
    func selfContained() async throws {
        let (server, http) = try await WebServerTests.serve(BoardBackend())
        let page = try await http.get("/")
        await server.stop()
        let body = page.body.lowercased()
        for outside in ["http://", "https://", "src=", "@import", "//cdn", "fonts."] {
            #expect(!body.contains(outside), "the page holds \(outside)")
        }
        // A <link> only to data: (the empty icon); url( only to a fragment of the document
        // itself (the edges' arrowhead).
        for index in body.indices(of: "<link") {
            let tag = body[index...].prefix { $0 != ">" }
            #expect(tag.contains(#"href="data:"#), "\(tag)")
        }
        for index in body.indices(of: "url(") {
            #expect(body[index...].dropFirst(4).first == "#", "\(body[index...].prefix(40))")
        }
        let policy = try #require(page.header("Content-Security-Policy"))
        #expect(policy.hasPrefix("default-src 'none';"))
        #expect(policy.contains("connect-src 'self'"))
        #expect(page.header("X-Content-Type-Options") == "nosniff")
    }

    @Test("the script reads the page's API, sends the token as a header on every request, and sets text, never markup")
    func script() async throws {
        let (server, http) = try await WebServerTests.serve(BoardBackend())
        let body = try await http.get("/").body
        await server.stop()
        for path in ["\"api/graph\"", "\"api/events\"", "\"api/why/\"", "\"api/history/\"", "\"api/log\"", "\"api/set\"", "\"api/status\""] {
            #expect(body.contains(path), "the page does not read \(path)")
        }
        #expect(body.contains(#"headers.set("Authorization", "Bearer " + token)"#))
        #expect(body.contains("sessionStorage"))
        // An EventSource cannot send the Authorization header; prompt() is no form.
        #expect(!body.contains("EventSource("))
        #expect(!body.contains("prompt("))
        for markup in ["innerHTML", "outerHTML", "insertAdjacentHTML", "document.write"] {
            #expect(!body.contains(markup), "the page uses \(markup)")
        }
    }
}

extension String {
    /// Where each occurrence of `needle` starts.
    fileprivate func indices(of needle: String) -> [String.Index] {
        var found: [String.Index] = []
        var rest = self[...]
        while let range = rest.range(of: needle) {
            found.append(range.lowerBound)
            rest = self[range.upperBound...]
        }
        return found
    }
}
