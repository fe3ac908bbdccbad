import Tactile

/// The two sides of the table: `left` defends the goal at the left end.
enum Side: String, CaseIterable, Hashable {
    case left, right

    var opponent: Side { self == .left ? .right : .left }
    /// The side's player number in the game's `PlayerRoster`.
    var player: Int { self == .left ? 0 : 1 }
}

/// The rink's geometry, in table points (the table layer's coordinates,
/// which are window points while the camera is at rest).
///
/// ```
///  0,0 ─────────────────────────────────────── 800,0
///   │  background (the camera's pinch and rotate)  │
///   │   60,120 ┌──────────────┬──────────────┐     │
///   │          │  left zone   │  right zone  │     │
///   │    goal ═╡    (L)       │      (R)     ╞═ goal
///   │          │              │              │     │
///   │          └──────────────┴──────────────┘ 740,540
///  0,600 ─────────────────────────────────────── 800,600
/// ```
enum Rink {
    static let bounds = Rect(x: 60, y: 120, width: 680, height: 420)
    static var center: Point { bounds.center }
    /// The goal mouths at each end, 140 points tall: a bit over three puck
    /// widths, wide enough that a straight shot scores and a paddle parked
    /// in front of it (52 wide) still leaves room on each side.
    static let goalTop = 260.0
    static let goalBottom = 400.0
    static let puckRadius = 14.0
    static let paddleRadius = 26.0
    /// Fastest a puck may go after a hit, in points a second: across the
    /// rink in under a second. With ``maximumPaddleSpeed`` it bounds how far
    /// puck and paddle close in one 1/60 s step (15 + 20 = 35 points), under
    /// the 40 points between their centres at contact, so a hit is never
    /// stepped over.
    static let maximumPuckSpeed = 900.0
    /// How much speed a puck keeps from a bounce off a wall or a paddle.
    static let restitution = 0.9
    /// Speed kept per fixed step (1/60 s): about 26 % lost a second, which
    /// lets a hard shot cross the rink but stops a nudged puck in a few seconds.
    static let drag = 0.995
    /// Fastest a paddle follows a finger or a stick, in points a second: a
    /// fast flick's speed, so a paddle keeps up with a finger in play.
    static let maximumPaddleSpeed = 1200.0
    /// A stick at full tilt moves its paddle this fast, in points a second.
    static let stickSpeed = 520.0

    /// The half of the rink a side's paddle may move in, inset by the
    /// paddle's radius so the paddle stays inside.
    static func zone(of side: Side) -> Rect {
        let half = bounds.width / 2
        let x = side == .left ? bounds.minX : bounds.minX + half
        return Rect(x: x, y: bounds.minY, width: half, height: bounds.height)
    }

    /// Where a side's paddle waits at the start: a third of the way in from its goal.
    static func home(of side: Side) -> Point {
        Point(x: side == .left ? bounds.minX + 110 : bounds.maxX - 110, y: center.y)
    }

    /// Where the puck is put after `side` concedes: at rest in its half, so
    /// the side that conceded serves, as in the real game.
    static func serve(for side: Side) -> Point {
        Point(x: side == .left ? bounds.minX + 200 : bounds.maxX - 200, y: center.y)
    }
}

/// A paddle: a disc drawn by the layer renderer, moved by its zone or by a
/// controller's stick on the game's fixed step. It takes no touches itself
/// (its zone does, anywhere in the half), so it is not interactive.
final class Paddle: Layer {
    let side: Side
    /// Where it is heading, in table points: the finger's location, kept
    /// inside its half.
    var target: Point
    /// How fast it moved during the last step, in points a second; a hit
    /// passes it on to the puck.
    private(set) var velocity = Point.zero

    init(side: Side, color: Color) {
        self.side = side
        target = Rink.home(of: side)
        let radius = Rink.paddleRadius
        super.init(frame: Rect(x: 0, y: 0, width: 2 * radius, height: 2 * radius))
        appearance = Appearance(shape: .ellipse, fill: color, stroke: .white)
        appearance.strokeWidth = 4
        isUserInteractionEnabled = false
    }

    /// The paddle's centre in table points (its zone is at the table's origin).
    var center: Point {
        get { position }
        set { position = newValue }
    }

    /// Moves towards ``target`` for one step of `step` seconds, no faster
    /// than ``Rink/maximumPaddleSpeed``.
    func step(_ step: Double) {
        let wanted = Self.clamped(target, to: side)
        var offset = Point(x: wanted.x - center.x, y: wanted.y - center.y)
        let distance = (offset.x * offset.x + offset.y * offset.y).squareRoot()
        let reach = Rink.maximumPaddleSpeed * step
        if distance > reach {
            offset = Point(x: offset.x * reach / distance, y: offset.y * reach / distance)
        }
        center = Point(x: center.x + offset.x, y: center.y + offset.y)
        velocity = Point(x: offset.x / step, y: offset.y / step)
    }

    func place(at point: Point) {
        center = point
        target = point
        velocity = .zero
    }

    /// Puts the paddle back where a rollback snapshot had it (see ``AirHockeyGame/Snapshot``).
    func restore(center: Point, target: Point, velocity: Point) {
        self.center = center
        self.target = target
        self.velocity = velocity
    }

    static func clamped(_ point: Point, to side: Side) -> Point {
        let zone = Rink.zone(of: side)
        let r = Rink.paddleRadius
        return Point(x: min(max(point.x, zone.minX + r), zone.maxX - r),
                     y: min(max(point.y, zone.minY + r), zone.maxY - r))
    }
}

