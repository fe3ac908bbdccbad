import DemoSupport
import Tactile
import TactileDebugDrawing
import TactileSDL

/// `airhockey --rollback-delay N --rollback-jitter M`: the window's input
/// played as two networked peers in one process (a ``RollbackMatch``),
/// drawn as the left player's peer sees it.
///
/// The window's input is split into the two players' inputs: a finger (or
/// the mouse) that lands in the left half of the window is the left
/// player's, one in the right half the right player's (one finger each; a
/// second one in a half is ignored, as the game itself does). The first pad
/// to send anything plays left, the second right: its left stick moves the
/// paddle and Start pauses. W A S D steer the left paddle and the arrows the
/// right one, as a stick at full tilt. Each peer gets its own player's input at once
/// and the other's `delay` (+ up to `jitter`) frames late.
///
/// A ``NetInput`` carries one finger per player, so the camera's pinch and
/// turn take one finger from each half on the background (as the trace's
/// mirrored Alt+drag puts them); two fingers of one player cannot pinch.
@MainActor
final class RollbackDemo: CanvasGame {
    let match: RollbackMatch
    private(set) var wantsToQuit = false
    /// The window's fingers holding each player's input, by player.
    private var fingers: [PointerID?] = [nil, nil]
    /// What each player is doing now, sent as their input for the next frame.
    private(set) var inputs = [NetInput(), NetInput()]
    /// Pads by the player they play for, in the order they were first seen.
    private var pads: [Int32] = []
    /// Each player's stick from their pad, and the keys held (SDL scancodes).
    private var padSticks = [Point.zero, Point.zero]
    private var keysDown: Set<Int32> = []
    /// Left, right, up, down for each player: W A S D, and the arrows (as the game binds them).
    static let steeringKeys: [(left: PhysicalKey, right: PhysicalKey, up: PhysicalKey, down: PhysicalKey)] =
        [(.a, .d, .w, .s), (.left, .right, .up, .down)]

    init(delay: Int, jitter: Int) throws {
        match = try RollbackMatch(delay: delay, jitter: jitter)
    }

    /// What the left player's peer shows.
    var game: AirHockeyGame { match.peers[0].game }

    func handle(_ event: InputEvent) {
        game.overlay.handle(event)
        switch event.kind {
        case .pointer(let pointer):
            let player = pointer.location.x < 400 ? 0 : 1
            switch pointer.phase {
            case .down:
                guard fingers[player] == nil else { return }
                fingers[player] = pointer.id
                inputs[player].finger = pointer.location
            case .move:
                for player in 0..<2 where fingers[player] == pointer.id { inputs[player].finger = pointer.location }
            case .up, .cancel:
                for player in 0..<2 where fingers[player] == pointer.id {
                    fingers[player] = nil
                    inputs[player].finger = nil
                }
            }
        case .controller(let controller):
            let id = controller.controller
            if !pads.contains(id), pads.count < 2 { pads.append(id) }
            guard let player = pads.firstIndex(of: id) else { return }
            switch controller {
            case .axis(_, .leftX, let value): padSticks[player].x = value
            case .axis(_, .leftY, let value): padSticks[player].y = value
            case .button(_, .start, let isDown): inputs[player].start = isDown
            case .removed:
                padSticks[player] = .zero
                inputs[player].start = false
            default: break
            }
            steer()
        case .key(let key) where !key.isRepeat:
            if key.isDown && key.scancode == AirHockeyGame.escapeScancode { wantsToQuit = true }
            if key.isDown { keysDown.insert(key.scancode) } else { keysDown.remove(key.scancode) }
            steer()
        case .interrupted:
            fingers = [nil, nil]
            inputs = [NetInput(), NetInput()]
            padSticks = [.zero, .zero]
            keysDown = []
        default:
            break
        }
    }

    /// Each player's stick: their keys if any is held, else their pad's.
    private func steer() {
        for player in 0..<2 {
            let keys = Self.steeringKeys[player]
            func held(_ key: PhysicalKey) -> Double { keysDown.contains(key.scancode) ? 1 : 0 }
            let fromKeys = Point(x: held(keys.right) - held(keys.left), y: held(keys.down) - held(keys.up))
            inputs[player].stick = fromKeys == .zero ? padSticks[player] : fromKeys
        }
    }

    /// One app step is one network frame.
    func update(step: Double, now: Double) {
        do {
            try match.advance(left: inputs[0], right: inputs[1])
        } catch {
            print("airhockey: rollback: \(error)")
            wantsToQuit = true
        }
    }

    /// Whether the two peers show the same game now (they may differ for a
    /// few frames while a late input is on its way).
    var peersAgree: Bool { match.peers[0].game.snapshot().table == match.peers[1].game.snapshot().table }

    var summary: String {
        let sessions = match.peers.map(\.session!)
        return "rollback delay \(match.delay) jitter \(match.jitter): \(sessions.map(\.rollbacks)) rollbacks, "
            + "\(sessions.map(\.resimulatedFrames)) frames simulated again; peers \(peersAgree ? "agree" : "differ")"
    }

    func render(on canvas: Canvas) {
        game.render(on: canvas)
        let sessions = match.peers.map(\.session!)
        let line = "DELAY \(match.delay) JITTER \(match.jitter)  ROLLBACKS \(sessions[0].rollbacks) \(sessions[1].rollbacks)"
        canvas.drawText(line, at: Point(x: 12, y: 572), scale: 2, color: AirHockeyGame.text)
    }
}
