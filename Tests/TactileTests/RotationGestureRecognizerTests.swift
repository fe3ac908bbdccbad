import Foundation
import Testing
@testable import Tactile

/// The rotation: its sign (the layer transforms'), turning across ±π and
/// round and round, its velocity, the arc slop, touches too close to have a
/// direction, and the pair changing.
@MainActor
struct RotationGestureRecognizerTests {
    let log = EventLog()
    let scene = Scene(size: Size(width: 400, height: 300))
    let view: RecordingLayer
    let rotation = RotationGestureRecognizer()
    /// Finger 1 stays here; finger 2 circles it.
    let pivot = Point(x: 200, y: 150)

    init() {
        view = RecordingLayer("view", frame: Rect(x: 0, y: 0, width: 400, height: 300), log: log)
        view.isMultipleTouchEnabled = true
        scene.root.addChild(view)
        view.addGestureRecognizer(rotation)
        rotation.addAction { [log] recognizer in
            let rotation = recognizer
            log.append("rotation \(rotation.state.rawValue) \(rounded(rotation.rotation))")
        }
    }

    var rotations: [String] { log.lines.filter { $0.hasPrefix("rotation") } }

    /// Where finger 2 is at `degrees` clockwise from rightwards, `radius` from the pivot.
    func around(_ degrees: Double, radius: Double = 100) -> Point {
        let angle = degrees * .pi / 180
        return Point(x: pivot.x + radius * cos(angle), y: pivot.y + radius * sin(angle))
    }

    /// Puts finger 1 on the pivot and finger 2 at each of `degrees` in turn
    /// (down at the first), one event every `interval` seconds from `start`.
    func turn(through degrees: [Double], radius: Double = 100, start: Double = 0, interval: Double = 1.0 / 60, lift: Bool = true) {
        scene.send(finger(1, .down, pivot.x, pivot.y, at: start))
        for (step, angle) in degrees.enumerated() {
            let at = around(angle, radius: radius)
            scene.send(finger(2, step == 0 ? .down : .move, at.x, at.y, at: start + interval * Double(step + 1)))
        }
        guard lift else { return }
        let last = around(degrees.last!, radius: radius)
        scene.send(finger(2, .up, last.x, last.y, at: start + interval * Double(degrees.count + 1)))
        scene.send(finger(1, .up, pivot.x, pivot.y, at: start + interval * Double(degrees.count + 2)))
    }

    // MARK: Recognition and sign

