import Tactile
import TactileSDL

extension SDLApp {
    /// Saves the last frame of the run as a PNG file at `path`: sets
    /// `SDLApp/lastFrameRendered` to read the frame back from the app's
    /// renderer and write it with SDL_image.
    ///
    /// ```swift
    /// let app = try SDLApp(configuration)
    /// app.saveScreenshotOfLastFrame(to: "out/frame.png")
    /// try app.run(game)
    /// ```
    ///
    /// The run's error, if the screenshot fails, says why: SDL_image missing
    /// (``SDLImageError/libraryMissing(tried:reasons:)``; the game has run to
    /// its end all the same), the file not writable, or an app with
    /// `SDLApp/Rendering/gameOwned` rendering, which has no renderer to read.
    public func saveScreenshotOfLastFrame(to path: String) {
        lastFrameRendered = { context in
            guard let renderer = context.renderer else {
                throw SDLError("screenshot", message: "the app has no SDL renderer to read (Rendering.gameOwned): the game draws itself")
            }
            try Canvas(renderer: renderer).readPixels().writePNG(to: path)
        }
    }
}
