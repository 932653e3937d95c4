#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import SystemCore
import Loop

/// Looks a host name up without holding the loop up: `getaddrinfo` blocks for as long as
/// DNS takes (seconds when a server does not answer), so it runs on a short-lived
/// thread of its own, and the addresses come back to the loop through `execute`.
/// An address needs no look-up and comes back at once (still through `execute`).
///
/// ```swift
/// HostResolver.resolve("broker.lan", on: loop) { result in
///     // on the loop: .success(["192.0.2.7", "2001:db8::7"]) or .failure(reason)
/// }
/// ```
enum HostResolver {
    struct Failure: Error, Equatable {
        let reason: String
    }

    typealias Completion = (Result<[String], Failure>) -> Void

    private final class Request: @unchecked Sendable {
        let host: String
        let loop: any EventLoop
        let completion: UncheckedSendable<Completion>

        init(host: String, loop: any EventLoop, completion: @escaping Completion) {
            self.host = host
            self.loop = loop
            self.completion = UncheckedSendable(completion)
        }

        func finish(_ result: Result<[String], Failure>) {
            let completion = completion
            loop.execute { completion.value(result) }
        }
    }

    /// `completion` runs on `loop` (not at all if the loop has stopped by then).
    static func resolve(_ host: String, on loop: any EventLoop, completion: @escaping Completion) {
        let request = Request(host: host, loop: loop, completion: completion)
        if BrokerURL.isIPv4(host) || BrokerURL.isIPv6(host) {
            request.finish(.success([host]))
            return
        }
        do throws(SystemCallError) {
            try SystemThread.start(name: "gpioagg-dns") { request.finish(HostResolver.lookUp(request.host)) }
        } catch {
            request.finish(.failure(Failure(reason: "cannot start the look-up: \(error.reason)")))
        }
    }

    /// The numeric addresses of `host`, in `getaddrinfo`'s order (RFC 6724's), each once.
    static func lookUp(_ host: String) -> Result<[String], Failure> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let rc = getaddrinfo(host, nil, &hints, &list)
        guard rc == 0 else {
            let reason = rc == EAI_SYSTEM ? SystemCallError.reason(for: errno) : String(cString: gai_strerror(rc))
            return .failure(Failure(reason: "cannot look up \(host): \(reason)"))
        }
        defer { freeaddrinfo(list) }
        var addresses: [String] = []
        var entry = list
        while let current = entry {
            var text = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            if getnameinfo(current.pointee.ai_addr, current.pointee.ai_addrlen, &text, socklen_t(text.count), nil, 0,
                           NI_NUMERICHOST) == 0 {
                let address = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if !addresses.contains(address) { addresses.append(address) }
            }
            entry = current.pointee.ai_next
        }
        guard !addresses.isEmpty else { return .failure(Failure(reason: "\(host) has no address")) }
        return .success(addresses)
    }
}
