import Benchmark
import BenchmarkFixtures
import BenchmarkSupport
import Tactile
import TactileSDL
import TactileTestSupport

// What the scene graph costs per touch: finding the layer under a point
// in a large scene, and handing a moving touch to its layer. The issue's
// bar: a hit-test of a 10,000-layer scene takes at most 1 µs and allocates
// nothing, and delivering a move allocates nothing.
//
// Each iteration handles 1000 points or events (`scalingFactor: .kilo`), so
// the rows marked `*` read per hit-test or per event.
//
// | benchmark | measures |
// |---|---|
// | SDL push+poll (floor) | `SDL_PushEvent` + `SDL_PollEvent`, as in InputBenchmarks: SDL's own cost, in this run |
// | Hit-test 10,000 layers | `scene.root.hitTest(_:with:)` of one point: 80% leaf centres, 10% anywhere in the window, 10% outside it |
// | Touch move delivery | `scene.send` of one finger move to the level-10 layer it touched down on, whose `touchesMoved` reads the touch's location in its own space (a walk up 10 levels) |
// | Move through 20 recognizers on 5 layers | `scene.send` of one finger move seen by 20 gesture recognizers (4 on each of 5 nested layers), all still deciding, then by the layer; the bar is half SDL's push+poll (≤ 0.5× the floor) |
// | Tap/long press: move, no recognizer | `scene.send` of one finger move to the one layer of a small scene, which reads its location: the baseline the next two add to |
// | Tap deciding: move within the slop | the same move, with a `TapGestureRecognizer` following the touch, still possible: it checks the touch against where it landed |
// | Long press changing: move after it began | the same move, with a `LongPressGestureRecognizer` that has begun: each move is a change, and its action runs; the touch is the recognizer's, so the layer no longer gets it |
// | Continuous: one finger, no recognizer | `scene.send` of one finger move to the one layer of a small scene (multiple touch on): the baseline of the pan, edge pan and swipe rows |
// | Continuous: two fingers, no recognizer | the same with a second finger resting on the layer: the baseline of the pinch and rotation rows |
// | Pan changing | the one-finger move, with a `PanGestureRecognizer` that has begun: each move is a change (centroid, translation, two velocity samples) and its action runs |
// | Screen-edge pan changing | the same with a `ScreenEdgePanGestureRecognizer` that began at the left edge |
// | Swipe deciding | the one-finger move, with a `SwipeGestureRecognizer` still possible (moves within its slop, no time limit) |
// | Pinch changing | the second finger's move, with a `PinchGestureRecognizer` that has begun: span, scale, a velocity sample, the action |
// | Rotation changing | the second finger's move, with a `RotationGestureRecognizer` that has begun: the pair's angle, the unwrapped turn, a velocity sample, the action |
//
// The floor is registered from BenchmarkSupport in every target, so that
// the figures it is compared with come from the same run.
//
// ## Isolation
//
// `Scene` and `Layer` are main-actor isolated. package-benchmark 1.38 runs
// benchmark closures from its runner, a nonisolated async command, so a
// synchronous closure runs on a cooperative-pool thread and not on the main
// actor: `MainActor.assumeIsolated` there would trap. (On Linux the main
// actor's jobs do not run on the process's first thread either: the async
// `main` parks that thread in `dispatch_main`, and a dispatch worker drains
// the main queue; so "is this the main thread?" is the wrong question.)
// The scene benchmarks are therefore `async` closures isolated to the main
// actor, and so are their setups: the runner awaits them, which hops onto
// the main actor once per run, outside the measurement. The measured loops
// have no suspension point, so they measure the scene code alone, on the
// main actor, as a game's frame would run it. (This works because the
// runner blocks a cooperative thread, not the main queue, while it waits;
// ordo-one/benchmark issue 358 discusses first-class support.)

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        // No `.cpuTotal`: see InputBenchmarks (ticks of 10 ms, and reading
        // it allocates inside the measurement).
        metrics: [.wallClock, .mallocCountTotal, .throughput],
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 10_000
    )

    registerSDLFloorBenchmark()

    Benchmark("Hit-test 10,000 layers") { @MainActor (benchmark, fixture: SceneFixture) async in
        let root = fixture.scene.root
        let points = fixture.points
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            let hit = root.hitTest(points[index], with: nil)
            blackHole(hit)
        }
        benchmark.stopMeasurement()
        // The points hit what they hit when the fixture was checked.
        let changed = points.indices.filter { root.hitTest(points[$0], with: nil) !== fixture.expectedHits[$0] }
        if !changed.isEmpty {
            benchmark.error("\(changed.count) points hit other layers than at setup")
        }
    } setup: { @MainActor in
        SceneFixture()
    }

    Benchmark("Touch move delivery") { @MainActor (benchmark, fixture: SceneFixture) async in
        let scene = fixture.scene
        let moves = fixture.moves
        let tracker = fixture.putFingerDown()
        let before = tracker.moves
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            scene.send(moves[index])
        }
        benchmark.stopMeasurement()
        if tracker.moves - before != benchmark.scaledIterations.count {
            benchmark.error("the tracker saw \(tracker.moves - before) moves, not \(benchmark.scaledIterations.count)")
        }
        fixture.liftFinger()
    } setup: { @MainActor in
        SceneFixture()
    }

    Benchmark("Move through 20 recognizers on 5 layers") { @MainActor (benchmark, fixture: RecognizerFixture<UndecidedRecognizer>) async in
        let scene = fixture.scene
        let moves = fixture.moves
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            scene.send(moves[index])
        }
        benchmark.stopMeasurement()
        let seen = fixture.recognizers.map(\.moves)
        if Set(seen).count != 1 || seen[0] < benchmark.scaledIterations.count {
            benchmark.error("the recognizers saw \(Set(seen)) moves, not \(benchmark.scaledIterations.count) each")
        }
    } setup: { @MainActor in
        RecognizerFixture { UndecidedRecognizer() }
    }

    // Issue 5, part B: the tap and long press built-ins (see their section below).
    discreteRecognizerBenchmarks()
    // Issue 5, part A: the continuous built-ins (see their section below).
    continuousRecognizerBenchmarks()
    // Issue 14: touch-down, touch-up and whole taps (TapBenchmarks.swift),
    // and how costs grow with the scene (ScalingBenchmarks.swift).
    tapBenchmarks()
    approximationBenchmarks()
    // Issue 14, item 6: ten fingers circling (CirclingBenchmarks.swift).
    circlingBenchmarks()
    commandBenchmarks()
    scalingBenchmarks()
    // Issue 19: the input debugger off and on (InputDebuggerBenchmarks.swift)
    // and its overlay's drawing (InputDebugOverlayBenchmarks.swift).
    inputDebuggerBenchmarks()
    inputDebugOverlayBenchmarks()
}

