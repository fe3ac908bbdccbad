import DemoSupport
import Foundation
import Tactile
import TactileDebugDrawing
import TactileSDL

/// The touch arcade: targets pop up on a fixed schedule and each wants its
/// own gesture (tap, double tap, hold, swipe the arrow's way) before its
/// ring runs out.
///
/// A round is ``ArcadeTarget/round``: ten targets in seven seconds. A hit
/// scores the target's points; a target that runs out costs one of three
/// lives. The round is won when every target is gone with a life left, lost
/// at the third miss. Then tap RESTART, or press Enter or a controller's
/// Start.
///
/// The gameplay is the arena's rules: a lone tap on a double-tap target
/// waits for the double tap to fail and then scores nothing; a tap on a
/// hold target scores nothing, and a hold never counts as a tap. The scene
/// has selection approximation on, so a contact that lands just outside a
/// small target (within 22 points) still hits it.
///
/// ```
/// ┌─────────────────────────────────────────────┐
/// │ SCORE 80          ● ● ○          TARGET 6/10 │
/// ├─────────────────────────────────────────────┤
/// │     (tap)          (2x)            [HOLD]    │
/// │             ( → )        (↑)       ·  near  │
/// └─────────────────────────────────────────────┘
/// ```
@MainActor
final class ArcadeGame: CanvasGame {
    enum Phase: Equatable {
        case playing
        case won
        case lost
    }

    /// A word that floats up from where something happened.
    struct Floater {
        let text: String
        let at: Point
        let born: Double
        let color: Color
    }

    let scene = Scene(size: Size(width: 800, height: 600))
    let overlay = TouchOverlay()
    /// Shown over the end screen; hidden (so out of hit-testing) while playing.
    let restartButton = Layer(frame: Rect(x: 320, y: 360, width: 160, height: 56), name: "restart")

    private(set) var phase = Phase.playing
    private(set) var score = 0
    private(set) var lives = ArcadeGame.startingLives
    /// The targets of this round that have appeared, in order.
    private(set) var targets: [ArcadeTarget] = []
    /// Rounds started, from 1.
    private(set) var round = 1
    /// What happened, one line per hit, wrong gesture, miss, end and
    /// restart: `hit 1 tap +10`, `near 5 tap +10`, `wrong 2 double: double tap!`,
    /// `missed 7 tap, lives 2`, `won 160`, `lost 40`, `restart`.
    private(set) var log: [String] = []
    private(set) var floaters: [Floater] = []
    private(set) var wantsToQuit = false
    private var roundStart = 0.0
    private var now = 0.0

    static let startingLives = 3
    /// The frame the headless run stops at by default, for its screenshot:
    /// score 120, a tap target running out, a small hold target held from 10
    /// points outside it (selection approximation) and a swipe target up
    /// (see scripts/make-arcade-trace.py).
    static let showcaseFrame = 399
    /// How long a floater stays up, in seconds.
    static let floaterLife = 0.9
    /// USB HID usages (SDL scancodes) of the keys the game reads.
    static let escapeScancode: Int32 = 41
    static let returnScancode: Int32 = 40
    static let keypadEnterScancode: Int32 = 88

    private let cursorLocations: () -> [Point]

    init(cursorLocations: @escaping () -> [Point] = { [] }) {
        self.cursorLocations = cursorLocations
        // Shortest distance, within 22 points: a near miss on a small target counts.
        scene.approximation = SelectionApproximation()
        restartButton.isHidden = true
        restartButton.addGestureRecognizer(TapGestureRecognizer(target: self) { game, _ in game.restart() })
        scene.root.addChild(restartButton)
    }

    var liveTargets: [ArcadeTarget] { targets.filter { $0.outcome == nil } }

    // MARK: Rules

    func handle(_ event: InputEvent) {
        now = event.timestamp
        overlay.handle(event)
        switch event.kind {
        case .key(let key) where key.isDown && !key.isRepeat:
            if key.scancode == Self.escapeScancode { wantsToQuit = true }
            if key.scancode == Self.returnScancode || key.scancode == Self.keypadEnterScancode { restartIfOver() }
        case .controller(.button(_, .start, true)):
            restartIfOver()
        default:
            break
        }
    }

