/// The page served at `/`: one HTML document with its style (`WebPage.style`) and script
/// (`WebPage.script`) inline, compiled into the binary, so that a board with no internet
/// serves all of it and nothing is read from disk at run time.
///
/// The page holds no data: it is served without the token, and reads everything from the
/// API with it (`/api/graph`, `/api/events`, `/api/why/NAME`, `/api/history/NAME`,
/// `/api/log`, `POST /api/set`), asking for the token when an answer is 401. Its
/// `Content-Security-Policy` lets it reach nothing but its own server.
///
/// ```swift
/// WebPage.response.contentType   // "text/html; charset=utf-8"
/// ```
enum WebPage {
    static let contentType = "text/html; charset=utf-8"

    /// Nothing but the inline style and script, and requests to the page's own origin.
    static let contentSecurityPolicy = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
        + "connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    static let response = WebResponse(
        status: 200, contentType: contentType, body: Array(document.utf8),
        headers: [
            "Content-Security-Policy": contentSecurityPolicy,
            "Cache-Control": "no-cache",
            "Referrer-Policy": "no-referrer",
            "X-Content-Type-Options": "nosniff",
        ])

    static var document: String {
        head + "<style>\n" + style + "</style>\n</head>\n" + body + "<script>\n" + script + "</script>\n</body>\n</html>\n"
    }

    /// The empty icon keeps the browser from asking for `/favicon.ico`, which would need
    /// the token.
    private static let head = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <title>gpioagg</title>
        <link rel="icon" href="data:,">

        """

    /// The page's frame; the script fills it.
    private static let body = """
        <body>
        <header class="bar">
          <h1>gpioagg</h1>
          <span id="connection" class="connection connecting" role="status" aria-live="polite">connecting…</span>
        </header>
        <form id="token-form" class="token" hidden>
          <h2>This board needs its token</h2>
          <p>Enter the first line of the file named by <code>token_file:</code> in the config's <code>web:</code>.
          It is kept in this tab only, until it is closed.</p>
          <p id="token-refused" class="refusal" hidden>That token was refused.</p>
          <div class="token-row">
            <input id="token-input" name="token" type="password" autocomplete="current-password"
                   autocapitalize="off" spellcheck="false" aria-label="Token" required>
            <button id="token-submit" type="submit">Open</button>
          </div>
        </form>
        <main id="board" hidden>
          <section class="graph-section" aria-labelledby="graph-title">
            <h2 id="graph-title">The graph</h2>
            <p id="controls-note" class="note"></p>
            <div id="graph" class="graph">
              <svg id="edges" class="edges" aria-hidden="true"></svg>
              <div id="ranks" class="ranks"></div>
            </div>
          </section>
          <aside id="panel" class="panel" hidden aria-labelledby="panel-title">
            <div class="panel-head">
              <h2 id="panel-title"></h2>
              <button id="panel-close" type="button" class="close" aria-label="Close">×</button>
            </div>
            <p id="panel-kind" class="note"></p>
            <p id="panel-value" class="panel-value"></p>
            <p id="panel-declared" class="note"></p>
            <h3>Why</h3>
            <ul id="panel-why" class="why"></ul>
            <div id="panel-curve-section" hidden>
              <h3 id="panel-curve-title">Over time</h3>
              <svg id="panel-curve" class="curve" viewBox="0 0 320 162" role="img" aria-label="The value over time"></svg>
            </div>
            <h3>Recent changes</h3>
            <ol id="panel-changes" class="changes" reversed></ol>
          </aside>
          <section class="log-section" aria-labelledby="log-title">
            <h2 id="log-title">The log</h2>
            <ol id="log" class="log" aria-live="off"></ol>
          </section>
        </main>
        <p id="failure" class="failure" role="alert" hidden></p>

        """
}
