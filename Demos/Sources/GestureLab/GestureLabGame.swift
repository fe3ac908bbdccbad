import DemoSupport
import Foundation
import Tactile
import TactileDebugDrawing
import TactileSDL

/// The Gesture Lab: every built-in recognizer on its own panel, showing its
/// live state, its values and how often its action fired, beside the
/// arena's decisions as they happen.
///
/// It is where to go when a gesture does not do what you expect: the state
/// badges show who recognized, who failed and who is waiting for whom, and
/// the log on the right says why.
///
/// ```
/// ┌──────┬─────────────┬─────────────┬──────────┐
/// │ EDGE │ TAP         │ DOUBLE TAP  │  ARENA   │
/// │ PAN  ├──────┬──────┴─────────────┤  LOG     │
/// │      │ LONG │ PINCH + ROTATION   │          │
/// │ left │ PRESS│ (window centre)    │          │
/// │ edge ├──────┴──────┬─────────────┤          │
/// │      │ PAN         │ SWIPE       │          │
/// └──────┴─────────────┴─────────────┴──────────┘
/// ```
///
/// Pinch and rotation share the panel at the window's centre and recognize
/// together (as a photo viewer's do): the mouse's Alt+drag mirrors its two
/// contacts about the window centre, so only a panel around the centre can
/// get both of them.
@MainActor
final class GestureLabGame: CanvasGame {
    /// What the lab remembers of one recognizer: how often its action ran,
    /// in which states, and the state shown on its badge.
    struct Readout {
        var fired = 0
        /// The recognizer's states at its actions, in order, for the tests
        /// (the panel draws ``fired``, not these): a run of `changed` is kept
        /// once, and only the last ``statesKept``. The tests read the first,
        /// the last and how many ended of a gesture or two; kept whole, a
        /// pan under way added a `changed` at every move, without end.
        private(set) var states: [GestureRecognizer.State] = []
        /// How many states ``states`` keeps: a few gestures' worth.
        static let statesKept = 16

        /// Makes room for every state ``states`` keeps, so that keeping them
        /// never allocates: a panel's first action appended to an empty list
        /// (the pan's began, say, in the frame where it begins), and the list
        /// grew by doubling after that.
        mutating func makeRoomForStates() {
            states.reserveCapacity(Self.statesKept)
        }

        /// Keeps `state`, an action's, in ``states``.
        mutating func record(_ state: GestureRecognizer.State) {
            if state == .changed, states.last == .changed { return }
            if states.count == Self.statesKept { states.removeFirst() }
            states.append(state)
        }
        /// The values at the last action, read as numbers and formatted
        /// only when drawn (see ``Values``); a pan under way reads its
        /// velocity when drawn (``Values/live(_:)``).
        var values = Values.commandOrMotion(.none)
        /// The last state the arena moved it to, and when (game time).
        var lastTransition: (state: GestureRecognizer.State, time: Double)?
        /// Set from the arena's `wait` line until it is released, fails or resets.
        var isWaiting = false
    }

    /// One panel: a layer and the recognizers on it, listed top to bottom.
    struct Panel {
        let title: String
        let layer: Layer
        let recognizers: [GestureRecognizer]
    }

    let scene = Scene(size: Size(width: 800, height: 600))
    let overlay = TouchOverlay()

    let tap = TapGestureRecognizer()
    let single = TapGestureRecognizer()
    let double = TapGestureRecognizer()
    let longPress = LongPressGestureRecognizer()
    let pan = PanGestureRecognizer()
    let swipe = SwipeGestureRecognizer()
    let pinch = PinchGestureRecognizer()
    let rotation = RotationGestureRecognizer()
    let edgePan = ScreenEdgePanGestureRecognizer()
    private(set) var panels: [Panel] = []
    /// The strokes page (S), over the panels while shown.
    let strokeLab: StrokeLabPage

