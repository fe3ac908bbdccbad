import Benchmark
import HeapStatistics
import Tactile
import TactileTestSupport

// MARK: - How costs grow with the scene (issue 14)

// | benchmark | measures |
// |---|---|
// | Move through N idle recognizers | `scene.send` of one finger move on the deepest of 5 nested layers, whose N recognizers (1, 10, 50, 200, spread over the 5) follow the touch and do nothing with a move: the arena's own cost per recognizer |
// | Hit-test nested N | as "Hit-test 10,000 layers", on the same kind of scene grown to about 1k, 10k, 100k and 1M layers (the name gives the exact count) |
// | Hit-test flat N | `scene.root.hitTest` of the fixture's 1000 points in turn among N sprites directly under the root (80% sprite centres, 10% anywhere in the window, 10% outside it), one point per iteration and `.kilo` iterations a sample, so the figure reads per hit-test: the bar's touch-down among 100,000 siblings (≤ 2 µs) is judged on this row |
// | Memory per layer | heap bytes held per `Layer(frame:)` added to a parent, over 10,000 (glibc's `mallinfo2`, with the allocator's overhead per block) |
// | Memory per recognizer: kind | heap bytes held per recognizer of each built-in kind attached to a layer, over 1000 |
// | Memory per scene | heap bytes held per empty `Scene(size:)` (its root, arena and the room it makes up front for ten touches), over 100 |
// | Memory per recognizer: stroke | heap bytes held per `StrokeGestureRecognizer` attached to a layer, over 1000, all sharing one classifier made before the count (a game makes one classifier per template set) |
// | Memory per stroke classifier: built-in | heap bytes held per `StrokeClassifier()` (the 16 built-in templates, their samples prepared, and the classifier's working buffers), over 10 (the templates themselves are one value all of them share, parsed before the count) |

