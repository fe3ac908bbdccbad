import Tactile
import TactileSDL
import TactileTestSupport
import Testing

extension SDLIntegration {
    /// End to end, from SDL's queue to a game's action: a player whose hand
    /// is wider than the built-in templates draws with a finger, frame by
    /// frame at 60 Hz; the same events go to two scenes, one whose stroke
    /// recognizer adapts (``StrokeGestureRecognizer/adaptation``) and one
    /// whose does not. The adapting one learns as it recognizes, with no
    /// rebuild by the game, and recognizes more of the player's drawings as
    /// the right shape, while scribbles stay rejected about as often.
    @Suite @MainActor struct StrokeAdaptationFromSDL {
        @MainActor final class Player {
            let scene = Scene(size: Size(width: 800, height: 800))
            let strokes = StrokeGestureRecognizer(classifier: StrokeClassifier())
            var cast: [String] = []

            init(adapting: Bool) {
                let canvas = Layer(frame: Rect(x: 0, y: 0, width: 800, height: 800))
                scene.root.addChild(canvas)
                if adapting { strokes.adaptation = StrokeAdaptation() }
                canvas.addGestureRecognizer(strokes)
                strokes.addAction { [unowned self] recognizer in
                    // The game's action: the spell cast.
                    cast.append(recognizer.match?.name ?? "-")
                }
            }
        }

        /// One frame: the clock, SDL's queue to both scenes, their time.
        func frame(_ sdl: SDLHarness, _ players: [Player]) {
            sdl.clock.advance(by: 1.0 / 60)
            let events = sdl.drain()
            for player in players {
                for event in events { player.scene.send(event) }
                player.scene.advanceTime(to: sdl.clock.now)
            }
        }

        /// `drawing` drawn with one finger, two points a frame, then the
        /// pause let pass; what each player cast for it (nil: nothing).
        func draw(_ drawing: [[Point]], _ sdl: SDLHarness, _ players: [Player]) -> [String?] {
            let before = players.map(\.cast.count)
            for (index, stroke) in drawing.enumerated() {
                let finger = Int64(index + 1)
                func push(_ type: SDL_EventType, _ point: Point) {
                    sdl.pushFinger(type, finger: finger, x: Float(point.x / 800), y: Float(point.y / 800))
                }
                push(SDL_FINGERDOWN, stroke[0])
                for (step, point) in stroke.enumerated().dropFirst() {
                    push(SDL_FINGERMOTION, point)
                    if step % 2 == 0 { frame(sdl, players) }
                }
                push(SDL_FINGERUP, stroke[stroke.count - 1])
                frame(sdl, players)
                for _ in 0..<6 { frame(sdl, players) }   // 0.1 s to the next stroke
            }
            for _ in 0..<36 { frame(sdl, players) }      // the pause passes
            return zip(players, before).map { player, count in player.cast.count > count ? player.cast.last : nil }
        }

        @Test func anAdaptingRecognizerLearnsAsItRecognizesAndRecognizesMoreOfThePlayersHand() throws {
            let sdl = try SDLHarness(width: 800, height: 800)
            let adapting = Player(adapting: true), plain = Player(adapting: false)
            let players = [adapting, plain]
            frame(sdl, players)
            var synthesizer = StrokeSynthesizer(seed: 0x5D1)
            var right = (adapting: 0, plain: 0), rescued = 0, lost = 0, scribbles = (adapting: 0, plain: 0)
            var learned = 0
            for writer in 0..<4 {
                let hand = StrokeWriter(seed: 4_300 + UInt64(writer), habits: .wide)
                adapting.strokes.forgetLearnedDrawings()   // a new player
                for round in 0..<3 {
                    for shape in StrokeShape.allCases {
                        let drawing = synthesizer.drawing(of: shape, by: hand).map { $0.map { Point(x: $0.x + 100, y: $0.y + 100) } }
                        let cast = draw(drawing, sdl, players)
                        if adapting.strokes.learnedLastDrawing { learned += 1 }
                        // The first round teaches; the next two are counted.
                        guard round > 0 else { continue }
                        let (a, p) = (cast[0] == shape.rawValue, cast[1] == shape.rawValue)
                        if a { right.adapting += 1 }
                        if p { right.plain += 1 }
                        if a && !p { rescued += 1 }
                        if p && !a { lost += 1 }
                    }
                    for _ in 0..<4 {
                        let scribble = synthesizer.scribble().map { $0.map { Point(x: $0.x + 100, y: $0.y + 100) } }
                        let cast = draw(scribble, sdl, players)
                        if cast[0] != nil { scribbles.adapting += 1 }
                        if cast[1] != nil { scribbles.plain += 1 }
                    }
                }
            }
            let counted = 4 * 2 * StrokeShape.allCases.count
            print("adaptation from SDL, wide hands: \(right.plain) → \(right.adapting) of \(counted) cast right, \(rescued) rescued, \(lost) lost; \(learned) learned; scribbles cast \(scribbles.plain) → \(scribbles.adapting) of 48")
            #expect(learned > 0)
            #expect(adapting.strokes.classifier.templates == StrokeTemplate.builtIn)   // the game's set, untouched
            #expect(rescued > 0)
            #expect(right.adapting > right.plain)
            #expect(scribbles.adapting <= scribbles.plain + 2)
        }
    }
}