    /// The readouts of the panels' recognizers, in the order of
    /// ``followed``: a recognizer's action is told its place when it is
    /// added, and a decision finds it by identity in a short list. (Kept
    /// by `ObjectIdentifier` in a dictionary, each action and each decision
    /// hashed the recognizer: callgrind, about 90 instructions a look-up.)
    ///
    /// Exclusivity: every access is instantaneous (the lab's own code, and
    /// the closures `update` is given, which touch only the readout they
    /// are handed), so the runtime's checks, two or more an action and a
    /// decision, are dropped.
    @exclusivity(unchecked) private var readouts: [Readout] = []
    /// The panels' recognizers, in the order of ``readouts``: the first
    /// page's first, since they decide most.
    @exclusivity(unchecked) private var followed: [ObjectIdentifier] = []
    /// Readouts of recognizers on no panel that the arena decided about
    /// (the strokes page's), as the lab kept every recognizer's before.
    @exclusivity(unchecked) private var othersReadouts: [ObjectIdentifier: Readout] = [:]
    /// The arena's decisions, oldest first; the side panel shows the last
    /// ``logLength``. Moves of a gesture under way (`changed → changed`)
    /// are left out: they are not decisions.
    var arenaLines: [String] { arenaLog.suffix(Self.logKept).map(\.text) }
    /// The same decisions, each kept as recorded (no text) and worded the
    /// first time the panel shows it or a test reads it: wording a decision
    /// (the states' and failures' names, interpolated) cost about 42,000
    /// instructions a line, most of them in the few frames where the
    /// recognizers decide, which made those frames the input's worst
    /// (callgrind: 1.1 M instructions in the second frame of the ten-contact
    /// trace).
    ///
    /// It holds between ``logKept`` and twice that many, and drops the
    /// older half when full: dropping the oldest line at every decision
    /// moved every other line each time. Made with its full room, so that
    /// the first decisions, which come with the first touches, do not
    /// grow it (callgrind: about 15,000 instructions in the landing frame,
    /// most of them the runtime's first look-up of the storage type).
    // Exclusivity: instantaneous accesses only, as for ``readouts``.
    @exclusivity(unchecked) private var arenaLog: [ArenaLogLine] = []
    /// How many decisions ``arenaLines`` keeps.
    static let logKept = 200
    /// Values at each recognizer's last action, for the tests.
    private(set) var panTranslation = Point.zero
    private(set) var edgeTranslation = Point.zero
    private(set) var pinchScale = 1.0
    private(set) var rotationAngle = 0.0
    private(set) var swipeDirection: SwipeGestureRecognizer.Direction = []
    private(set) var wantsToQuit = false
    private var now = 0.0

    /// The frame the headless run stops at by default, for its screenshot:
    /// the long press held, the pan and the rotation under way, the pinch
    /// just ended (see scripts/make-gesturelab-trace.py).
    static let showcaseFrame = 285
    /// How many arena lines the side panel shows.
    static let logLength = 12
    /// How long a finished state (ended, cancelled, failed) stays on a
    /// badge after the recognizer was reset: long enough to read.
    static let stateHold = 1.0
    /// Esc's USB HID usage (SDL_SCANCODE_ESCAPE).
    static let escapeScancode: Int32 = 41

    private let cursorLocations: () -> [Point]

    /// Throws only if the single tap's requirement made a cycle, which
    /// it cannot: the double tap requires nothing.
    init(cursorLocations: @escaping () -> [Point] = { [] }, strokeTemplatesPath: String? = nil) throws {
        self.cursorLocations = cursorLocations
        strokeLab = StrokeLabPage(savePath: strokeTemplatesPath)
        tap.name = "tap"
        single.name = "single"
        double.name = "double"
        double.numberOfTapsRequired = 2
        // The single tap waits for the double to fail: a lone tap shows it waiting.
        single.require(toFail: double)
        longPress.name = "press"
        pan.name = "pan"
        swipe.name = "swipe"
        swipe.direction = [.left, .right, .up, .down]
        pinch.name = "pinch"
        rotation.name = "rotate"
        edgePan.name = "edge"
        edgePan.edges = .left
        pinch.delegate = together
        rotation.delegate = together

        panels = [
            Panel(title: "EDGE PAN", layer: Layer(frame: Rect(x: 0, y: 40, width: 116, height: 540)), recognizers: [edgePan]),
            Panel(title: "TAP", layer: Layer(frame: Rect(x: 120, y: 40, width: 216, height: 172)), recognizers: [tap]),
            // Added single first: a double tap's second lift reaches the double first.
            Panel(title: "DOUBLE TAP (single waits)", layer: Layer(frame: Rect(x: 340, y: 40, width: 220, height: 172)), recognizers: [single, double]),
            Panel(title: "LONG PRESS", layer: Layer(frame: Rect(x: 120, y: 216, width: 116, height: 168)), recognizers: [longPress]),
            Panel(title: "PINCH + ROTATION", layer: Layer(frame: Rect(x: 240, y: 216, width: 320, height: 168)), recognizers: [pinch, rotation]),
            Panel(title: "PAN", layer: Layer(frame: Rect(x: 120, y: 388, width: 216, height: 192)), recognizers: [pan]),
            Panel(title: "SWIPE (any direction)", layer: Layer(frame: Rect(x: 340, y: 388, width: 220, height: 192)), recognizers: [swipe]),
        ]
        // The second page, shown with Tab (GestureLabGame+CommandsAndMotion.swift).
        panels += try Self.commandAndMotionPanels(shake: scene.shakeGestureRecognizer)
        for panel in panels {
            panel.layer.name = panel.title
            panel.layer.isMultipleTouchEnabled = true
            for recognizer in panel.recognizers {
                let slot = readouts.count
                var readout = Readout(values: Self.snapshot(of: recognizer))
                readout.makeRoomForStates()
                readouts.append(readout)
                followed.append(ObjectIdentifier(recognizer))
                follow(recognizer, slot: slot, on: panel.layer)
                panel.layer.addGestureRecognizer(recognizer)
            }
            scene.root.addChild(panel.layer)
        }
        scene.root.addChild(strokeLab.layer)
        arenaLog.reserveCapacity(2 * Self.logKept)
        // Every call of a panel's touch handler is a decision too, and the
        // lab shows none of them: heard without them, the arena does not
        // make them (callgrind: about 230 instructions a move). Nor does
        // it show a pan's or pinch's every move (`changed` to `changed`,
        // deciding nothing): heard without them, the arena takes those
        // moves its short way (about 900 instructions a move).
        //
        // Unowned and unchecked: the lab owns the scene, whose arena holds
        // the observer, so the lab outlives every call; a checked unowned
        // reference is checked and strongly retained at every call (see
        // `arenaDecided` for what the two changes saved together).
        scene.addDecisionObserver(includingLayerDeliveries: false, includingRepeatedChanges: false) { [unowned(unsafe) self] decision in
            self.arenaDecided(decision)
        }
    }