/// Registers the scaling benchmarks.
func scalingBenchmarks() {
    for count in [1, 10, 50, 200] {
        Benchmark("Move through \(count) idle recognizers") { @MainActor (benchmark, fixture: RecognizerFixture<IdleRecognizer>) async in
            let scene = fixture.scene
            let moves = fixture.moves
            let before = fixture.deepest.moves
            benchmark.startMeasurement()
            for index in benchmark.scaledIterations {
                scene.send(moves[index])
            }
            benchmark.stopMeasurement()
            let following = fixture.recognizers.filter { $0.state == .possible && $0.numberOfTouches == 1 }.count
            if following != count || fixture.deepest.moves - before != benchmark.scaledIterations.count {
                benchmark.error("\(following) of \(count) recognizers still follow the touch; the layer saw \(fixture.deepest.moves - before) moves")
            }
        } setup: { @MainActor in
            RecognizerFixture(count: count) { IdleRecognizer() }
        }
    }

    // About 1k, 10k (the 10,068 of "Hit-test 10,000 layers"), 128k and 1M
    // layers, nested as that scene is.
    let nested: [[Int]] = [
        [4, 4, 4, 2, 2, 1, 1],
        SceneFixture.branching,
        [4, 4, 4, 4, 4, 4, 2, 2, 2, 1, 1],
        [4, 4, 4, 4, 4, 4, 4, 4, 2, 2, 1, 1],
    ]
    for branching in nested {
        let count = branching.indices.reduce(0) { total, level in total + branching[...level].reduce(1, *) }
        Benchmark("Hit-test nested \(count)") { @MainActor (benchmark, fixture: SceneFixture) async in
            let root = fixture.scene.root
            let points = fixture.points
            benchmark.startMeasurement()
            for index in benchmark.scaledIterations {
                blackHole(root.hitTest(points[index], with: nil))
            }
            benchmark.stopMeasurement()
        } setup: { @MainActor in
            SceneFixture(branching: branching)
        }
    }

    // The plain walk was linear in a flat scene (a millisecond and more per
    // point at 100k), so these measured one point per sample; with the
    // children's grid (`ChildIndex`) a hit-test is far shorter than a
    // sample's own overhead (two clock reads, the runner's hop to the main
    // actor, cold caches), which dominated their medians. So each sample
    // now hit-tests the fixture's 1000 points in turn, as the nested rows
    // do, and the figure reads per hit-test.
    for count in [1_000, 10_000, 100_000, 1_000_000] {
        Benchmark("Hit-test flat \(count)") { @MainActor (benchmark, fixture: FlatSceneFixture) async in
            let root = fixture.scene.root
            let points = fixture.points
            benchmark.startMeasurement()
            for index in benchmark.scaledIterations {
                blackHole(root.hitTest(points[index].location, with: nil))
            }
            benchmark.stopMeasurement()
            let changed = points.indices.filter { root.hitTest(points[$0].location, with: nil) !== points[$0].expected }
            if !changed.isEmpty {
                benchmark.error("\(changed.count) points hit other layers than at setup")
            }
        } setup: { @MainActor in
            FlatSceneFixture(count: count)
        }
    }

    let memory = Benchmark.Configuration(metrics: [.custom("bytes each", useScalingFactor: false)], scalingFactor: .one, maxIterations: 5)
    Benchmark("Memory per layer", configuration: memory) { @MainActor benchmark async in
        let parent = Layer(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let count = 10_000
        let bytes = heapBytes {
            for index in 0..<count {
                parent.addChild(Layer(frame: Rect(x: Double(index % 100), y: Double(index / 100), width: 1, height: 1)))
            }
        }
        benchmark.measurement(.custom("bytes each", useScalingFactor: false), bytes / count)
        blackHole(parent)
    }
    Benchmark("Memory per scene", configuration: memory) { @MainActor benchmark async in
        let count = 100
        var scenes: [Scene] = []
        scenes.reserveCapacity(count)
        let bytes = heapBytes {
            for _ in 0..<count { scenes.append(Scene(size: Size(width: 800, height: 600))) }
        }
        benchmark.measurement(.custom("bytes each", useScalingFactor: false), bytes / count)
        blackHole(scenes)
    }
    let kinds: [(name: String, make: @MainActor () -> GestureRecognizer)] = [
        ("tap", { TapGestureRecognizer() }),
        ("long press", { LongPressGestureRecognizer() }),
        ("pan", { PanGestureRecognizer() }),
        ("swipe", { SwipeGestureRecognizer() }),
        ("pinch", { PinchGestureRecognizer() }),
        ("rotation", { RotationGestureRecognizer() }),
    ]
    for kind in kinds {
        Benchmark("Memory per recognizer: \(kind.name)", configuration: memory) { @MainActor benchmark async in
            let layer = Layer(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            let count = 1000
            let bytes = heapBytes {
                for _ in 0..<count { layer.addGestureRecognizer(kind.make()) }
            }
            benchmark.measurement(.custom("bytes each", useScalingFactor: false), bytes / count)
            blackHole(layer)
        }
    }
    Benchmark("Memory per recognizer: stroke", configuration: memory) { @MainActor benchmark async in
        let classifier = StrokeClassifier()
        let layer = Layer(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let count = 1000
        let bytes = heapBytes {
            for _ in 0..<count { layer.addGestureRecognizer(StrokeGestureRecognizer(classifier: classifier)) }
        }
        benchmark.measurement(.custom("bytes each", useScalingFactor: false), bytes / count)
        blackHole(layer)
    }
    Benchmark("Memory per stroke classifier: built-in", configuration: memory) { @MainActor benchmark async in
        let count = 10
        // The built-in templates are one shared value, parsed once; the
        // first classifier parses them outside the count.
        var classifiers = [StrokeClassifier()]
        classifiers.reserveCapacity(count + 1)
        let bytes = heapBytes {
            for _ in 0..<count { classifiers.append(StrokeClassifier()) }
        }
        benchmark.measurement(.custom("bytes each", useScalingFactor: false), bytes / count)
        blackHole(classifiers)
    }
}

/// The heap bytes in use after `body` less those before it (glibc's count
/// of bytes in allocated blocks, with the allocator's own overhead).
@MainActor
private func heapBytes(_ body: () -> Void) -> Int {
    let before = tactile_heap_bytes_in_use()
    body()
    return Int(tactile_heap_bytes_in_use()) - Int(before)
}

/// A recognizer that follows its touch and does nothing with a move, as
/// one waiting for a deadline does: what the arena costs per recognizer.
@MainActor
final class IdleRecognizer: GestureRecognizer {}

/// `count` sprites (plain `Layer`s) directly under the root of a 1024 ×
/// 1024 window, at random places, sized so that together they cover about
/// the window's area (so a point is under one or two of them), a third of
/// them turned; and 1000 points, as for the nested scene.
@MainActor
final class FlatSceneFixture {
    let scene = Scene(size: Size(width: 1024, height: 1024))
    private(set) var points: [(location: Point, expected: Layer?)] = []
    private var random = SplitMix64(seed: 0xF1A7)

    init(count: Int) {
        scene.diagnostics = { diagnostic in
            fatalError("benchmark fixture: unexpected diagnostic \(diagnostic)")
        }
        let side = 1024 / Double(count).squareRoot()
        var sprites: [Layer] = []
        sprites.reserveCapacity(count)
        for _ in 0..<count {
            let sprite = Layer(frame: Rect(x: uniform(-side / 2, 1024 - side / 2), y: uniform(-side / 2, 1024 - side / 2), width: side, height: side))
            if random.below(3) == 0 { sprite.transform = .rotation(uniform(-.pi, .pi)) }
            scene.root.addChild(sprite)
            sprites.append(sprite)
        }
        var locations: [Point] = []
        for _ in 0..<800 {
            let sprite = sprites[random.below(sprites.count)]
            locations.append(sprite.convert(sprite.bounds.center, to: nil))
        }
        for _ in 0..<100 { locations.append(Point(x: uniform(0, 1024), y: uniform(0, 1024))) }
        for _ in 0..<100 { locations.append(Point(x: uniform(-500, -1), y: uniform(0, 1024))) }
        locations.shuffle(using: &random)
        points = locations.map { ($0, scene.root.hitTest($0, with: nil)) }
    }

    private func uniform(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * Double(random.next() >> 11) / Double(1 << 53)
    }
}
