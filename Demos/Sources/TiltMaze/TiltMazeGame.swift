import DemoSupport
import Foundation
import Tactile
import TactileDebugDrawing
import TactileSDL

/// The Tilt Maze: tilt the board to roll a marble round three corridors to
/// the goal without dropping it into a hole; shake to start again; pinch to
/// zoom.
///
/// Tilt is device motion's gravity, from whichever ``MotionSource`` the
/// manager picked: the machine's sensors, a PlayStation or Switch pad's, or
/// the simulated tilt (arrow keys, right-button drag, right stick). A shake
/// (Ctrl+Z when simulated) reaches the map layer as the scene's first
/// responder and restarts the run; so does a controller's Start. The run's
/// clock is game time, so a replayed trace always gives the same time.
///
/// ```
/// rolling ──hole──► falling ──0.6 s──► rolling (back at the start, clock running)
///    │                                    ▲
///    └──goal──► won ──shake / Start───────┘ (any state: a fresh run)
/// ```
@MainActor
final class TiltMazeGame: CanvasGame {
    /// What the run is doing.
    enum Phase: Equatable {
        case rolling
        /// Dropping into hole `hole` since game time `since`.
        case falling(hole: Int, since: Double)
        /// Reached the goal after `time` seconds.
        case won(time: Double)
    }

    /// What happened, in order: the whole run's story, for the tests.
    enum Outcome: Equatable {
        case fell(hole: Int)
        case restarted
        case won
    }

    /// The layer that shows the board: it takes the pinch, and as first
    /// responder it takes shakes.
    final class MapLayer: Layer {
        /// Called with the game time the shake ended.
        var onShake: (Double) -> Void = { _ in }
        override var canBecomeFirstResponder: Bool { true }
        override func motionEnded(_ motion: Motion, timestamp: Double) {
            if motion == .shake { onShake(timestamp) }
        }

        // Its touches end here: they are the pinch's, and nothing above
        // (the root, the scene, which has no application) does anything
        // with them. Passed on, as a layer does by default, each move went
        // up the chain from a subclass the long way, through `next` (a
        // call and a retain) and the root's own walk to the scene: about
        // 280 instructions of every move while the pinch waits to begin
        // (callgrind, the ten-contact trace).
        override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {}
        override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {}
        override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {}
        override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {}
    }

    let maze = Maze.standard
    let scene = Scene(size: Size(width: 800, height: 600))
    let map = MapLayer(frame: Rect(x: 0, y: TiltMazeGame.headerHeight, width: 800, height: 600 - TiltMazeGame.headerHeight), name: "map")
    let pinch = PinchGestureRecognizer()
    /// Motion gestures, shown in the header: a flick, a twist, a steep tilt.
    let flick = FlickGestureRecognizer()
    let twist = TwistGestureRecognizer()
    let steep = TiltGestureRecognizer()
    /// The last motion gesture recognized, for the header.
    private(set) var lastMotionGesture = "-"
    let motion: MotionManager
    /// The debug overlay of contacts, switched with `O`.
    let overlay = TouchOverlay()

    // Exclusivity: rolled and read once an update step in plain accesses,
    // during which no other code runs (`Marble.roll` sees only its
    // arguments), so the runtime's dynamic check is off for it: it cost
    // `update` a `swift_beginAccess` / `swift_endAccess` pair a step and
    // `holeUnderMarble` another check (callgrind, the ten-contact trace:
    // about 220 of a step's 1,160 instructions).
    @exclusivity(unchecked) private(set) var marble: Marble
    private(set) var phase = Phase.rolling
    private(set) var outcomes: [Outcome] = []
    /// Holes fallen into this run.
    private(set) var falls = 0
    /// The fastest winning time since the game started.
    private(set) var bestTime: Double?
    /// The map's zoom: 1 shows the whole board.
    var zoom: Double { zoomState.value(following: pinch) }
    private let zoomState = Zoom()
    private(set) var wantsToQuit = false
    private var runStart = 0.0
    private var now = 0.0

    /// The frame the headless run stops at by default, for its screenshot:
    /// the marble rolling along corridor 3 towards the goal, zoomed back out
    /// to the whole board, with a fall, a restart and a zoom behind it (see
    /// scripts/make-tiltmaze-trace.py).
    static let showcaseFrame = 1110
    static let headerHeight = 36.0
    static let zoomRange = 0.75...2.5
    /// How long the marble takes to drop into a hole before it is back at the start.
    static let fallDuration = 0.6
    /// Esc's USB HID usage (SDL_SCANCODE_ESCAPE).
    static let escapeScancode: Int32 = 41

