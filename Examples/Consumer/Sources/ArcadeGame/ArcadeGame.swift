import Tactile
import TactileSDL

/// A small game on Tactile: a button that counts taps and a lantern that a
/// pinch resizes and a tilt of the device (or of the simulated device: the
/// arrow keys) slides. The scene is fed by the app's loop, motion runs on
/// game time, and the game draws with the app's SDL_Renderer.
@MainActor
public final class ArcadeGame: Game {
    public let scene = Scene(size: Size(width: 320, height: 240))
    public let button = Layer(frame: Rect(x: 20, y: 90, width: 100, height: 60), name: "button")
    public let lantern = Layer(frame: Rect(x: 160, y: 40, width: 140, height: 160), name: "lantern")
    public let motion: MotionManager
    public private(set) var taps = 0
    public private(set) var glow = 1.0
    public private(set) var drift = 0.0

    /// A game whose motion reads `clock`: the app's game clock, so that a
    /// paused game pauses its motion too.
    public init(motionClock clock: any Clock, sensorControl: (any SensorControl)? = nil) {
        motion = MotionManager(clock: clock, sensorControl: sensorControl)
        motion.simulation = SimulatedMotion()      // on a machine without sensors: arrow keys tilt
        motion.startDeviceMotionUpdates()
        lantern.isMultipleTouchEnabled = true      // a pinch needs two touches on the layer
        // The target (the game) is held weakly: the layers do not keep the game alive.
        button.addGestureRecognizer(TapGestureRecognizer(target: self) { game, _ in game.taps += 1 })
        lantern.addGestureRecognizer(PinchGestureRecognizer(target: self, action: ArcadeGame.pinched))
        scene.root.addChild(button)
        scene.root.addChild(lantern)
    }

    func pinched(_ pinch: PinchGestureRecognizer) {
        if pinch.state == .ended { glow = min(max(glow * pinch.scale, 0.25), 4) }
    }

    // Everything reaches the scene and motion through the loop
    // (app.loop.scene, app.loop.motion): nothing to do per event here.
    public func handle(_ event: InputEvent) {}

    public func update(step: Double, now: Double) {
        guard let gravity = motion.deviceMotion?.gravity else { return }
        drift = min(max(drift + gravity.x * 200 * step, -20), 20)
    }

    public func render(in context: RenderContext) {
        guard let renderer = context.renderer else { return }
        SDL_SetRenderDrawColor(renderer, 20, 20, 30, 255)
        SDL_RenderClear(renderer)
        fill(button.frame, red: taps > 0 ? 80 : 255, green: 160, blue: 40, on: renderer)
        let light = UInt8(min(255, 60 * glow))
        fill(Rect(x: lantern.frame.minX + drift, y: lantern.frame.minY, width: lantern.frame.width, height: lantern.frame.height), red: light, green: light, blue: 90, on: renderer)
    }

    private func fill(_ rect: Rect, red: UInt8, green: UInt8, blue: UInt8, on renderer: OpaquePointer) {
        var box = SDL_FRect(x: Float(rect.minX), y: Float(rect.minY), w: Float(rect.width), h: Float(rect.height))
        SDL_SetRenderDrawColor(renderer, red, green, blue, 255)
        SDL_RenderFillRectF(renderer, &box)
    }
}