    /// The panel a PlayStation pad's touchpad is mapped onto (see main.swift):
    /// two fingers on the pad pinch and turn there.
    var pinchPanel: Layer {
        panels.first { $0.recognizers.contains { $0 === pinch } }?.layer ?? scene.root
    }

    func readout(_ recognizer: GestureRecognizer) -> Readout {
        applyDecisions()
        if let slot = slot(of: recognizer) { return readouts[slot] }
        return othersReadouts[ObjectIdentifier(recognizer)] ?? Readout()
    }

    /// Where `recognizer`'s readout is in ``readouts``, if it is on a panel.
    private func slot(of recognizer: GestureRecognizer) -> Int? {
        let id = ObjectIdentifier(recognizer)
        for slot in followed.indices where followed[slot] == id { return slot }
        return nil
    }

    /// The pinch's and the rotation's delegate: they recognize together.
    ///
    /// An object of its own, not the lab: a delegate is held weakly, and an
    /// object that is the target of a weak reference gets a side table that
    /// sends every retain and release of it down the runtime's slow path for
    /// as long as it lives. The lab is retained wherever its actions and its
    /// decision observer run (callgrind, the ten-contact trace: a pan
    /// action's unowned retain and its release, about 180 instructions with
    /// the lab as the delegate, 40 without).
    private final class Together: GestureRecognizerDelegate {
        nonisolated func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
            true
        }
    }
    /// Kept here: the recognizers hold their delegate weakly.
    private let together = Together()

    // MARK: Input

    func handle(_ event: InputEvent) {
        now = event.timestamp
        overlay.handle(event)
        // Pointer events, most of them, are the overlay's alone: one test of the kind.
        guard case .key(let key) = event.kind else { return }
        if key.isDown, key.scancode == Self.escapeScancode { wantsToQuit = true }
        // The second page reads WASD, so S opens the strokes page only
        // from the first; Tab turns the page only with strokes hidden.
        if !showsCommandsAndMotion { strokeLab.handle(key: key) }
        if key.isDown, !key.isRepeat, key.scancode == Self.tabScancode, !strokeLab.isShown { turnPage() }
    }

    func update(step: Double, now: Double) {
        self.now = now
        applyDecisions()
        strokeLab.update()
    }

    /// Adds the action that keeps `recognizer`'s readout, at `slot`, and
    /// reads its values in `layer`, its panel's.
    ///
    /// Each kind of recognizer gets an action of its own, chosen here once,
    /// so that an action tests no kind: the pans, pinch and rotation run
    /// theirs at every move while under way, and a first action (a swipe's
    /// or tap's, in an early frame) ran `snapshot(of:)`'s class casts, which
    /// read the classes' metadata, lines no other input touches. The
    /// lab is held unowned, not as `addTarget`'s weak target: the lab owns
    /// its scene and the recognizers on it, so it outlives every action
    /// they run, and an object held weakly gets a side table that sends
    /// each retain and release of it down the runtime's slow path, for as
    /// long as it lives (see ``Together``). Callgrind, the ten-contact
    /// trace: an action of the pan, from the recognizer's `sendActions`,
    /// about 660 → 480 instructions with these, the lab's own delegate and
    /// the plain ``Values`` (the layer held unowned is about 50 of them).
    private func follow(_ recognizer: GestureRecognizer, slot: Int, on layer: Layer) {
        // The layer is captured (the recognizer's own `layer` is read
        // through a runtime exclusivity check, about 110 instructions; one
        // read from a list was retained for the call), unowned: the layer
        // holds the recognizer, which holds its actions.
        // The kinds in `snapshot(of:)`'s order, which gives each its values.
        if let tap = recognizer as? TapGestureRecognizer {
            tap.addAction { [unowned self, unowned layer] tap in
                self.keep(tap.state, .tap(tapsRequired: tap.numberOfTapsRequired, location: tap.location(in: layer)), at: slot)
            }
        } else if let press = recognizer as? LongPressGestureRecognizer {
            press.addAction { [unowned self, unowned layer] press in
                self.keep(press.state, .press(duration: press.minimumPressDuration, location: press.location(in: layer)), at: slot)
            }
        } else if let swipe = recognizer as? SwipeGestureRecognizer {
            swipe.addAction { [unowned self, unowned layer] swipe in self.swiped(swipe, slot: slot, in: layer) }
        } else if let pan = recognizer as? PanGestureRecognizer {
            pan.addAction { [unowned self, unowned layer] pan in self.panned(pan, slot: slot, in: layer) }
        } else if let pinch = recognizer as? PinchGestureRecognizer {
            pinch.addAction { [unowned self] pinch in self.pinched(pinch, slot: slot) }
        } else if let rotation = recognizer as? RotationGestureRecognizer {
            rotation.addAction { [unowned self] rotation in self.rotated(rotation, slot: slot) }
        } else {
            recognizer.addAction { [unowned self] recognizer in self.fired(recognizer, slot: slot) }
        }
    }

    /// A panel's swipe's action: `slot` is its readout's place.
    private func swiped(_ swipe: SwipeGestureRecognizer, slot: Int, in layer: Layer) {
        keep(swipe.state, .swipe(swipe.recognizedDirection, velocity: swipe.velocity(in: layer)), at: slot)
        if swipe === self.swipe { swipeDirection = swipe.recognizedDirection }
    }

    /// A panel's pinch's action: `slot` is its readout's place.
    private func pinched(_ pinch: PinchGestureRecognizer, slot: Int) {
        keep(pinch.state, .pinch(scale: pinch.scale, velocity: pinch.velocity), at: slot)
        if pinch === self.pinch { pinchScale = pinch.scale }
    }

    /// A panel's rotation's action: `slot` is its readout's place.
    private func rotated(_ rotation: RotationGestureRecognizer, slot: Int) {
        keep(rotation.state, .rotation(angle: rotation.rotation, velocity: rotation.velocity), at: slot)
        if rotation === self.rotation { rotationAngle = rotation.rotation }
    }

    /// A panel's pan's action (the edge pan's too): `slot` is its readout's place.
    private func panned(_ pan: PanGestureRecognizer, slot: Int, in layer: Layer) {
        let state = pan.state
        let translation = pan.translation(in: layer)
        if pan === edgePan { edgeTranslation = translation } else if pan === self.pan { panTranslation = translation }
        // The velocity is a fit over the pan's recent moves (callgrind:
        // about 800 instructions), and the panel shows only the last one a
        // frame: while the pan is under way it is read when the panel is
        // drawn (`Values.live`), as a game reads it when it needs it. It
        // stays what it was at the last move until the next, or reads 0
        // once the fingers have rested 40 ms; at the end it is kept as it
        // was, since the pan then resets.
        let isUnderWay = state == .began || state == .changed
        keep(state, .pan(translation: translation, velocity: isUnderWay ? nil : pan.velocity(in: layer)), at: slot)
    }

    /// The action of a panel's command or motion recognizer (the second
    /// page's; `follow` gave every other kind its own): `slot` is its
    /// readout's place.
    private func fired(_ recognizer: GestureRecognizer, slot: Int) {
        keep(recognizer.state, .commandOrMotion(Self.commandAndMotionValues(of: recognizer)), at: slot)
    }

    /// Counts an action of the recognizer whose readout is at `slot`, in
    /// `state`, with `values`.
    private func keep(_ state: GestureRecognizer.State, _ values: Values, at slot: Int) {
        readouts[slot].fired += 1
        readouts[slot].record(state)
        readouts[slot].values = values
    }

    /// Follows the arena's decisions: each decision's line for the log
    /// panel, kept as it comes; the transitions and waits the badges show
    /// are taken from the lines before a readout is next read
    /// (``applyDecisions()``).
    ///
    /// Only the line is made here, in the input: the landing of ten fingers
    /// makes 17 decisions in one frame, the input's costliest, and the
    /// badges are drawn once a frame. Callgrind, that frame: the observer
    /// went from about 410 to 365 instructions a decision with this and the
    /// unchecked unowned lab (50,517 → 49,713 for the frame); most of what
    /// is left is the line itself (about 135: a touch's pointer must be
    /// read now) and the decision's copy (about 75).
    private func arenaDecided(_ decision: ArenaDecision) {
        // The stroke page's result reads its recognizer's match as the
        // drawing fails: now, not later.
        strokeLab.arenaDecided(decision)
        switch decision {
        case .entered(_, .changed, from: .changed):
            // A continuous gesture's stream of changes would flood the panel
            // (the observer added in `init` does not hear them).
            applyDecisions()
            apply(decision, at: now)
            return
        case .sentToLayer:
            // The panels' own handlers show what they get; a line per
            // delivery would push the arena's decisions off the list (the
            // observer added in `init` does not hear these).
            return
        default:
            break
        }
        if arenaLog.count == 2 * Self.logKept {
            applyDecisions()
            arenaLog.removeFirst(Self.logKept)
            decisionsApplied -= Self.logKept
        }
        arenaLog.append(ArenaLogLine(decision, at: now))
    }

    /// How many of ``arenaLog``'s lines the readouts have taken in.
    @exclusivity(unchecked) private var decisionsApplied = 0

    /// Takes the decisions logged since the last call into the readouts,
    /// in order, each at the time it was made.
    private func applyDecisions() {
        while decisionsApplied < arenaLog.count {
            let index = decisionsApplied
            decisionsApplied += 1
            if let decision = arenaLog[index].decision { apply(decision, at: arenaLog[index].time) }
        }
    }

    /// What `decision`, made at `time`, changes on a badge.
    private func apply(_ decision: ArenaDecision, at time: Double) {
        switch decision {
        case .entered(let recognizer, let state, _):
            update(recognizer) { $0.lastTransition = (state, time); $0.isWaiting = false }
        case .failed(let recognizer, _):
            update(recognizer) { $0.lastTransition = (.failed, time); $0.isWaiting = false }
        case .waiting(let recognizer, _, _):
            update(recognizer) { $0.isWaiting = true }
        case .released(let recognizer), .reset(let recognizer):
            update(recognizer) { $0.isWaiting = false }
        case .gathered, .listening, .took, .heldBack, .releasedToLayer, .sentToLayer, .deadline, .removed, .refused:
            break
        }
    }

    private func update(_ recognizer: GestureRecognizer, _ change: (inout Readout) -> Void) {
        if let slot = slot(of: recognizer) {
            change(&readouts[slot])
        } else {
            change(&othersReadouts[ObjectIdentifier(recognizer), default: Readout()])
        }
    }

    // MARK: What a panel shows

    /// What a recognizer's badge shows: waiting, its live state if it is
    /// not possible, else the state it last finished in if that was recent.
    enum Badge: Equatable {
        case waiting
        case state(GestureRecognizer.State)
    }

    func badge(of recognizer: GestureRecognizer) -> Badge {
        let readout = readout(recognizer)
        if readout.isWaiting { return .waiting }
        if recognizer.state != .possible { return .state(recognizer.state) }
        if let last = readout.lastTransition, last.state != .possible, now - last.time <= Self.stateHold {
            return .state(last.state)
        }
        return .state(.possible)
    }

    /// What a panel prints under a recognizer's name, read at its action.
    ///
    /// The numbers are kept as they are and formatted only when the panel
    /// is drawn: formatting them at every action (`String(format:)`, and a
    /// dynamic cast per recognizer kind) was about 70% of the lab's input
    /// in the ten-contact replay, 5,600 instructions an event (callgrind),
    /// for lines drawn once a frame at most. Every case holds plain values,
    /// so that a readout's values are copied and replaced as bytes: with the
    /// second page's values kept as lines of text (`[String]`), each pan
    /// move's action copied and destroyed them through the enum's outlined
    /// value operations (callgrind: about 85 instructions an action).
    enum Values {
        case tap(tapsRequired: Int, location: Point)
        case press(duration: Double, location: Point)
        case swipe(SwipeGestureRecognizer.Direction, velocity: Point)
        /// `velocity` is `nil` for a pan under way: it is read when drawn (``live(_:)``).
        case pan(translation: Point, velocity: Point?)
        case pinch(scale: Double, velocity: Double)
        case rotation(angle: Double, velocity: Double)
        /// The second page's commands and motion gestures.
        case commandOrMotion(CommandOrMotionValues)

        /// The panel's lines.
        var lines: [String] {
            // Not String(format:): see fixedDecimal (its first call, in the first
            // render, left the next frame's input running from cold caches).
            func format(_ value: Double, _ digits: Int = 0) -> String { fixedDecimal(value, decimals: digits, sign: true) }
            func format(_ point: Point) -> String { "\(format(point.x)), \(format(point.y))" }
            switch self {
            case .tap(let taps, let location):
                return ["taps needed \(taps)", "at \(format(location))"]
            case .press(let duration, let location):
                return ["after \(fixedDecimal(duration, decimals: 2)) s", "at \(format(location))"]
            case .swipe(let recognized, let velocity):
                let direction: String = switch recognized {
                case .left: "left"
                case .right: "right"
                case .up: "up"
                case .down: "down"
                default: "-"
                }
                return ["direction \(direction)", "v \(format(velocity))"]
            case .pan(let translation, let velocity):
                return ["moved \(format(translation))", "v " + (velocity.map { format($0) } ?? "-")]
            case .pinch(let scale, let velocity):
                return ["scale \(fixedDecimal(scale, decimals: 2))", "v \(format(velocity, 2)) /s"]
            case .rotation(let angle, let velocity):
                return ["angle \(format(angle * 180 / .pi)) deg", "v \(format(velocity, 2)) rad/s"]
            case .commandOrMotion(let values):
                return values.lines
            }
        }

        /// The values with what is read when drawn filled in: the velocity
        /// of `recognizer`, a pan under way.
        @MainActor func live(_ recognizer: GestureRecognizer) -> Values {
            guard case .pan(let translation, nil) = self, let pan = recognizer as? PanGestureRecognizer else { return self }
            return .pan(translation: translation, velocity: pan.velocity(in: pan.layer))
        }
    }

    /// The values `recognizer`'s panel prints, as they are now.
    static func snapshot(of recognizer: GestureRecognizer) -> Values {
        // Class casts (`as?`) rather than a `switch` of `case let … as`
        // patterns, which go through the runtime's general dynamic cast.
        // A screen-edge pan is a pan, and prints as one.
        if let tap = recognizer as? TapGestureRecognizer {
            return .tap(tapsRequired: tap.numberOfTapsRequired, location: tap.location(in: tap.layer))
        }
        if let press = recognizer as? LongPressGestureRecognizer {
            return .press(duration: press.minimumPressDuration, location: press.location(in: press.layer))
        }
        if let swipe = recognizer as? SwipeGestureRecognizer {
            return .swipe(swipe.recognizedDirection, velocity: swipe.velocity(in: swipe.layer))
        }
        if let pan = recognizer as? PanGestureRecognizer {
            return .pan(translation: pan.translation(in: pan.layer), velocity: pan.velocity(in: pan.layer))
        }
        if let pinch = recognizer as? PinchGestureRecognizer {
            return .pinch(scale: pinch.scale, velocity: pinch.velocity)
        }
        if let rotation = recognizer as? RotationGestureRecognizer {
            return .rotation(angle: rotation.rotation, velocity: rotation.velocity)
        }
        return .commandOrMotion(commandAndMotionValues(of: recognizer))
    }

    /// What a panel prints for `recognizer` now.
    static func values(of recognizer: GestureRecognizer) -> [String] {
        snapshot(of: recognizer).lines
    }

    // MARK: Drawing

    nonisolated static let background = Color(r: 18, g: 20, b: 28)
    nonisolated static let panelFill = Color(r: 34, g: 38, b: 52)
    nonisolated static let text = Color(r: 220, g: 224, b: 235)
    nonisolated static let waitingColor = Color(r: 250, g: 210, b: 60)

    nonisolated static func color(for state: GestureRecognizer.State) -> Color {
        switch state {
        case .possible: Color(r: 110, g: 116, b: 134)
        case .began: Color(r: 80, g: 200, b: 255)
        case .changed: Color(r: 60, g: 120, b: 255)
        case .ended: Color(r: 90, g: 220, b: 110)
        case .cancelled: Color(r: 255, g: 150, b: 50)
        case .failed: Color(r: 235, g: 70, b: 80)
        }
    }

    nonisolated static func color(for badge: Badge) -> Color {
        switch badge {
        case .waiting: waitingColor
        case .state(let state): color(for: state)
        }
    }

    /// Where a recognizer's badge square is: the top-left of its row.
    func badgeRect(of recognizer: GestureRecognizer) -> Rect? {
        for panel in panels {
            guard let row = panel.recognizers.firstIndex(where: { $0 === recognizer }) else { continue }
            let frame = panel.layer.frame
            let rowHeight = (frame.height - 22) / Double(panel.recognizers.count)
            return Rect(x: frame.minX + 8, y: frame.minY + 22 + Double(row) * rowHeight, width: 14, height: 14)
        }
        return nil
    }

    func render(on canvas: Canvas) {
        canvas.clear(Self.background)
        for panel in panels where !panel.layer.isHidden { draw(panel, on: canvas) }
        if strokeLab.isShown { strokeLab.render(on: canvas) }
        drawLog(on: canvas)
        canvas.fillRect(x: 0, y: 0, width: 800, height: 36, color: Self.panelFill)
        canvas.drawText("TACTILE  GESTURE LAB", at: Point(x: 12, y: 6), scale: 2, color: Self.text)
        var x = 12.0
        for state in GestureRecognizer.State.allCases {
            canvas.fillRect(x: x, y: 25, width: 7, height: 7, color: Self.color(for: state))
            canvas.drawText(state.rawValue, at: Point(x: x + 10, y: 25), scale: 1, color: Self.text.withAlpha(180))
            x += 20 + canvas.textSize(state.rawValue, scale: 1).width
        }
        canvas.fillRect(x: x, y: 25, width: 7, height: 7, color: Self.waitingColor)
        canvas.drawText("waiting", at: Point(x: x + 10, y: 25), scale: 1, color: Self.text.withAlpha(180))
        canvas.drawText("O: overlay  Tab: commands+motion  alt+drag: pinch/rotate  pad: stick + A, LB for two",
                        at: Point(x: 12, y: 588), scale: 1, color: Self.text.withAlpha(150))
        for cursor in cursorLocations() {
            let color = Color(r: 240, g: 100, b: 200)
            canvas.strokeCircle(center: cursor, radius: 10, thickness: 3, color: color)
            canvas.drawLine(from: Point(x: cursor.x - 16, y: cursor.y), to: Point(x: cursor.x + 16, y: cursor.y), color: color, thickness: 2)
            canvas.drawLine(from: Point(x: cursor.x, y: cursor.y - 16), to: Point(x: cursor.x, y: cursor.y + 16), color: color, thickness: 2)
        }
        overlay.draw(on: canvas)
    }

    private func draw(_ panel: Panel, on canvas: Canvas) {
        let frame = panel.layer.frame
        canvas.fillRect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height, color: Self.panelFill)
        let badges = panel.recognizers.map { badge(of: $0) }
        // The border takes the colour of the liveliest recognizer on the panel.
        let border = badges.first { $0 != .state(.possible) } ?? .state(.possible)
        canvas.strokeRect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height, thickness: 2, color: Self.color(for: border))
        canvas.drawText(panel.title, at: Point(x: frame.minX + 8, y: frame.minY + 7), scale: 1, color: Self.text)
        for (recognizer, badge) in zip(panel.recognizers, badges) {
            guard let box = badgeRect(of: recognizer) else { continue }
            let readout = readout(recognizer)
            let color = Self.color(for: badge)
            canvas.fillRect(x: box.minX, y: box.minY, width: box.width, height: box.height, color: color)
            let word = switch badge {
            case .waiting: "waiting"
            case .state(let state): state.rawValue
            }
            // Narrow panels get the word at half size so that "possible" fits.
            let wordScale = 28 + canvas.textSize(word, scale: 2).width <= frame.width - 8 ? 2.0 : 1.0
            canvas.drawText(word, at: Point(x: box.minX + 20, y: box.minY + (wordScale == 2 ? 0 : 4)), scale: wordScale, color: color)
            var lines = ["\(recognizer.name ?? "") fired \(readout.fired)"] + readout.values.live(recognizer).lines
            if readout.isWaiting { lines.append("for double to fail") }
            for (index, line) in lines.enumerated() {
                canvas.drawText(line, at: Point(x: box.minX, y: box.minY + 22 + Double(index) * 11), scale: 1, color: Self.text.withAlpha(200))
            }
        }
    }

    private func drawLog(on canvas: Canvas) {
        let frame = Rect(x: 564, y: 40, width: 236, height: 540)
        canvas.fillRect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height, color: Self.panelFill)
        canvas.drawText("ARENA DECISIONS", at: Point(x: frame.minX + 8, y: frame.minY + 7), scale: 1, color: Self.text)
        // Each line is worded, coloured and wrapped once, the first time
        // the panel shows it (`ArenaLogLine.drawn`); the last 46 rows of the
        // last ``logLength`` lines are drawn.
        let shown = arenaLog.indices.suffix(Self.logLength)
        var rowCount = 0
        for index in shown { rowCount += arenaLog[index].drawn.rows.count }
        var skipped = max(0, rowCount - 46)
        var row = 0
        for index in shown {
            let drawn = arenaLog[index].drawn
            for text in drawn.rows {
                if skipped > 0 { skipped -= 1; continue }
                canvas.drawText(text, at: Point(x: frame.minX + 8, y: frame.minY + 24 + Double(row) * 11), scale: 1, color: drawn.color)
                row += 1
            }
        }
    }

    /// What the arena panel draws for a decision's line: its rows (long
    /// lines wrap onto an indented second row; 37 columns fit) and their
    /// colour. Made once a line: done every frame for the twelve lines shown
    /// (Foundation's `replacingOccurrences` above all), it cost about 440,000
    /// of the render's 1.6 M instructions a frame in the ten-contact replay
    /// (callgrind).
    nonisolated static func drawnRows(of line: String) -> (rows: [String], color: Color) {
        let color = line.hasPrefix("wait") ? waitingColor
            : line.hasPrefix("fail") || line.hasSuffix("failed") ? Self.color(for: .failed)
            : line.hasSuffix("ended") || line.hasSuffix("began") ? Self.color(for: .ended)
            : text.withAlpha(190)
        // The bitmap font has no arrow. Replaced scalar by scalar, not with
        // Foundation's `replacingOccurrences`, whose first call (in the first
        // render) looked up types and conformances by name: about 870,000
        // instructions over megabytes of the runtime's tables, which left
        // the next frame's input running from cold caches (callgrind; issue
        // 14, item 6). "→" is one scalar, so the text is the same.
        var replaced = ""
        for scalar in line.unicodeScalars {
            if scalar == "→" { replaced += "->" } else { replaced.unicodeScalars.append(scalar) }
        }
        var rest = Substring(replaced)
        var rows: [String] = []
        var first = true
        while !rest.isEmpty {
            let width = first ? 37 : 35
            // A String of the prefix, then String + String: String +
            // Substring is the library's unspecialised append(contentsOf:),
            // whose first call looked up the Substring's element type by
            // name (about 270,000 instructions, callgrind, in the first render).
            rows.append((first ? "" : "  ") + String(rest.prefix(width)))
            rest = rest.dropFirst(width)
            first = false
        }
        return (rows, color)
    }
}

