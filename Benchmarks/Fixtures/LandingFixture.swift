// Ten touches landing at once on one layer that carries recognizers: the
// frame where a game's contacts arrive (issue 14, item 6: in the Gesture
// Lab's ten-contact replay that frame is the input's p99). Shared by
// SceneBenchmarks' "Ten touches landing" rows and PathProfile's `land10`.
import Tactile

/// A one-layer scene whose layer takes several touches and carries
/// recognizers (the seven built-ins, or only a tap), and ten fingers that
/// land on it together, then lift together, a second later each time. It
/// has been through a few landings already, so every list has grown to its
/// working size: what is measured is the steady state.
@MainActor
public final class LandingFixture {
    /// Which recognizers the layer carries.
    public enum Recognizers: Sendable {
        /// A tap, a double tap, a long press, a pan, a swipe, a pinch and a rotation.
        case builtIns
        /// A single tap.
        case tap
    }

    public let scene = Scene(size: Size(width: 800, height: 600))
    public let layer = Tracker(frame: Rect(x: 0, y: 0, width: 800, height: 600))
    /// How many recognizers the layer carries.
    public let recognizerCount: Int
    /// The fingers, each landing at its own place (two rows of five, as
    /// the ten-contact trace's).
    private let fingers = (0..<10).map { PointerID(kind: .finger, device: 1, index: $0) }
    /// When the next landing is, in seconds; only ever increases.
    private var time = 0.0
    /// The landing's and the lift's events, rebuilt in place for each round.
    public private(set) var downs: [InputEvent] = []
    public private(set) var ups: [InputEvent] = []

    public init(_ recognizers: Recognizers) {
        addMultiTouchLayer(layer, to: scene)
        let made: [GestureRecognizer]
        switch recognizers {
        case .builtIns:
            made = sevenBuiltInRecognizers()
        case .tap:
            made = [TapGestureRecognizer()]
        }
        recognizerCount = made.count
        for recognizer in made { layer.addGestureRecognizer(recognizer) }
        downs.reserveCapacity(fingers.count)
        ups.reserveCapacity(fingers.count)
        for _ in 0..<5 { land() }
        precondition(touchesDown == 0, "warm-up: \(touchesDown) touches still down")
    }

    /// How many touches have not ended. The scene keeps an ended touch in
    /// its event until the next event, so `allTouches` alone says nothing.
    public var touchesDown: Int {
        scene.event.allTouches.reduce(0) { $0 + ($1.hasEnded ? 0 : 1) }
    }

    /// Fills ``downs`` and ``ups`` for the next round: the ten fingers
    /// land together, then lift together 50 ms later, a second after the
    /// last round (longer than any recognizer's window).
    public func nextRound() {
        downs.removeAll(keepingCapacity: true)
        ups.removeAll(keepingCapacity: true)
        for (index, finger) in fingers.enumerated() {
            let location = Point(x: 100 + Double(index % 5) * 120, y: 200 + Double(index / 5) * 200)
            downs.append(InputEvent(timestamp: time, .pointer(PointerEvent(.down, id: finger, location: location))))
            ups.append(InputEvent(timestamp: time + 0.05, .pointer(PointerEvent(.up, id: finger, location: location))))
        }
        time += 1
    }

    /// A whole round, sent: the ten downs, then the ten ups.
    public func land() {
        nextRound()
        for index in downs.indices { scene.send(downs[index]) }
        for index in ups.indices { scene.send(ups[index]) }
    }

    /// What went wrong in a round, if anything: every finger lifted, and
    /// every recognizer back in possible.
    public func problem() -> String? {
        guard touchesDown == 0 else { return "\(touchesDown) touches still down" }
        for recognizer in layer.gestureRecognizers where recognizer.state != .possible {
            return "\(recognizer) is \(recognizer.state), not possible"
        }
        return nil
    }
}
