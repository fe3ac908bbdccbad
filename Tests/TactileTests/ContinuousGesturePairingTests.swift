import Foundation
import Testing
@testable import Tactile

/// The built-in recognizers in the pairings games use: a pan and a swipe on
/// one layer, a pinch and a rotation together, a pan on a parent with a tap
/// on a child. Whole logs: the layers' handlers and the actions, in order.
@MainActor
struct ContinuousGesturePairingTests {
    let log = EventLog()
    let scene = Scene(size: Size(width: 400, height: 300))
    let view: RecordingLayer

    init() {
        view = RecordingLayer("view", frame: Rect(x: 0, y: 0, width: 400, height: 300), log: log)
        view.isMultipleTouchEnabled = true
        scene.root.addChild(view)
    }

    func logged<R: GestureRecognizer>(_ recognizer: R, _ describe: @escaping @MainActor (R) -> String) -> R {
        recognizer.addAction { [log] recognizer in log.append(describe(recognizer)) }
        return recognizer
    }

    func panAndSwipe() -> (PanGestureRecognizer, SwipeGestureRecognizer) {
        let swipe = logged(SwipeGestureRecognizer()) { _ in "swipe" }
        let pan = logged(PanGestureRecognizer()) { "pan \($0.state.rawValue) \(rounded($0.translation(in: nil)))" }
        view.addGestureRecognizer(swipe)
        view.addGestureRecognizer(pan)
        return (pan, swipe)
    }

    /// One finger rightwards from (100, 150), `step` points every `interval` seconds.
    func drag(step: Double, interval: Double, moves: Int) {
        scene.send(finger(1, .down, 100, 150, at: 0))
        for move in 1...moves {
            scene.send(finger(1, .move, 100 + step * Double(move), 150, at: interval * Double(move)))
        }
        scene.send(finger(1, .up, 100 + step * Double(moves), 150, at: interval * Double(moves + 1)))
    }

    // MARK: Pan and swipe on one layer