    func update(step: Double, now: Double) {
        self.now = now
        floaters.removeAll { now - $0.born > Self.floaterLife }
        guard phase == .playing else { return }
        let elapsed = now - roundStart
        while targets.count < ArcadeTarget.round.count, ArcadeTarget.round[targets.count].time <= elapsed {
            spawn(ArcadeTarget.round[targets.count])
        }
        for target in liveTargets where now - target.born >= ArcadeTarget.lifetime {
            target.outcome = .expired
            target.layer.isHidden = true
            lives -= 1
            log.append("missed \(target.label), lives \(lives)")
            floaters.append(Floater(text: "miss", at: target.spawn.center, born: now, color: Self.missColor))
            if lives == 0 { return end(.lost) }
        }
        if targets.count == ArcadeTarget.round.count && liveTargets.isEmpty { end(.won) }
    }

    private func spawn(_ spawn: ArcadeTarget.Spawn) {
        let target = ArcadeTarget(number: targets.count + 1, spawn: spawn, born: roundStart + spawn.time, game: self)
        targets.append(target)
        // Below the restart button, which is hidden while playing anyway.
        scene.root.insertChild(target.layer, at: 0)
    }

    func scored(_ target: ArcadeTarget) {
        guard phase == .playing, target.outcome == nil else { return }
        let near = target.layer.lastTouchWasApproximated
        target.outcome = .hit(near: near)
        target.layer.isHidden = true
        score += target.kind.points
        log.append("\(near ? "near" : "hit") \(target.label) +\(target.kind.points)")
        floaters.append(Floater(text: near ? "near! +\(target.kind.points)" : "+\(target.kind.points)",
                                at: target.spawn.center, born: now, color: Self.hitColor))
    }

    func wrong(_ target: ArcadeTarget, _ hint: String) {
        guard phase == .playing, target.outcome == nil else { return }
        log.append("wrong \(target.label): \(hint)")
        floaters.append(Floater(text: hint, at: target.spawn.center, born: now, color: Self.wrongColor))
    }

    private func end(_ result: Phase) {
        phase = result
        for target in liveTargets { target.layer.isHidden = true }
        restartButton.isHidden = false
        log.append("\(result == .won ? "won" : "lost") \(score)")
    }

    private func restartIfOver() {
        if phase != .playing { restart() }
    }

    /// A new round from the start of the script: score 0, full lives.
    private func restart() {
        guard phase != .playing else { return }
        for target in targets { target.layer.removeFromParent() }
        targets = []
        score = 0
        lives = Self.startingLives
        round += 1
        roundStart = now
        phase = .playing
        restartButton.isHidden = true
        log.append("restart")
    }

    // MARK: Drawing

    nonisolated static let background = Color(r: 16, g: 18, b: 30)
    nonisolated static let headerFill = Color(r: 34, g: 38, b: 58)
    nonisolated static let text = Color(r: 225, g: 228, b: 240)
    nonisolated static let hitColor = Color(r: 110, g: 230, b: 120)
    nonisolated static let wrongColor = Color(r: 250, g: 200, b: 60)
    nonisolated static let missColor = Color(r: 240, g: 80, b: 90)
    nonisolated static let restartFill = Color(r: 60, g: 130, b: 250)

    nonisolated static func color(for kind: ArcadeTarget.Kind) -> Color {
        switch kind {
        case .tap: Color(r: 255, g: 150, b: 60)
        case .doubleTap: Color(r: 70, g: 200, b: 240)
        case .hold: Color(r: 180, g: 110, b: 250)
        case .swipe: Color(r: 90, g: 210, b: 140)
        }
    }

    func render(on canvas: Canvas) {
        canvas.clear(Self.background)
        for target in liveTargets { draw(target, on: canvas) }
        for floater in floaters {
            let age = now - floater.born
            let alpha = UInt8(max(0, min(255, 255 * (1 - age / Self.floaterLife))))
            let width = canvas.textSize(floater.text, scale: 2).width
            canvas.drawText(floater.text, at: Point(x: floater.at.x - width / 2, y: floater.at.y - 40 - 40 * age),
                            scale: 2, color: floater.color.withAlpha(alpha))
        }
        drawHeader(on: canvas)
        if phase != .playing { drawEndScreen(on: canvas) }
        canvas.drawText("tap / double-tap / hold / swipe the arrow's way   Enter or Start: restart   O: touch overlay",
                        at: Point(x: 12, y: 588), scale: 1, color: Self.text.withAlpha(150))
        for cursor in cursorLocations() {
            let color = Color(r: 240, g: 100, b: 200)
            canvas.strokeCircle(center: cursor, radius: 10, thickness: 3, color: color)
            canvas.drawLine(from: Point(x: cursor.x - 16, y: cursor.y), to: Point(x: cursor.x + 16, y: cursor.y), color: color, thickness: 2)
            canvas.drawLine(from: Point(x: cursor.x, y: cursor.y - 16), to: Point(x: cursor.x, y: cursor.y + 16), color: color, thickness: 2)
        }
        overlay.draw(on: canvas)
    }

