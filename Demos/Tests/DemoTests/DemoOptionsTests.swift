import DemoSupport
import Foundation
import TactileOptions
import Testing

/// The demos' use of the shared options: their own trace when headless, and
/// a bad command line turned away by the real executable.
extension SDLIntegration {
    @Suite @MainActor struct DemoOptionsTests {
        /// Headless with no trace of its own, a demo plays its shipped trace
        /// up to its showcase frame and saves a screenshot to out/.
        @Test func aHeadlessRunWithoutAReplayPlaysTheDemosOwnTrace() throws {
            let options = try GameOptions.parse(["--headless"])
            let configuration = try options.demoConfiguration(title: "t", name: "touches", defaultTrace: "touches.trace", showcaseFrame: 190)
            #expect(configuration.app.replayPath?.hasSuffix("Assets/Traces/touches.trace") == true)
            #expect(configuration.app.frameLimit == 190)
            #expect(configuration.screenshotPath == "out/touches.png")
        }

        @Test func whatIsGivenWins() throws {
            let options = try GameOptions.parse(["--headless", "--replay", "a.trace", "--frames", "5", "--screenshot", "b.png", "--timing"])
            let configuration = try options.demoConfiguration(title: "t", name: "touches", defaultTrace: "touches.trace", showcaseFrame: 190)
            #expect(configuration.app.replayPath == "a.trace" && configuration.app.frameLimit == 5)
            #expect(configuration.screenshotPath == "b.png" && configuration.app.measuresFrameTiming)
        }

        /// The built demo given a bad flag or value: the usage on standard
        /// error and a non-zero exit (64, EX_USAGE), never a crash; `--help`
        /// lists the shared options and the demo's controls and exits 0.
        @Test(arguments: [["--bogus"], ["--frames", "zero"], ["--frames", "0"], ["--replay"]])
        func aBadCommandLineIsAUsageErrorOfTheExecutable(arguments: [String]) throws {
            let (status, _, errors) = try runDemo("touches", arguments)
            #expect(status == 64, "exit status \(status) for \(arguments)")
            #expect(errors.contains("Usage: touches"), "stderr: \(errors)")
        }

        @Test func helpListsTheOptionsAndTheControls() throws {
            let (status, output, _) = try runDemo("arcade", ["--help"])
            #expect(status == 0)
            for text in ["USAGE: arcade", "--replay", "--screenshot", "--headless", "--timing", "Controls:", "double-tap"] {
                #expect(output.contains(text), "\(text) missing from: \(output)")
            }
        }

        /// Runs the demo's executable, built next to the tests, and returns
        /// its exit status, standard output and standard error.
        func runDemo(_ name: String, _ arguments: [String]) throws -> (Int32, String, String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: try XvfbSession.demoExecutable(name))
            process.arguments = arguments
            let output = Pipe(), errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            let out = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let err = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, out, err)
        }
    }
}
