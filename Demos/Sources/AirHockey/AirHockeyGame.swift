import DemoSupport
import Foundation
import Tactile
import TactileDebugDrawing
import TactileSDL

/// Two-player air hockey: each player's paddle follows their own finger,
/// a two-finger pinch and turn on the background moves the camera, and two
/// controllers can play it too, seated by a ``PlayerRoster`` (a pad joins
/// with A or Start; the left side is player 0). First to ``winningScore`` wins.
///
/// ```
/// root
/// ├── table (the camera: pinch + rotation, multiple touch)
/// │   ├── left zone  (one finger: isMultipleTouchEnabled off) ── left paddle
/// │   ├── right zone (one finger)                             ── right paddle
/// │   └── puck (drawn only)
/// └── pause button (exclusive touch; outside the camera, so it stays put)
/// ```
///
/// The flags each do one job:
/// - A zone's `isMultipleTouchEnabled` is off: the first finger in a half
///   holds that paddle and every other finger landing there is ignored.
/// - The pause button's `isExclusiveTouch` is on: it takes no touch while a
///   paddle or the camera is held (no pausing by brushing it mid-rally), and
///   while it is pressed no paddle can be taken.
/// - The camera's recognizers never see a paddle's finger (their delegate
///   refuses those touches) and may not begin while a paddle is held.
///
/// Deterministic: the puck moves on the game's fixed step, with no clock or
/// random numbers, so a replayed trace always gives the same score.
@MainActor
final class AirHockeyGame: CanvasGame, GestureRecognizerDelegate {
    /// What the game is doing: the button moves playing ⇄ paused and won → playing; the fifth goal moves playing → won.
    enum Phase: Equatable {
        case playing
        case paused
        case won(Side)
    }

    enum Action: String, CaseIterable { case move, pause }

    let scene = Scene(size: Size(width: 800, height: 600))
    let table = Layer(frame: Rect(x: 0, y: 0, width: 800, height: 600), name: "table")
    let zones: [Side: PlayerZone]
    /// The two paddles in `Side.allCases` order, as the puck's step takes
    /// them: kept, because building the array in each step allocated it every
    /// frame (callgrind: `_createNewBuffer` and its `malloc` in every update,
    /// and the closure's two checks of the main actor's executor).
    private let paddles: [Paddle]
    /// Each side with its zone and its map, in `Side.allCases` order, for
    /// the step: `zones[side]` and `actions[side]` were four dictionary
    /// look-ups a step (callgrind: about 750 instructions a frame, hashing).
    private let seats: [(side: Side, zone: PlayerZone, map: ActionMap<Action>)]
    let puckLayer = Layer(frame: Rect(x: 0, y: 0, width: 2 * Rink.puckRadius, height: 2 * Rink.puckRadius), name: "puck")
    let pauseButton = PauseButton(frame: Rect(x: 350, y: 8, width: 100, height: 34))
    let pinch = PinchGestureRecognizer()
    let rotation = RotationGestureRecognizer()
    /// The two players' seats: player 0 plays left, player 1 right. The
    /// keyboard is shared (W A S D left, arrows right), so it joins no seat.
    let roster: PlayerRoster<Action>
    /// Each side's bindings, fed by the roster: that side's pad, and the keyboard.
    let actions: [Side: ActionMap<Action>]
    let overlay = TouchOverlay()

    private(set) var phase = Phase.playing
    private(set) var score: [Side: Int] = [.left: 0, .right: 0]
    private(set) var puck = Puck(center: Rink.center)
    /// What happened, in order: `goal left 1-0`, `win left 5-2`, `pause`,
    /// `resume`, `restart`, `camera 0.80 -20` (zoom, degrees) (at each camera gesture's end).
    private(set) var log: [String] = []
    /// The camera's zoom and turn (radians, clockwise), about the window centre.
    private(set) var cameraScale = 1.0
    private(set) var cameraAngle = 0.0
    private(set) var wantsToQuit = false
    /// The pads playing, by side.
    var pads: [Side: Int32] {
        var pads: [Side: Int32] = [:]
        for side in Side.allCases {
            if case .controller(let id)? = roster.seats[side.player].device { pads[side] = id }
        }
        return pads
    }

    static let winningScore = 5
    /// The camera's zoom stays in this range: out far enough to see the
    /// whole rink turned, in no further than keeps the background reachable.
    static let cameraScales = 0.6...1.2
    /// The frame the headless run stops at for its screenshot: the camera
    /// turned, both paddles held, the right's shot crossing the rink at 4-3
    /// (scripts/make-airhockey-trace.py).
    static let showcaseFrame = 612
    /// Esc and Space (SDL scancodes, USB HID usages).
    static let escapeScancode: Int32 = 41
    static let spaceScancode: Int32 = 44

