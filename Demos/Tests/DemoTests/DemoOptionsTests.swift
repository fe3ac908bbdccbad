import DemoSupport
import Testing

/// The command line every demo shares.
struct DemoOptionsTests {
    @Test func everyOptionIsRead() throws {
        let options = try DemoOptions(arguments: ["--replay", "a.trace", "--record", "b.trace", "--frames", "12", "--screenshot", "c.png", "--headless"])
        #expect(options.replayPath == "a.trace")
        #expect(options.recordPath == "b.trace")
        #expect(options.frameLimit == 12)
        #expect(options.screenshotPath == "c.png")
        #expect(options.headless)
        #expect(!options.measuresTiming)
        #expect(try DemoOptions(arguments: ["--help"]).showHelp)
        #expect(try DemoOptions(arguments: ["--timing"]).measuresTiming)
        #expect(try DemoOptions(arguments: ["--timing", "--replay", "a.trace"]).configuration(title: "t", name: "t", defaultTrace: "touches.trace", showcaseFrame: 1).app.measuresFrameTiming)
    }

    @Test(arguments: [["--frames"], ["--frames", "0"], ["--frames", "x"], ["--replay", "--headless"], ["--bogus"]])
    func badCommandLinesAreUsageErrors(arguments: [String]) {
        #expect(throws: DemoOptions.UsageError.self) { try DemoOptions(arguments: arguments) }
    }
}