/// One player's half of the rink: the layer that takes that player's
/// finger and moves their paddle to it.
///
/// The zone, not the paddle, is what a finger hits, so a finger anywhere in
/// the half takes the paddle (a fingertip does not have to land on a moving
/// 52-point disc). `isMultipleTouchEnabled` is off, which is the whole rule
/// "one finger per paddle": the scene gives the zone the first finger of a
/// sequence and ignores every finger that lands in the half while it is
/// held, for that finger's whole life. So a second finger, a palm or the
/// other player's stray hand in your half never steals or jerks your paddle.
final class PlayerZone: Layer {
    let paddle: Paddle
    /// The touch that holds the paddle, if any.
    private(set) var holder: Touch?
    /// How many fingers have taken the paddle, for the tests.
    private(set) var grabs = 0

    init(side: Side, paddle: Paddle) {
        self.paddle = paddle
        // The zone's coordinates are the table's: a frame at the origin the
        // table's size, hit only inside its half (see `contains`).
        super.init(frame: Rect(x: 0, y: 0, width: 800, height: 600), name: "\(side.rawValue) zone")
        handlesTouches = true
        isMultipleTouchEnabled = false
        addChild(paddle)
    }

    override func contains(_ point: Point) -> Bool {
        Rink.zone(of: paddle.side).contains(point)
    }

    var isHeld: Bool { holder != nil }

    /// Puts back who held the paddle at a rollback snapshot: the same touch
    /// object, which the scene's own restore brings back alive.
    func restore(holder: Touch?, grabs: Int) {
        self.holder = holder
        self.grabs = grabs
    }

    /// The zone follows the last finger the scene gave it, and trusts the
    /// scene to give it one at a time: with `isMultipleTouchEnabled` on, a
    /// second finger in the half would take the paddle from the first.
    override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        guard let touch = touches.last else { return }
        holder = touch
        grabs += touches.count
        paddle.target = touch.location(in: self)
    }

    override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        guard let holder, Self.contains(holder, in: touches) else { return }
        paddle.target = holder.location(in: self)
    }

    override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        if let holder, Self.contains(holder, in: touches) { self.holder = nil }
    }

    override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        if let holder, Self.contains(holder, in: touches) { self.holder = nil }
    }

    /// Whether `touches` holds `touch`: a plain loop in a `nonisolated`
    /// function, where `touches.contains { $0 === holder }`, a closure made
    /// in a main-actor class, checked the executor for each touch it was
    /// given (callgrind: 565 → 176 instructions a move of a held paddle).
    private nonisolated static func contains(_ touch: Touch, in touches: [Touch]) -> Bool {
        for candidate in touches where candidate === touch { return true }
        return false
    }
}

/// The puck's motion on the fixed step: walls, paddles and goals.
///
/// Everything is plain arithmetic on the step's length, in a fixed order,
/// so a replayed trace gives the same puck to the last bit.
@MainActor
struct Puck {
    var center: Point
    var velocity = Point.zero

    /// Advances one step; returns the side that conceded if the puck went in a goal.
    mutating func step(_ step: Double, paddles: [Paddle]) -> Side? {
        center = Point(x: center.x + velocity.x * step, y: center.y + velocity.y * step)
        velocity = Point(x: velocity.x * Rink.drag, y: velocity.y * Rink.drag)
        let r = Rink.puckRadius
        let bounds = Rink.bounds
        let inMouth = center.y - r >= Rink.goalTop && center.y + r <= Rink.goalBottom
        if center.x < bounds.minX { if inMouth || center.x + r < bounds.minX { return .left } }
        if center.x > bounds.maxX { if inMouth || center.x - r > bounds.maxX { return .right } }
        if center.y - r < bounds.minY { center.y = bounds.minY + r; velocity.y = abs(velocity.y) * Rink.restitution }
        if center.y + r > bounds.maxY { center.y = bounds.maxY - r; velocity.y = -abs(velocity.y) * Rink.restitution }
        if !inMouth {
            if center.x - r < bounds.minX { center.x = bounds.minX + r; velocity.x = abs(velocity.x) * Rink.restitution }
            if center.x + r > bounds.maxX { center.x = bounds.maxX - r; velocity.x = -abs(velocity.x) * Rink.restitution }
        }
        for paddle in paddles { collide(with: paddle) }
        return nil
    }

    /// Pushes the puck out of a paddle it overlaps and bounces it off,
    /// taking on the paddle's own speed along the line between them.
    private mutating func collide(with paddle: Paddle) {
        let dx = center.x - paddle.center.x, dy = center.y - paddle.center.y
        let distance = (dx * dx + dy * dy).squareRoot()
        let reach = Rink.puckRadius + Rink.paddleRadius
        guard distance < reach else { return }
        // Dead centre: push it away from the paddle's goal.
        let n = distance > 1e-9 ? Point(x: dx / distance, y: dy / distance) : Point(x: paddle.side == .left ? 1 : -1, y: 0)
        center = Point(x: paddle.center.x + n.x * reach, y: paddle.center.y + n.y * reach)
        let relative = Point(x: velocity.x - paddle.velocity.x, y: velocity.y - paddle.velocity.y)
        let closing = relative.x * n.x + relative.y * n.y
        if closing < 0 {
            let impulse = (1 + Rink.restitution) * closing
            velocity = Point(x: velocity.x - impulse * n.x, y: velocity.y - impulse * n.y)
        }
        let speed = (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot()
        if speed > Rink.maximumPuckSpeed {
            velocity = Point(x: velocity.x * Rink.maximumPuckSpeed / speed, y: velocity.y * Rink.maximumPuckSpeed / speed)
        }
    }
}
