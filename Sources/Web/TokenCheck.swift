import Hummingbird

/// Refuses, with 401, every request that does not carry the token when one is
/// configured; the gate counts and logs the refusals.
struct TokenCheck<Context: RequestContext>: RouterMiddleware {
    let gate: WebGate

    func handle(_ request: Request, context: Context,
                next: (Request, Context) async throws -> Response) async throws -> Response {
        guard gate.admits(authorization: request.headers[.authorization]) else {
            var response = WebRoutes.failure(.unauthorized,
                                             "this server needs its token: send Authorization: Bearer TOKEN, the token being the first line of web:'s token_file")
            response.headers[.wwwAuthenticate] = "Bearer"
            return response
        }
        return try await next(request, context)
    }
}