// MARK: - Recognizers

/// Five nested layers carrying `count` recognizers between them (as evenly
/// as they divide, the deepest layers taking the remainder), and one finger
/// down on the deepest, moving back and forth.
@MainActor
final class RecognizerFixture<Recognizer: GestureRecognizer> {
    let scene = Scene(size: Size(width: 800, height: 600))
    var recognizers: [Recognizer] = []
    /// The deepest layer, which the finger touched down on.
    private(set) var deepest: Tracker
    let moves: [InputEvent]

    init(count: Int = 20, _ make: () -> Recognizer) {
        var parent = scene.root
        var layers: [Tracker] = []
        for level in 0..<5 {
            let layer = Tracker(frame: Rect(x: 10, y: 10, width: 700 - Double(level) * 40, height: 500 - Double(level) * 40))
            parent.addChild(layer)
            layers.append(layer)
            parent = layer
        }
        deepest = layers[4]
        for index in 0..<count {
            let recognizer = make()
            layers[4 - index % 5].addGestureRecognizer(recognizer)
            recognizers.append(recognizer)
        }
        let id = PointerID(kind: .finger, device: 1, index: 0)
        scene.send(InputEvent(timestamp: 0, .pointer(PointerEvent(.down, id: id, location: Point(x: 200, y: 200)))))
        moves = (0..<1000).map { step in
            let x = 200 + Double(step % 20)
            return InputEvent(timestamp: Double(step) / 1000, .pointer(PointerEvent(.move, id: id, location: Point(x: x, y: 200))))
        }
    }
}

// MARK: - Tap and long press (issue 5, part B)

// The bar for the built-in recognizers: per moved event, a
// recognizer's update makes no heap allocation, and its cost is reported
// next to SDL's push+poll floor from the same run. The recognizer's own
// cost is the difference from the baseline, which sends the same moves to
// the same scene without it.