    /// The pan's slop (18 points) comes before the swipe's distance (36):
    /// the pan recognizes first and, by the arena's default, stops the
    /// swipe. Even a quick flick is a pan.
    @Test func byDefaultThePanBeginsFirstAndStopsTheSwipe() {
        _ = panAndSwipe()
        drag(step: 12, interval: 1.0 / 60, moves: 4)
        #expect(log.take() == [
            "view began 1", "view moved 1",
            "view cancelled 1", "pan began (24.0, 0.0)",
            "pan changed (36.0, 0.0)",
            "pan changed (48.0, 0.0)",
            "pan ended (48.0, 0.0)",
        ])
    }

    /// With the pan waiting for the swipe to fail, a flick is a swipe, and
    /// the pan, which asked to begin at 24 points, fails when it recognizes.
    @Test func aPanThatRequiresTheSwipeToFailLeavesFlicksToTheSwipe() throws {
        let (pan, swipe) = panAndSwipe()
        pan.require(toFail: swipe)
        drag(step: 12, interval: 1.0 / 60, moves: 4)
        #expect(log.take() == ["view began 1", "view moved 1", "view moved 1", "view cancelled 1", "swipe"])
    }

    /// A slow drag: the pan asks to begin at 20 points, waits, and begins
    /// when the swipe's half second runs out, just before the move that
    /// comes after it, with the translation of the moves before.
    @Test func aSlowDragIsAPanOnceTheSwipeRunsOutOfTime() throws {
        let (pan, swipe) = panAndSwipe()
        pan.require(toFail: swipe)
        drag(step: 5, interval: 0.1, moves: 6)
        #expect(log.take() == [
            "view began 1", "view moved 1", "view moved 1", "view moved 1", "view moved 1",
            "view cancelled 1", "pan began (20.0, 0.0)",
            "pan changed (25.0, 0.0)",
            "pan changed (30.0, 0.0)",
            "pan ended (30.0, 0.0)",
        ])
    }

    /// Off the swipe's axis the swipe fails at once, on the same move, and
    /// the pan that was waiting for it begins there.
    @Test func anOffAxisDragIsAPanAtOnce() throws {
        let (pan, swipe) = panAndSwipe()
        pan.require(toFail: swipe)
        scene.send(finger(1, .down, 100, 150, at: 0))
        scene.send(finger(1, .move, 100, 130, at: 0.05))
        scene.send(finger(1, .up, 100, 130, at: 0.1))
        #expect(log.take() == ["view began 1", "view cancelled 1", "pan began (0.0, -20.0)", "pan ended (0.0, -20.0)"])
    }

    // MARK: Pinch and rotation together

    final class Simultaneous: GestureRecognizerDelegate {
        func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
            true
        }
    }

    /// Finger 2 turns about finger 1 and moves away from it: 20° and 125
    /// points apart on the second move, past both slops. The rotation,
    /// added last, hears of each sub-event first.
    func spreadAndTurn(delegate: Simultaneous?) {
        let pinch = logged(PinchGestureRecognizer()) { "pinch \($0.state.rawValue) \(rounded($0.scale))" }
        let rotation = logged(RotationGestureRecognizer()) { "rotation \($0.state.rawValue) \(rounded($0.rotation))" }
        view.addGestureRecognizer(pinch)
        view.addGestureRecognizer(rotation)
        pinch.delegate = delegate     // one side's yes is enough
        scene.send(finger(1, .down, 200, 150, at: 0))
        scene.send(finger(2, .down, 300, 150, at: 0.01))
        for (step, (degrees, distance)) in [(10.0, 110.0), (20, 125), (30, 150)].enumerated() {
            let angle = degrees * .pi / 180
            scene.send(finger(2, .move, 200 + distance * cos(angle), 150 + distance * sin(angle), at: 0.02 + 0.01 * Double(step)))
        }
        scene.send(finger(2, .up, 200 + 150 * cos(.pi / 6), 150 + 150 * sin(.pi / 6), at: 0.06))
        scene.send(finger(1, .up, 200, 150, at: 0.07))
    }

    @Test func aPinchAndARotationRecognizeTogetherWhenADelegateAllowsIt() {
        let delegate = Simultaneous()
        spreadAndTurn(delegate: delegate)
        #expect(log.take() == [
            "view began 1", "view began 2", "view moved 2",
            "view cancelled 1,2", "rotation began 0.35", "pinch began 1.25",
            "rotation changed 0.52", "pinch changed 1.5",
            "rotation ended 0.52", "pinch ended 1.5",
        ])
    }

    /// Without the delegate, the first to begin stops the other.
    @Test func withoutTheDelegateTheFirstToBeginStopsTheOther() {
        spreadAndTurn(delegate: nil)
        #expect(log.take() == [
            "view began 1", "view began 2", "view moved 2",
            "view cancelled 1,2", "rotation began 0.35",
            "rotation changed 0.52",
            "rotation ended 0.52",
        ])
    }

    // MARK: A pan on a parent, a tap on a child

    func panOverTap() {
        let button = RecordingLayer("button", frame: Rect(x: 50, y: 50, width: 100, height: 60), log: log)
        view.addChild(button)
        view.addGestureRecognizer(logged(PanGestureRecognizer()) { "pan \($0.state.rawValue) \(rounded($0.translation(in: nil)))" })
        button.addGestureRecognizer(logged(TapGestureRecognizer()) { _ in "tap" })
    }

    /// A tap on the child: the tap recognizes as the finger lifts and the
    /// pan, which never moved, fails.
    @Test func aTapOnTheChildIsATap() {
        panOverTap()
        scene.send(finger(1, .down, 80, 70, at: 0))
        scene.send(finger(1, .move, 83, 72, at: 0.05))
        scene.send(finger(1, .up, 83, 72, at: 0.1))
        #expect(log.take() == ["button began 1", "button moved 1", "button cancelled 1", "tap"])
    }

    /// A drag that starts on the child: the move past 18 points fails the
    /// tap (its allowable movement) and begins the pan (its slop), the same
    /// 18 points, on the same move; the child's touch is cancelled.
    @Test func aDragFromTheChildIsAPanOfTheParent() {
        panOverTap()
        scene.send(finger(1, .down, 80, 70, at: 0))
        scene.send(finger(1, .move, 90, 70, at: 0.02))
        scene.send(finger(1, .move, 100, 70, at: 0.04))
        scene.send(finger(1, .move, 150, 70, at: 0.06))
        scene.send(finger(1, .up, 150, 70, at: 0.08))
        #expect(log.take() == [
            "button began 1", "button moved 1",
            "button cancelled 1", "pan began (20.0, 0.0)",
            "pan changed (70.0, 0.0)",
            "pan ended (70.0, 0.0)",
        ])
    }
}
