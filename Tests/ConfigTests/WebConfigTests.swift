import Config
import Glibc
import Testing

/// `web:`: what it reads as, and what `check` says of mistakes, at their place.
@Suite("Config: web")
struct WebConfigTests {
    static let head = """
        inputs:
          override: { command: true }

        """   // lines 1-2

    @Test("every key reads into the model")
    func reads() throws {
        let configuration = try ConfigFixture.parse(Self.head + """
            web:
              listen: "[::]:8080"
              token_file: /etc/gpioagg/web.token
              controls: true
              history: 2d
            """)
        let web = try #require(configuration.web)
        #expect(web.listen == .tcp(host: "::", port: 8080))
        #expect(web.listen.description == "[::]:8080" && !web.listen.isLocal)
        #expect(web.tokenFile == "/etc/gpioagg/web.token")
        #expect(web.controls)
        #expect(web.history == .seconds(2 * 24 * 3600))
        #expect(web.location == ConfigFixture.location(3, 1))
    }

    @Test("defaults: no controls, a day of history, no token on loopback; no web: is no server")
    func defaults() throws {
        let web = try #require(try ConfigFixture.parse(Self.head + "web: { listen: 127.0.0.1:8080 }\n").web)
        #expect(web.listen == .tcp(host: "127.0.0.1", port: 8080) && web.listen.isLocal)
        #expect(!web.controls && web.tokenFile == nil && web.history == .seconds(24 * 3600))
        #expect(try ConfigFixture.parse(Self.head).web == nil)
        let unix = try ConfigFixture.parse(Self.head + "web: { listen: unix:/run/gpioagg/web.sock, history: 7d }\n").web
        #expect(unix?.listen == .unix(path: "/run/gpioagg/web.sock") && unix?.listen.isLocal == true)
        #expect(unix?.history == .seconds(7 * 24 * 3600))
        #expect(try ConfigFixture.parse(Self.head + "web: { listen: \"[::1]:80\" }\n").web?.listen.isLocal == true)
        #expect(try ConfigFixture.parse(Self.head + "web: { listen: localhost:8080, history: 90m }\n").web?.history
            == .seconds(90 * 60))
    }

    static let rejected: [(String, Int, Int, String, String)] = [
        ("web: { listen: 0.0.0.0:8080 }\n", 3, 16,
         "listen: 0.0.0.0:8080 in web: can be reached from other machines, and web: has no token_file:",
         "add token_file: /etc/gpioagg/web.token (a file holding the token requests must carry), or listen on 127.0.0.1 or a unix: socket"),
        ("web:\n  listen: \"[::]:8080\"\n", 4, 11,
         "listen: [::]:8080 in web: can be reached from other machines, and web: has no token_file:", "add token_file:"),
        ("web:\n  listen: [\"::1\", 8080]\n", 4, 11,
         "listen: in web: is a list; an IPv6 address in brackets must be quoted", "write listen: \"[::]:8080\""),
        ("web: { listen: 127.0.0.1 }\n", 3, 16, "listen: '127.0.0.1' has no port in web:", "write listen: 127.0.0.1:8080"),
        ("web: { listen: 127.0.0.1:80800 }\n", 3, 16,
         "listen: the port '80800' is not a number from 1 to 65535 in web:", ""),
        ("web: { listen: board.lan:8080 }\n", 3, 16, "listen: 'board.lan' is not an IPv4 address in web:",
         "give an address, not a host name"),
        ("web: { listen: unix:web.sock }\n", 3, 16, "listen: the unix socket's path 'web.sock' is not absolute in web:", ""),
        ("web: { controls: true }\n", 3, 1, "web: needs listen:", "write web: { listen: 127.0.0.1:8080 }"),
        ("web: { listen: 127.0.0.1:8080, controls: yes }\n", 3, 42, "unknown value 'yes' for controls: in web:", ""),
        ("web: { listen: 127.0.0.1:8080, history: 8d }\n", 3, 41, "history: 8d in web: is longer than 7 days",
         "write a duration up to 7d"),
        ("web: { listen: 127.0.0.1:8080, history: 200h }\n", 3, 41, "history: 200h in web: is longer than 7 days", ""),
        ("web: { listen: 127.0.0.1:8080, history: 0 }\n", 3, 41, "history: in web: must be longer than nothing", ""),
        ("web: { listen: 127.0.0.1:8080, history: day }\n", 3, 41, "history: 'day' is not a duration in web:", ""),
        ("web: { listen: 127.0.0.1:8080, tokenfile: /t }\n", 3, 32, "unknown key 'tokenfile' in web:",
         "did you mean 'token_file'?"),
        ("web: 8080\n", 3, 6, "web: must be a mapping, found '8080'", "write web: { listen: 127.0.0.1:8080 }"),
    ]

    @Test("mistakes are refused at their place, with a hint", arguments: 0..<rejected.count)
    func refused(_ index: Int) {
        let (tail, line, column, message, hint) = Self.rejected[index]
        ConfigFixture.expectRefused(Self.head + tail, at: line, column, message, hint: hint)
    }

    @Test("a token_file that is a FIFO or a directory is refused at its value; a regular one is taken")
    func tokenFileIsRegular() throws {
        let directory = "/tmp/gpioagg-web-check-\(getpid())"
        mkdir(directory, 0o700)
        defer { unlink(directory + "/token"); unlink(directory + "/fifo"); rmdir(directory) }
        #expect(mkfifo(directory + "/fifo", 0o600) == 0)
        let file = fopen(directory + "/token", "w")
        fputs("s3cret\n", file)
        fclose(file)
        ConfigFixture.expectRefused(Self.head + "web: { listen: 0.0.0.0:8080, token_file: \(directory)/fifo }\n",
                                    at: 3, 42, "token_file: '\(directory)/fifo' in web: is a FIFO, not a regular file",
                                    hint: "give a file holding the token on its first line")
        ConfigFixture.expectRefused(Self.head + "web: { listen: 0.0.0.0:8080, token_file: \(directory) }\n",
                                    at: 3, 42, "token_file: '\(directory)' in web: is a directory, not a regular file",
                                    hint: "")
        let web = try ConfigFixture.parse(Self.head + "web: { listen: 0.0.0.0:8080, token_file: \(directory)/token }\n").web
        #expect(web?.tokenFile == directory + "/token")
    }
}

/// What `gpioagg check` shows of `web:`.
@Suite("Config: web in check's summary")
struct WebSummaryTests {
    @Test("the address with its token, the controls and the history, in rows after the graph")
    func rows() throws {
        let configuration = try ConfigFixture.parse(WebConfigTests.head + """
            web: { listen: 127.0.0.1:8080, controls: true, history: 90m }
            """)
        let lines = ConfigSummary.lines(of: configuration)
        let web = try #require(lines.firstIndex(of: "web:"))
        #expect(Array(lines[web...]) == [
            "web:",
            "  listen    127.0.0.1:8080, no token (this machine only)",
            "  controls  on: POST /api/set sets nodes",
            "  history   1h30m",
        ])
        let remote = try ConfigFixture.parse(WebConfigTests.head + "web: { listen: \"[::]:80\", token_file: /etc/gpioagg/web.token }\n")
        #expect(ConfigSummary.lines(of: remote).contains("  listen    [::]:80, token from /etc/gpioagg/web.token"))
        #expect(ConfigSummary.lines(of: remote).contains("  controls  off"))
    }
}