/// Registers the tap and long-press benchmarks.
func discreteRecognizerBenchmarks() {
    Benchmark("Tap/long press: move, no recognizer") { @MainActor (benchmark, fixture: DiscreteRecognizerFixture) async in
        let before = fixture.layer.moves
        fixture.sendMoves(benchmark)
        if fixture.layer.moves - before != benchmark.scaledIterations.count {
            benchmark.error("the layer saw \(fixture.layer.moves - before) moves, not \(benchmark.scaledIterations.count)")
        }
    } setup: { @MainActor in
        DiscreteRecognizerFixture(.none)
    }

    Benchmark("Tap deciding: move within the slop") { @MainActor (benchmark, fixture: DiscreteRecognizerFixture) async in
        let before = fixture.layer.moves
        fixture.sendMoves(benchmark)
        // Still deciding, still following the touch, and not holding moves back.
        if fixture.tap.state != .possible || fixture.tap.numberOfTouches != 1 || fixture.layer.moves - before != benchmark.scaledIterations.count {
            benchmark.error("the tap is \(fixture.tap.state) with \(fixture.tap.numberOfTouches) touches; the layer saw \(fixture.layer.moves - before) moves")
        }
    } setup: { @MainActor in
        DiscreteRecognizerFixture(.tap)
    }

    Benchmark("Long press changing: move after it began") { @MainActor (benchmark, fixture: DiscreteRecognizerFixture) async in
        let before = fixture.actions.count
        fixture.sendMoves(benchmark)
        if fixture.press.state != .changed || fixture.actions.count - before != benchmark.scaledIterations.count {
            benchmark.error("the long press is \(fixture.press.state) after \(fixture.actions.count - before) actions")
        }
    } setup: { @MainActor in
        DiscreteRecognizerFixture(.longPress)
    }
}

/// A one-layer scene with one finger down and 1000 moves of it, back and
/// forth by a point: within a tap's 18-point slop, and each a real move.
/// The long press, if any, has begun: its 0.5 s passed before the moves.
@MainActor
final class DiscreteRecognizerFixture {
    enum Recognizer { case none, tap, longPress }

    /// Counts actions in a box the action captures once, when added.
    final class Counter {
        var count = 0
    }

    /// The scene and layer of PathProfile's `move` (BenchmarkFixtures).
    private let base = OneLayerScene()
    let scene: Scene
    let layer: Tracker
    let tap = TapGestureRecognizer()
    let press = LongPressGestureRecognizer()
    let actions = Counter()
    let moves: [InputEvent]

    init(_ recognizer: Recognizer) {
        scene = base.scene
        layer = base.layer
        scene.diagnostics = { diagnostic in
            fatalError("benchmark fixture: unexpected diagnostic \(diagnostic)")
        }
        let actions = actions
        tap.addAction { _ in actions.count += 1 }
        press.addAction { _ in actions.count += 1 }
        switch recognizer {
        case .none: break
        case .tap: layer.addGestureRecognizer(tap)
        case .longPress: layer.addGestureRecognizer(press)
        }
        scene.send(base.down(at: 0))
        scene.advanceTime(to: 1)
        switch recognizer {
        case .none: break
        case .tap: precondition(tap.state == .possible && tap.numberOfTouches == 1, "the tap is not deciding")
        case .longPress: precondition(press.state == .began, "the long press has not begun")
        }
        // 201, 200, 201…: the first differs from where the finger landed
        // and from where the last left it, so every run of them is 1000 changes.
        let base = base
        moves = (0..<1000).map { step in base.move(step, at: 1 + Double(step) / 1000) }
    }

    /// Sends the moves, one per scaled iteration, measuring only that.
    func sendMoves(_ benchmark: Benchmark) {
        let scene = scene
        let moves = moves
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            scene.send(moves[index])
        }
        benchmark.stopMeasurement()
    }
}

// MARK: - Pan, edge pan, swipe, pinch, rotation (issue 5, part A)

// The same bar as the tap and long press: per moved event, the recognizer's
// update makes no heap allocation, and its cost is reported next to SDL's
// push+poll floor. Each continuous recognizer is measured where it does
// most per move: under way, with its action running on every change (the
// swipe, which has no such phase, while deciding). Its own cost is the
// difference from the baseline with the same fingers and no recognizer.

