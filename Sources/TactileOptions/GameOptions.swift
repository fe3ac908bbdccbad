// A game's command is an ArgumentParser `ParsableCommand`: re-exported, so
// that `import TactileOptions` is all it needs and its package names no
// second dependency.
@_exported import ArgumentParser

/// The command-line options any Tactile game can offer, parsed by
/// swift-argument-parser: replay, record, frames, screenshot, headless,
/// timing and `--no-warm-up` (no `InputWarmUp` before the first frame),
/// with `--help` for free.
///
/// Include them in your game's command with `@OptionGroup`, and turn them
/// into an app with `makeApp(title:)`:
///
/// ```swift
/// import TactileOptions       // re-exports ArgumentParser
///
/// struct MyGameCommand: ParsableCommand {
///     static let configuration = CommandConfiguration(commandName: "mygame", abstract: "A game of mine.")
///     @OptionGroup var options: GameOptions
/// }
///
/// let command = MyGameCommand.parseOrExit()   // bad flags: usage on stderr, exit 64
/// let app = try command.options.makeApp(title: "My game")
/// try app.run(MyGame())
/// command.options.reportTiming(of: app, name: "mygame")
/// ```
///
/// Bad input never crashes: an unknown flag, a missing value or a
/// `--frames` that is not a positive whole number is a usage error, which
/// `parseOrExit()` reports with the usage text and exit status 64
/// (`EX_USAGE`).
///
/// The parser lives in this small product of its own so that `TactileSDL`
/// itself does not depend on swift-argument-parser; a game that parses its
/// command line another way fills in `SDLApp.Configuration` directly.
public struct GameOptions: ParsableArguments, Sendable {
    @Option(help: ArgumentHelp("Play a recorded input trace, as if someone were playing.", valueName: "file"))
    public var replay: String?

    @Option(help: ArgumentHelp("Record your input to a trace file when the game ends.", valueName: "file"))
    public var record: String?

    @Option(help: ArgumentHelp("Stop after this many frames.", valueName: "n"))
    public var frames: Int?

    @Option(help: ArgumentHelp("Save the last frame as a PNG (needs SDL_image at run time).", valueName: "file"))
    public var screenshot: String?

    @Flag(help: "Run without a window, on SDL's dummy video driver (automatic when there is no display).")
    public var headless = false

    @Flag(help: "Time input, update, render and present each frame; print mean, p99 and max per phase to stderr at the end.")
    public var timing = false

    @Flag(name: .customLong("no-warm-up"), help: "Skip the input warm-up before the first frame (InputWarmUp): a cold start, to measure one.")
    public var skipsWarmUp = false

    public init() {}

    public func validate() throws {
        if let frames, frames <= 0 {
            throw ValidationError("--frames needs a positive whole number, not \(frames)")
        }
    }
}
