import Foundation
@_spi(StrokeTuning) import Tactile
import TactileDebugDrawing
import TactileTestSupport
import Testing
@testable import Spells
@testable import TactileSDL

extension SDLIntegration {
    /// The Spells demo run headless from its shipped trace, as `scripts/demo
    /// spells` runs it without a display. What each drawing of the trace
    /// should give is in `scripts/make-spells-trace.py`.
    @Suite @MainActor struct SpellsDemo {
        static let trace = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Assets/Traces/spells.trace").path

        func run(trace: String = Self.trace, frames: Int? = nil, screenshot: String? = nil) throws -> (SDLApp, SpellsGame) {
            var configuration = SDLApp.Configuration(title: "spells-test")
            configuration.headless = true
            configuration.replayPath = trace
            configuration.frameLimit = frames
            let app = try SDLApp(configuration)
            if let screenshot { app.saveScreenshotOfLastFrame(to: screenshot) }
            let game = SpellsGame()
            app.loop.scene = game.scene
            try app.run(game)
            return (app, game)
        }

        /// Spells learns the player's drawings (on by default): the trace's
        /// clear drawings are learned, and a second run learns the same ones
        /// and casts the same spells.
        @Test func theTraceIsLearnedTheSameWayEachRun() throws {
            let (_, one) = try run()
            let (_, two) = try run()
            #expect(one.shapesLearned > 0)
            #expect(one.spell.adaptation == two.spell.adaptation)
            #expect(one.log == two.log && one.score == two.score)
        }

        @Test func theTraceCastsAtTheEnemiesItDrawsOver() throws {
            let (_, game) = try run()
            #expect(game.log.count == 8, "\(game.log)")
            #expect(Array(game.log.prefix(4)) == [
                "cast circle at 1 circle: defeated",       // a finger
                "cast zigzag at 2 triangle: resisted",     // the mouse, the wrong shape
                "cast triangle at 2 triangle: defeated",   // the mouse
                "cast zigzag at 3 zigzag: defeated",       // a controller's cursor
            ])
            // The spiral lies near the circle's cloud but is no shape of the set.
            #expect(game.log[4].hasPrefix("fizzle"), "\(game.log[4])")
            #expect(Array(game.log.suffix(3)) == [
                "cast check at 1 check: defeated",
                "cast x at 2 rectangle: resisted",         // two strokes, one drawing
                "cast line at nothing",                    // drawn over no enemy
            ])
            #expect(game.score == 4)
            // Every place has an enemy standing again, each the next of its place.
            #expect(game.enemies.map(\.weakness) == ["caret", "rectangle", "star"])
            #expect(game.enemies.allSatisfy { $0.defeatedAt == nil })
        }

        /// A triangle drawn a side at a time, and a star a line at a time,
        /// cast as in one stroke: the built-in set joins a drawing's strokes
        /// when its templates' samples have another stroke count. With the
        /// strokes apart (as until session 32) the star is named right and
        /// rejected: it would fizzle.
        @Test func shapesDrawnALineAtATimeCast() throws {
            let game = SpellsGame()
            var script = InputScript()
            func draw(_ corners: [Point]) -> [[Point]] {
                var strokes: [[Point]] = []
                for (a, b) in zip(corners, corners.dropFirst() + [corners[0]]) {
                    var finger = script.touchDown(at: a)
                    var stroke = [a]
                    for step in 1...12 {
                        let t = Double(step) / 12
                        let point = Point(x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y))
                        script.move(&finger, to: point, over: 1.0 / 60)
                        stroke.append(point)
                    }
                    script.lift(finger)
                    script.wait(0.2)
                    strokes.append(stroke)
                }
                script.wait(0.6)   // the recognizer's pause: the drawing is finished
                for event in script.events { game.scene.send(event) }
                game.scene.advanceTime(to: script.time)
                script = InputScript(start: script.time)
                return strokes
            }
            // The second place's enemy (window x 300–500, y 194–394) falls to a triangle.
            let triangle = draw([Point(x: 400, y: 215), Point(x: 320, y: 370), Point(x: 480, y: 370)])
            #expect(game.log == ["cast triangle at 2 triangle: defeated"])
            let star = draw((0..<5).map { k in
                let angle = -Double.pi / 2 + Double(k) * 4 * Double.pi / 5
                return Point(x: 640 + 85 * cos(angle), y: 294 + 85 * sin(angle))
            })
            #expect(game.log.count == 2)
            #expect(game.log.last == "cast star at 3 zigzag: resisted", "\(game.log)")
            // The strokes apart: the star named right and rejected (it would fizzle).
            var apart = StrokeMatchingParameters.standard
            apart.joinsStrokes = false
            let plain = try #require(StrokeClassifier(parameters: apart).classify(strokes: star))
            #expect(plain.name == "star" && !plain.isConfident())
            let joined = try #require(SpellsGame().spell.classifier.classify(strokes: triangle))
            #expect(joined.name == "triangle" && joined.isConfident())
        }

        @Test func theScreenshotShowsTheShowcaseFrame() throws {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("spells-\(UUID()).png").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            let (_, game) = try run(frames: SpellsGame.showcaseFrame, screenshot: path)
            #expect(game.score == 2)
            #expect(game.enemies[1].defeatedAt != nil && game.enemies[2].defeatedAt == nil)
            #expect(!game.spell.ink.isEmpty)

            let image = try Image(contentsOfFile: path)
            #expect(image.width == 800 && image.height == 600)
            // Enemy 3 stands; enemy 2's place is empty; enemy 1 is the next one (check).
            let enemy3 = image.pixel(x: 550, y: 200)
            #expect(enemy3.isClose(to: SpellsGame.enemyFill, tolerance: 4), "enemy 3: \(enemy3)")
            let empty = image.pixel(x: 310, y: 200)
            #expect(empty.isClose(to: SpellsGame.background, tolerance: 4), "enemy 2's place: \(empty)")
            // The ink of the zigzag so far, along its first segment from (580, 254).
            let ink = (0...10).map { step in image.pixel(x: 580 + 2 * step, y: 254 + Int(Double(2 * step) * 80 / 24)) }
            #expect(ink.contains { $0.isClose(to: SpellsGame.inkColor, tolerance: 30) }, "no ink on the zigzag's first segment: \(ink)")
        }
    }
}
