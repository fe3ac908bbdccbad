import Foundation
import TactileDebugDrawing
import TactileOptions
import TactileSDL

/// What every demo adds to the shared command line (`GameOptions`, from
/// the TactileOptions product): its own trace to play when there is no
/// display, and where it finds its assets.
///
/// With no display and no `--replay`, a demo plays its own trace from
/// `Assets/Traces/` up to a frame that shows it busy and saves a screenshot
/// to `out/`, so that running it on a server still shows it working.
extension GameOptions {
    /// The app configuration these options ask for. A headless run without
    /// a trace of its own plays `defaultTrace` (a file in `Assets/Traces`)
    /// up to `showcaseFrame`, a frame chosen to show the demo busy, and saves
    /// its screenshot to `out/<name>.png`.
    public func demoConfiguration(title: String, name: String, defaultTrace: String, showcaseFrame: Int) throws -> DemoConfiguration {
        var configuration = configuration(title: title)
        var screenshotPath = screenshot
        if configuration.headless && replay == nil {
            configuration.replayPath = try Assets.path(of: "Traces/\(defaultTrace)")
            configuration.frameLimit = frames ?? showcaseFrame
            if screenshotPath == nil {
                try FileManager.default.createDirectory(atPath: "out", withIntermediateDirectories: true)
                screenshotPath = "out/\(name).png"
            }
        }
        return DemoConfiguration(app: configuration, screenshotPath: screenshotPath)
    }

    /// The text after a demo's usage line: its controls, and what a run
    /// without a display does.
    public static func demoDiscussion(controls: String) -> String {
        """
        With no display and no --replay, the demo plays its own trace from \
        Assets/Traces up to a frame that shows it busy, and saves a screenshot to out/.

        Controls:
        \(controls)
          debugger   Ctrl+Shift+D or both stick clicks on a controller show the input debugger;
                     while it shows, Ctrl+Shift+P pauses, N steps a frame, E a sub-event,
                     S saves the last 30 s of input as a trace; on a controller, Back with
                     Start pauses, with the right shoulder steps a frame, the left a sub-event
        """
    }
}

/// How a demo runs: the app's configuration, and where to save the last
/// frame (screenshots are debug drawing's, not the app's).
public struct DemoConfiguration {
    public var app: SDLApp.Configuration
    /// Where to save a PNG of the last frame, if anywhere.
    public var screenshotPath: String?

    /// The app, with the screenshot of its last frame arranged.
    @MainActor
    public func makeApp() throws -> SDLApp {
        let app = try SDLApp(self.app)
        FocusAnnouncement.arrangeIfAsked()
        if let screenshotPath { app.saveScreenshotOfLastFrame(to: screenshotPath) }
        return app
    }
}
