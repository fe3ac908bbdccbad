import Tactile

/// One target of the arcade: a small layer whose recognizers decide which
/// gesture scores on it, and which gestures only look like they should.
///
/// | kind   | scores on                     | scores nothing on                          |
/// |--------|-------------------------------|--------------------------------------------|
/// | tap    | a tap                         |                                            |
/// | double | a double tap                  | a lone tap (it waits for the double to fail) |
/// | hold   | a long press, once it begins  | a tap (the long press never began)         |
/// | swipe  | a swipe the arrow's way       | a swipe any other way (the swipe fails)    |
///
/// The "scores nothing" cases are recognizers too, so that the game can
/// say what went wrong: a single tap that requires the double tap to fail,
/// and a tap beside the long press, which the long press stops by the
/// arena's default exclusivity when the finger is held.
@MainActor
final class ArcadeTarget {
    enum Kind: Equatable {
        case tap
        case doubleTap
        case hold
        case swipe(SwipeGestureRecognizer.Direction)

        var points: Int {
            switch self {
            case .tap: 10
            case .doubleTap, .hold, .swipe: 20
            }
        }

        var name: String {
            switch self {
            case .tap: "tap"
            case .doubleTap: "double"
            case .hold: "hold"
            case .swipe(let direction):
                switch direction {
                case .left: "swipe-left"
                case .right: "swipe-right"
                case .up: "swipe-up"
                default: "swipe-down"
                }
            }
        }
    }

    /// When and where a target appears in a round.
    struct Spawn {
        /// Seconds after the round starts.
        let time: Double
        let kind: Kind
        /// Window points.
        let center: Point
        /// Width and height in points. Below a fingertip (about 44) it needs
        /// the scene's selection approximation to be easy to hit.
        let size: Double
    }

    /// What became of a target.
    enum Outcome: Equatable {
        case hit(near: Bool)
        case expired
    }

    /// A target's layer: it notes whether the touch that reached it landed
    /// outside it and was given to it by selection approximation.
    final class TargetLayer: Layer {
        private(set) var lastTouchWasApproximated = false

        override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
            lastTouchWasApproximated = touches.contains { $0.isApproximated }
        }
    }

    /// A round's script: the same targets at the same times every round, so
    /// a recorded trace hits the same targets every run.
    /// scripts/make-arcade-trace.py plays against it.
    static let round: [Spawn] = [
        Spawn(time: 0.5, kind: .tap, center: Point(x: 160, y: 180), size: 48),
        Spawn(time: 1.2, kind: .doubleTap, center: Point(x: 400, y: 180), size: 48),
        Spawn(time: 2.0, kind: .hold, center: Point(x: 640, y: 180), size: 48),
        Spawn(time: 3.0, kind: .swipe(.right), center: Point(x: 240, y: 400), size: 56),
        Spawn(time: 4.0, kind: .tap, center: Point(x: 560, y: 420), size: 26),
        Spawn(time: 4.5, kind: .swipe(.up), center: Point(x: 400, y: 300), size: 56),
        Spawn(time: 5.0, kind: .tap, center: Point(x: 120, y: 480), size: 48),
        Spawn(time: 5.5, kind: .doubleTap, center: Point(x: 680, y: 440), size: 48),
        Spawn(time: 6.0, kind: .hold, center: Point(x: 300, y: 520), size: 26),
        Spawn(time: 6.5, kind: .swipe(.left), center: Point(x: 560, y: 260), size: 56),
    ]

    /// How long a target waits to be hit, in seconds, before it costs a life.
    static let lifetime = 3.0

    /// Its place in the round, from 1.
    let number: Int
    let spawn: Spawn
    let layer: TargetLayer
    /// Game time it appeared, in seconds.
    let born: Double
    var outcome: Outcome?

    var kind: Kind { spawn.kind }
    var label: String { "\(number) \(kind.name)" }

    /// The game it belongs to, told when the right gesture lands
    /// (`scored`) and when a gesture that scores nothing here does
    /// (`wrong`, with what the player should have done). The game owns its
    /// targets, so a target does not own it back.
    private weak var game: ArcadeGame?

    /// Builds the layer and its recognizers, whose target is the target.
    init(number: Int, spawn: Spawn, born: Double, game: ArcadeGame) {
        self.game = game
        self.number = number
        self.spawn = spawn
        self.born = born
        let half = spawn.size / 2
        layer = TargetLayer(frame: Rect(x: spawn.center.x - half, y: spawn.center.y - half, width: spawn.size, height: spawn.size))
        layer.name = "target \(number) \(spawn.kind.name)"

        switch spawn.kind {
        case .tap:
            let tap = TapGestureRecognizer(target: self) { target, _ in target.game?.scored(target) }
            layer.addGestureRecognizer(tap)
        case .doubleTap:
            // The single first, the double after it: the double then gets the
            // second lift first (see TapGestureRecognizer).
            let single = TapGestureRecognizer(target: self) { target, _ in target.game?.wrong(target, "double tap!") }
            let double = TapGestureRecognizer(target: self) { target, _ in target.game?.scored(target) }
            double.numberOfTapsRequired = 2
            single.require(toFail: double)
            layer.addGestureRecognizer(single)
            layer.addGestureRecognizer(double)
        case .hold:
            let tap = TapGestureRecognizer(target: self) { target, _ in target.game?.wrong(target, "hold it!") }
            let press = LongPressGestureRecognizer(target: self) { target, press in
                if press.state == .began { target.game?.scored(target) }
            }
            layer.addGestureRecognizer(tap)
            layer.addGestureRecognizer(press)
        case .swipe(let direction):
            let swipe = SwipeGestureRecognizer(target: self) { target, _ in target.game?.scored(target) }
            swipe.direction = direction
            layer.addGestureRecognizer(swipe)
        }
    }

    /// How much of its lifetime is left at `now`, from 1 down to 0.
    func remaining(at now: Double) -> Double {
        max(0, min(1, 1 - (now - born) / Self.lifetime))
    }
}