    private func drawHeader(on canvas: Canvas) {
        canvas.fillRect(x: 0, y: 0, width: 800, height: 44, color: Self.headerFill)
        canvas.drawText("SCORE \(score)", at: Point(x: 14, y: 12), scale: 3, color: Self.text)
        for life in 0..<Self.startingLives {
            let center = Point(x: 370 + Double(life) * 30, y: 22)
            if life < lives {
                canvas.fillCircle(center: center, radius: 10, color: Self.missColor)
            } else {
                canvas.strokeCircle(center: center, radius: 10, thickness: 2, color: Self.missColor.withAlpha(140))
            }
        }
        let progress = "ROUND \(round)  TARGET \(targets.count)/\(ArcadeTarget.round.count)"
        canvas.drawText(progress, at: Point(x: 786 - canvas.textSize(progress, scale: 2).width, y: 15), scale: 2, color: Self.text)
    }

    private func draw(_ target: ArcadeTarget, on canvas: Canvas) {
        let center = target.spawn.center
        let radius = target.spawn.size / 2
        let color = Self.color(for: target.kind)
        // The ring around it runs out with its time: a dot per step of 1/24.
        let dots = Int((target.remaining(at: now) * 24).rounded(.up))
        for dot in 0..<dots {
            let angle = -Double.pi / 2 + Double(dot) / 24 * 2 * .pi
            canvas.fillCircle(center: Point(x: center.x + (radius + 10) * cos(angle), y: center.y + (radius + 10) * sin(angle)),
                              radius: 2, color: color.withAlpha(200))
        }
        switch target.kind {
        case .tap:
            canvas.fillCircle(center: center, radius: radius, color: color)
        case .doubleTap:
            canvas.fillCircle(center: center, radius: radius, color: color)
            canvas.strokeCircle(center: center, radius: radius * 0.6, thickness: 3, color: Self.background)
            label("2x", in: center, on: canvas)
        case .hold:
            canvas.fillRect(x: center.x - radius, y: center.y - radius, width: radius * 2, height: radius * 2, color: color)
            if radius >= 20 { label("HOLD", in: center, on: canvas, scale: 1) }
        case .swipe(let direction):
            canvas.fillCircle(center: center, radius: radius, color: color)
            let (dx, dy): (Double, Double) = switch direction {
            case .left: (-1, 0)
            case .right: (1, 0)
            case .up: (0, -1)
            default: (0, 1)
            }
            let tip = Point(x: center.x + dx * radius * 0.7, y: center.y + dy * radius * 0.7)
            let back = Point(x: center.x - dx * radius * 0.5, y: center.y - dy * radius * 0.5)
            canvas.fillPolygon([tip, Point(x: back.x - dy * radius * 0.5, y: back.y + dx * radius * 0.5),
                                Point(x: back.x + dy * radius * 0.5, y: back.y - dx * radius * 0.5)], color: Self.background)
        }
    }

    private func label(_ text: String, in center: Point, on canvas: Canvas, scale: Double = 2) {
        let size = canvas.textSize(text, scale: scale)
        canvas.drawText(text, at: Point(x: center.x - size.width / 2, y: center.y - size.height / 2), scale: scale, color: Self.background)
    }

    private func drawEndScreen(on canvas: Canvas) {
        canvas.fillRect(x: 200, y: 180, width: 400, height: 260, color: Self.headerFill.withAlpha(235))
        canvas.strokeRect(x: 200, y: 180, width: 400, height: 260, thickness: 2, color: phase == .won ? Self.hitColor : Self.missColor)
        let title = phase == .won ? "YOU WIN" : "GAME OVER"
        canvas.drawText(title, at: Point(x: 400 - canvas.textSize(title, scale: 4).width / 2, y: 210), scale: 4,
                        color: phase == .won ? Self.hitColor : Self.missColor)
        let line = "SCORE \(score)   LIVES LEFT \(lives)"
        canvas.drawText(line, at: Point(x: 400 - canvas.textSize(line, scale: 2).width / 2, y: 280), scale: 2, color: Self.text)
        let frame = restartButton.frame
        canvas.fillRect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height, color: Self.restartFill)
        label("RESTART", in: frame.center, on: canvas)
        let hint = "or press Enter / Start"
        canvas.drawText(hint, at: Point(x: 400 - canvas.textSize(hint, scale: 1).width / 2, y: 424), scale: 1, color: Self.text.withAlpha(180))
    }
}