/// One line of the arena panel: a decision as kept, and its words once they
/// have been needed (see `GestureLabGame.arenaLines`).
///
/// A decision about recognizers alone is kept as the arena made it: it holds
/// the lab's recognizers (which live as long as the lab, with names that do
/// not change) and values, so wording it later says what wording it now
/// would. A decision about touches must read each touch's pointer now (the
/// scene reuses a touch object for a later touch): a decision about one
/// touch keeps its pointer, a release of several their list. Recording every
/// decision (`RecordedDecision`: its fields, a list of pointers) cost about
/// 1,700 instructions a decision (callgrind), 25 of them in the frame where
/// the ten touches land. Kept so, a line is a few words, not a recorded
/// decision's two hundred bytes or so, which were copied three times a
/// decision and filled the log's memory four lines a decision; and a touch
/// taken from its layer (a pan's began) is kept without allocating.
@MainActor
struct ArenaLogLine {
    private enum Kept {
        case decision(ArenaDecision)
        case gathered(GestureRecognizer, PointerID)
        case took(PointerID, by: GestureRecognizer)
        case heldBack(PointerID, Touch.Phase)
        case releasedToLayer([PointerID], Touch.Phase)
        case sentToLayer(Layer, [PointerID], Touch.Phase)
    }

    private let kept: Kept
    /// The lab's clock when the decision was made (a badge holds a
    /// finished state for a while from then).
    let time: Double
    /// The words, and the rows and colour the panel draws, made the first
    /// time the panel shows the line.
    private var shown: Shown?

