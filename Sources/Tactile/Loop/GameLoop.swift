/// One frame of a game, in the order everything depends on: the frame's
/// input events, then time, then the action snapshots, then the game's fixed
/// updates, all on the game clock.
///
/// A loop owns the ``GameClock`` and knows the scene, the motion manager and
/// the action maps (any ``FrameInput``), so that a game built on it gets
/// recognizer deadlines, motion and action edges right without ordering them
/// itself. It has no platform in it: TactileSDL's `SDLApp` drains SDL and
/// draws around it; a test drives it with a `ManualClock` and hand-made events.
///
/// ```
/// frame(events:)
///   (an InputDebugger made for the loop: its chords taken out; events held while it pauses)
///   for each event, in order:
///     re-stamp on game time ─► every FrameInput (action maps) ─► scene.send ─► motion.handle ─► handle(event)
///   scene.advanceTime(to: clock.now)      recognizer deadlines due by now fire (long press, tap windows)
///   motion.update()                       push handlers, on game time
///   endFrame() of every FrameInput        snapshots: this frame's edges and gesture changes
///   update(step, now) × n                 fixed steps of game time, as many as have come due
/// ```
///
/// The rules:
///
/// - **Game time.** Events arrive stamped on the base clock and are
///   re-stamped with ``GameClock/gameTime(atBaseTime:)`` before anything sees
///   them, so the scene's deadlines and motion read one time axis. Paused, a
///   frame still delivers its events (a pause menu needs them), but game time
///   stands still: no deadline fires, no update runs, and a long press that
///   began before the pause completes only after the resume, after the rest
///   of its duration. While paused, sensor samples are not given to motion:
///   they would all carry the same time; its filters restart after the gap.
/// - **Fixed steps.** Updates advance by exactly ``step`` seconds of game
///   time, as many as the game clock has moved past the last one; a time
///   scale of 0.5 runs half as many. After a stall of more than
///   ``maximumCatchUp`` the loop skips time rather than running hundreds of
///   steps at once.
/// - **Snapshots.** Action maps end their frame on every frame that runs an
///   update, and on every frame while game time stands still (so a pause menu
///   reads fresh input). A frame that runs no update while time moves (a
///   144 Hz display over 60 Hz updates) leaves its edges and gesture changes
///   to the next frame that does: an update never misses a press.
///
/// ## See Also
/// - ``GameClock``
/// - ``ActionMap``
/// - ``Scene/advanceTime(to:)``
@MainActor
public final class GameLoop {
    /// The game's time, which the scene's deadlines, motion and updates read.
    public let clock: GameClock
    /// Seconds of game time per update: the inverse of the update rate.
    public let step: Double
    /// The scene the events are sent to, if the game has one.
    public var scene: Scene? {
        get { storedScene }
        set {
            // One replaced while a frame runs is kept until the frame ends:
            // the frame hands its events to the scene borrowed (see `deliver`).
            if frameDepth > 0, let old = storedScene, old !== newValue { keptUntilFrameEnds.append(old) }
            storedScene = newValue
            borrowedScene = newValue.map(Unmanaged.passUnretained)
        }
    }
    // The scene, read for every event: unchecked (every access is a plain
    // read or write; the scene's own code runs after it). A scene is
    // handed each event borrowed, not retained: a retain and release of
    // it was about 40 instructions an event, and about 160 for a scene
    // that is the target of a weak reference, which takes the runtime's
    // slow path (callgrind, Tilt Maze). What keeps it alive meanwhile is
    // `storedScene`, or `keptUntilFrameEnds` once a handler replaced it.
    @exclusivity(unchecked) private var storedScene: Scene?
    /// `storedScene` again, as the frame reads it: loading the strong
    /// reference made a copy, retained for the send, even when handed on
    /// through `Unmanaged` (callgrind).
    @exclusivity(unchecked) private var borrowedScene: Unmanaged<Scene>?
    /// How many frames are running (a frame run from a handler nests).
    @exclusivity(unchecked) private var frameDepth = 0
    /// Scenes replaced during the running frame, let go as it ends.
    @exclusivity(unchecked) private var keptUntilFrameEnds: [Scene] = []
    /// The motion manager, if the game uses motion. Create it with this
    /// loop's ``clock`` so that its intervals are on game time.
    // Read every frame, like the fields below: every access is a plain read
    // or write, so without the runtime's exclusivity check (callgrind: three
    // checks a frame, about 230 instructions).
    @exclusivity(unchecked) public var motion: MotionManager?
    /// The frame inputs, in the order they get each event.
    public var inputs: [any FrameInput] { storedInputs }
    // Read for every event: unchecked, as `storedScene`.
    @exclusivity(unchecked) private var storedInputs: [any FrameInput] = [] {
        didSet { inputSlots = storedInputs.map(InputSlot.init) }
    }
    /// The inputs again, each in a box, as the frame calls them: the box
    /// borrowed and the input read from its `let`, where a `for` loop over
    /// `storedInputs` retained and released each input for each event
    /// (callgrind: about 40 instructions an event an input).
    @exclusivity(unchecked) private var inputSlots: [InputSlot] = []
    private final class InputSlot {
        let input: any FrameInput
        init(_ input: any FrameInput) { self.input = input }
    }
    /// The most game time the updates catch up on after a stall (the window
    /// dragged, a debugger break): a quarter second, so that a hiccup costs
    /// at most 15 updates at 60 Hz rather than a spiral of ever longer frames.
    @exclusivity(unchecked) public var maximumCatchUp = 0.25
    /// The game time the updates have reached.
    @exclusivity(unchecked) public internal(set) var updatedTime: Double
    /// How many frames have run.
    @exclusivity(unchecked) public internal(set) var frameCount = 0
    /// The input debugger made for this loop, which looks at each frame's
    /// events first: for its controls, and to hold them back while it has
    /// paused the game (see ``InputDebugger``). Held strongly (it holds the
    /// loop weakly): a strong load is the cheaper one per frame. Unchecked:
    /// set only as a debugger is made, never during a frame.
    @exclusivity(unchecked) var inputDebugger: InputDebugger?
    /// Which frames the input debugger must look at, kept up to date by it
    /// (see `InputDebugger.LoopNeeds`); read before the debugger is touched.
    @exclusivity(unchecked) var debuggerNeeds = InputDebugger.LoopNeeds.nothing