    private var scaleAtStart = 1.0
    /// The action-map frame whose Start press each side has acted on.
    private var pauseFrames: [Side: Int] = [:]
    private var angleAtStart = 0.0

    init() throws {
        let left = PlayerZone(side: .left, paddle: Paddle(side: .left, color: Self.leftColor))
        let right = PlayerZone(side: .right, paddle: Paddle(side: .right, color: Self.rightColor))
        zones = [.left: left, .right: right]
        paddles = Side.allCases.map { $0 == .left ? left.paddle : right.paddle }
        let maps = [ActionMap<Action>(), ActionMap<Action>()]
        var seating = PlayerRoster<Action>.Settings()
        seating.keyboardJoins = false
        roster = PlayerRoster(players: maps, settings: seating)
        actions = [.left: maps[Side.left.player], .right: maps[Side.right.player]]
        seats = Side.allCases.map { side in (side, side == .left ? left : right, maps[side.player]) }

        table.isMultipleTouchEnabled = true   // the camera's two fingers
        scene.root.addChild(table)
        table.addChild(left)
        table.addChild(right)
        puckLayer.appearance = Appearance(shape: .ellipse, fill: Self.puckColor, stroke: Self.lineColor)
        puckLayer.appearance.strokeWidth = 3
        puckLayer.isUserInteractionEnabled = false
        table.addChild(puckLayer)
        pauseButton.isExclusiveTouch = true
        pauseButton.onPress = { [unowned self] in self.pressPause() }
        scene.root.addChild(pauseButton)

        pinch.name = "zoom"
        rotation.name = "turn"
        for recognizer in [pinch, rotation] as [GestureRecognizer] {
            recognizer.delegate = self
            recognizer.addTarget(self, action: AirHockeyGame.cameraMoved)
            table.addGestureRecognizer(recognizer)
        }

        for (side, map) in actions {
            try map.bind(.move, to: .composite(.stick(.left, StickResponse())))
            try map.bind(.move, to: .composite(.dpad))
            try map.bind(.move, to: .composite(side == .left ? .wasd : .arrows))
            try map.bind(.pause, to: .button(.start))
        }
        restart()
    }

    // MARK: Input

    func handle(_ event: InputEvent) {
        overlay.handle(event)
        switch event.kind {
        case .key(let key) where key.isDown && !key.isRepeat:
            if key.scancode == Self.escapeScancode { wantsToQuit = true }
            if key.scancode == Self.spaceScancode { pressPause() }
        default:
            break
        }
    }

    func update(step: Double, now: Double) {
        // Snapshots are per frame and a frame can run several steps: act on
        // a press once, in the first step of the frame that reports it.
        for (side, _, map) in seats {
            guard map[.pause].justPressed, pauseFrames[side] != map.frameCount else { continue }
            pauseFrames[side] = map.frameCount
            pressPause()
        }
        guard phase == .playing else { return }
        for (side, zone, map) in seats {
            let stick = map[.move].vector
            // A held finger wins over a stick; a stick steers from where the paddle is.
            if !zone.isHeld && (stick.x != 0 || stick.y != 0) {
                let paddle = zone.paddle
                paddle.target = Paddle.clamped(Point(x: paddle.center.x + stick.x * Rink.stickSpeed * step,
                                                     y: paddle.center.y + stick.y * Rink.stickSpeed * step), to: side)
            }
            zone.paddle.step(step)
        }
        if let conceded = puck.step(step, paddles: paddles) {
            goal(against: conceded)
        }
        puckLayer.position = puck.center
    }

    /// The pause button, Space and a pad's Start: pause, resume, or after a win, play again.
    func pressPause() {
        switch phase {
        case .playing: phase = .paused; log.append("pause")
        case .paused: phase = .playing; log.append("resume")
        case .won: restart(); log.append("restart")
        }
        pauseButton.appearance.text = phase == .playing ? "PAUSE" : phase == .paused ? "RESUME" : "RESTART"
    }

    private func goal(against conceded: Side) {
        let scorer = conceded.opponent
        score[scorer, default: 0] += 1
        let line = "\(score[.left] ?? 0)-\(score[.right] ?? 0)"
        log.append("goal \(scorer.rawValue) \(line)")
        puck = Puck(center: Rink.serve(for: conceded))
        if score[scorer, default: 0] >= Self.winningScore {
            phase = .won(scorer)
            log.append("win \(scorer.rawValue) \(line)")
            pauseButton.appearance.text = "RESTART"
        }
    }

    private func restart() {
        score = [.left: 0, .right: 0]
        puck = Puck(center: Rink.center)
        puckLayer.position = puck.center
        for side in Side.allCases { zones[side]?.paddle.place(at: Rink.home(of: side)) }
        phase = .playing
        pauseButton.appearance.text = "PAUSE"
    }