    /// Kept apart, in a box made when the line is first drawn: the input
    /// writes a line at every decision it logs, into memory the log has
    /// not used for many frames, and held in the line the words and rows
    /// made it 72 bytes rather than 48 (a cache line and more a
    /// decision, about one in three of them for nothing the input needs).
    private final class Shown {
        let text: String
        let rows: [String]
        let color: Color

        init(text: String, rows: [String], color: Color) {
            self.text = text
            self.rows = rows
            self.color = color
        }
    }

    /// `decision` is borrowed, and only a decision kept whole is copied:
    /// an initializer takes its arguments owned, so the lab copied every
    /// decision for the call (a retain of each object in it, through the
    /// enum's outlined copy), and a decision about a touch was released
    /// again here once its pointer was read.
    init(_ decision: borrowing ArenaDecision, at time: Double) {
        self.time = time
        switch decision {
        case .gathered(let recognizer, let touch):
            kept = .gathered(recognizer, touch.pointer)
        case .took(let touch, let recognizer):
            kept = .took(touch.pointer, by: recognizer)
        case .heldBack(let touch, let phase):
            kept = .heldBack(touch.pointer, phase)
        case .releasedToLayer(let touches, let phase):
            kept = .releasedToLayer(touches.map(\.pointer), phase)
        case .sentToLayer(let layer, let phase, let touches):
            // Not heard by the lab (`init` leaves deliveries to layers out).
            kept = .sentToLayer(layer, touches.map(\.pointer), phase)
        case .listening, .entered, .waiting, .released, .failed, .deadline, .removed, .reset, .refused:
            kept = .decision(copy decision)
        }
    }