    /// Sets the game up on `app`: a motion manager on the game clock, with
    /// the simulated tilt for machines without sensors, and the scene.
    static func attached(to app: SDLApp) -> TiltMazeGame {
        let motion = MotionManager(clock: app.gameClock, sensorControl: app.pump)
        // Used only while no real source is there: a pad with sensors that
        // connects takes over, and the simulation is back when it goes.
        motion.simulation = SimulatedMotion()
        let game = TiltMazeGame(motion: motion)
        app.loop.scene = game.scene
        app.loop.motion = motion
        return game
    }

    init(motion: MotionManager) {
        self.motion = motion
        marble = Marble(position: maze.start)
        map.isMultipleTouchEnabled = true   // a pinch needs two touches on the layer
        pinch.name = "zoom"
        // Actions holding the game unowned, not `addTarget(self)`: a target
        // is held weakly, and an object anything holds weakly gets a side
        // table, so every retain and release of the game, for life, takes
        // the runtime's slow path (callgrind, the ten-contact trace: about
        // 145 instructions a pinch action for the weak load and the slow
        // release). The recognizers live in the game's own scene, so the
        // game outlives every call. The pinch's action, which runs on each
        // of its fingers' moves, holds only the zoom, strongly (the zoom
        // holds nothing, so there is no cycle): a closure reads what it
        // holds without retaining it, where the game, held `unowned` or
        // even `unowned(unsafe)`, was retained and released around the
        // recognizer's open getters on every action (about 40 instructions
        // of each of the pinch's 3,266 actions).
        //
        // The zoom is read once a frame (the render), so a move's action
        // only notes that the pinch changed, and the pinch, which need not
        // fit a velocity, measures its ten fingers when the zoom is read
        // rather than on each of their thirty moves a frame (callgrind, the
        // ten-contact trace: a 30-event frame's input 49,394 -> 45,335
        // instructions; a move still copies the ten locations, ~150). The
        // zoom each frame shows is the same to the bit.
        pinch.tracksVelocity = false
        pinch.addAction { [zoomState] pinch in zoomState.pinched(pinch) }
        map.addGestureRecognizer(pinch)
        map.onShake = { [unowned self] in self.restart(at: $0) }
        flick.addAction { [unowned self] flick in lastMotionGesture = "flick \(flick.direction)" }
        twist.addAction { [unowned self] twist in lastMotionGesture = twist.isClockwise ? "twist clockwise" : "twist anticlockwise" }
        // Steeper than the board's useful tilt: the header says how steep.
        steep.angle = 35 * .pi / 180
        steep.addAction { [unowned self] tilt in
            lastMotionGesture = tilt.state == .ended ? "level" : "steep \(fixedDecimal(tilt.tilt * 180 / .pi, decimals: 0))°"
        }
        for recognizer in [flick, twist, steep] as [GestureRecognizer] { map.addGestureRecognizer(recognizer) }
        scene.root.addChild(map)
        _ = map.becomeFirstResponder()
        motion.motionEventReceiver = scene
        motion.startDeviceMotionUpdates()
    }

    // MARK: Input

    func handle(_ event: InputEvent) {
        now = event.timestamp
        overlay.handle(event)
        switch event.kind {
        case .key(let key) where key.isDown && key.scancode == Self.escapeScancode:
            wantsToQuit = true
        case .controller(.button(_, .start, true)):
            restart(at: event.timestamp)
        case .controller(.button(_, .rightShoulder, true)):
            setZoom(zoom * 1.25)
        case .controller(.button(_, .leftShoulder, true)):
            setZoom(zoom / 1.25)
        case .mouseWheel(let wheel):
            setZoom(zoom * pow(1.1, wheel.dy))
        default:
            break
        }
    }

    private func setZoom(_ value: Double) {
        zoomState.set(value)
    }

    /// The map's zoom, and what it was when the pinch under way began.
    ///
    /// The pinch's scale multiplies the zoom it began at. Its changes are
    /// taken when the zoom is read, not on each move: the zoom is then the
    /// one the last move would have set.
    @MainActor
    final class Zoom {
        /// 1 shows the whole board; as of the last change taken.
        private var stored = 1.0
        private var atPinchStart = 1.0
        /// The pinch has changed since its scale was last taken.
        private var pinchChanged = false

        /// The zoom, taking the pinch's change if it has one.
        func value(following pinch: PinchGestureRecognizer) -> Double {
            if pinchChanged { take(pinch) }
            return stored
        }