/// Registers the pan, edge pan, swipe, pinch and rotation benchmarks.
func continuousRecognizerBenchmarks() {
    for setup in ContinuousRecognizerFixture.Setup.allCases {
        Benchmark(setup.rawValue) { @MainActor (benchmark, fixture: ContinuousRecognizerFixture) async in
            let actionsBefore = fixture.actions.count
            let movesBefore = fixture.layer.moves
            fixture.sendMoves(benchmark)
            if let problem = fixture.problem(actions: fixture.actions.count - actionsBefore, layerMoves: fixture.layer.moves - movesBefore, expected: benchmark.scaledIterations.count) {
                benchmark.error(problem)
            }
        } setup: { @MainActor in
            ContinuousRecognizerFixture(setup)
        }
    }
}

/// A one-layer scene with one or two fingers down, the recognizer (if any)
/// brought to the state measured, and 1000 moves of the last finger, back
/// and forth by a point, so that every move is a real change.
@MainActor
final class ContinuousRecognizerFixture {
    enum Setup: String, CaseIterable {
        case oneFinger = "Continuous: one finger, no recognizer"
        case twoFingers = "Continuous: two fingers, no recognizer"
        case pan = "Pan changing"
        case edgePan = "Screen-edge pan changing"
        case swipe = "Swipe deciding"
        case pinch = "Pinch changing"
        case rotation = "Rotation changing"
    }

    /// Counts actions in a box the action captures once, when added.
    final class Counter {
        var count = 0
    }

    let setup: Setup
    let scene = Scene(size: Size(width: 800, height: 600))
    let layer = Tracker(frame: Rect(x: 0, y: 0, width: 800, height: 600))
    let recognizer: GestureRecognizer?
    let actions = Counter()
    private(set) var moves: [InputEvent] = []

    init(_ setup: Setup) {
        self.setup = setup
        scene.diagnostics = { diagnostic in
            fatalError("benchmark fixture: unexpected diagnostic \(diagnostic)")
        }
        layer.isMultipleTouchEnabled = true
        scene.root.addChild(layer)
        switch setup {
        case .oneFinger, .twoFingers: recognizer = nil
        case .pan: recognizer = PanGestureRecognizer()
        case .edgePan: recognizer = ScreenEdgePanGestureRecognizer(edges: .left) { _ in }
        case .swipe:
            let swipe = SwipeGestureRecognizer()
            // No time limit: 1000 moves a run, repeated, would outlast
            // any, and a swipe that fails measures nothing.
            swipe.maximumDuration = .infinity
            recognizer = swipe
        case .pinch: recognizer = PinchGestureRecognizer()
        case .rotation: recognizer = RotationGestureRecognizer()
        }
        if let recognizer {
            let actions = actions
            recognizer.addAction { _ in actions.count += 1 }
            layer.addGestureRecognizer(recognizer)
        }

        // Touch down, and move far enough to begin (for the pan, the edge
        // pan, the pinch and the rotation), each finger of its own.
        let first = PointerID(kind: .finger, device: 1, index: 0)
        let second = PointerID(kind: .finger, device: 1, index: 1)
        func send(_ phase: PointerEvent.Phase, _ id: PointerID, _ x: Double, _ y: Double, at time: Double) {
            scene.send(InputEvent(timestamp: time, .pointer(PointerEvent(phase, id: id, location: Point(x: x, y: y)))))
        }
        let moving: PointerID
        var start: Point
        switch setup {
        case .oneFinger, .swipe:
            send(.down, first, 200, 200, at: 0)
            (moving, start) = (first, Point(x: 200, y: 200))
        case .pan:
            send(.down, first, 200, 200, at: 0)
            send(.move, first, 240, 200, at: 0.02)
            (moving, start) = (first, Point(x: 240, y: 200))
        case .edgePan:
            send(.down, first, 5, 300, at: 0)
            send(.move, first, 45, 300, at: 0.02)
            (moving, start) = (first, Point(x: 45, y: 300))
        case .twoFingers:
            send(.down, first, 200, 300, at: 0)
            send(.down, second, 300, 300, at: 0.01)
            (moving, start) = (second, Point(x: 300, y: 300))
        case .pinch:
            send(.down, first, 200, 300, at: 0)
            send(.down, second, 300, 300, at: 0.01)
            send(.move, second, 340, 300, at: 0.02)
            (moving, start) = (second, Point(x: 340, y: 300))
        case .rotation:
            // The second finger a twelfth of a turn round the first.
            send(.down, first, 200, 300, at: 0)
            send(.down, second, 300, 300, at: 0.01)
            start = Point(x: 200 + 100 * 0.866_025_403_784_438_6, y: 350)
            send(.move, second, start.x, start.y, at: 0.02)
            moving = second
        }
        switch setup {
        case .oneFinger, .twoFingers: break
        case .swipe: precondition(recognizer?.state == .possible && recognizer?.numberOfTouches == 1, "the swipe is not deciding")
        case .pan, .edgePan, .pinch, .rotation: precondition(recognizer?.state == .began, "\(setup.rawValue): the recognizer has not begun")
        }
        moves = (0..<1000).map { step in
            // A point off and back, across the direction of travel for the
            // rotation (so its angle changes) and along it for the others.
            let offset = Double((step + 1) % 2)
            let location = setup == .rotation ? Point(x: start.x, y: start.y + offset) : Point(x: start.x + offset, y: start.y)
            return InputEvent(timestamp: 1 + Double(step) / 1000, .pointer(PointerEvent(.move, id: moving, location: location)))
        }
    }

