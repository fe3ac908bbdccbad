import Testing
@testable import Tactile

/// The common pairings of the discrete built-ins with other recognizers,
/// through the scene and the test clock: tap with double tap (stacking, and
/// with require-to-fail), tap with long press, long press with pan, and a
/// pan on a parent with a tap on a child. Each test compares the whole log
/// of the layers' handlers and the recognizers' actions, in order.
@MainActor
struct DiscretePairingTests {
    let log = EventLog()
    let scene = Scene(size: Size(width: 400, height: 300))
    let view: RecordingLayer

    init() {
        view = RecordingLayer("view", frame: Rect(x: 0, y: 0, width: 400, height: 300), log: log)
        scene.root.addChild(view)
    }

    func makeTap(_ name: String, taps: Int = 1) -> TapGestureRecognizer {
        let tap = TapGestureRecognizer { [log] recognizer in
            log.append("\(name) fires \(recognizer.location(in: nil))")
        }
        tap.name = name
        tap.numberOfTapsRequired = taps
        return tap
    }

    func makePress() -> LongPressGestureRecognizer {
        let press = LongPressGestureRecognizer { [log] recognizer in
            log.append("press \(recognizer.state.rawValue) \(recognizer.location(in: nil))")
        }
        press.name = "press"
        return press
    }

    func makePan() -> PanGestureRecognizer {
        let pan = PanGestureRecognizer { [log] recognizer in
            let translation = recognizer.translation(in: nil)
            log.append("pan \(recognizer.state.rawValue) \(translation)")
        }
        pan.name = "pan"
        return pan
    }

    func tap(_ index: Int64, _ x: Double, _ y: Double, down: Double, up: Double) {
        scene.send(finger(index, .down, x, y, at: down))
        scene.send(finger(index, .up, x, y, at: up))
    }

    // MARK: Tap with double tap