        /// Follows the pinch's actions.
        func pinched(_ pinch: PinchGestureRecognizer) {
            switch pinch.state {
            case .began: atPinchStart = value(following: pinch)
            case .changed: pinchChanged = true
            case .ended: take(pinch)
            // The zoom of the last change, which a cancel leaves as it was.
            case .cancelled: if pinchChanged { take(pinch) }
            case .possible, .failed: break
            }
        }

        private func take(_ pinch: PinchGestureRecognizer) {
            set(atPinchStart * pinch.scale)
        }

        /// Sets the zoom, kept within ``TiltMazeGame/zoomRange``; the
        /// pinch's next change multiplies the zoom it began at again.
        func set(_ value: Double) {
            pinchChanged = false
            guard value.isFinite else { return }
            stored = min(TiltMazeGame.zoomRange.upperBound, max(TiltMazeGame.zoomRange.lowerBound, value))
        }
    }

    /// A fresh run from game time `time`: the marble at the start, the
    /// clock and the falls at zero.
    func restart(at time: Double) {
        marble = Marble(position: maze.start)
        phase = .rolling
        falls = 0
        runStart = time
        outcomes.append(.restarted)
    }

    /// The board's downhill direction on screen, in g: device gravity's x,
    /// and its y turned over because the screen's y grows down.
    var tilt: Point {
        guard let gravity = motion.deviceMotion?.gravity else { return .zero }
        return Point(x: gravity.x, y: -gravity.y)
    }

    /// Seconds since the run started, stopped at the winning time.
    var runTime: Double {
        if case .won(let time) = phase { return time }
        return now - runStart
    }

    func update(step: Double, now: Double) {
        self.now = now
        switch phase {
        case .won:
            return
        case .falling(_, let since):
            if now - since >= Self.fallDuration {
                marble = Marble(position: maze.start)
                phase = .rolling
            }
            return
        case .rolling:
            break
        }
        marble.roll(step: step, tilt: tilt, walls: maze.walls)
        if let hole = holeUnderMarble() {
            phase = .falling(hole: hole, since: now)
            falls += 1
            outcomes.append(.fell(hole: hole))
        } else if distance(maze.goal, marble.position) < Maze.goalRadius {
            let time = now - runStart
            phase = .won(time: time)
            bestTime = min(bestTime ?? time, time)
            outcomes.append(.won)
        }
    }

    /// The first hole the marble is over, if any.
    ///
    /// A plain loop, not `holes.firstIndex { … }`: that closure, made in
    /// this main-actor class, checked the executor for every hole it was
    /// called on, every update step (callgrind, the ten-contact trace:
    /// four checks a step, about 880 instructions).
    private func holeUnderMarble() -> Int? {
        let position = marble.position
        for index in maze.holes.indices where distance(maze.holes[index], position) < Maze.holeRadius { return index }
        return nil
    }