    /// The updates per second a loop runs by default: 60, the refresh rate
    /// of most displays, so that one update falls in each frame.
    public static let defaultUpdateRate = 60.0

    /// A loop on `clock`, updating `updateRate` times per second of game time.
    /// A rate that is not positive and finite is taken as the default.
    public init(clock: GameClock, updateRate: Double = GameLoop.defaultUpdateRate) {
        self.clock = clock
        let rate = updateRate.isFinite && updateRate > 0 ? updateRate : Self.defaultUpdateRate
        step = 1 / rate
        updatedTime = clock.now
    }

    /// Adds a frame input (an action map) after those already added, and
    /// hands it the game ``clock`` (``FrameInput/useClock(_:)``).
    public func addInput(_ input: any FrameInput) {
        guard !storedInputs.contains(where: { $0 === input }) else { return }
        storedInputs.append(input)
        input.useClock(clock)
    }

    /// Stops feeding a frame input.
    public func removeInput(_ input: any FrameInput) {
        storedInputs.removeAll { $0 === input }
    }

    /// Whether game time moves: not paused, and a time scale above 0.
    public var isTimeMoving: Bool { !clock.isPaused && clock.timeScale > 0 }

    /// Runs one frame: every event in order, then time, snapshots and
    /// updates, as described above.
    ///
    /// - Parameters:
    ///   - events: the frame's events, stamped on the base clock; they are
    ///     re-stamped on game time in place.
    ///   - handle: the game's own handling of each event, after the inputs,
    ///     the scene and motion have had it.
    ///   - update: one fixed step: its length and the game time it ends at.
    /// - Returns: how many updates ran.
    @discardableResult
    public func frame(
        events: inout [InputEvent],
        handle: (InputEvent) -> Void = { _ in },
        update: (_ step: Double, _ now: Double) -> Void = { _, _ in }
    ) -> Int {
        frameDepth += 1
        defer {
            frameDepth -= 1
            if frameDepth == 0 && !keptUntilFrameEnds.isEmpty { keptUntilFrameEnds.removeAll() }
        }
        // The input debugger looks first, at frames that need it. A frame
        // step of the paused debugger moves time like a running frame.
        var stepped = false
        if debuggerNeeds != .nothing, debuggerNeeds == .everyFrame || events.contains(where: InputDebugger.Controls.mightMatch) {
            stepped = inputDebugger?.screen(&events) ?? false
        }
        let timeMoves = isTimeMoving || stepped
        for index in events.indices {
            let time = clock.gameTime(atBaseTime: events[index].timestamp)
            // Every event is handed on from where it is stored, by a
            // mutating call on the array's element (which runs on the element
            // in place), and so never copied or destroyed here. Read out of
            // the array, an event is a copy made through the enum's value
            // witness (callgrind: about 75 instructions), and an event built
            // for the call is destroyed through it after the game's handle,
            // about 38 more, even a pointer's, which needs no destroying (the
            // optimiser does not keep track of its kind that far). Handed on
            // through the array's buffer (`withUnsafeMutableBufferPointer`),
            // it was copied out again for each call it was passed to.
            events[index].restamp(time, deliveredBy: self, timeMoves: timeMoves, handle: handle)
        }
        let now = clock.now
        scene?.advanceTime(to: now)
        motion?.update()

        if now - updatedTime > maximumCatchUp {
            updatedTime = now - step
        }
        // A step is due when the clock has reached its end; the tolerance
        // keeps 1/60 added sixty times from falling short of 1 by rounding.
        let tolerance = step * 1e-9
        var steps = 0
        var next = updatedTime + step
        while next <= now + tolerance {
            steps += 1
            next += step
        }
        if steps > 0 || !timeMoves {
            for input in inputs { input.endFrame() }
        }
        for _ in 0..<steps {
            updatedTime += step
            update(step, updatedTime)
        }
        frameCount += 1
        return steps
    }

    /// One event, stamped on game time, to everything that takes it, in order.
    @inline(__always)
    fileprivate func deliver(_ event: InputEvent, timeMoves: Bool, handle: (InputEvent) -> Void) {
        // The list as it is for this event (one added or removed by a
        // handler changes the next event's), which holds its boxes.
        let slots = inputSlots
        slots.forEachBorrowed { $0.input.handle(event) }
        borrowedScene?.withBorrowed { $0.send(event) }
        if let motion, timeMoves || !isSensorSample(event) { motion.handle(event) }
        handle(event)
    }

    private func isSensorSample(_ event: InputEvent) -> Bool {
        if case .sensor = event.kind { return true }
        return false
    }
}

private extension InputEvent {
    /// Sets the timestamp, and hands the event to `loop`'s `deliver`
    /// borrowed from where it is stored: `self` here is the array's element
    /// itself, and no one else can reach it while the frame runs (the
    /// frame's list is `inout`).
    @MainActor @inline(__always)
    mutating func restamp(_ time: Double, deliveredBy loop: GameLoop, timeMoves: Bool, handle: (InputEvent) -> Void) {
        timestamp = time
        loop.deliver(self, timeMoves: timeMoves, handle: handle)
    }
}