    /// Sends the moves, one per scaled iteration, measuring only that.
    func sendMoves(_ benchmark: Benchmark) {
        let scene = scene
        let moves = moves
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            scene.send(moves[index])
        }
        benchmark.stopMeasurement()
    }

    /// What went wrong in a run of `expected` moves, if anything: the
    /// recognizer must still be in the state measured, with an action per
    /// move for those under way; the baselines' layer must see every move.
    func problem(actions: Int, layerMoves: Int, expected: Int) -> String? {
        switch setup {
        case .oneFinger, .twoFingers:
            return layerMoves == expected ? nil : "the layer saw \(layerMoves) moves, not \(expected)"
        case .swipe:
            let state = recognizer?.state
            return state == .possible && recognizer?.numberOfTouches == 1 && layerMoves == expected
                ? nil : "the swipe is \(String(describing: state)); the layer saw \(layerMoves) moves"
        case .pan, .edgePan, .pinch, .rotation:
            let state = recognizer?.state
            return state == .changed && actions == expected ? nil : "\(setup.rawValue): \(String(describing: state)) after \(actions) actions, not \(expected)"
        }
    }
}

// MARK: - The scene

// `Tracker`, the layer the scenes below end on, is in BenchmarkFixtures
// (Tracker.swift), shared with PathProfile.

/// A scene of 10,068 layers under the root, 10 levels deep, laid out like
/// nested panels: every layer's children tile it with small gaps between
/// them, so a hit-test descends as far as the point is covered.
///
/// Levels 1–4 split their parent 2 × 2, levels 5–7 in two halves along its
/// longer side, and levels 8–10 hold one child each, inset by a tenth: 4,
/// 16, 64, 256, 512, 1024, 2048, 2048, 2048, 2048 layers. A third of the
/// layers are turned (3°–15° either way), a quarter scaled (0.85–1), an
/// eighth nudged by a translation; the rest are placed by position alone.
/// The leaves, at level 10, are ``Tracker``s.
///
/// Built from a fixed seed, so every run measures the same scene and points.
/// Other `branching` lists grow the same kind of scene to other sizes (the
/// scaling rows).
@MainActor
final class SceneFixture {
    static let windowSize = Size(width: 1024, height: 1024)
    /// Children per layer at each level below the root: 10,068 layers.
    nonisolated static let branching = [4, 4, 4, 4, 2, 2, 2, 1, 1, 1]

    let branching: [Int]
    let scene: Scene
    private(set) var leaves: [Tracker] = []
    private(set) var layerCount = 0
    /// 1000 points in window coordinates: 800 leaf centres, 100 anywhere in
    /// the window, 100 outside it, shuffled.
    private(set) var points: [Point] = []
    /// What each point hit when the fixture was built.
    private(set) var expectedHits: [Layer?] = []
    /// 1000 moves of the finger ``putFingerDown()`` puts down.
    private(set) var moves: [InputEvent] = []

    private let finger = PointerID(kind: .finger, device: 7, index: 1)
    private var random = SplitMix64(seed: 0x7AC7_11E)

