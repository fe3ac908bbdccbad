import Foundation
import Tactile
@testable import TactileDebugDrawing
import Testing
@testable import AirHockey
@testable import GestureLab
@testable import TactileSDL

extension SDLIntegration {
    /// The input debugger's overlay over demos run headless from their
    /// shipped traces, switched on from the first frame: the screenshot,
    /// checked by pixels where the overlay draws the touches, the layer
    /// outlines and the timeline, against the same frame with it off.
    @Suite @MainActor struct InputDebuggerInDemos {
        static func trace(_ name: String) -> String {
            URL(fileURLWithPath: #filePath)
                .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Assets/Traces/\(name)").path
        }

        /// What a screenshot holds of the overlay's colours.
        struct Seen {
            var ringsAroundTouches = 0
            var hitLayerOutline = 0
            var timelineText = 0
            var touches = 0
        }

        /// Runs `game` from `trace` to `frames`, with the debugger on or
        /// not, and counts the overlay's colours in its last frame.
        func run(_ game: some CanvasGame, scene: Scene, app: SDLApp, debugger on: Bool) throws -> Seen {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("debugger-\(UUID()).png").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            app.saveScreenshotOfLastFrame(to: path)
            app.loop.scene = scene
            try app.runWithInputDebugger(game) { $0.isRecording = on }
            let image = try Image(contentsOfFile: path)
            var seen = Seen()
            let touches = scene.event.allTouches.filter { $0.phase != .ended && $0.phase != .cancelled }
            seen.touches = touches.count
            for touch in touches {
                let centre = touch.location
                for y in max(0, Int(centre.y) - 26)..<min(image.height, Int(centre.y) + 26) {
                    for x in max(0, Int(centre.x) - 26)..<min(image.width, Int(centre.x) + 26)
                    where image.pixel(x: x, y: y) == InputDebugOverlay.ring {
                        seen.ringsAroundTouches += 1
                    }
                }
            }
            let band = image.height - Int(Double(InputDebugOverlay(debugger: InputDebugger(loop: app.loop)).timelineRows) * InputDebugOverlay.lineHeight) - 8
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let pixel = image.pixel(x: x, y: y)
                    if pixel == InputDebugOverlay.hitLayer { seen.hitLayerOutline += 1 }
                    if y >= band && pixel == InputDebugOverlay.timelineText { seen.timelineText += 1 }
                }
            }
            return seen
        }

        func configuration(_ trace: String, frames: Int) -> SDLApp.Configuration {
            var configuration = SDLApp.Configuration(title: "debugger-test")
            configuration.headless = true
            configuration.replayPath = Self.trace(trace)
            configuration.frameLimit = frames
            return configuration
        }

        func expectOverlay(on: Seen, off: Seen, _ demo: String) {
            #expect(on.touches > 0 && on.touches == off.touches, "\(demo): touches down at the last frame, on \(on.touches), off \(off.touches)")
            #expect(on.ringsAroundTouches > 60 * on.touches && on.ringsAroundTouches > 4 * max(1, off.ringsAroundTouches),
                    "\(demo): rings around the touches, on \(on.ringsAroundTouches), off \(off.ringsAroundTouches)")
            #expect(on.hitLayerOutline > off.hitLayerOutline + 100, "\(demo): hit-layer outline, on \(on.hitLayerOutline), off \(off.hitLayerOutline)")
            #expect(on.timelineText > 300 && off.timelineText < 20, "\(demo): timeline text, on \(on.timelineText), off \(off.timelineText)")
        }

        @Test func overTheGestureLab() throws {
            func seen(_ on: Bool) throws -> Seen {
                let app = try SDLApp(configuration("gesturelab.trace", frames: GestureLabGame.showcaseFrame))
                let game = try GestureLabGame()
                return try run(game, scene: game.scene, app: app, debugger: on)
            }
            expectOverlay(on: try seen(true), off: try seen(false), "gesturelab")
        }

        @Test func overAirHockey() throws {
            func seen(_ on: Bool) throws -> Seen {
                let app = try SDLApp(configuration("airhockey.trace", frames: AirHockeyGame.showcaseFrame))
                let game = try AirHockeyGame()
                app.loop.addInput(game.roster)
                return try run(game, scene: game.scene, app: app, debugger: on)
            }
            expectOverlay(on: try seen(true), off: try seen(false), "airhockey")
        }
    }
}