    // MARK: The camera

    /// A loop, not `zones.values.contains { }`: that closure checked the
    /// main actor's executor at each call (callgrind: about 170 instructions
    /// a zone, in the camera's delegate, in the frame ten fingers land).
    var isPaddleHeld: Bool {
        for seat in seats where seat.zone.isHeld { return true }
        return false
    }

    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        !isPaddleHeld
    }

    /// The camera's fingers are the background's: a finger that holds a
    /// paddle is never part of a pinch.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        !(touch.layer is PlayerZone)
    }

    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        true
    }

    /// Each gesture scales or turns the camera from where it was when that
    /// gesture began, so a pinch and a rotation under way together combine.
    private func cameraMoved(_ recognizer: GestureRecognizer) {
        if recognizer === pinch {
            if pinch.state == .began { scaleAtStart = cameraScale }
            cameraScale = min(max(scaleAtStart * pinch.scale, Self.cameraScales.lowerBound), Self.cameraScales.upperBound)
        } else if recognizer === rotation {
            if rotation.state == .began { angleAtStart = cameraAngle }
            cameraAngle = angleAtStart + rotation.rotation
            if rotation.state == .ended {
                log.append("camera " + String(format: "%.2f %+.0f", cameraScale, cameraAngle * 180 / .pi))
            }
        }
        table.transform = AffineTransform.scale(x: cameraScale, y: cameraScale).rotated(by: cameraAngle)
    }

    // MARK: Rollback

    /// Everything the game itself holds that a frame can change, taken
    /// before each frame by a ``RollbackPeer`` and put back when a late input
    /// turns out other than predicted. Tactile's snapshots (the scene's
    /// touches and recognizers, the loop's clock) cover the engine; the
    /// game covers the rest: the puck, the paddles, the score and the
    /// camera. Its two action maps, fed by the roster that is the loop's
    /// input, are the session's to save (``FrameInputSnapshot``), as the
    /// scene is. Layer positions and transforms are settings, not Tactile's
    /// state, so the paddles' centres are here too.
    struct Snapshot {
        /// The plain values: what two peers compare to agree.
        var table: Table
        /// Who holds each paddle (left, right): the same touch objects, so
        /// they compare by identity within one peer only.
        var holders: [Touch?]
    }

    struct Table: Equatable {
        var phase: Phase
        var score: [Side: Int]
        var puckCenter: Point
        var puckVelocity: Point
        /// Per side (left, right): centre, target, velocity, grabs.
        var paddles: [PaddleState]
        var log: [String]
        var cameraScale: Double
        var cameraAngle: Double
        var scaleAtStart: Double
        var angleAtStart: Double
        var pauseFrames: [Side: Int]
    }

    struct PaddleState: Equatable {
        var center: Point
        var target: Point
        var velocity: Point
        var grabs: Int
    }

    func snapshot() -> Snapshot {
        let paddles = Side.allCases.map { side -> PaddleState in
            let zone = zones[side]!
            return PaddleState(center: zone.paddle.center, target: zone.paddle.target, velocity: zone.paddle.velocity, grabs: zone.grabs)
        }
        let table = Table(phase: phase, score: score, puckCenter: puck.center, puckVelocity: puck.velocity, paddles: paddles,
                          log: log, cameraScale: cameraScale, cameraAngle: cameraAngle,
                          scaleAtStart: scaleAtStart, angleAtStart: angleAtStart, pauseFrames: pauseFrames)
        return Snapshot(table: table, holders: Side.allCases.map { zones[$0]!.holder })
    }

    /// Puts the game back as `snapshot` had it, and the layers that show it
    /// (puck, paddles, camera, button) with it. Sends nothing: no action
    /// runs, as Tactile's own restore runs none.
    func restore(_ snapshot: Snapshot) {
        let saved = snapshot.table
        phase = saved.phase
        score = saved.score
        puck = Puck(center: saved.puckCenter, velocity: saved.puckVelocity)
        puckLayer.position = puck.center
        for (index, side) in Side.allCases.enumerated() {
            let zone = zones[side]!, paddle = saved.paddles[index]
            zone.paddle.restore(center: paddle.center, target: paddle.target, velocity: paddle.velocity)
            zone.restore(holder: snapshot.holders[index], grabs: paddle.grabs)
        }
        log = saved.log
        cameraScale = saved.cameraScale
        cameraAngle = saved.cameraAngle
        scaleAtStart = saved.scaleAtStart
        angleAtStart = saved.angleAtStart
        pauseFrames = saved.pauseFrames
        table.transform = AffineTransform.scale(x: cameraScale, y: cameraScale).rotated(by: cameraAngle)
        pauseButton.appearance.text = phase == .playing ? "PAUSE" : phase == .paused ? "RESUME" : "RESTART"
    }

    // MARK: Drawing

    nonisolated static let outside = Color(r: 8, g: 10, b: 16)
    nonisolated static let background = Color(r: 16, g: 22, b: 34)
    nonisolated static let ice = Color(r: 210, g: 228, b: 240)
    nonisolated static let lineColor = Color(r: 60, g: 70, b: 90)
    nonisolated static let leftColor = Color(r: 230, g: 60, b: 70)
    nonisolated static let rightColor = Color(r: 50, g: 120, b: 235)
    nonisolated static let puckColor = Color(r: 20, g: 20, b: 24)
    nonisolated static let text = Color(r: 230, g: 234, b: 245)
    nonisolated static let goldColor = Color(r: 250, g: 200, b: 50)

    func render(on canvas: Canvas) {
        canvas.clear(Self.outside)
        let renderer = LayerRenderer(canvas: canvas)
        // The rink through the camera, then the layers the renderer can draw
        // on their own (paddles, puck, button), each by its chain of transforms.
        drawTable(on: canvas)
        for zone in zones.values { try? renderer.draw(zone) }
        try? renderer.draw(puckLayer)
        try? renderer.draw(pauseButton)
        drawScore(on: canvas)
        overlay.draw(on: canvas)
    }

    /// Where a table point lands in the window, through the camera.
    func toWindow(_ point: Point) -> Point {
        table.convert(point, to: nil)
    }

    private func drawTable(on canvas: Canvas) {
        func quad(_ rect: Rect) -> [Point] {
            [Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
             Point(x: rect.maxX, y: rect.maxY), Point(x: rect.minX, y: rect.maxY)].map(toWindow)
        }
        canvas.fillPolygon(quad(Rect(x: 0, y: 0, width: 800, height: 600)), color: Self.background)
        let rink = Rink.bounds
        canvas.fillPolygon(quad(rink), color: Self.ice)
        canvas.strokePolygon(quad(rink), thickness: 4, color: Self.lineColor)
        canvas.drawLine(from: toWindow(Point(x: rink.center.x, y: rink.minY)), to: toWindow(Point(x: rink.center.x, y: rink.maxY)),
                        color: Self.lineColor, thickness: 3)
        canvas.strokeCircle(center: toWindow(rink.center), radius: 60 * cameraScale, thickness: 3, color: Self.lineColor)
        for side in Side.allCases {
            let x = side == .left ? rink.minX - 10 : rink.maxX
            let mouth = Rect(x: x, y: Rink.goalTop, width: 10, height: Rink.goalBottom - Rink.goalTop)
            canvas.fillPolygon(quad(mouth), color: side == .left ? Self.leftColor : Self.rightColor)
        }
    }

    private func drawScore(on canvas: Canvas) {
        let left = "\(score[.left] ?? 0)", right = "\(score[.right] ?? 0)"
        canvas.drawText(left, at: Point(x: 320 - canvas.textSize(left, scale: 4).width, y: 8), scale: 4, color: Self.leftColor)
        canvas.drawText(right, at: Point(x: 480, y: 8), scale: 4, color: Self.rightColor)
        canvas.drawText("FIRST TO \(Self.winningScore)", at: Point(x: 12, y: 12), scale: 2, color: Self.text)
        let padsText = "PADS \(pads.count)"
        canvas.drawText(padsText, at: Point(x: 788 - canvas.textSize(padsText, scale: 2).width, y: 22), scale: 2, color: Self.text)
        switch phase {
        case .playing:
            break
        case .paused:
            banner("PAUSED", color: Self.text, on: canvas)
        case .won(let side):
            banner("\(side.rawValue.uppercased()) WINS", color: Self.goldColor, on: canvas)
        }
    }

    private func banner(_ text: String, color: Color, on canvas: Canvas) {
        let size = canvas.textSize(text, scale: 5)
        canvas.fillRect(x: 400 - size.width / 2 - 16, y: 52, width: size.width + 32, height: size.height + 16, color: Color(r: 0, g: 0, b: 0, a: 200))
        canvas.drawText(text, at: Point(x: 400 - size.width / 2, y: 60), scale: 5, color: color)
    }
}

/// The pause / resume / restart button. Exclusive: see ``AirHockeyGame``.
final class PauseButton: Layer {
    var onPress: () -> Void = {}

    override init(frame: Rect, name: String? = "pause") {
        super.init(frame: frame, name: name)
        handlesTouches = true
        appearance = Appearance(shape: .roundedRectangle(cornerRadius: 6), fill: Color(r: 60, g: 66, b: 84), stroke: AirHockeyGame.text)
        appearance.text = "PAUSE"
    }

    override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        if let touch = touches.first, contains(touch.location(in: self)) { onPress() }
    }
}
