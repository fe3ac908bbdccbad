import Testing
import Tactile   // not @testable

// What a game writes to act on a gesture, compiled against the public API
// only: actions receive the recognizer as its own type (no cast), a target
// is held weakly (a game that hands itself to its layers' recognizers is not
// kept alive by them), and requirements read without `try`.

@MainActor
struct TypedActionTests {
    /// A game in miniature: it owns its scene, whose layer's recognizers
    /// act on the game.
    @MainActor final class Game {
        let scene = Scene(size: Size(width: 400, height: 300))
        let board = Layer(frame: Rect(x: 0, y: 0, width: 200, height: 300), name: "board")
        let lens = Layer(frame: Rect(x: 200, y: 0, width: 200, height: 300), name: "lens")
        var zoom = 1.0
        var taps = 0
        var drags: [Point] = []

        init() {
            lens.isMultipleTouchEnabled = true
            scene.root.addChild(board)
            scene.root.addChild(lens)
            lens.addGestureRecognizer(PinchGestureRecognizer(target: self) { game, pinch in game.zoom = pinch.scale })
            board.addGestureRecognizer(TapGestureRecognizer(target: self) { game, _ in game.taps += 1 })
            board.addGestureRecognizer(PanGestureRecognizer(target: self, action: Game.drag))
        }

        func drag(_ pan: PanGestureRecognizer) {
            drags.append(pan.translation(in: board))
        }
    }

    func send(_ scene: Scene, _ finger: Int64, _ phase: PointerEvent.Phase, _ x: Double, _ y: Double, at time: Double) {
        let id = PointerID(kind: .finger, device: 1, index: finger)
        scene.send(InputEvent(timestamp: time, .pointer(PointerEvent(phase, id: id, location: Point(x: x, y: y)))))
    }

    @Test func aClosureActionReceivesItsRecognizersOwnType() {
        let scene = Scene(size: Size(width: 400, height: 300))
        let layer = Layer(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        layer.isMultipleTouchEnabled = true
        scene.root.addChild(layer)
        var scales: [Double] = []
        let pinch = PinchGestureRecognizer { pinch in scales.append(pinch.scale) }
        layer.addGestureRecognizer(pinch)
        send(scene, 1, .down, 100, 100, at: 0)
        send(scene, 2, .down, 200, 100, at: 0)
        send(scene, 2, .move, 300, 100, at: 0.1)
        send(scene, 1, .up, 100, 100, at: 0.2)
        #expect(scales.first.map { $0 > 1.5 } == true)
        #expect(pinch.state == .possible)
    }

    @Test func targetsAndMethodsReceiveTheGameAndTheTypedRecognizer() {
        let game = Game()
        send(game.scene, 1, .down, 100, 100, at: 0)
        send(game.scene, 1, .up, 100, 100, at: 0.05)
        #expect(game.taps == 1)
        send(game.scene, 1, .down, 100, 100, at: 1)
        send(game.scene, 1, .move, 160, 100, at: 1.1)
        send(game.scene, 1, .up, 160, 100, at: 1.2)
        #expect(game.drags.last == Point(x: 60, y: 0))
        send(game.scene, 1, .down, 250, 100, at: 2)
        send(game.scene, 2, .down, 300, 100, at: 2)
        send(game.scene, 2, .move, 390, 100, at: 2.1)
        #expect(game.zoom > 1.5)
    }

    @Test func aTargetIsNotKeptAliveByItsLayersRecognizers() {
        weak var gone: Game?
        var board: Layer?
        do {
            let game = Game()
            gone = game
            board = game.board
        }
        #expect(gone == nil)
        // The layer outlives the game; its recognizers' actions were dropped
        // with their target, and nothing is called.
        #expect(board?.gestureRecognizers.count == 2)
    }

    @Test func anActionWhoseTargetHasGoneIsSkipped() {
        final class Counter { var count = 0 }
        let scene = Scene(size: Size(width: 400, height: 300))
        let layer = Layer(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        scene.root.addChild(layer)
        var plain = 0
        let tap = TapGestureRecognizer { _ in plain += 1 }
        var counter: Counter? = Counter()
        weak let weakCounter = counter
        tap.addTarget(counter!) { counter, _ in counter.count += 1 }
        layer.addGestureRecognizer(tap)
        send(scene, 1, .down, 100, 100, at: 0)
        send(scene, 1, .up, 100, 100, at: 0.05)
        #expect(weakCounter?.count == 1 && plain == 1)
        counter = nil
        #expect(weakCounter == nil)
        send(scene, 1, .down, 100, 100, at: 1)
        send(scene, 1, .up, 100, 100, at: 1.05)
        #expect(plain == 2)
    }

    @Test func aCustomRecognizerWithItsOwnInitialiserGetsTypedActions() {
        final class Hold: GestureRecognizer {
            let fingers: Int
            init(fingers: Int) {
                self.fingers = fingers
                super.init()
            }
            override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
                if numberOfTouches == fingers { state = .recognized }
            }
        }
        let scene = Scene(size: Size(width: 400, height: 300))
        let layer = Layer(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        scene.root.addChild(layer)
        var seen: [Int] = []
        let hold = Hold(fingers: 1)
        hold.addAction { hold in seen.append(hold.fingers) }
        layer.addGestureRecognizer(hold)
        send(scene, 1, .down, 100, 100, at: 0)
        #expect(seen == [1])
    }

    @Test func requirementsReadWithoutTryAndACycleIsReturned() {
        let scene = Scene(size: Size(width: 400, height: 300))
        var reported: [Diagnostic] = []
        scene.diagnostics = { reported.append($0) }
        let layer = Layer(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        scene.root.addChild(layer)
        let single = TapGestureRecognizer()
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        layer.addGestureRecognizer(single)
        layer.addGestureRecognizer(double)
        single.require(toFail: double)
        let cycle = double.require(toFail: single)
        #expect(cycle != nil)
        #expect(reported.map(\.problem) == [.requirementCycle])
    }
}