    /// The line as the panel prints it.
    var text: String { shown?.text ?? wording }

    /// The decision, when it is kept whole: every decision about
    /// recognizers alone (the ones a badge shows).
    var decision: ArenaDecision? {
        if case .decision(let decision) = kept { return decision }
        return nil
    }

    /// The rows and colour the panel draws (`GestureLabGame.drawnRows(of:)`),
    /// worded and wrapped the first time they are asked for, kept after.
    var drawn: (rows: [String], color: Color) {
        mutating get {
            if let shown { return (shown.rows, shown.color) }
            let text = wording
            let made = GestureLabGame.drawnRows(of: text)
            shown = Shown(text: text, rows: made.rows, color: made.color)
            return made
        }
    }

    /// The decision's own words (`RecordedDecision.description`).
    private var wording: String {
        switch kept {
        case .decision(let decision):
            return RecordedDecision(decision, frame: 0, time: 0).description
        // Each one as `RecordedDecision` would have recorded it at the
        // time: a decision with the same fields but no touch, then its
        // kind and pointers.
        case .gathered(let recognizer, let pointer):
            return Self.wording(of: .reset(recognizer), as: .gathered, pointers: [pointer])
        case .took(let pointer, let recognizer):
            return Self.wording(of: .reset(recognizer), as: .took, pointers: [pointer])
        case .heldBack(let pointer, let phase):
            return Self.wording(of: .releasedToLayer([], phase), as: .heldBack, pointers: [pointer])
        case .releasedToLayer(let pointers, let phase):
            return Self.wording(of: .releasedToLayer([], phase), as: .releasedToLayer, pointers: pointers)
        case .sentToLayer(let layer, let pointers, let phase):
            return Self.wording(of: .sentToLayer(layer, phase, []), as: .sentToLayer, pointers: pointers)
        }
    }

    private static func wording(of decision: ArenaDecision, as kind: RecordedDecision.Kind, pointers: [PointerID]) -> String {
        var recorded = RecordedDecision(decision, frame: 0, time: 0)
        recorded.kind = kind
        recorded.pointers = pointers
        return recorded.description
    }
}
