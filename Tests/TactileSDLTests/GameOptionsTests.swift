import ArgumentParser
import Testing
import TactileOptions
import TactileSDL

/// The shared command line, parsed by swift-argument-parser: every option
/// read, and bad input a usage error with a non-zero exit, never a crash.
struct GameOptionsTests {
    @Test func everyOptionIsReadIntoTheAppConfiguration() throws {
        let options = try GameOptions.parse(["--replay", "a.trace", "--record", "b.trace", "--frames", "12",
                                             "--screenshot", "c.png", "--headless", "--timing"])
        #expect(options.replay == "a.trace" && options.record == "b.trace")
        #expect(options.frames == 12 && options.screenshot == "c.png")
        #expect(options.headless && options.timing)
        let configuration = options.configuration(title: "t")
        #expect(configuration.title == "t")
        #expect(configuration.headless)
        #expect(configuration.replayPath == "a.trace" && configuration.recordPath == "b.trace")
        #expect(configuration.frameLimit == 12)
        #expect(configuration.measuresFrameTiming)
    }

    @Test func nothingGivenIsTheDefaultConfiguration() throws {
        let options = try GameOptions.parse([])
        let configuration = options.configuration(title: "t")
        #expect(configuration.replayPath == nil && configuration.recordPath == nil && configuration.frameLimit == nil)
        #expect(!configuration.measuresFrameTiming)
        #expect(configuration.headless == !SDLSetup.hasDisplay)
        #expect(configuration.warmsUpInput)
    }

    @Test func noWarmUpTurnsTheInputWarmUpOff() throws {
        let options = try GameOptions.parse(["--no-warm-up"])
        #expect(options.skipsWarmUp)
        #expect(!options.configuration(title: "t").warmsUpInput)
    }

    @Test(arguments: [["--frames"], ["--frames", "0"], ["--frames", "-3"], ["--frames", "x"], ["--replay"], ["--bogus"], ["extra"]])
    func badCommandLinesAreUsageErrors(arguments: [String]) {
        do {
            _ = try GameOptions.parse(arguments)
            Issue.record("\(arguments) parsed")
        } catch {
            #expect(GameOptions.exitCode(for: error) != .success, "\(arguments)")
            #expect(!GameOptions.fullMessage(for: error).isEmpty)
        }
    }

    @Test func helpListsEveryOption() {
        let help = GameOptions.helpMessage()
        for option in ["--replay", "--record", "--frames", "--screenshot", "--headless", "--timing", "--no-warm-up", "--help"] {
            #expect(help.contains(option), "\(option) missing from: \(help)")
        }
    }
}