    /// A quarter turn clockwise on screen reads +π/2, and the layer
    /// transform of that angle carries the fingers' first line onto their
    /// last: a layer given the rotation turns with the fingers.
    @Test func aClockwiseQuarterTurnIsPlusHalfPiAsInTheLayerTransforms() {
        var final = 0.0
        rotation.addAction { recognizer in final = recognizer.rotation }
        turn(through: [0, 10, 20, 30, 60, 90])
        #expect(log.take() == [
            "view began 1", "view began 2", "view moved 2", "view moved 2",
            // 30°: each finger has gone 26 points along the arc, past the slop.
            "view cancelled 1,2", "rotation began 0.52",
            "rotation changed 1.05",
            "rotation changed 1.57",
            "rotation ended 1.57",
        ])
        let first = around(0) - pivot, last = around(90) - pivot
        #expect(AffineTransform.rotation(final).apply(to: first).distance(to: last) < 1e-9)
    }

    /// Through the ±π direction (the line pointing left) the rotation
    /// carries on; atan2's jump from π to −π is not a turn.
    @Test(arguments: [1.0, -1.0])
    func turningAcrossPlusOrMinusPiIsContinuous(sense: Double) {
        let start = 170.0 * sense
        turn(through: stride(from: 0.0, through: 60, by: 10).map { start + sense * $0 })
        #expect(rotations == ["0.52", "0.7", "0.87", "1.05"].enumerated().map { index, value in
            "rotation \(index == 0 ? "began" : "changed") \(sense < 0 ? "-" : "")\(value)"
        } + ["rotation ended \(sense < 0 ? "-" : "")1.05"])
    }

    /// One and a half turns read 3π: the rotation is not wrapped.
    @Test func continuousTurningAccumulates() {
        var final = 0.0
        rotation.addAction { recognizer in final = recognizer.rotation }
        turn(through: stride(from: 0.0, through: 540, by: 10).map { $0 })
        #expect(abs(final - 3 * .pi) < 1e-9)
    }

    // MARK: Velocity

    /// Turning at 2 radians a second: the velocity in the last change is 2,
    /// within 0.5%.
    @Test(arguments: Sampling.all)
    func theVelocityIsRadiansPerSecond(sampling: Sampling) {
        var velocity = 0.0
        rotation.addAction { recognizer in velocity = recognizer.velocity }
        let times = sampling.times(from: 0.01, for: 0.5)
        scene.send(finger(1, .down, pivot.x, pivot.y, at: 0))
        for (step, time) in times.enumerated() {
            let at = around(2 * (time - times[0]) * 180 / .pi)
            scene.send(finger(2, step == 0 ? .down : .move, at.x, at.y, at: time))
        }
        #expect(isClose(velocity, to: 2, within: 0.005), "\(velocity)")
    }

    // MARK: Settings

    /// The slop is an arc: 15° begins it with the fingers 180 points apart
    /// (each goes 24 points) but not 100 apart (13 points).
    @Test(arguments: [(180.0, true), (100.0, false)])
    func theSlopIsMeasuredAlongTheArc(radius: Double, begins: Bool) {
        turn(through: [0, 15], radius: radius, lift: false)
        #expect(rotations == (begins ? ["rotation began 0.26"] : []))
    }

    @Test func aSmallerSlopBeginsSooner() {
        rotation.slop = GestureSlop(touch: 5, precisePointer: 1)
        turn(through: [0, 10], lift: false)
        #expect(rotations == ["rotation began 0.17"])
    }

    // MARK: Touches too close, and the pair changing

    /// Closer than 18 points the line has no direction: the rotation holds,
    /// and fingers crossing over each other (the line flips by π) add
    /// nothing; it follows again from where they are once apart.
    @Test func touchesTooCloseHoldTheRotation() {
        turn(through: [0, 30], lift: false)
        scene.send(finger(2, .move, pivot.x - 5, pivot.y, at: 1))      // 5 points apart
        scene.send(finger(2, .move, pivot.x - 100, pivot.y, at: 1.1))  // crossed: the line points left
        let next = around(190)
        scene.send(finger(2, .move, next.x, next.y, at: 1.2))
        #expect(rotations == ["rotation began 0.52", "rotation changed 0.52", "rotation changed 0.52", "rotation changed 0.7"])
        #expect(rotation.velocity.isFinite)
    }

    /// Two touches at one point, turning: no direction, nothing measured,
    /// nothing divided by zero.
    @Test func touchesAtOnePointMeasureNothing() {
        scene.send(finger(1, .down, 200, 150, at: 0))
        scene.send(finger(2, .down, 200, 150, at: 0.01))
        scene.send(finger(2, .move, 200, 150, at: 0.02))
        scene.send(finger(1, .move, 200, 150, at: 0.02))
        #expect(rotation.rotation == 0 && rotation.velocity == 0)
        #expect(rotations.isEmpty)
    }

    /// With three fingers down the first two turn it; when one of them
    /// lifts, the line runs from the second to the third, and the rotation
    /// carries on from where it was.
    @Test func whenOneOfThePairLiftsTheNextPairCarriesOn() {
        scene.send(finger(1, .down, pivot.x, pivot.y, at: 0))
        scene.send(finger(2, .down, around(0).x, around(0).y, at: 0.01))
        scene.send(finger(3, .down, 200, 250, at: 0.02))
        scene.send(finger(2, .move, around(30).x, around(30).y, at: 0.03))
        scene.send(finger(1, .up, pivot.x, pivot.y, at: 0.04))
        // Turn the line from finger 2 to finger 3 by 10° clockwise about finger 2.
        let second = around(30)
        let line = Point(x: 200, y: 250) - second
        let length = line.distance(to: .zero)
        let angle = atan2(line.y, line.x) + 10 * .pi / 180
        let turned = Point(x: second.x + length * cos(angle), y: second.y + length * sin(angle))
        scene.send(finger(3, .move, turned.x, turned.y, at: 0.05))
        scene.send(finger(3, .up, turned.x, turned.y, at: 0.06))
        #expect(rotations == ["rotation began 0.52", "rotation changed 0.7", "rotation ended 0.7"])
    }

    /// The mouse's Alt-drag pair turns as the mouse circles the window's
    /// centre: a twelfth of a turn clockwise, fed straight from the simulator.
    @Test func theMousesMirroredPairRotates() {
        var final = 0.0
        rotation.addAction { recognizer in final = recognizer.rotation }
        var simulator = MouseTouchSimulator()
        var events: [InputEvent] = []
        let window = scene.size
        // The pair's line runs from the cursor through the centre (200, 150).
        func cursor(_ degrees: Double) -> Point {
            let angle = degrees * .pi / 180
            return Point(x: 200 - 50 * cos(angle), y: 150 - 50 * sin(angle))
        }
        simulator.press(at: cursor(0), modifiers: .leftAlt, mouse: 0, windowSize: window, timestamp: 0, into: &events)
        for (step, degrees) in [10.0, 20, 30].enumerated() {
            simulator.move(to: cursor(degrees), windowSize: window, timestamp: 0.02 * Double(step + 1), into: &events)
        }
        simulator.release(at: cursor(30), windowSize: window, timestamp: 0.1, into: &events)
        for event in events { scene.send(event) }
        #expect(rotations.first?.hasPrefix("rotation began") == true)
        #expect(abs(final - .pi / 6) < 1e-9)
    }
}
