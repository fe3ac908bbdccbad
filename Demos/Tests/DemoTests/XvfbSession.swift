import DemoSupport
import Foundation
import Tactile
import TactileDebugDrawing
import TactileSDL
#if canImport(Glibc)
import Glibc
#endif

/// Runs a demo executable in a real X11 window on a private Xvfb server and
/// drives it with xdotool, as a person at the machine would.
///
/// The contract: `run(demo:title:frames:drive:)` starts `Xvfb` on a free
/// display, starts the demo there with `--record` and `--screenshot`, waits
/// for its window and for the demo to say that the window has the keyboard
/// focus (`FocusAnnouncement`), hands a `Window` to `drive`, then waits for the demo to
/// exit (the drive's last step should quit it, e.g. with Escape) and returns
/// what the run left: the recorded trace and the screenshot of the last
/// frame. Every process it started is killed and every file removed when it
/// returns or throws. Every wait polls a condition against a deadline; the
/// only fixed pauses are the ones a drive asks for to hold an input down.
///
/// ```swift
/// let run = try XvfbSession.run(demo: "arcade", title: "Tactile: Arcade") { window in
///     try window.click(x: 160, y: 180)
///     try window.key("Escape")
/// }
/// #expect(run.pointerEvents.contains { $0.phase == .down })
/// ```
///
/// Missing tools are a failure, not a skip: the error names the Debian
/// package to install (`scripts/test` installs `xvfb`, `xauth` and `xdotool`).
///
/// ## See Also
/// - `Trace`: the text the demo's `--record` writes, read back to check what
///   the pump saw.
/// - `Image(contentsOfFile:)`: reads the demo's `--screenshot` (SDL_image).
enum XvfbSession {
    /// The X server's screen: larger than the demos' 800 × 600 windows.
    static let screen = "1024x768x24"
    /// How long Xvfb may take to open its socket, in seconds.
    static let serverStartTimeout = 10.0
    /// How long a demo may take to map its window, in seconds.
    static let windowTimeout = 10.0
    /// How long a demo may take to exit once the drive is done, in seconds.
    static let exitTimeout = 10.0
    /// The display numbers tried, high enough to stay clear of a desktop's.
    static let displays = 91..<160

    /// What a finished run left behind.
    struct Run {
        /// Every input event the demo's pump produced, on real time.
        let trace: Trace
        /// The last frame, as the demo saved it.
        let screenshot: Image
        /// What the demo printed.
        let output: String

