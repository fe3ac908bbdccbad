import Benchmark
import CSDL2
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
// | Move through 20 recognizers on 5 layers | `scene.send` of one finger move seen by 20 gesture recognizers (4 on each of 5 nested layers), all still deciding, then by the layer; the bar is twice SDL's push+poll |
//
// The floor is the InputBenchmarks benchmark repeated, so that the figures
// it is compared with come from the same run on the same machine. Each
// benchmark target is its own executable, and sharing ten lines would take
// a library target of their own; they are copied instead (`SDLFloor` below).
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

    Benchmark("SDL push+poll (floor)") { (benchmark, floor: SDLFloor) in
        var motion = floor.fingerMotion()
        var polled = SDL_Event()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            SDL_PushEvent(&motion)
            SDL_PollEvent(&polled)
            blackHole(polled.type)
        }
        benchmark.stopMeasurement()
    } setup: {
        try SDLFloor()
    }

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

    Benchmark("Move through 20 recognizers on 5 layers") { @MainActor (benchmark, fixture: RecognizerFixture) async in
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
        RecognizerFixture()
    }
}

// MARK: - Recognizers

/// A recognizer still deciding: it measures how far its touch has gone
/// against a distance it never reaches, as a pan below its slop does.
@MainActor
final class UndecidedRecognizer: GestureRecognizer {
    var moves = 0
    var travelled = 0.0
    override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        moves += 1
        travelled += touches[0].location.distance(to: touches[0].previousLocation)
        if travelled > .greatestFiniteMagnitude { state = .began }
    }
}

/// Five nested layers with four recognizers each, and one finger down on
/// the deepest, moving back and forth.
@MainActor
final class RecognizerFixture {
    let scene = Scene(size: Size(width: 800, height: 600))
    var recognizers: [UndecidedRecognizer] = []
    let moves: [InputEvent]

    init() {
        var parent = scene.root
        for level in 0..<5 {
            let layer = Tracker(frame: Rect(x: 10, y: 10, width: 700 - Double(level) * 40, height: 500 - Double(level) * 40))
            parent.addChild(layer)
            for _ in 0..<4 {
                let recognizer = UndecidedRecognizer()
                layer.addGestureRecognizer(recognizer)
                recognizers.append(recognizer)
            }
            parent = layer
        }
        let id = PointerID(kind: .finger, device: 1, index: 0)
        scene.send(InputEvent(timestamp: 0, .pointer(PointerEvent(.down, id: id, location: Point(x: 200, y: 200)))))
        moves = (0..<1000).map { step in
            let x = 200 + Double(step % 20)
            return InputEvent(timestamp: Double(step) / 1000, .pointer(PointerEvent(.move, id: id, location: Point(x: x, y: 200))))
        }
    }
}

// MARK: - The scene

/// A layer that follows the touches on it, as a draggable piece does: the
/// little work a real `touchesMoved` does, so that delivery is measured
/// with a handler that reads the touch.
@MainActor
final class Tracker: Layer {
    private(set) var moves = 0
    /// Where the last move was, in the tracker's own coordinates.
    private(set) var lastLocation = Point.zero

    override init(frame: Rect, name: String? = nil) {
        super.init(frame: frame, name: name)
        handlesTouches = true
    }

    override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {}

    override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        moves += 1
        lastLocation = touches[0].location(in: self)
    }

    override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {}
    override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {}
}

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
@MainActor
final class SceneFixture {
    static let windowSize = Size(width: 1024, height: 1024)
    /// Children per layer at each level below the root.
    static let branching = [4, 4, 4, 4, 2, 2, 2, 1, 1, 1]

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

    init() {
        scene = Scene(size: Self.windowSize)
        scene.diagnostics = { diagnostic in
            fatalError("benchmark fixture: unexpected diagnostic \(diagnostic)")
        }
        grow(scene.root, level: 0)
        precondition(layerCount == 10_068, "the scene has \(layerCount) layers")

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
        guard level < Self.branching.count else { return }
        let bounds = parent.bounds
        let count = Self.branching[level]
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
            let child = level == Self.branching.count - 1 ? Tracker(frame: cell) : Layer(frame: cell)
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

// MARK: - The SDL floor

/// A hidden window on SDL's dummy video driver and a finger motion for it:
/// the part of InputBenchmarks' `PumpFixture` that its floor benchmark uses.
final class SDLFloor {
    let window: OpaquePointer
    let windowID: UInt32

    init() throws {
        try SDLSetup.start(videoDriver: .dummy)
        guard let window = SDL_CreateWindow("tactile-bench", 0, 0, 640, 480, SDL_WINDOW_HIDDEN.rawValue) else {
            throw SDLError("SDL_CreateWindow")
        }
        self.window = window
        windowID = SDL_GetWindowID(window)
        // Creating a window queues window events: none of them is the floor's.
        SDL_PumpEvents()
        SDL_FlushEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue)
    }

    deinit {
        SDL_DestroyWindow(window)
    }

    func fingerMotion() -> SDL_Event {
        var event = SDL_Event()
        event.tfinger = SDL_TouchFingerEvent(
            type: SDL_FINGERMOTION.rawValue, timestamp: 0, touchId: 7, fingerId: 1, x: 0.5, y: 0.5, dx: 0, dy: 0,
            pressure: 1, windowID: windowID)
        return event
    }
}
