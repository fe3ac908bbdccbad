import Foundation
import TactileDebugDrawing
import TactileSDL

extension GameOptions {
    /// The app configuration these options ask for, for a window titled
    /// `title`. Headless when `--headless` was given or no display is
    /// reachable.
    public func configuration(title: String) -> SDLApp.Configuration {
        var configuration = SDLApp.Configuration(title: title)
        configuration.headless = headless || !SDLSetup.hasDisplay
        configuration.frameLimit = frames
        configuration.replayPath = replay
        configuration.recordPath = record
        configuration.measuresFrameTiming = timing
        configuration.warmsUpInput = !skipsWarmUp
        return configuration
    }

    /// An app with `configuration` (by default, ``configuration(title:)``),
    /// with the screenshot of its last frame arranged when `--screenshot`
    /// was given.
    ///
    /// - Throws: what `SDLApp.init` throws: `SDLError` when SDL cannot make
    ///   the window, `TraceError` when the replay is missing or malformed.
    @MainActor
    public func makeApp(title: String, configuration: SDLApp.Configuration? = nil) throws -> SDLApp {
        let app = try SDLApp(configuration ?? self.configuration(title: title))
        if let screenshot { app.saveScreenshotOfLastFrame(to: screenshot) }
        return app
    }

    /// With `--timing`, prints `app`'s frame timing to standard error, each
    /// line prefixed with `name`: one line per phase (mean, p50, p99, max in
    /// µs, shares of a 60 Hz frame), then the achieved frame rate. Without
    /// it, does nothing.
    @MainActor
    public func reportTiming(of app: SDLApp, name: String) {
        guard timing, let frameTiming = app.frameTiming else { return }
        let text = frameTiming.description.split(separator: "\n").map { "\(name): \($0)\n" }.joined()
        FileHandle.standardError.write(Data(text.utf8))
    }
}
