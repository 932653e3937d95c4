/// The `web:` section in `gpioagg check`.
extension ConfigSummary {
    /// Where the server listens and with which token, whether it takes controls, and its
    /// history, each a row made by `row(name, details)`:
    ///
    /// ```
    /// web:
    ///   listen    127.0.0.1:8080, no token (this machine only)
    ///   controls  off
    ///   history   1d
    /// ```
    static func webRows(_ web: WebDeclaration, row: (String, String) -> String) -> [String] {
        let access = if let file = web.tokenFile {
            "token from \(file)"
        } else {
            web.listen.isLocal ? "no token (this machine only)" : "no token"
        }
        return [row("listen", "\(web.listen), \(access)"),
                row("controls", ConfigText.onOff(web.controls) + (web.controls ? ": POST /api/set sets nodes" : "")),
                row("history", ConfigText.duration(web.history))]
    }
}