    private func distance(_ a: Point, _ b: Point) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }

    // MARK: Camera

    /// The map point at the centre of the view: the board's centre when it
    /// fits, else the marble, kept far enough in that no space shows past the
    /// board's edge.
    var focus: Point {
        let view = map.frame
        func axis(_ marble: Double, board: Double, view: Double) -> Double {
            let half = view / 2 / zoom
            return board <= 2 * half ? board / 2 : min(board - half, max(half, marble))
        }
        return Point(x: axis(marble.position.x, board: Maze.size.width, view: view.width),
                     y: axis(marble.position.y, board: Maze.size.height, view: view.height))
    }

    /// Where a map point is drawn, in window points.
    func screenPoint(_ point: Point) -> Point {
        let view = map.frame, focus = focus
        return Point(x: view.center.x + (point.x - focus.x) * zoom, y: view.center.y + (point.y - focus.y) * zoom)
    }

    // MARK: Drawing

    nonisolated static let background = Color(r: 14, g: 16, b: 22)
    nonisolated static let boardColor = Color(r: 196, g: 160, b: 112)
    nonisolated static let wallColor = Color(r: 92, g: 58, b: 34)
    nonisolated static let holeColor = Color(r: 10, g: 10, b: 12)
    nonisolated static let goalColor = Color(r: 70, g: 200, b: 90)
    nonisolated static let marbleColor = Color(r: 60, g: 110, b: 230)
    nonisolated static let text = Color(r: 220, g: 224, b: 235)
    nonisolated static let headerColor = Color(r: 34, g: 38, b: 52)

    func render(on canvas: Canvas) {
        canvas.clear(Self.background)
        drawBoard(on: canvas)
        drawHeader(on: canvas)
        if case .won(let time) = phase {
            let banner = "SOLVED IN \(fixedDecimal(time, decimals: 1)) S"
            let size = canvas.textSize(banner, scale: 4)
            let box = Rect(x: 400 - size.width / 2 - 20, y: 250, width: size.width + 40, height: size.height + 56)
            canvas.fillRect(x: box.minX, y: box.minY, width: box.width, height: box.height, color: Self.headerColor.withAlpha(230))
            canvas.strokeRect(x: box.minX, y: box.minY, width: box.width, height: box.height, thickness: 2, color: Self.goalColor)
            canvas.drawText(banner, at: Point(x: box.minX + 20, y: box.minY + 14), scale: 4, color: Self.goalColor)
            canvas.drawText("shake, Ctrl+Z or Start to play again", at: Point(x: box.minX + 20, y: box.maxY - 20), scale: 1, color: Self.text)
        }
        overlay.draw(on: canvas)
    }

    private func drawBoard(on canvas: Canvas) {
        func fill(_ rect: Rect, _ color: Color) {
            let origin = screenPoint(rect.origin)
            canvas.fillRect(x: origin.x, y: origin.y, width: rect.width * zoom, height: rect.height * zoom, color: color)
        }
        fill(Rect(origin: .zero, size: Maze.size), Self.boardColor)
        for wall in maze.walls { fill(wall, Self.wallColor) }
        for hole in maze.holes {
            canvas.fillCircle(center: screenPoint(hole), radius: (Maze.holeRadius + 3) * zoom, color: Self.holeColor)
        }
        let goal = screenPoint(maze.goal)
        canvas.fillCircle(center: goal, radius: Maze.goalRadius * zoom, color: Self.goalColor)
        canvas.strokeCircle(center: goal, radius: Maze.goalRadius * zoom, thickness: 2, color: Self.text)
        let start = screenPoint(maze.start)
        canvas.strokeCircle(center: start, radius: (Marble.radius + 4) * zoom, thickness: 1, color: Self.wallColor)

        var radius = Marble.radius
        var centre = marble.position
        if case .falling(let hole, let since) = phase {
            // Shrinks as it slides to the hole's centre.
            let progress = min(1, (now - since) / Self.fallDuration)
            radius *= 1 - progress
            let target = maze.holes[hole]
            centre = Point(x: centre.x + (target.x - centre.x) * progress, y: centre.y + (target.y - centre.y) * progress)
        }
        if radius > 0.5 {
            let screen = screenPoint(centre)
            canvas.fillCircle(center: screen, radius: radius * zoom, color: Self.marbleColor)
            canvas.fillCircle(center: Point(x: screen.x - radius * zoom * 0.35, y: screen.y - radius * zoom * 0.35),
                              radius: radius * zoom * 0.3, color: Color(r: 200, g: 220, b: 255))
        }
    }

    private func drawHeader(on canvas: Canvas) {
        canvas.fillRect(x: 0, y: 0, width: 800, height: Self.headerHeight, color: Self.headerColor)
        canvas.drawText("TILT MAZE", at: Point(x: 12, y: 6), scale: 2, color: Self.text)
        let best = bestTime.map { "\(fixedDecimal($0, decimals: 1)) s" } ?? "-"
        // Not String(format:): see fixedDecimal (its first call, in the first
        // render, left the next frame's input running from cold caches).
        let status = "time \(fixedDecimal(runTime, decimals: 1)) s   falls \(falls)   best \(best)   zoom \(fixedDecimal(zoom, decimals: 2))"
        canvas.drawText(status, at: Point(x: 150, y: 6), scale: 2, color: Self.text)
        let source = switch motion.activeSource {
        case .device: "device sensors"
        case .controller(let id): "controller \(id) sensors"
        case .simulated: "simulated (arrows, right-drag, right stick)"
        case nil: "none"
        }
        let tilt = tilt
        canvas.drawText("motion: \(lastMotionGesture)", at: Point(x: 664, y: 8), scale: 1, color: Self.text)
        canvas.drawText("tilt from \(source): \(fixedDecimal(tilt.x, decimals: 2, sign: true)), \(fixedDecimal(tilt.y, decimals: 2, sign: true)) g"
                        + "   shake or Ctrl+Z: restart   pinch, Alt+drag, wheel: zoom",
                        at: Point(x: 12, y: 25), scale: 1, color: Self.text.withAlpha(170))
    }
}
