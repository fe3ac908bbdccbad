import Tactile

/// Runs a scene, or a whole game built on a `GameLoop`, on a manual clock,
/// frame by frame, and answers what each recognizer did and what each layer
/// received: the harness a game's own tests drive ``InputScript``s through.
///
/// It is what TactileSDL's `SDLApp` is headless, without SDL: a
/// `ManualClock` advanced exactly one step per frame, a `GameClock` on it,
/// and a loop that hands each frame the events due by then. Build the game
/// under test on ``loop`` (its scene, motion manager, action maps), as a
/// game on `SDLApp` is built on `app.loop`; pass its `handle` and `update`
/// to ``run(_:settle:handle:update:)``.
///
/// ```swift
/// let scene = Scene(size: Size(width: 800, height: 600))
/// let button = Layer(frame: Rect(x: 100, y: 100, width: 200, height: 80))
/// let tap = TapGestureRecognizer()
/// button.addGestureRecognizer(tap)
/// scene.root.addChild(button)
///
/// let harness = GameHarness(scene: scene)
/// var script = InputScript()
/// script.tap(at: Point(x: 200, y: 140))
/// harness.run(script)
/// #expect(harness.states(of: tap) == [.ended])
/// ```
///
/// ## What it records
///
/// From the scene's typed decision stream (as a
/// `Scene.addDecisionObserver(includingLayerDeliveries:includingRepeatedChanges:_:)` observer that
/// hears the deliveries to layers too, beside the game's own handler), from
/// the harness's creation or the last ``clearRecord()``:
///
/// - ``states(of:)``: the states a recognizer entered, in order (`began`,
///   `changed`…, `ended`, `cancelled`, `failed`; going back to `possible`
///   on a reset is not listed).
/// - ``received(by:)``: every touch handler call a layer got, one
///   ``Delivery`` per touch, with the phase its handler was called for.
///
/// The harness forwards every decision to the handler the scene had when
/// the harness began observing it (set yours before the first run), and
/// observes whichever scene ``loop`` has at each run.
@MainActor
public final class GameHarness {
    /// Real time: advanced by exactly `GameLoop.step` after each frame.
    public let clock: ManualClock
    /// The game's time, on ``clock``: pause and scale it as the game would.
    public let gameClock: GameClock
    /// The frame loop; give it the game's scene, motion and action maps.
    public let loop: GameLoop

    /// One touch handler call a layer received, for one touch.
    public struct Delivery: Hashable, Sendable {
        public var pointer: PointerID
        /// The handler called: `began`, `moved`, `ended` or `cancelled`.
        public var phase: Touch.Phase
        /// Where the touch was, in window points.
        public var location: Point
        /// The touch's timestamp, in seconds of game time: when it last
        /// changed (a cancel from a recognizer keeps the time of the touch's
        /// last event, as `Touch.timestamp` does).
        public var timestamp: Double
    }

    private var states: [ObjectIdentifier: [GestureRecognizer.State]] = [:]
    private var deliveries: [ObjectIdentifier: [Delivery]] = [:]
    private weak var observedScene: Scene?
    private var decisionObserver: Scene.DecisionObserver?

    /// The longest a script may wait before its first event and still be
    /// played at its own times: a minute of frames.
    public static let longestIdleStart = 60.0

    /// A harness whose loop sends every event to `scene` (if any) and runs
    /// `updateRate` updates per second of game time. Time starts at 0.
    public init(scene: Scene? = nil, updateRate: Double = GameLoop.defaultUpdateRate) {
        clock = ManualClock()
        gameClock = GameClock(base: clock)
        loop = GameLoop(clock: gameClock, updateRate: updateRate)
        loop.scene = scene
    }

