import Testing
import Tactile   // not @testable: the recognizer below uses only what a game can

/// The event-handling guide's "checkmark" recognizer (its listings 3-3 and
/// 3-4), written as a game would write it: a subclass of
/// ``GestureRecognizer`` that overrides the touch handlers and `reset()` and
/// sets `state`. It recognizes any V-shaped stroke of one touch and keeps
/// where the downstroke turned into the upstroke. The documentation's
/// article "Writing a Recognizer" shows the same code.
@MainActor
final class CheckmarkGestureRecognizer: GestureRecognizer {
    /// Where the upstroke began, in the recognizer's layer's coordinates:
    /// read it in the action; `.zero` once the recognizer is reset.
    private(set) var midPoint = Point.zero
    /// Whether the stroke has turned upwards.
    private var strokeUp = false

    override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        super.touchesBegan(touches, with: event)
        // Each touch arrives in a call of its own: count those followed.
        if numberOfTouches != 1 {
            state = .failed
        }
    }

    override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        super.touchesMoved(touches, with: event)
        guard !strokeUp, let touch = touches.first else { return }
        let now = touch.location(in: layer)
        let previous = touch.previousLocation(in: layer)
        if now.x >= previous.x && now.y >= previous.y {
            // Downstroke: x and y both grow (y grows down the screen).
            midPoint = now
        } else if now.x >= previous.x && now.y <= previous.y {
            // Upstroke: x grows, y shrinks.
            strokeUp = true
        } else {
            state = .failed
        }
    }

    override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        super.touchesEnded(touches, with: event)
        if state == .possible && strokeUp {
            state = .recognized
        }
    }

    override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        super.touchesCancelled(touches, with: event)
        state = .failed
    }

    override func reset() {
        super.reset()
        midPoint = .zero
        strokeUp = false
    }

    // Rollback: what the touch handlers change, saved and read back in order.

    override var savedStateClass: GestureRecognizer.Type? { CheckmarkGestureRecognizer.self }

    override func saveState(to writer: inout RecognizerStateWriter) {
        writer.write(midPoint)
        writer.write(strokeUp)
    }

    override func restoreState(from reader: inout RecognizerStateReader) {
        midPoint = reader.readPoint()
        strokeUp = reader.readBool()
    }
}

/// The checkmark recognizer at work in a scene, driven as a game's tests
/// would drive it: pointer events with their times, sent to the scene.
@MainActor
struct CheckmarkRecognizerTests {
    let scene = Scene(size: Size(width: 400, height: 300))
    /// A board whose top-left corner is at (50, 20) in the window, so that
    /// the midpoint, in its coordinates, is 50 left and 20 up of the window's.
    let board = Layer(frame: Rect(x: 50, y: 20, width: 300, height: 260))
    let checkmark = CheckmarkGestureRecognizer()
    let log = Log()

    final class Log {
        var lines: [String] = []
    }

    init() {
        board.isMultipleTouchEnabled = true
        scene.root.addChild(board)
        let log = log
        checkmark.addAction { recognizer in
            let checkmark = recognizer
            log.lines.append("\(recognizer.state.rawValue) at \(checkmark.midPoint)")
        }
        board.addGestureRecognizer(checkmark)
    }

    func send(_ finger: Int64, _ phase: PointerEvent.Phase, _ x: Double, _ y: Double, at time: Double) {
        let id = PointerID(kind: .finger, device: 1, index: finger)
        scene.send(InputEvent(timestamp: time, .pointer(PointerEvent(phase, id: id, location: Point(x: x, y: y)))))
    }

    /// One touch along `points`, 20 ms apart, starting at `start` seconds.
    func stroke(_ finger: Int64, _ points: [(Double, Double)], from start: Double = 0) {
        for (index, point) in points.enumerated() {
            let phase: PointerEvent.Phase = index == 0 ? .down : index == points.count - 1 ? .up : .move
            send(finger, phase, point.0, point.1, at: start + Double(index) * 0.02)
        }
    }

    @Test func aVIsRecognizedWithItsMidpoint() {
        stroke(1, [(100, 100), (110, 115), (120, 130), (130, 110), (150, 70), (150, 70)])
        #expect(log.lines == ["ended at (70.0, 110.0)"])
        #expect(checkmark.state == .possible)
    }

    @Test func aCheckmarkRestoredMidStrokeFinishesAsItDid() throws {
        send(1, .down, 100, 100, at: 0)
        send(1, .move, 110, 115, at: 0.02)
        send(1, .move, 120, 130, at: 0.04)
        send(1, .move, 130, 110, at: 0.06)   // turned: strokeUp is set
        let turned = try scene.snapshot()
        #expect(turned.isComplete)
        send(1, .up, 150, 70, at: 0.08)
        #expect(log.lines == ["ended at (70.0, 110.0)"])
        try scene.restore(turned)
        #expect(checkmark.state == .possible)
        send(1, .up, 150, 70, at: 0.08)      // the same lift again: recognized again, same midpoint
        #expect(log.lines == ["ended at (70.0, 110.0)", "ended at (70.0, 110.0)"])
    }

    @Test func aStrokeThatGoesTheWrongWayFails() {
        stroke(1, [(100, 100), (90, 110), (80, 120), (90, 100), (100, 80)])   // down-left first
        #expect(log.lines.isEmpty)
        #expect(checkmark.state == .possible)
    }

    @Test func aDownstrokeThatNeverTurnsUpIsNotACheckmark() {
        // The recognizer is left possible with no touch: the scene's arena
        // fails it then, so it need not fail itself on lift.
        stroke(1, [(100, 100), (110, 110), (120, 120), (120, 120)])
        #expect(log.lines.isEmpty)
        #expect(checkmark.state == .possible)
    }

    @Test func moreThanOneTouchFails() {
        send(1, .down, 100, 100, at: 0)
        send(1, .move, 110, 115, at: 0.02)
        send(2, .down, 200, 100, at: 0.03)
        send(1, .move, 120, 130, at: 0.04)
        send(1, .move, 140, 90, at: 0.06)
        send(1, .up, 140, 90, at: 0.08)
        send(2, .up, 200, 100, at: 0.08)
        #expect(log.lines.isEmpty)
        #expect(checkmark.state == .possible)
    }

    @Test func resetClearsTheMidpointAndTheUpstroke() {
        stroke(1, [(100, 100), (110, 115), (120, 130), (140, 90), (140, 90)])
        #expect(log.lines == ["ended at (70.0, 110.0)"])
        // Reset right after the action: the midpoint is gone, and so is the
        // upstroke, so a plain downstroke next is not taken for a checkmark.
        #expect(checkmark.midPoint == .zero)
        stroke(2, [(100, 100), (110, 110), (120, 120), (120, 120)], from: 1)
        #expect(log.lines == ["ended at (70.0, 110.0)"])
    }

    @Test func aCancelledStrokeFailsAndTheNextCheckmarkStillCounts() {
        send(1, .down, 100, 100, at: 0)
        send(1, .move, 120, 130, at: 0.02)
        send(1, .move, 140, 90, at: 0.04)
        scene.cancelAllTouches(at: 0.05)
        #expect(log.lines.isEmpty)
        stroke(2, [(100, 100), (120, 130), (140, 90), (140, 90)], from: 1)
        #expect(log.lines == ["ended at (70.0, 110.0)"])
    }
}