    init(branching: [Int] = SceneFixture.branching) {
        self.branching = branching
        scene = Scene(size: Self.windowSize)
        scene.diagnostics = { diagnostic in
            fatalError("benchmark fixture: unexpected diagnostic \(diagnostic)")
        }
        grow(scene.root, level: 0)
        let expectedCount = branching.indices.reduce(0) { total, level in total + branching[...level].reduce(1, *) }
        precondition(layerCount == expectedCount, "the scene has \(layerCount) layers, not \(expectedCount)")

        for _ in 0..<800 {
            let leaf = leaves[random.below(leaves.count)]
            points.append(leaf.convert(leaf.bounds.center, to: nil))
        }
        for _ in 0..<100 {
            points.append(Point(x: uniform(0, Self.windowSize.width), y: uniform(0, Self.windowSize.height)))
        }
        for _ in 0..<100 {
            points.append(Point(x: uniform(-500, -1), y: uniform(0, Self.windowSize.height)))
        }
        points.shuffle(using: &random)
        expectedHits = points.map { scene.root.hitTest($0, with: nil) }
        let leafHits = expectedHits.filter { $0 is Tracker }.count
        let misses = expectedHits.filter { $0 == nil }.count
        // Most leaf centres must reach their leaf, or the benchmark would
        // measure shallow hit-tests: siblings turned over them take a few.
        precondition(leafHits >= 700, "only \(leafHits) of 1000 points hit a leaf")
        precondition(misses >= 100, "only \(misses) of 1000 points missed")

        let start = leaves[0].convert(leaves[0].bounds.center, to: nil)
        moves = (0..<1000).map { index in
            // Back and forth by a point, so that every event is a real move.
            let location = Point(x: start.x + Double(index % 2), y: start.y)
            return InputEvent(timestamp: 10 + Double(index) / 1000, .pointer(PointerEvent(.move, id: finger, location: location)))
        }
    }

    /// Puts the finger down on the first leaf and returns it.
    func putFingerDown() -> Tracker {
        let leaf = leaves[0]
        let location = leaf.convert(leaf.bounds.center, to: nil)
        scene.send(InputEvent(timestamp: 9, .pointer(PointerEvent(.down, id: finger, location: location))))
        precondition(scene.event.allTouches.first?.layer === leaf, "the finger did not land on the first leaf")
        return leaf
    }

    func liftFinger() {
        scene.send(InputEvent(timestamp: 20, .pointer(PointerEvent(.up, id: finger, location: .zero))))
    }

    private func grow(_ parent: Layer, level: Int) {
        guard level < branching.count else { return }
        let bounds = parent.bounds
        let count = branching[level]
        for index in 0..<count {
            var cell: Rect
            switch count {
            case 4:
                let (width, height) = (bounds.width / 2, bounds.height / 2)
                cell = Rect(x: Double(index % 2) * width, y: Double(index / 2) * height, width: width, height: height)
            case 2 where bounds.width >= bounds.height:
                cell = Rect(x: Double(index) * bounds.width / 2, y: 0, width: bounds.width / 2, height: bounds.height)
            case 2:
                cell = Rect(x: 0, y: Double(index) * bounds.height / 2, width: bounds.width, height: bounds.height / 2)
            default:
                cell = bounds
            }
            // A gap around every child: 4% of the cell, a tenth for an only child.
            let margin = (count == 1 ? 0.1 : 0.04) * min(cell.width, cell.height)
            cell = Rect(x: cell.minX + margin, y: cell.minY + margin, width: cell.width - 2 * margin, height: cell.height - 2 * margin)
            let child = level == branching.count - 1 ? Tracker(frame: cell) : Layer(frame: cell)
            child.transform = randomTransform(size: cell.size)
            parent.addChild(child)
            layerCount += 1
            if let leaf = child as? Tracker { leaves.append(leaf) }
            grow(child, level: level + 1)
        }
    }

    private func randomTransform(size: Size) -> AffineTransform {
        var transform = AffineTransform.identity
        if random.below(3) == 0 {
            let degrees = uniform(3, 15) * (random.below(2) == 0 ? 1 : -1)
            transform = transform.concatenating(.rotation(degrees * .pi / 180))
        }
        if random.below(4) == 0 {
            let scale = uniform(0.85, 1)
            transform = transform.concatenating(.scale(x: scale, y: scale))
        }
        if random.below(8) == 0 {
            transform = transform.concatenating(.translation(x: uniform(-0.05, 0.05) * size.width, y: uniform(-0.05, 0.05) * size.height))
        }
        return transform
    }

    private func uniform(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * Double(random.next() >> 11) / Double(1 << 53)
    }
}