        var pointerEvents: [PointerEvent] {
            trace.events.compactMap { if case .pointer(let event) = $0.kind { event } else { nil } }
        }
        var keyEvents: [KeyEvent] {
            trace.events.compactMap { if case .key(let event) = $0.kind { event } else { nil } }
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// The demo's window, driven through xdotool. Coordinates are window
    /// points (the demos' windows are not scaled, so pixels too).
    struct Window {
        let id: String
        let xdotool: String
        let display: String

        /// Moves the pointer to a point in the window.
        func move(x: Double, y: Double) throws {
            try tool(["mousemove", "--window", id, String(Int(x.rounded())), String(Int(y.rounded()))])
        }

        /// Presses the left button at a point.
        func press(x: Double, y: Double) throws {
            try move(x: x, y: y)
            try tool(["mousedown", "1"])
        }

        /// Moves the pointer in `steps` equal steps to a point, pausing
        /// `interval` seconds between steps so that the demo sees a motion.
        func drag(to x: Double, _ y: Double, from start: (x: Double, y: Double), steps: Int = 8, interval: Double = 0.02) throws {
            for step in 1...steps {
                let t = Double(step) / Double(steps)
                try move(x: start.x + (x - start.x) * t, y: start.y + (y - start.y) * t)
                hold(interval)
            }
        }

        /// Releases the left button where the pointer is.
        func release() throws { try tool(["mouseup", "1"]) }

        /// One stroke with the left button, in a single xdotool run: pressed
        /// at the first point, moved through the others `interval` seconds
        /// apart (a device reporting at 1 / `interval` Hz), released at the
        /// last. One process for the whole stroke, so that the pace is the
        /// stroke's and not a process start's per point.
        func stroke(through points: [(x: Double, y: Double)], interval: Double = 0.008) throws {
            guard let first = points.first else { return }
            func moveTo(_ point: (x: Double, y: Double)) -> [String] {
                ["mousemove", "--window", id, String(Int(point.x.rounded())), String(Int(point.y.rounded()))]
            }
            var arguments = moveTo(first) + ["mousedown", "1"]
            for point in points.dropFirst() {
                arguments += ["sleep", String(interval)] + moveTo(point)
            }
            try tool(arguments + ["mouseup", "1"])
        }

        /// A left click: press and release at a point.
        func click(x: Double, y: Double) throws {
            try press(x: x, y: y)
            try release()
        }

        /// Presses and releases a key (an X keysym name: "Escape", "Up", "o").
        /// Keys go to the window under the pointer: Xvfb has no window
        /// manager, so X's focus follows the pointer.
        func key(_ name: String) throws { try tool(["key", name]) }
        func keyDown(_ name: String) throws { try tool(["keydown", name]) }
        func keyUp(_ name: String) throws { try tool(["keyup", name]) }

        /// Keeps the input as it is for a while: how long a key or button is
        /// held is part of the gesture, not a wait for a condition.
        func hold(_ seconds: Double) {
            Thread.sleep(forTimeInterval: seconds)
        }

        private func tool(_ arguments: [String]) throws {
            _ = try XvfbSession.runTool(xdotool, arguments, display: display, timeout: 5)
        }
    }

    /// Starts Xvfb and the demo `demo` (the executable's name, e.g.
    /// "arcade"), waits for the window called `title`, drives it, waits for
    /// the demo to exit and returns its trace and screenshot. `frames` is
    /// only a backstop in case a drive's quit key is lost; `arguments` follow
    /// the session's own.
    @MainActor
    static func run(demo: String, title: String, frames: Int = 1200, arguments: [String] = [], drive: (Window) throws -> Void) throws -> Run {
        let xvfb = try tool("Xvfb", package: "xvfb")
        let xdotool = try tool("xdotool", package: "xdotool")
        let executable = try demoExecutable(demo)

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-x11-\(demo)-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        let server = try startServer(xvfb, log: directory.appendingPathComponent("xvfb.log"))
        defer { stopServer(server) }
        let display = ":\(server.number)"

        let screenshot = directory.appendingPathComponent("\(demo).png").path
        let tracePath = directory.appendingPathComponent("\(demo).trace").path
        let outputPath = directory.appendingPathComponent("\(demo).out")
        let app = Process()
        app.executableURL = URL(fileURLWithPath: executable)
        app.arguments = ["--frames", String(frames), "--screenshot", screenshot, "--record", tracePath] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        environment["WAYLAND_DISPLAY"] = nil
        environment["SDL_VIDEODRIVER"] = "x11"
        environment["SDL_AUDIODRIVER"] = "dummy"
        // With no window manager SDL focuses its own window as it maps it,
        // and input read in the same pump as that FocusIn is changed (see
        // `FocusAnnouncement`): the drive waits for the demo to say it has
        // the focus. SDL's X11 driver also drops the first button press it
        // reads within 10 ms of reading the FocusIn (a click that focused a
        // window is not the game's), which the wait alone does not rule
        // out; the filter, meant for click-to-focus, is turned off. Without
        // both, under load, the Gesture Lab's pinch (a drive that starts
        // with a press) went missing 9 times in 20 at load 12.
        environment["SDL_MOUSE_FOCUS_CLICKTHROUGH"] = "1"
        environment[FocusAnnouncement.variable] = "1"
        app.environment = environment
        _ = FileManager.default.createFile(atPath: outputPath.path, contents: nil)
        let output = try FileHandle(forWritingTo: outputPath)
        defer { try? output.close() }
        app.standardOutput = output
        app.standardError = output
        try app.run()
        defer { stop(app) }
        func printed() -> String { (try? String(contentsOf: outputPath, encoding: .utf8)) ?? "" }

        let id: String
        do {
            id = try runTool(xdotool, ["search", "--sync", "--onlyvisible", "--name", "^\(title)$"], display: display, timeout: windowTimeout)
                .split(separator: "\n").first.map(String.init) ?? ""
        } catch {
            throw Failure("\(demo): no window named \"\(title)\" on \(display): \(error); the demo printed:\n\(printed())")
        }
        let focusDeadline = Date().addingTimeInterval(windowTimeout)
        while !printed().contains(FocusAnnouncement.line) {
            guard app.isRunning, Date() < focusDeadline else {
                throw Failure("\(demo): its window on \(display) did not get the keyboard focus in \(windowTimeout) s; the demo printed:\n\(printed())")
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        func exited(_ when: String) -> Failure {
            let how = app.terminationReason == .exit ? "exited with status" : "was killed by signal"
            return Failure("\(demo) \(how) \(app.terminationStatus) \(when); it printed:\n\(printed().prefix(1500))")
        }
        do {
            try drive(Window(id: id, xdotool: xdotool, display: display))
        } catch {
            // An xdotool step fails when the window has gone: say why it went.
            if !app.isRunning { throw exited("during the drive (\(error))") }
            throw error
        }

        guard wait(for: app, timeout: exitTimeout) else {
            throw Failure("\(demo) still running \(exitTimeout) s after the drive ended (did the quit key reach it?); killed. It printed:\n\(printed())")
        }
        guard app.terminationReason == .exit, app.terminationStatus == 0 else { throw exited("after the drive") }
        let trace = try Trace(contentsOfFile: tracePath)
        return Run(trace: trace, screenshot: try Image(contentsOfFile: screenshot), output: printed())
    }

    // MARK: Processes

    /// Starts Xvfb on the first display number with neither a socket nor a
    /// lock file; if another process takes the number first, Xvfb exits and
    /// the next number is tried.
    private static func startServer(_ xvfb: String, log: URL) throws -> (process: Process, number: Int) {
        let files = FileManager.default
        for number in displays where !files.fileExists(atPath: "/tmp/.X11-unix/X\(number)") && !files.fileExists(atPath: "/tmp/.X\(number)-lock") {
            let server = Process()
            server.executableURL = URL(fileURLWithPath: xvfb)
            server.arguments = [":\(number)", "-screen", "0", screen, "-nolisten", "tcp"]
            _ = files.createFile(atPath: log.path, contents: nil)
            let handle = try FileHandle(forWritingTo: log)
            server.standardOutput = handle
            server.standardError = handle
            try server.run()
            let socket = "/tmp/.X11-unix/X\(number)"
            let deadline = Date().addingTimeInterval(serverStartTimeout)
            while server.isRunning && !files.fileExists(atPath: socket) && Date() < deadline {
                Thread.sleep(forTimeInterval: 0.01)
            }
            try? handle.close()
            if server.isRunning && files.fileExists(atPath: socket) { return (server, number) }
            stopServer((server, number))
        }
        let log = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        throw Failure("could not start Xvfb on any display in \(displays); its last log:\n\(log)")
    }

    /// Runs a tool to the end and returns what it printed; kills it and
    /// throws if it takes longer than `timeout` seconds or fails.
    static func runTool(_ path: String, _ arguments: [String], display: String, timeout: Double) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        process.environment = environment
        // A file, not a pipe: a full pipe would stall the tool while we poll.
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-xdotool-\(UUID())").path
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        defer { try? output.close() }
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let command = ([URL(fileURLWithPath: path).lastPathComponent] + arguments).joined(separator: " ")
        guard wait(for: process, timeout: timeout) else {
            throw Failure("`\(command)` did not finish in \(timeout) s; killed")
        }
        let printed = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw Failure("`\(command)` failed (\(process.terminationStatus)): \(printed)")
        }
        return printed
    }

    /// Stops an Xvfb server and removes its socket and lock file if they
    /// outlived it. Processes started from the test runner inherit its
    /// blocked signals, so SIGTERM may not reach Xvfb's cleanup and
    /// SIGKILL ends it instead, leaving both files behind; left there, they
    /// would use up the display numbers run after run.
    private static func stopServer(_ server: (process: Process, number: Int)) {
        stop(server.process)
        let lock = "/tmp/.X\(server.number)-lock"
        let owner = (try? String(contentsOfFile: lock, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard owner == nil || owner == server.process.processIdentifier else { return }
        try? FileManager.default.removeItem(atPath: lock)
        try? FileManager.default.removeItem(atPath: "/tmp/.X11-unix/X\(server.number)")
    }

    /// Waits for a process to exit; kills it and returns false at the deadline.
    private static func wait(for process: Process, timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        guard process.isRunning else { return true }
        stop(process)
        return false
    }

    /// Terminates a process if it still runs (SIGKILL after half a second
    /// of SIGTERM) and reaps it.
    private static func stop(_ process: Process) {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = Date().addingTimeInterval(0.5)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    // MARK: Finding executables

    /// A tool on the PATH, or a failure naming the package that provides it.
    private static func tool(_ name: String, package: String) throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") + ["/usr/bin"] {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw Failure("\(name) is not installed: install the Debian package \(package) (scripts/test installs xvfb, xauth and xdotool)")
    }

    /// The demo's executable: SwiftPM builds it into the same products
    /// directory as the test bundle (the test target depends on the demos),
    /// so it sits next to the running test executable.
    static func demoExecutable(_ name: String) throws -> String {
        var directories: [URL] = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
        if let first = CommandLine.arguments.first {
            let runner = URL(fileURLWithPath: first, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            directories.append(runner.deletingLastPathComponent())
            directories.append(runner.resolvingSymlinksInPath().deletingLastPathComponent())
        }
        for directory in directories {
            let candidate = directory.appendingPathComponent(name).standardizedFileURL.path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw Failure("no \(name) executable next to the tests in \(directories.map(\.path)); build with `swift build --build-tests`")
    }
}
