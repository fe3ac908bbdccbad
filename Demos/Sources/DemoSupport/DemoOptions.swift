import Foundation
import TactileDebugDrawing
import TactileSDL

/// The command line every demo shares, and where demos find their assets.
///
/// ```
/// --replay FILE      play a recorded trace (attract mode)
/// --record FILE      write everything you do to a trace
/// --frames N         stop after N frames
/// --screenshot FILE  save the last frame as a PNG
/// --headless         no window even with a display (dummy video driver)
/// --timing           time each frame's phases; print a summary at the end
/// --help
/// ```
///
/// With no display a demo runs headless; if it was given no trace it plays
/// its own from `Assets/Traces/` up to a frame that shows it busy and saves
/// a screenshot to `out/`, so that running it on a server still shows it
/// working.
public struct DemoOptions: Equatable {
    public var replayPath: String?
    public var recordPath: String?
    public var frameLimit: Int?
    public var screenshotPath: String?
    public var headless = !SDLSetup.hasDisplay
    /// Whether to measure the frames' phases and print ``FrameTiming``'s
    /// summary when the demo ends (see ``reportTiming(of:name:)``).
    public var measuresTiming = false
    public var showHelp = false

    public init() {}

    /// A command line that is not understood.
    public struct UsageError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Parses `arguments` (without the program name).
    public init(arguments: [String]) throws(UsageError) {
        var remaining = arguments[...]
        func value(for flag: String) throws(UsageError) -> String {
            guard let value = remaining.popFirst(), !value.hasPrefix("--") else {
                throw UsageError(description: "\(flag) needs a value")
            }
            return value
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--replay": replayPath = try value(for: argument)
            case "--record": recordPath = try value(for: argument)
            case "--screenshot": screenshotPath = try value(for: argument)
            case "--frames":
                let text = try value(for: argument)
                guard let frames = Int(text), frames > 0 else {
                    throw UsageError(description: "--frames needs a positive whole number, not '\(text)'")
                }
                frameLimit = frames
            case "--headless": headless = true
            case "--timing": measuresTiming = true
            case "--help", "-h": showHelp = true
            default: throw UsageError(description: "unknown option '\(argument)' (try --help)")
            }
        }
    }

    /// The usage text for a demo called `name`.
    public static func usage(name: String, summary: String, controls: String) -> String {
        """
        \(name): \(summary)

        Usage: \(name) [--replay FILE] [--record FILE] [--frames N] [--screenshot FILE] [--headless] [--timing]

          --replay FILE      play a recorded input trace, as if someone were playing
          --record FILE      record your input to a trace file when the demo ends
          --frames N         stop after N frames
          --screenshot FILE  save the last frame as a PNG
          --headless         run without a window (automatic when there is no display)
          --timing           time input, update, render and the whole frame; print
                             mean, p99 and max per phase to stderr when the demo ends

        With no display and no --replay, the demo plays its own trace from
        Assets/Traces up to a frame that shows it busy, and saves a screenshot
        to out/.

        Controls:
        \(controls)
        """
    }

    /// The app configuration these options ask for. A headless run without
    /// a trace of its own plays `defaultTrace` (a file in `Assets/Traces`)
    /// up to `showcaseFrame`, a frame chosen to show the demo busy, and saves
    /// its screenshot to `out/<name>.png`.
    public func configuration(title: String, name: String, defaultTrace: String, showcaseFrame: Int) throws -> DemoConfiguration {
        var configuration = SDLApp.Configuration(title: title)
        configuration.headless = headless
        configuration.frameLimit = frameLimit
        configuration.replayPath = replayPath
        configuration.recordPath = recordPath
        configuration.measuresFrameTiming = measuresTiming
        var screenshot = screenshotPath
        if headless && replayPath == nil {
            configuration.replayPath = try Assets.path(of: "Traces/\(defaultTrace)")
            configuration.frameLimit = frameLimit ?? showcaseFrame
            if screenshot == nil {
                try FileManager.default.createDirectory(atPath: "out", withIntermediateDirectories: true)
                screenshot = "out/\(name).png"
            }
        }
        return DemoConfiguration(app: configuration, screenshotPath: screenshot)
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
        if let screenshotPath { app.saveScreenshotOfLastFrame(to: screenshotPath) }
        return app
    }
}

extension DemoOptions {
    /// With `--timing`, prints `app`'s frame timing to stderr, each line
    /// prefixed with the demo's `name`: one line per phase (mean, p50, p99,
    /// max in µs, shares of a 60 Hz frame), then the achieved frame rate.
    /// Without it, does nothing.
    @MainActor
    public func reportTiming(of app: SDLApp, name: String) {
        guard measuresTiming, let timing = app.frameTiming else { return }
        let text = timing.description.split(separator: "\n").map { "\(name): \($0)\n" }.joined()
        FileHandle.standardError.write(Data(text.utf8))
    }
}

/// Finds the files the demos ship with in `Assets/`.
public enum Assets {
    /// A file or folder that should be there and is not.
    public struct MissingAsset: Error, CustomStringConvertible {
        public let name: String
        public let searched: [String]
        public var description: String {
            "missing asset '\(name)': looked in \(searched.joined(separator: ", ")). "
                + "Run the demo from the Tactile checkout or set TACTILE_ASSETS to its Demos/Assets folder."
        }
    }

    /// The path of `name` inside the Assets folder: `$TACTILE_ASSETS`, else
    /// `Assets/` or `Demos/Assets/` in the current folder or the nearest
    /// folder above it that has one (so a demo finds them run from the
    /// Demos package or from the repository root).
    public static func path(of name: String) throws(MissingAsset) -> String {
        var searched: [String] = []
        for folder in candidateFolders() {
            let path = "\(folder)/\(name)"
            searched.append(folder)
            if FileManager.default.fileExists(atPath: path) { return path }
        }
        throw MissingAsset(name: name, searched: searched)
    }

    private static func candidateFolders() -> [String] {
        if let folder = ProcessInfo.processInfo.environment["TACTILE_ASSETS"], !folder.isEmpty {
            return [folder]
        }
        var folders: [String] = []
        var directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        while true {
            folders.append(directory.appendingPathComponent("Assets").path)
            folders.append(directory.appendingPathComponent("Demos/Assets").path)
            let parent = directory.deletingLastPathComponent()
            if parent.path == directory.path { break }
            directory = parent
        }
        return folders
    }
}
