#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way gpioagg starts a thread: a detached pthread with a name, so that
/// `top -H`, `ps -L` and a debugger show what each thread is for.
///
/// The body owns whatever it captures until it returns; nothing waits for it (the
/// callers have their own ways to learn that it is done: a semaphore, a completion on
/// the loop).
///
/// ```swift
/// try SystemThread.start(name: "gpioagg-loop") { loop.run() }
/// ```
public enum SystemThread {
    /// The longest name the kernel keeps (16 bytes with the terminating NUL); longer
    /// names are cut to it.
    public static let nameLimit = 15

    /// Starts `body` on a new detached thread called `name`. Throws `pthread_create`'s
    /// error (`EAGAIN` when the process may have no more threads); `body` then never runs.
    public static func start(name: String, _ body: @escaping () -> Void) throws(SystemCallError) {
        let start = Start(name: String(decoding: name.utf8.prefix(nameLimit), as: UTF8.self), body: body)
        // The thread holds its start until it has run the body.
        let context = Unmanaged.passRetained(start).toOpaque()
        var thread = pthread_t()
        do throws(SystemCallError) {
            try SystemCall.returningError("pthread_create") {
                pthread_create(&thread, nil, { context in
                    let start = Unmanaged<Start>.fromOpaque(context!).takeRetainedValue()
                    start.run()
                    return nil
                }, context)
            }
        } catch {
            Unmanaged<Start>.fromOpaque(context).release()
            throw error
        }
        pthread_detach(thread)
    }

    /// The calling thread's name, as `start` set it (the process's name on the main thread).
    public static var currentName: String {
        var buffer = [CChar](repeating: 0, count: nameLimit + 1)
        guard let getName = ThreadNaming.get, getName(pthread_self(), &buffer, buffer.count) == 0 else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private final class Start {
        let name: String
        let body: () -> Void

        init(name: String, body: @escaping () -> Void) {
            self.name = name
            self.body = body
        }

        /// Named from the thread itself, so that the name is set before the body runs.
        func run() {
            if let setName = ThreadNaming.set { _ = setName(pthread_self(), name) }
            body()
        }
    }
}

/// glibc's `pthread_setname_np` and `pthread_getname_np`, which its Swift module leaves
/// out (they are GNU extensions, and Glibc's module map is built without `_GNU_SOURCE`):
/// looked up once, by name, in the C library already loaded. Nil where there is none;
/// threads then keep the process's name.
private enum ThreadNaming {
    typealias SetName = @convention(c) (pthread_t, UnsafePointer<CChar>) -> Int32
    typealias GetName = @convention(c) (pthread_t, UnsafeMutablePointer<CChar>, Int) -> Int32

    static let set: SetName? = symbol("pthread_setname_np", as: SetName.self)
    static let get: GetName? = symbol("pthread_getname_np", as: GetName.self)

    private static func symbol<Function>(_ name: String, as type: Function.Type) -> Function? {
        #if canImport(Darwin)
        let handle = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
        #else
        let handle: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
        #endif
        guard let address = dlsym(handle, name) else { return nil }
        return unsafeBitCast(address, to: type)
    }
}
