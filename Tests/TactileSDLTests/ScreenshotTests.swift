import Foundation
import Tactile
import TactileSDL
import Testing
@testable import TactileDebugDrawing

extension SDLIntegration {
    /// PNG screenshots through SDL_image, opened at run time: written with
    /// `IMG_SavePNG` and read back with `IMG_Load`, and what a game gets when
    /// SDL_image is missing (an error from the screenshot, a finished run).
    @Suite(.serialized) @MainActor struct ScreenshotTests {
        init() throws {
            try SDLSetup.start(videoDriver: .dummy)
        }

        func temporaryPath(_ name: String) -> String {
            FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID())-\(name)").path
        }

        @Test func aPNGReadsBackAsTheSameImage() throws {
            let image = Self.testPattern(width: 23, height: 17)
            let path = temporaryPath("pattern.png")
            defer { try? FileManager.default.removeItem(atPath: path) }
            try image.writePNG(to: path)
            let bytes = try #require(FileManager.default.contents(atPath: path))
            #expect(bytes.starts(with: [137, 80, 78, 71, 13, 10, 26, 10]), "not a PNG signature")
            #expect(try Image(contentsOfFile: path) == image)
        }

        @Test func anAppSavesItsLastFrame() throws {
            /// Fills the frame with one colour per frame index, so the
            /// screenshot shows which frame it was taken of.
            final class Painter: Game {
                func handle(_ event: InputEvent) {}
                func update(step: Double, now: Double) {}
                func render(in context: RenderContext) {
                    guard let renderer = context.renderer else { return }
                    SDL_SetRenderDrawColor(renderer, UInt8(context.frameIndex * 10), 200, 40, 255)
                    SDL_RenderClear(renderer)
                }
            }
            var configuration = SDLApp.Configuration(title: "screenshot-test")
            configuration.headless = true
            configuration.width = 64
            configuration.height = 48
            configuration.frameLimit = 5
            let path = temporaryPath("frame.png")
            defer { try? FileManager.default.removeItem(atPath: path) }
            let app = try SDLApp(configuration)
            app.saveScreenshotOfLastFrame(to: path)
            try app.run(Painter())
            let shot = try Image(contentsOfFile: path)
            #expect(shot.width == 64 && shot.height == 48)
            #expect(shot.pixel(x: 10, y: 10) == Color(r: 40, g: 200, b: 40))
        }

        @Test func aFileThatCannotBeWrittenOrReadNamesItsPath() {
            let folder = "/nonexistent-tactile-folder"
            #expect {
                try Self.testPattern(width: 2, height: 2).writePNG(to: "\(folder)/shot.png")
            } throws: { error in
                guard case .failed(let operation, let path, let message)? = error as? SDLImageError else { return false }
                return operation == "IMG_SavePNG" && path == "\(folder)/shot.png" && !message.isEmpty
            }
            #expect {
                try Image(contentsOfFile: "\(folder)/missing.png")
            } throws: { error in
                guard case .failed(let operation, let path, _)? = error as? SDLImageError else { return false }
                return operation == "IMG_Load" && path == "\(folder)/missing.png"
            }
        }

        /// A machine without SDL_image: the screenshot is an error that says
        /// what to install, and the game has run every frame and written its
        /// recording all the same.
        @Test func withoutSDLImageTheGameRunsAndTheScreenshotSaysWhy() throws {
            SDLImageLibrary.candidates = ["libSDL2_image-not-installed.so.0"]
            defer { SDLImageLibrary.candidates = SDLImageLibrary.defaultCandidates }

            #expect {
                try Self.testPattern(width: 2, height: 2).writePNG(to: temporaryPath("never.png"))
            } throws: { error in
                guard case .libraryMissing(let tried, let reasons)? = error as? SDLImageError else { return false }
                return tried == ["libSDL2_image-not-installed.so.0"] && reasons.count == 1
                    && String(describing: error).contains("SDL_image is not installed")
            }

            final class Counter: Game {
                var frames = 0
                func handle(_ event: InputEvent) {}
                func update(step: Double, now: Double) {}
                func render(in context: RenderContext) { frames += 1 }
            }
            var configuration = SDLApp.Configuration(title: "no-sdl-image")
            configuration.headless = true
            configuration.frameLimit = 7
            let recording = temporaryPath("run.trace")
            configuration.recordPath = recording
            defer { try? FileManager.default.removeItem(atPath: recording) }
            let app = try SDLApp(configuration)
            app.saveScreenshotOfLastFrame(to: temporaryPath("never.png"))
            let game = Counter()
            #expect(throws: SDLImageError.self) { try app.run(game) }
            #expect(game.frames == 7)
            #expect(FileManager.default.fileExists(atPath: recording))
        }

        /// A game that draws with its own means gets no SDL renderer; asking
        /// for a screenshot then is an error, not a crash.
        @Test func aGameOwnedWindowHasNoRendererToScreenshot() throws {
            final class OwnDrawing: Game {
                var renderers: [OpaquePointer?] = []
                func handle(_ event: InputEvent) {}
                func update(step: Double, now: Double) {}
                func render(in context: RenderContext) { renderers.append(context.renderer) }
            }
            var configuration = SDLApp.Configuration(title: "game-owned")
            configuration.headless = true
            configuration.rendering = .gameOwned
            configuration.frameLimit = 3
            let app = try SDLApp(configuration)
            #expect(app.renderer == nil)
            app.saveScreenshotOfLastFrame(to: temporaryPath("never.png"))
            let game = OwnDrawing()
            #expect(throws: SDLError.self) { try app.run(game) }
            #expect(game.renderers.count == 3 && game.renderers.allSatisfy { $0 == nil })
        }

        /// Flat, ramped and noisy rows, so that different PNG filters win on
        /// different rows and every filter's arithmetic (including wrap-around)
        /// is exercised.
        private static func testPattern(width: Int, height: Int) -> Image {
            var rgb: [UInt8] = []
            var noise: UInt32 = 12345
            for y in 0..<height {
                for x in 0..<width {
                    switch y % 3 {
                    case 0:
                        rgb += [200, 40, 90]
                    case 1:
                        rgb += [UInt8(truncatingIfNeeded: x * 13), UInt8(truncatingIfNeeded: x * 7 + y), UInt8(truncatingIfNeeded: 255 - x * 5)]
                    default:
                        for _ in 0..<3 {
                            noise = noise &* 1_103_515_245 &+ 12345
                            rgb.append(UInt8(truncatingIfNeeded: noise >> 16))
                        }
                    }
                }
            }
            return Image(width: width, height: height, rgb: rgb)
        }
    }
}
