import Testing
import Tactile   // not @testable

// This target compiles copies of the files in Sources/Tactile/Recognizers
// — the files here are links to them — against Tactile's public API only:
// the built-in recognizers use nothing a game's own recognizer cannot. Not
// copied: GestureSlop (a value of the contract itself, which the public
// touch geometry takes), the inspection and motion defaults extensions,
// and the five motion recognizers on MotionGestureRecognizer, whose
// detectors (ShakeDetector and its kin in Sources/Tactile/Motion) are
// internal; their base class is copied and used by a custom one. The
// copies' types shadow Tactile's within this module, so the tests below run
// the copies, through a real scene and its arena.

/// The copied built-ins, driven through a scene: each reaches the outcome
/// the library's own does.
@MainActor
struct BuiltInRecognizerCopiesTests {
    final class Log {
        var lines: [String] = []
    }

    let scene = Scene(size: Size(width: 400, height: 300))
    let board = Layer(frame: Rect(x: 0, y: 0, width: 400, height: 300), name: "board")
    let log = Log()

    init() {
        board.isMultipleTouchEnabled = true
        scene.root.addChild(board)
    }

    func send(_ finger: Int64, _ phase: PointerEvent.Phase, _ x: Double, _ y: Double, at time: Double) {
        let id = PointerID(kind: .finger, device: 1, index: finger)
        scene.send(InputEvent(timestamp: time, .pointer(PointerEvent(phase, id: id, location: Point(x: x, y: y)))))
    }

    func record(_ recognizer: GestureRecognizer, as name: String) {
        let log = self.log
        recognizer.addAction { log.lines.append("\(name) \($0.state.rawValue)") }
        board.addGestureRecognizer(recognizer)
    }

    @Test func theCopiesAreTheModulesOwnTypes() {
        // Shadowing: the names here are the copies, not Tactile's classes.
        #expect(ObjectIdentifier(TapGestureRecognizer.self) != ObjectIdentifier(Tactile.TapGestureRecognizer.self))
        #expect(ObjectIdentifier(PanGestureRecognizer.self) != ObjectIdentifier(Tactile.PanGestureRecognizer.self))
    }

    @Test func aDoubleTapStacksOnASingleTap() {
        let single = TapGestureRecognizer()
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        record(single, as: "single")
        record(double, as: "double")
        send(1, .down, 100, 100, at: 0)
        send(1, .up, 100, 100, at: 0.05)
        send(2, .down, 102, 100, at: 0.2)
        send(2, .up, 102, 100, at: 0.25)
        #expect(log.lines == ["single ended", "double ended"])
    }

    @Test func aLongPressThatRequiresATapToFailBeginsOnceTheTapGivesUp() throws {
        let tap = TapGestureRecognizer()
        let press = LongPressGestureRecognizer()
        press.require(toFail: tap)
        record(tap, as: "tap")
        record(press, as: "press")
        send(1, .down, 100, 100, at: 0)
        scene.advanceTime(to: 0.6)
        #expect(press.isWaitingForRequirements)
        // The press sees the move first, while it waits (its change folds
        // into the wait); then the tap gives up and releases it.
        send(1, .move, 130, 100, at: 0.7)
        send(1, .move, 140, 100, at: 0.75)
        send(1, .up, 140, 100, at: 0.8)
        #expect(log.lines == ["press began", "press changed", "press ended"])
        #expect(tap.lastFailure == .notItsGesture)
    }

    @Test func panPinchAndRotationRunTheirWholeLife() {
        let pan = PanGestureRecognizer()
        pan.minimumNumberOfTouches = 1
        pan.maximumNumberOfTouches = 1
        record(pan, as: "pan")
        send(1, .down, 100, 100, at: 0)
        send(1, .move, 140, 100, at: 0.02)
        send(1, .move, 160, 100, at: 0.04)
        send(1, .up, 160, 100, at: 0.06)
        #expect(log.lines == ["pan began", "pan changed", "pan ended"])

        log.lines.removeAll()
        board.removeGestureRecognizer(pan)
        let pinch = PinchGestureRecognizer()
        let rotation = RotationGestureRecognizer()
        record(pinch, as: "pinch")
        record(rotation, as: "rotation")
        send(1, .down, 100, 150, at: 1)
        send(2, .down, 200, 150, at: 1)
        send(2, .move, 260, 150, at: 1.02)   // spread: the pinch begins and stops the rotation
        send(2, .up, 260, 150, at: 1.04)
        send(1, .up, 100, 150, at: 1.04)
        #expect(log.lines == ["pinch began", "pinch ended"])
        #expect(rotation.lastFailure == .preventedBy("PinchGestureRecognizer"))
    }

    @Test func aSwipeAndAnEdgePanRecognize() {
        let swipe = SwipeGestureRecognizer()
        swipe.direction = .left
        record(swipe, as: "swipe")
        let edge = ScreenEdgePanGestureRecognizer()
        edge.edges = .left
        record(edge, as: "edge")
        send(1, .down, 300, 100, at: 0)
        send(1, .move, 250, 100, at: 0.05)
        send(1, .up, 240, 100, at: 0.1)
        #expect(log.lines == ["swipe ended"])
        log.lines.removeAll()
        send(2, .down, 5, 100, at: 1)
        send(2, .move, 60, 100, at: 1.05)
        send(2, .up, 60, 100, at: 1.1)
        #expect(log.lines.first == "edge began" && log.lines.last == "edge ended")
    }
}