    /// The guide's note: without require-to-fail the two stack, and a
    /// double tap runs the single tap's action, then the double tap's. The
    /// double tap, added after the single tap, decides first on the second
    /// lift and stops the single tap's second attempt.
    @Test func aSingleAndADoubleTapStackByDefault() {
        view.addGestureRecognizer(makeTap("single"))
        view.addGestureRecognizer(makeTap("double", taps: 2))
        tap(1, 100, 100, down: 0, up: 0.1)
        tap(2, 103, 100, down: 0.2, up: 0.3)
        #expect(log.take() == [
            "view began 1", "view cancelled 1", "single fires (100.0, 100.0)",
            "view began 2", "view cancelled 2", "double fires (103.0, 100.0)",
        ])
        // A lone tap runs the single tap at once; the double tap's window
        // then closes without a word.
        tap(3, 100, 100, down: 2, up: 2.1)
        scene.advanceTime(to: 3)
        #expect(log.take() == ["view began 3", "view cancelled 3", "single fires (100.0, 100.0)"])
    }

    /// Added the other way round, the single tap decides first on the
    /// second lift too (the arena's tie-break: the most recently added
    /// recognizer of a layer first), and cannot stop the double tap: single,
    /// single, double. The order of adding is the documented way to choose.
    @Test func addedBeforeTheSingleTapTheDoubleTapStacksOnASecondSingleTap() {
        view.addGestureRecognizer(makeTap("double", taps: 2))
        view.addGestureRecognizer(makeTap("single"))
        tap(1, 100, 100, down: 0, up: 0.1)
        tap(2, 103, 100, down: 0.2, up: 0.3)
        #expect(log.take().filter { $0.contains("fires") } == [
            "single fires (100.0, 100.0)", "single fires (103.0, 100.0)", "double fires (103.0, 100.0)",
        ])
    }

    /// With require-to-fail the actions are exclusive: a double tap runs
    /// only the double tap, and the layer sees the guide's double-tap
    /// sequence.
    @Test(arguments: [false, true])
    func aSingleTapRequiringTheDoubleTapToFailNeverRunsOnADoubleTap(singleAddedLast: Bool) throws {
        let single = makeTap("single")
        let double = makeTap("double", taps: 2)
        single.require(toFail: double)
        for recognizer in singleAddedLast ? [double, single] : [single, double] { view.addGestureRecognizer(recognizer) }
        tap(1, 100, 100, down: 0, up: 0.1)
        tap(2, 103, 100, down: 0.2, up: 0.3)
        #expect(log.take() == [
            "view began 1", "view began 2", "view cancelled 1", "view cancelled 2", "double fires (103.0, 100.0)",
        ])
        #expect(single.state == .possible && double.state == .possible)
    }

    /// And a lone tap runs the single tap only once the double tap's window
    /// has closed: the lag the guide warns of.
    @Test(arguments: [false, true])
    func aSingleTapRequiringTheDoubleTapToFailLagsByTheWindow(singleAddedLast: Bool) throws {
        let single = makeTap("single")
        let double = makeTap("double", taps: 2)
        single.require(toFail: double)
        for recognizer in singleAddedLast ? [double, single] : [single, double] { view.addGestureRecognizer(recognizer) }
        tap(1, 100, 100, down: 0, up: 0.1)
        scene.advanceTime(to: 0.39)
        #expect(log.take() == ["view began 1"])            // both still deciding, the lift held back
        scene.advanceTime(to: 0.41)                        // the window closed at 0.4
        #expect(log.take() == ["view cancelled 1", "single fires (100.0, 100.0)"])
        #expect(single.state == .possible && double.state == .possible)
    }

    /// A second tap too far away fails the double tap as it lands, which
    /// releases the waiting single tap for the first tap at once. The
    /// second touch was seen by both before they reset, so it goes to the
    /// layer as a plain touch.
    @Test(arguments: [false, true])
    func aSecondTapTooFarAwayReleasesTheWaitingSingleTap(singleAddedLast: Bool) throws {
        let single = makeTap("single")
        let double = makeTap("double", taps: 2)
        single.require(toFail: double)
        for recognizer in singleAddedLast ? [double, single] : [single, double] { view.addGestureRecognizer(recognizer) }
        tap(1, 100, 100, down: 0, up: 0.1)
        tap(2, 300, 100, down: 0.2, up: 0.3)
        scene.advanceTime(to: 1)
        let lines = log.take()
        let expected = ["view began 1", "view cancelled 1", "single fires (100.0, 100.0)", "view began 2", "view ended 2"]
        // Whichever sees the second touch first, it is not the single tap's:
        // added last, the single tap ignores it while it waits; added first,
        // the arena does not gather it into a recognizer that is waiting.
        #expect(lines == expected)
    }

    // MARK: Tap with long press

    /// A quick tap runs only the tap: the long press fails as the touch
    /// lifts before its duration. A hold runs only the long press: as it
    /// begins it stops the tap by the arena's default exclusivity, with no
    /// require-to-fail.
    @Test(arguments: [false, true])
    func aTapAndALongPressShareATouchWithoutOverlapping(pressAddedLast: Bool) {
        let tap = makeTap("tap")
        let press = makePress()
        for recognizer in pressAddedLast ? [tap, press] as [GestureRecognizer] : [press, tap] { view.addGestureRecognizer(recognizer) }
        self.tap(1, 100, 100, down: 0, up: 0.15)
        #expect(log.take() == ["view began 1", "view cancelled 1", "tap fires (100.0, 100.0)"])

        scene.send(finger(2, .down, 100, 100, at: 1))
        scene.advanceTime(to: 1.5)
        scene.send(finger(2, .move, 140, 100, at: 1.6))
        scene.send(finger(2, .up, 140, 100, at: 1.7))
        #expect(log.take() == [
            "view began 2", "view cancelled 2", "press began (100.0, 100.0)",
            "press changed (140.0, 100.0)", "press ended (140.0, 100.0)",
        ])
        #expect(tap.state == .possible && press.state == .possible)
    }

    // MARK: Long press with pan

    /// Dragging at once pans (the long press gives up beyond its 10 points,
    /// before the pan begins beyond its 18); holding first picks up with the
    /// long press, which then stops the pan, and the drag is the long
    /// press's changes.
    @Test func aLongPressAndAPanOnOneLayer() {
        view.addGestureRecognizer(makePress())
        view.addGestureRecognizer(makePan())
        scene.send(finger(1, .down, 100, 100, at: 0))
        scene.send(finger(1, .move, 110, 100, at: 0.05))
        scene.send(finger(1, .move, 120, 100, at: 0.1))
        scene.send(finger(1, .move, 130, 100, at: 0.15))
        scene.send(finger(1, .up, 130, 100, at: 0.2))
        scene.advanceTime(to: 1)
        #expect(log.take() == [
            "view began 1", "view moved 1", "view cancelled 1", "pan began (20.0, 0.0)",
            "pan changed (30.0, 0.0)", "pan ended (30.0, 0.0)",
        ])

        scene.send(finger(2, .down, 100, 100, at: 2))
        scene.advanceTime(to: 2.5)
        scene.send(finger(2, .move, 130, 100, at: 2.6))
        scene.send(finger(2, .up, 130, 100, at: 2.7))
        #expect(log.take() == [
            "view began 2", "view cancelled 2", "press began (100.0, 100.0)",
            "press changed (130.0, 100.0)", "press ended (130.0, 100.0)",
        ])
    }

    // MARK: Pan on a parent, tap on a child

    /// A tap on the child runs the child's tap; a drag from the child pans
    /// the parent: the tap gives up on the move that takes it beyond 18
    /// points, the very move that begins the pan.
    @Test func aPanOnAParentAndATapOnAChild() {
        let child = RecordingLayer("child", frame: Rect(x: 50, y: 50, width: 100, height: 100), log: log)
        view.addChild(child)
        view.addGestureRecognizer(makePan())
        child.addGestureRecognizer(makeTap("tap"))

        tap(1, 100, 100, down: 0, up: 0.1)
        #expect(log.take() == ["child began 1", "child cancelled 1", "tap fires (100.0, 100.0)"])

        scene.send(finger(2, .down, 100, 100, at: 1))
        scene.send(finger(2, .move, 110, 100, at: 1.05))
        scene.send(finger(2, .move, 119, 100, at: 1.1))
        scene.send(finger(2, .move, 200, 100, at: 1.15))   // out of the child: still its touch
        scene.send(finger(2, .up, 200, 100, at: 1.2))
        #expect(log.take() == [
            "child began 2", "child moved 2", "child cancelled 2", "pan began (19.0, 0.0)",
            "pan changed (100.0, 0.0)", "pan ended (100.0, 0.0)",
        ])
    }

    /// With the mouse, the pan's slop is 2 points: it begins well inside
    /// the tap's 18 and, recognizing first, stops the tap.
    @Test func aMouseDragFromTheChildPansTheParentAtTwoPoints() {
        let child = RecordingLayer("child", frame: Rect(x: 50, y: 50, width: 100, height: 100), log: log)
        view.addChild(child)
        view.addGestureRecognizer(makePan())
        child.addGestureRecognizer(makeTap("tap"))
        scene.send(mouse(.down, 100, 100, at: 0))
        scene.send(mouse(.move, 103, 100, at: 0.05))
        scene.send(mouse(.up, 103, 100, at: 0.1))
        #expect(log.take() == ["child began 0", "child cancelled 0", "pan began (3.0, 0.0)", "pan ended (3.0, 0.0)"])
    }
}
