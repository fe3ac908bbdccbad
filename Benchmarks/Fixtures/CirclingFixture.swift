// Ten fingers circling on one layer that carries recognizers: the steady
// frames of the ten-contact trace (Demos/Assets/Traces/ten-contacts.trace,
// Demos/scripts/make-ten-contacts-trace.py), where every event moves one of
// ten fingers that are all down (issue 14, item 6: Tilt Maze's map pinch
// follows all ten). Shared by SceneBenchmarks' "Ten touches moving" rows and
// PathProfile's `pinch10` and `circle10`.
import Foundation
import Tactile

/// A one-layer scene whose layer takes several touches and carries
/// recognizers (a pinch alone, or the seven built-ins), with ten fingers
/// down on it in two rows of five, each circling its own centre as in the
/// ten-contact trace: radius 60 points, a turn every 1.5 s, each finger
/// moving in turn every 1/120 s. The fingers have already gone round for a
/// while, so the gesture is under way (the pinch changing on every move)
/// and every list has its working size: what is measured is the steady
/// state, one finger's move per event.
@MainActor
public final class CirclingFixture {
    /// Which recognizers the layer carries.
    public enum Recognizers: Sendable {
        /// A pinch with an action that reads its scale, as Tilt Maze's map.
        case pinch
        /// A tap, a double tap, a long press, a pan, a swipe, a pinch and a
        /// rotation, each with an action that counts.
        case builtIns
    }

    /// The trace's moves: ten fingers, 120 moves a second each.
    public static let fingerCount = 10
    public static let rate = 120.0
    /// The rounds of one turn (1.5 s at 120 Hz): the locations repeat after it.
    public static let roundsPerTurn = 180

    public let scene = Scene(size: Size(width: 800, height: 600))
    public let layer = Tracker(frame: Rect(x: 0, y: 0, width: 800, height: 600))
    /// The recognizers on the layer, in the order they were added.
    public let recognizers: [GestureRecognizer]
    /// How many times the recognizers' actions ran.
    @exclusivity(unchecked) public private(set) var actions = 0
    /// Every location of one turn, round by round, finger by finger.
    @usableFromInline let locations: [Point]
    @usableFromInline let fingers: [PointerID]
    /// How many moves have been made (the next one's number).
    @exclusivity(unchecked) @usableFromInline var step = 0

    public init(_ kind: Recognizers) {
        addMultiTouchLayer(layer, to: scene)
        let made: [GestureRecognizer]
        switch kind {
        case .pinch:
            made = [PinchGestureRecognizer()]
        case .builtIns:
            made = sevenBuiltInRecognizers()
        }
        self.recognizers = made
        fingers = (0..<Self.fingerCount).map { PointerID(kind: .finger, device: 1, index: Int64($0)) }
        // The trace's circles (make-ten-contacts-trace.py), without its
        // rounding to three decimals.
        var locations: [Point] = []
        locations.reserveCapacity(Self.roundsPerTurn * Self.fingerCount)
        for round in 0..<Self.roundsPerTurn {
            let time = Double(round) / Self.rate
            for finger in 0..<Self.fingerCount {
                let centre = Point(x: (Double(finger % 5) + 0.5) * 800 / 5, y: (Double(finger / 5) + 0.5) * 600 / 2)
                let angle = 2 * Double.pi * (Double(finger) / Double(Self.fingerCount) + time / 1.5)
                locations.append(Point(x: centre.x + 60 * cos(angle), y: centre.y + 60 * sin(angle)))
            }
        }
        self.locations = locations
        for recognizer in made {
            if let pinch = recognizer as? PinchGestureRecognizer, kind == .pinch {
                pinch.addTarget(self) { fixture, pinch in
                    if pinch.scale > 0 { fixture.actions &+= 1 }
                }
            } else {
                recognizer.addTarget(self) { fixture, _ in fixture.actions &+= 1 }
            }
            layer.addGestureRecognizer(recognizer)
        }
        for finger in fingers.indices {
            scene.send(InputEvent(timestamp: 0, .pointer(PointerEvent(.down, id: fingers[finger], location: locations[finger]))))
        }
        // Two turns: the gesture begins in the first few rounds, and every
        // list grows to its size.
        step = Self.fingerCount
        for _ in 0..<(2 * Self.roundsPerTurn * Self.fingerCount) { scene.send(nextMove()) }
    }

    /// The next move: finger `step % 10` of round `step / 10`, at that
    /// round's time.
    // Inlinable: PathProfile builds each move in its counted loop, and a
    // call into this module costs it more than the event's construction.
    @inlinable
    public func nextMove() -> InputEvent {
        let current = step
        step = current &+ 1
        let round = current / Self.fingerCount
        let index = current % (Self.roundsPerTurn * Self.fingerCount)
        return InputEvent(timestamp: Double(round) / Self.rate,
                          .pointer(PointerEvent(.move, id: fingers[current % Self.fingerCount], location: locations[index])))
    }

    /// Sends `count` moves.
    public func send(moves count: Int) {
        for _ in 0..<count { scene.send(nextMove()) }
    }

    /// What is wrong, if anything: all ten fingers down, and (with the
    /// pinch alone) the pinch under way.
    public func problem() -> String? {
        let down = scene.event.allTouches.reduce(0) { $0 + ($1.hasEnded ? 0 : 1) }
        guard down == Self.fingerCount else { return "\(down) touches down, not \(Self.fingerCount)" }
        if recognizers.count == 1, !recognizers[0].state.isActive {
            return "the pinch is \(recognizers[0].state), not under way"
        }
        return nil
    }
}