    /// Runs frames until every event of `script` has been handed over and
    /// `settle` more seconds have passed (by default long enough for every
    /// default recognizer deadline a script's gesture leaves open).
    ///
    /// Each frame takes the events stamped at or before ``clock``'s reading
    /// (as `SDLApp` takes a replay's), runs `GameLoop.frame(events:handle:update:)`
    /// with them, and advances the clock one step. Events keep their own
    /// timestamps, so recognizers see the script's exact timing. A script
    /// that starts before the clock's reading (a second script from 0), or
    /// more than ``longestIdleStart`` after it (one written with
    /// `InputScript(start: 1e9)`, which would otherwise take billions of
    /// idle frames), is shifted to start now (its sensor samples' hardware
    /// times with it). A negative or non-finite `settle` is 0.
    ///
    /// - Returns: how many frames ran.
    @discardableResult
    public func run(
        _ script: InputScript,
        settle: Double = InputScript.pauseAfterGesture,
        handle: (InputEvent) -> Void = { _ in },
        update: (_ step: Double, _ now: Double) -> Void = { _, _ in }
    ) -> Int {
        observe()
        var events = script.events
        if let first = events.first, first.timestamp < clock.now || first.timestamp - clock.now > Self.longestIdleStart {
            let shift = clock.now - first.timestamp
            for index in events.indices {
                events[index].timestamp += shift
                // The sensors' own clock moves on with the shift too: a
                // reading older than the last one would be dropped.
                if case .sensor(var sample) = events[index].kind, let time = sample.sensorTime {
                    sample.sensorTime = time + shift
                    events[index].kind = .sensor(sample)
                }
            }
        }
        let end = (events.last?.timestamp ?? clock.now) + (settle.isFinite && settle > 0 ? settle : 0)
        // Frame times are sums of 1/60; an event on a frame's time is due in it.
        let tolerance = loop.step * 1e-6
        var next = 0
        var frameEvents: [InputEvent] = []
        var frames = 0
        while true {
            frameEvents.removeAll(keepingCapacity: true)
            while next < events.count, events[next].timestamp <= clock.now + tolerance {
                frameEvents.append(events[next])
                next += 1
            }
            loop.frame(events: &frameEvents, handle: handle, update: update)
            frames += 1
            if next == events.count && clock.now + tolerance >= end { return frames }
            clock.advance(by: loop.step)
        }
    }

    /// The states `recognizer` entered, in order, since the record began.
    public func states(of recognizer: GestureRecognizer) -> [GestureRecognizer.State] {
        states[ObjectIdentifier(recognizer)] ?? []
    }

    /// Every touch `layer`'s handlers received, in order, since the record began.
    public func received(by layer: Layer) -> [Delivery] {
        deliveries[ObjectIdentifier(layer)] ?? []
    }

    /// The phases `layer` received for one touch: `[.began, .moved, .ended]`
    /// for a drag it saw whole, `[.began, .cancelled]` for one a recognizer took.
    public func phases(of pointer: PointerID, receivedBy layer: Layer) -> [Touch.Phase] {
        received(by: layer).filter { $0.pointer == pointer }.map(\.phase)
    }

    /// Forgets what was recorded, so that the next run's record starts empty.
    public func clearRecord() {
        states.removeAll()
        deliveries.removeAll()
    }

    /// Observes the loop's current scene, once, beside its own handler.
    private func observe() {
        guard let scene = loop.scene, scene !== observedScene else { return }
        if let previous = observedScene, let decisionObserver { previous.removeDecisionObserver(decisionObserver) }
        observedScene = scene
        decisionObserver = scene.addDecisionObserver { [weak self] decision in self?.record(decision) }
    }

    private func record(_ decision: ArenaDecision) {
        switch decision {
        case .entered(let recognizer, let state, _):
            states[ObjectIdentifier(recognizer), default: []].append(state)
        case .failed(let recognizer, _):
            states[ObjectIdentifier(recognizer), default: []].append(.failed)
        case .sentToLayer(let layer, let phase, let touches):
            deliveries[ObjectIdentifier(layer), default: []] += touches.map { touch in
                Delivery(pointer: touch.pointer, phase: phase, location: touch.location(in: nil), timestamp: touch.timestamp)
            }
        case .gathered, .listening, .waiting, .released, .took, .heldBack, .releasedToLayer, .deadline, .removed, .reset, .refused:
            break
        }
    }
}
