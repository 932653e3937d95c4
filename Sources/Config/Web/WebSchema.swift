/// `web: { listen, token_file, controls, history }`: the web server and what it allows.
enum WebSchema: ConfigSchema {
    static let title = "the web: section"
    static let section = "web"
    static let documentedUnder = ["## Web"]
    static let example = "listen: 127.0.0.1:8080"
    static let keys = [
        ConfigKey("listen", "127.0.0.1:8080", "the address and port, or unix:PATH, the server listens on"),
        ConfigKey("token_file", "/etc/gpioagg/web.token", "a file holding the bearer token requests must carry"),
        ConfigKey("controls", "false", "whether POST /api/set may set nodes"),
        ConfigKey("history", "24h", "how far back the page keeps each number"),
    ]
}
