import Tactile
@testable import TactileSDL

/// A game loop over a real SDL window and queue, on the test clock: each
/// ``frame()`` drains SDL's queue through the pump, runs the loop's frame
/// (action map, scene, motion, time, snapshots, updates), and then moves the
/// base clock on by one frame, as a headless `SDLApp` does. Frames are 1/64 s
/// (and updates 64 a second): a binary fraction, so that frame times add up
/// exactly and a deadline falls in the frame arithmetic says it does.
@MainActor
final class GameLoopRig<Action: Hashable> {
    let sdl: SDLHarness
    let game: GameClock
    let loop: GameLoop
    let scene: Scene
    let actions: ActionMap<Action>
    /// The events of every frame, re-stamped on game time.
    private(set) var log: [InputEvent] = []
    /// The game time of each update that ran.
    private(set) var updates: [Double] = []
    static var frameTime: Double { 1.0 / 64 }

    init(actions: ActionMap<Action>, width: Int32 = 800, height: Int32 = 600) throws {
        sdl = try SDLHarness(width: width, height: height)
        game = GameClock(base: sdl.clock)
        loop = GameLoop(clock: game, updateRate: 64)
        scene = Scene(size: Size(width: Double(width), height: Double(height)))
        self.actions = actions
        loop.scene = scene
        loop.addInput(actions)
        // The first frame of a loop runs no update (no time has passed), so
        // its edges would wait for the second: start the tests after it.
        frame()
    }

    /// One frame: what is in SDL's queue now, then time moves on.
    @discardableResult
    func frame() -> [InputEvent] {
        var events: [InputEvent] = []
        sdl.pump.drain(into: &events)
        loop.frame(events: &events, update: { _, now in updates.append(now) })
        log += events
        sdl.clock.advance(by: Self.frameTime)
        return events
    }

    func frames(_ count: Int) {
        for _ in 0..<count { frame() }
    }
}
