import Foundation
import Tactile
import TactileSDL

/// A plain SDL2 game that took Tactile on without giving up anything of its
/// own: it keeps its `while SDL_PollEvent` loop (see `OwnLoop.swift`) and
/// draws with its own `SDL_Renderer` calls, and gains taps, a pinch and tilt.
///
/// Twelve lanterns hang on a board; tap one to light it or put it out, pinch
/// the board to spread the lanterns apart or gather them (0.6× to 1.6×), and
/// tilt the device (or a pad with sensors, or the arrow keys without either)
/// to roll the ball, which lights every lantern it rolls over.
///
/// Everything Tactile here is engine: a `Scene` whose layers are the board
/// and the lanterns, a `TapGestureRecognizer` per lantern, one
/// `PinchGestureRecognizer` on the board, and a `MotionManager` on the game
/// clock for gravity. There is no `SDLApp`, no `Canvas`, no `Game` protocol.
@MainActor
final class LanternsGame {
    static let width = 800.0
    static let height = 600.0
    static let columns = 4
    static let rows = 3
    /// A lantern's side, in points at zoom 1.
    static let lanternSize = 90.0
    /// Distance between lantern centres at zoom 1.
    static let spacing = 150.0
    static let zoomRange = 0.6...1.6
    static let ballRadius = 14.0
    /// How fast gravity rolls the ball, in points/s² per g: a board tipped
    /// 30° (half a g across) crosses the window in about a second and a half.
    static let rollAcceleration = 700.0
    /// Rolling friction: the share of its speed the ball keeps each second.
    static let speedKeptPerSecond = 0.3

    let scene = Scene(size: Size(width: width, height: height))
    let board: Layer
    private(set) var lanterns: [Layer] = []
    private(set) var lit: [Bool]
    let pinch: PinchGestureRecognizer
    let motion: MotionManager
    /// The board's zoom: lantern spacing and size relative to zoom 1.
    private(set) var zoom = 1.0
    private var zoomAtPinchStart = 1.0
    private(set) var ball = Point(x: width / 2, y: height - 60)
    private var velocity = Point(x: 0, y: 0)
    private(set) var taps = 0

    /// A game whose motion manager reads `clock`: the game clock, the time
    /// axis every event is re-stamped on before motion sees it.
    init(clock: any Clock, sensorControl: (any SensorControl)?) {
        board = Layer(frame: Rect(x: 0, y: 0, width: Self.width, height: Self.height), name: "board")
        // A pinch needs both of its touches on the board.
        board.isMultipleTouchEnabled = true
        scene.root.addChild(board)
        lit = Array(repeating: false, count: Self.columns * Self.rows)
        pinch = PinchGestureRecognizer()
        motion = MotionManager(clock: clock, sensorControl: sensorControl)
        // Machines without sensors (most desktops) tilt with the arrow keys.
        motion.simulation = SimulatedMotion()
        motion.startDeviceMotionUpdates()

        for index in 0..<(Self.columns * Self.rows) {
            let lantern = Layer(frame: Rect(x: 0, y: 0, width: Self.lanternSize, height: Self.lanternSize), name: "lantern \(index)")
            lantern.addGestureRecognizer(TapGestureRecognizer(target: self) { game, _ in
                game.lit[index].toggle()
                game.taps += 1
            })
            board.addChild(lantern)
            lanterns.append(lantern)
        }
        pinch.addTarget(self) { game, _ in game.pinched() }
        board.addGestureRecognizer(pinch)
        layOut()
    }

    private func pinched() {
        switch pinch.state {
        case .began:
            zoomAtPinchStart = zoom
        case .changed, .ended:
            zoom = min(max(zoomAtPinchStart * pinch.scale, Self.zoomRange.lowerBound), Self.zoomRange.upperBound)
            layOut()
        case .possible, .cancelled, .failed:
            break
        }
    }

    /// Places the lanterns for the current zoom, centred on the window: the
    /// layers' frames are what taps hit-test against.
    private func layOut() {
        let size = Self.lanternSize * zoom
        let spacing = Self.spacing * zoom
        for (index, lantern) in lanterns.enumerated() {
            let column = Double(index % Self.columns) - Double(Self.columns - 1) / 2
            let row = Double(index / Self.columns) - Double(Self.rows - 1) / 2
            let center = Point(x: Self.width / 2 + column * spacing, y: Self.height / 2 - 40 + row * spacing)
            // The anchor is the layer's centre, so its position is its centre.
            lantern.position = center
            lantern.bounds = Rect(x: 0, y: 0, width: size, height: size)
        }
    }

    /// Advances the ball by `step` seconds: gravity's x and y (in g, from
    /// device motion) roll it across the screen, the walls bounce it, and
    /// every lantern it is over lights.
    func update(step: Double) {
        if let gravity = motion.deviceMotion?.gravity {
            // Device y points to the top of the screen; window y points down.
            velocity.x += gravity.x * Self.rollAcceleration * step
            velocity.y += -gravity.y * Self.rollAcceleration * step
        }
        let kept = pow(Self.speedKeptPerSecond, step)
        velocity = Point(x: velocity.x * kept, y: velocity.y * kept)
        ball = Point(x: ball.x + velocity.x * step, y: ball.y + velocity.y * step)
        let r = Self.ballRadius
        if ball.x < r { ball.x = r; velocity.x = abs(velocity.x) / 2 }
        if ball.x > Self.width - r { ball.x = Self.width - r; velocity.x = -abs(velocity.x) / 2 }
        if ball.y < r { ball.y = r; velocity.y = abs(velocity.y) / 2 }
        if ball.y > Self.height - r { ball.y = Self.height - r; velocity.y = -abs(velocity.y) / 2 }
        for (index, lantern) in lanterns.enumerated() where lantern.frame.contains(ball) {
            lit[index] = true
        }
    }

    /// How many lanterns are lit.
    var litCount: Int { lit.count { $0 } }

    // MARK: Drawing, with the game's own SDL_Renderer calls

    func draw(with renderer: OpaquePointer) {
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        fill(renderer, Rect(x: 0, y: 0, width: Self.width, height: Self.height), (16, 18, 30))
        for (index, lantern) in lanterns.enumerated() {
            let frame = lantern.frame
            // A lit lantern glows: a wider, faint square behind it.
            if lit[index] {
                let glow = 14 * zoom
                fill(renderer, Rect(x: frame.minX - glow, y: frame.minY - glow, width: frame.width + 2 * glow, height: frame.height + 2 * glow), (255, 190, 70), alpha: 60)
            }
            fill(renderer, frame, lit[index] ? (255, 200, 90) : (60, 66, 92))
        }
        let r = Self.ballRadius
        fill(renderer, Rect(x: ball.x - r, y: ball.y - r, width: 2 * r, height: 2 * r), (90, 200, 255))
        // The zoom as a bar along the bottom: its length is the zoom over its range.
        let share = (zoom - Self.zoomRange.lowerBound) / (Self.zoomRange.upperBound - Self.zoomRange.lowerBound)
        fill(renderer, Rect(x: 20, y: Self.height - 12, width: (Self.width - 40) * share, height: 4), (120, 230, 120))
    }

    private func fill(_ renderer: OpaquePointer, _ rect: Rect, _ color: (UInt8, UInt8, UInt8), alpha: UInt8 = 255) {
        var box = SDL_FRect(x: Float(rect.minX), y: Float(rect.minY), w: Float(rect.width), h: Float(rect.height))
        SDL_SetRenderDrawColor(renderer, color.0, color.1, color.2, alpha)
        SDL_RenderFillRectF(renderer, &box)
    }
}
