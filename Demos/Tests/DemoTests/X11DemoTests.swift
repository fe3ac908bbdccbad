import Foundation
import Tactile
@testable import TactileDebugDrawing
import Testing
@testable import AirHockey
@testable import Arcade
@testable import GestureLab
@testable import OwnLoop
@testable import Spells
@testable import TactileSDL
@testable import TiltMaze
@testable import Touches

extension SDLIntegration {
    /// Each demo's executable in a real X11 window on its own Xvfb server,
    /// driven with xdotool's mouse and keys (see `XvfbSession`), checked
    /// through what the run leaves: the trace `--record` wrote (the pump's
    /// events, so what SDL made of the X input) and the screenshot of the
    /// last frame (what the game made of it).
    ///
    /// The windows run on the real clock, so the checks allow for timing:
    /// a click is "a mouse down within a point of (x, y)", never "at frame
    /// n", and each drive ends by pressing Escape while what it checks is
    /// still on screen.
    @Suite @MainActor struct X11Demos {
        /// Window points match within a point: X reports whole pixels.
        static func near(_ a: Point, _ b: Point, within tolerance: Double = 1) -> Bool {
            abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
        }

        /// The pointer events of `kind` and `phase`, for the messages and the checks.
        static func events(_ run: XvfbSession.Run, _ kind: PointerKind, _ phase: PointerEvent.Phase) -> [Point] {
            run.pointerEvents.filter { $0.kind == kind && $0.phase == phase }.map(\.location)
        }

        /// A click at (200, 150), then an Alt-drag from (500, 300) to
        /// (600, 300) held down while Escape quits: the mouse's contact
        /// lifted, the simulated pair mirrored about the centre still down.
        ///
        /// This test found a crash: in a window a lifted contact's end time
        /// can be a few milliseconds past the last update's time, and the
        /// demo's fade went above 1 and overflowed an alpha; the fade is
        /// clamped now.
        @Test func touchesShowsAClickAndAnAltDragsPair() throws {
            try touchesClickAndAltDrag()
        }

        func touchesClickAndAltDrag() throws {
            let run = try XvfbSession.run(demo: "touches", title: "Tactile: Touches") { window in
                try window.click(x: 200, y: 150)
                try window.keyDown("alt")
                try window.press(x: 500, y: 300)
                try window.drag(to: 600, 300, from: (500, 300))
                window.hold(0.2)
                try window.key("Escape")
                try window.release()
                try window.keyUp("alt")
            }
            let mouseDowns = Self.events(run, .mouse, .down), mouseUps = Self.events(run, .mouse, .up)
            #expect(mouseDowns.contains { Self.near($0, Point(x: 200, y: 150)) }, "mouse downs: \(mouseDowns)")
            #expect(mouseUps.contains { Self.near($0, Point(x: 200, y: 150)) }, "mouse ups: \(mouseUps)")
            // The pair: the pointer and its mirror image about (400, 300).
            let pairDowns = Self.events(run, .simulated, .down)
            #expect(pairDowns.count == 2 && pairDowns.contains { Self.near($0, Point(x: 500, y: 300)) }
                && pairDowns.contains { Self.near($0, Point(x: 300, y: 300)) }, "simulated downs: \(pairDowns)")
            let pairMoves = Self.events(run, .simulated, .move)
            #expect(pairMoves.contains { Self.near($0, Point(x: 600, y: 300)) } && pairMoves.contains { Self.near($0, Point(x: 200, y: 300)) },
                    "simulated moves: \(pairMoves)")
            #expect(run.keyEvents.contains { $0.isDown && $0.scancode == TouchesGame.escapeScancode })

            // Both simulated contacts drawn where the drag left them, in the pair's green.
            let want = TouchesGame.color(for: .simulated).blended(alpha: 200, over: TouchesGame.background)
            for centre in [Point(x: 600, y: 300), Point(x: 200, y: 300)] {
                let samples = (0..<8).map { step in
                    let angle = Double(step) * .pi / 4
                    return run.screenshot.pixel(x: Int(centre.x + 14 * cos(angle)), y: Int(centre.y + 14 * sin(angle)))
                }
                #expect(samples.count { $0.isClose(to: want) } >= 5, "around \(centre) expected \(want), saw \(samples)")
            }
        }

        /// An Alt-drag spreading a pair on the centre panel (a pinch), then a
        /// click on the TAP panel: both badges show "ended" at exit.
        @Test func gestureLabRecognizesAPinchAndATap() throws {
            let run = try XvfbSession.run(demo: "gesturelab", title: "Tactile: Gesture Lab") { window in
                try window.keyDown("alt")
                try window.press(x: 440, y: 300)
                try window.drag(to: 500, 300, from: (440, 300))
                try window.release()
                try window.keyUp("alt")
                try window.click(x: 228, y: 140)
                // A frame or two to draw the tap's badge; it stays a second.
                window.hold(0.2)
                try window.key("Escape")
            }
            let pairDowns = Self.events(run, .simulated, .down)
            #expect(pairDowns.contains { Self.near($0, Point(x: 440, y: 300)) } && pairDowns.contains { Self.near($0, Point(x: 360, y: 300)) },
                    "simulated downs: \(pairDowns)")
            #expect(Self.events(run, .simulated, .up).count == 2)
            #expect(Self.events(run, .mouse, .down).contains { Self.near($0, Point(x: 228, y: 140)) })
            #expect(Self.events(run, .mouse, .up).contains { Self.near($0, Point(x: 228, y: 140)) })

            // The badges' 14-point squares (`badgeRect`): the TAP panel's at
            // (128, 62), the pinch's (first row of the centre panel) at (248, 238).
            let ended = GestureLabGame.color(for: .ended)
            for (name, x, y) in [("tap", 135, 69), ("pinch", 255, 245)] {
                let seen = run.screenshot.pixel(x: x, y: y)
                #expect(seen.isClose(to: ended, tolerance: 4), "\(name) badge at (\(x), \(y)): expected ended \(ended), saw \(seen)")
            }
        }

        /// A circle drawn with the mouse over the first enemy (whose weakness
        /// is the circle, standing at (60...260, 194...394)): the real
        /// pump's mouse events through the stroke recognizer, and the enemy
        /// gone from the screen half a second after the button lifts.
        @Test func spellsCastsAMouseDrawnCircleAtTheEnemyUnderIt() throws {
            let run = try XvfbSession.run(demo: "spells", title: "Tactile: Spells") { window in
                let points = (0...24).map { step -> (x: Double, y: Double) in
                    let angle = -Double.pi / 2 + 2 * Double.pi * Double(step) / 24
                    return (160 + 60 * cos(angle), 294 + 60 * sin(angle))
                }
                // As the arcade's drive: the first frames go by before the drawing.
                window.hold(1)
                try window.press(x: points[0].x, y: points[0].y)
                for (from, to) in zip(points, points.dropFirst()) {
                    try window.drag(to: to.x, to.y, from: from, steps: 2, interval: 0.01)
                }
                try window.release()
                // The pause (0.5 s) decides the drawing; the next enemy comes 1 s later.
                window.hold(0.8)
                try window.key("Escape")
            }
            #expect(Self.events(run, .mouse, .down).contains { Self.near($0, Point(x: 160, y: 234)) },
                    "pointer events: \(run.pointerEvents.prefix(4)), output: \(run.output)")
            #expect(Self.events(run, .mouse, .move).count >= 24)
            let image = run.screenshot
            let place1 = image.pixel(x: 70, y: 204), place2 = image.pixel(x: 310, y: 204)
            #expect(place1.isClose(to: SpellsGame.background, tolerance: 4), "enemy 1 still stands: \(place1)")
            #expect(place2.isClose(to: SpellsGame.enemyFill, tolerance: 4), "enemy 2: \(place2)")
        }

        /// The input debugger switched on by its key chord in a real window:
        /// the chord reaches the pump as X keys, the debugger takes it, and
        /// the overlay's timeline is on the last frame with the decisions
        /// of a click made while it shows.
        @Test func theInputDebuggerShowsOnItsChord() throws {
            let run = try XvfbSession.run(demo: "gesturelab", title: "Tactile: Gesture Lab") { window in
                window.hold(0.3)
                try window.key("ctrl+shift+d")
                window.hold(0.2)
                try window.click(x: 228, y: 140)
                window.hold(0.3)
                try window.key("Escape")
            }
            let d = PhysicalKey.d.scancode
            #expect(run.keyEvents.contains { $0.isDown && $0.scancode == d && $0.modifiers.hasControl && $0.modifiers.hasShift },
                    "key events: \(run.keyEvents)")
            #expect(Self.events(run, .mouse, .down).contains { Self.near($0, Point(x: 228, y: 140)) })
            let image = run.screenshot
            let band = image.height - Int(12 * InputDebugOverlay.lineHeight) - 8
            var text = 0
            for y in band..<image.height {
                for x in 0..<image.width where image.pixel(x: x, y: y) == InputDebugOverlay.timelineText { text += 1 }
            }
            #expect(text > 300, "timeline text pixels at the bottom: \(text)")
        }

        /// A click on the first target (a tap target at (160, 180), live
        /// from 0.5 s to 3.5 s of the round): hit, scored, no life lost.
        @Test func arcadeScoresAClickOnTheFirstTarget() throws {
            let run = try XvfbSession.run(demo: "arcade", title: "Tactile: Arcade") { window in
                // The round's schedule is on the clock: the target pops up
                // 0.5 s after the start and waits three seconds.
                window.hold(0.9)
                try window.click(x: 160, y: 180)
                window.hold(0.2)
                try window.key("Escape")
            }
            #expect(Self.events(run, .mouse, .down).contains { Self.near($0, Point(x: 160, y: 180)) })
            #expect(Self.events(run, .mouse, .up).contains { Self.near($0, Point(x: 160, y: 180)) })

            let image = run.screenshot
            // The target is gone and its "+10" floats above where it was, in the hit green.
            let target = image.pixel(x: 160, y: 180)
            #expect(!target.isClose(to: ArcadeGame.color(for: .tap), tolerance: 40), "the tap target is still at (160, 180): \(target)")
            let floater = (100...220).flatMap { x in (90...160).map { y in image.pixel(x: x, y: y) } }
            #expect(floater.contains { Int($0.g) > Int($0.r) + 60 && Int($0.g) > Int($0.b) + 60 }, "no green \"+10\" above the target")
            // All three lives still full circles in the header.
            for x in [370, 400, 430] {
                let life = image.pixel(x: x, y: 22)
                #expect(life.isClose(to: ArcadeGame.missColor, tolerance: 4), "life at (\(x), 22): \(life)")
            }
        }

        /// The mouse takes the left paddle from its home at (170, 330) up to
        /// (170, 200); the Up arrow drives the right paddle up from (630, 330).
        @Test func airHockeyMovesThePaddlesByMouseAndKeys() throws {
            let run = try XvfbSession.run(demo: "airhockey", title: "Tactile: Air Hockey") { window in
                try window.press(x: 200, y: 260)
                try window.drag(to: 170, 200, from: (200, 260))
                try window.keyDown("Up")
                window.hold(0.3)
                try window.keyUp("Up")
                window.hold(0.2)
                try window.key("Escape")
                try window.release()
            }
            #expect(Self.events(run, .mouse, .down).contains { Self.near($0, Point(x: 200, y: 260)) })
            #expect(Self.events(run, .mouse, .move).contains { Self.near($0, Point(x: 170, y: 200)) })
            let up: Int32 = 82  // SDL_SCANCODE_UP
            #expect(run.keyEvents.contains { $0.isDown && $0.scancode == up } && run.keyEvents.contains { !$0.isDown && $0.scancode == up })

            // The camera has not moved, so window points are table points.
            let image = run.screenshot
            let left = image.pixel(x: 170, y: 212)
            #expect(left.isClose(to: AirHockeyGame.leftColor, tolerance: 4), "left paddle under the pointer at (170, 200): \(left)")
            #expect(!image.pixel(x: 170, y: 342).isClose(to: AirHockeyGame.leftColor, tolerance: 40), "the left paddle is still home")
            #expect(!image.pixel(x: 630, y: 342).isClose(to: AirHockeyGame.rightColor, tolerance: 40), "the right paddle is still home")
            let column = (Int(Rink.bounds.minY)..<300).map { image.pixel(x: 630, y: $0) }
            #expect(column.contains { $0.isClose(to: AirHockeyGame.rightColor, tolerance: 4) }, "the right paddle is not above its home")
        }

        /// The Down arrow tilts the simulated device (the source without
        /// sensors) and the marble rolls from its start down to the wall.
        @Test func tiltMazeRollsTheMarbleWithTheArrowKeys() throws {
            let run = try XvfbSession.run(demo: "tiltmaze", title: "Tactile: Tilt Maze") { window in
                try window.move(x: 400, y: 300)
                try window.keyDown("Down")
                window.hold(0.4)
                try window.keyUp("Down")
                window.hold(0.8)
                try window.key("Escape")
            }
            let down: Int32 = 81  // SDL_SCANCODE_DOWN
            #expect(run.keyEvents.contains { $0.isDown && $0.scancode == down } && run.keyEvents.contains { !$0.isDown && $0.scancode == down })

            // At zoom 1 the whole board is centred on the map below the
            // header: map (x, y) is drawn at (x + 20, y + 58), so the start
            // (62, 62) at (82, 120) and corridor 1's floor (y 170) at 228.
            var sum = (x: 0.0, y: 0.0), count = 0.0
            let image = run.screenshot
            for y in 0..<image.height {
                for x in 0..<image.width where image.pixel(x: x, y: y).isClose(to: TiltMazeGame.marbleColor, tolerance: 4) {
                    sum.x += Double(x); sum.y += Double(y); count += 1
                }
            }
            try #require(count > 50, "no marble on the screenshot")
            let marble = Point(x: sum.x / count, y: sum.y / count)
            #expect(abs(marble.x - 82) < 20 && marble.y > 150 && marble.y < 228, "the marble should have rolled down from (82, 120), is at \(marble)")
        }

        /// The own-loop demo, a plain SDL2 game: a click lights lantern 0,
        /// an Alt-drag spreading the pair vertically through the column gap
        /// at x 400 pinches the board to its largest zoom, and the Right
        /// arrow tilts the simulated device so the ball rolls right.
        @Test func ownLoopTakesAClickAPinchAndATilt() throws {
            let run = try XvfbSession.run(demo: "ownloop", title: "Tactile: Own Loop") { window in
                try window.click(x: 175, y: 110)
                try window.keyDown("alt")
                try window.press(x: 400, y: 360)
                try window.drag(to: 400, 420, from: (400, 360))
                try window.release()
                try window.keyUp("alt")
                try window.keyDown("Right")
                window.hold(0.4)
                try window.keyUp("Right")
                window.hold(0.8)
                try window.key("Escape")
            }
            #expect(Self.events(run, .mouse, .down).contains { Self.near($0, Point(x: 175, y: 110)) })
            let pairDowns = Self.events(run, .simulated, .down)
            #expect(pairDowns.contains { Self.near($0, Point(x: 400, y: 360)) } && pairDowns.contains { Self.near($0, Point(x: 400, y: 240)) },
                    "simulated downs: \(pairDowns)")
            let right: Int32 = 79  // SDL_SCANCODE_RIGHT
            #expect(run.keyEvents.contains { $0.isDown && $0.scancode == right })

            // The pair went from 120 to 240 points apart: scale 2, zoom
            // clamped to 1.6, where lantern 0's centre is (40, 20).
            let image = run.screenshot
            let lantern = image.pixel(x: 40, y: 20)
            #expect(lantern == Color(r: 255, g: 200, b: 90), "lantern 0 at (40, 20) should be lit: \(lantern)")
            // The zoom bar along the bottom reaches its end at zoom 1.6.
            #expect(image.pixel(x: 770, y: 589) == Color(r: 120, g: 230, b: 120), "zoom bar: \(image.pixel(x: 770, y: 589))")
            // The ball (its blue) is right of where it started, x 400.
            var sum = 0.0, count = 0.0
            for y in 400..<600 {
                for x in 0..<800 where image.pixel(x: x, y: y) == Color(r: 90, g: 200, b: 255) {
                    sum += Double(x); count += 1
                }
            }
            try #require(count > 50, "no ball on the screenshot")
            #expect(sum / count > 450, "the ball should have rolled right from x 400, is at x \(sum / count)")
        }
    }
}
