import Foundation
import Testing
import TactileTestSupport
@testable import Tactile

/// The spatial index of a layer's children against the plain walk: on
/// random scenes with random transforms, flags and overridden hit-testing,
/// after every one of a run of random edits, every probe point hits the
/// same layer (or none) with the index as without it.
///
/// The CI run is 8 seeds of 100 edits; a long run is on demand:
///
/// ```
/// TACTILE_HIT_INDEX_SEEDS=2000 scripts/hit-index-differential
/// ```
@MainActor
struct ChildIndexDifferentialTests {
    @Test(arguments: 1...8 as ClosedRange<UInt64>)
    func theIndexHitsWhatTheWalkHits(seed: UInt64) {
        let differential = IndexDifferential(seed: seed)
        let mismatches = differential.run(edits: 100, probesPerEdit: 16)
        #expect(mismatches.isEmpty, "seed \(seed): \(mismatches.prefix(5))")
        // The comparison means something only if the index was in use.
        #expect(differential.indexedProbes > differential.probes / 2)
    }

    /// `TACTILE_HIT_INDEX_SEEDS` seeds (from `TACTILE_HIT_INDEX_FIRST_SEED`,
    /// 1), each 1000 edits with 64 probes after each.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["TACTILE_HIT_INDEX_SEEDS"] != nil, "set TACTILE_HIT_INDEX_SEEDS to run it"))
    func longRun() {
        let environment = ProcessInfo.processInfo.environment
        let seeds = UInt64(environment["TACTILE_HIT_INDEX_SEEDS"] ?? "") ?? 100
        let first = UInt64(environment["TACTILE_HIT_INDEX_FIRST_SEED"] ?? "") ?? 1
        var failing: [UInt64] = []
        var probes = 0
        for seed in first..<(first + seeds) {
            let differential = IndexDifferential(seed: seed)
            let mismatches = differential.run(edits: 1000, probesPerEdit: 64)
            probes += differential.probes
            if !mismatches.isEmpty {
                failing.append(seed)
                print("seed \(seed): \(mismatches.prefix(3))")
            }
        }
        print("hit-index differential: \(seeds) seeds from \(first), \(probes) probes, \(failing.count) failing seeds \(failing.prefix(20))")
        #expect(failing.isEmpty)
    }

    @Test func aLayerWithManyChildrenBuildsAnIndexAndKeepsItAsChildrenMove() {
        let scene = Scene(size: Size(width: 1000, height: 1000))
        var sprites: [Layer] = []
        for index in 0..<200 {
            let sprite = Layer(frame: Rect(x: Double(index % 20) * 50, y: Double(index / 20) * 50, width: 40, height: 40), name: "\(index)")
            scene.root.addChild(sprite)
            sprites.append(sprite)
        }
        let corner = Point(x: 970, y: 470)
        #expect(scene.root.hitTest(Point(x: 25, y: 25), with: nil) === sprites[0])
        #expect(scene.root.isIndexingChildren)
        // Moved under the last sprite, which is on top of it.
        sprites[0].position = corner
        #expect(scene.root.hitTest(Point(x: 25, y: 25), with: nil) === scene.root)
        #expect(scene.root.hitTest(corner, with: nil) === sprites[199])
        scene.root.bringChildToFront(sprites[0])
        #expect(scene.root.hitTest(corner, with: nil) === sprites[0])
        scene.root.sendChildToBack(sprites[0])
        #expect(scene.root.hitTest(corner, with: nil) === sprites[199])
        sprites[199].removeFromParent()
        #expect(scene.root.hitTest(corner, with: nil) === sprites[0])
        #expect(scene.root.isIndexingChildren)
    }
}

// MARK: - Layers that hit-test their own way

/// Hits a margin around its bounds too: its hits leave its bounds.
@MainActor
private final class WideHitLayer: Layer {
    override func hitTest(_ point: Point, with event: TouchEvent?) -> Layer? {
        if let hit = super.hitTest(point, with: event) { return hit }
        let wide = Rect(x: bounds.minX - 15, y: bounds.minY - 15, width: bounds.width + 30, height: bounds.height + 30)
        return isHittable && wide.contains(point) ? self : nil
    }
}

/// Contains a disc larger than its bounds.
@MainActor
private final class DiscLayer: Layer {
    override func contains(_ point: Point) -> Bool {
        point.distance(to: bounds.center) <= max(bounds.width, bounds.height)
    }
}

/// A subclass that promises its hits stay inside its bounds (it overrides
/// neither hitTest nor contains): indexed like `Layer`.
@MainActor
private final class SpriteLayer: Layer {
    override class var hitsStayWithinBounds: Bool { true }
}

/// Keeps every hit inside its bounds but hits only their left half.
@MainActor
private final class HalfLayer: Layer {
    override class var hitsStayWithinBounds: Bool { true }
    override func contains(_ point: Point) -> Bool {
        bounds.contains(point) && point.x < bounds.center.x
    }
}

// MARK: - The differential

/// One seeded run: a scene with two crowded layers (above the index's
/// threshold) and a few ordinary ones, edited at random; after every edit
/// the same probe points are hit-tested with the crowded layers' indexes
/// on and off.
@MainActor
private final class IndexDifferential {
    let scene = Scene(size: Size(width: 600, height: 400))
    private var random: SplitMix64
    /// The crowded layers, whose indexes are compared with the walk.
    private var crowds: [Layer] = []
    private var layers: [Layer] = []
    private(set) var probes = 0
    /// Probes made while at least one crowd was hit-tested through its index.
    private(set) var indexedProbes = 0
    private var names = 0

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
        for _ in 0..<2 {
            let crowd = Layer(frame: Rect(x: uniform(-50, 200), y: uniform(-50, 150), width: uniform(200, 500), height: uniform(150, 350)), name: "crowd")
            crowd.transform = randomTransform()
            scene.root.addChild(crowd)
            crowds.append(crowd)
            for _ in 0..<(70 + random.below(120)) { crowd.addChild(makeLayer(in: crowd)) }
        }
        for _ in 0..<5 { scene.root.addChild(makeLayer(in: scene.root)) }
    }

    /// Runs `edits` random edits; returns a line per probe whose hits differ.
    func run(edits: Int, probesPerEdit: Int) -> [String] {
        var mismatches: [String] = []
        for step in 0..<edits {
            let edit = editAtRandom()
            for _ in 0..<probesPerEdit {
                let point = Point(x: uniform(-80, 680), y: uniform(-80, 480))
                probes += 1
                let indexed = hit(point, indexing: true)
                if crowds.contains(where: \.isIndexingChildren) { indexedProbes += 1 }
                let walked = hit(point, indexing: false)
                if indexed !== walked {
                    mismatches.append("after edit \(step) (\(edit)): \(point) hit \(indexed?.name ?? "nothing") with the index, \(walked?.name ?? "nothing") by the walk")
                }
            }
        }
        return mismatches
    }

    private func hit(_ point: Point, indexing: Bool) -> Layer? {
        for crowd in crowds { crowd.allowsChildIndex = indexing }
        return scene.root.hitTest(point, with: nil)
    }

    private func editAtRandom() -> String {
        let crowd = crowds[random.below(crowds.count)]
        let children = crowd.children
        guard let child = children.isEmpty ? nil : children[random.below(children.count)] else {
            crowd.addChild(makeLayer(in: crowd))
            return "add to an empty crowd"
        }
        switch random.below(12) {
        case 0:
            child.position = Point(x: uniform(-100, 600), y: uniform(-100, 500))
            return "move \(child.name ?? "")"
        case 1:
            child.transform = randomTransform()
            return "transform \(child.name ?? "")"
        case 2:
            child.bounds = Rect(x: uniform(-10, 10), y: uniform(-10, 10), width: uniform(0, 120), height: uniform(0, 120))
            return "resize \(child.name ?? "")"
        case 3:
            child.anchorPoint = Point(x: uniform(0, 1), y: uniform(0, 1))
            return "anchor \(child.name ?? "")"
        case 4:
            crowd.insertChild(makeLayer(in: crowd), at: random.below(children.count + 1))
            return "insert"
        case 5:
            child.removeFromParent()
            return "remove \(child.name ?? "")"
        case 6:
            crowd.bringChildToFront(child)
            return "front \(child.name ?? "")"
        case 7:
            crowd.sendChildToBack(child)
            return "back \(child.name ?? "")"
        case 8:
            // To the other crowd, or into a sibling: it leaves this index.
            let sibling = children[random.below(children.count)]
            let target = random.below(2) == 0 || sibling === child ? crowds[random.below(crowds.count)] : sibling
            if child.isAncestor(of: target) { return "no reparent" }
            target.insertChild(child, at: random.below(target.children.count + 1))
            return "reparent \(child.name ?? "")"
        case 9:
            switch random.below(3) {
            case 0: child.isHidden.toggle()
            case 1: child.alpha = random.below(2) == 0 ? 0.005 : 1
            default: child.isUserInteractionEnabled.toggle()
            }
            return "flags \(child.name ?? "")"
        case 10:
            crowd.transform = randomTransform()
            crowd.position = Point(x: uniform(100, 500), y: uniform(100, 300))
            return "move the crowd"
        default:
            // A burst of moves, as a frame of a game moves many sprites.
            for _ in 0..<10 {
                let some = children[random.below(children.count)]
                some.position = Point(x: some.position.x + uniform(-30, 30), y: some.position.y + uniform(-30, 30))
            }
            return "burst"
        }
    }

    private func makeLayer(in parent: Layer) -> Layer {
        names += 1
        let frame = Rect(x: uniform(-40, parent.bounds.width), y: uniform(-40, parent.bounds.height), width: uniform(0, 60), height: uniform(0, 60))
        let layer: Layer
        switch random.below(10) {
        case 0: layer = WideHitLayer(frame: frame)
        case 1: layer = DiscLayer(frame: frame)
        case 2: layer = HalfLayer(frame: frame)
        case 3, 4: layer = SpriteLayer(frame: frame)
        default: layer = Layer(frame: frame)
        }
        layer.name = "L\(names)"
        layer.transform = randomTransform()
        if random.below(6) == 0 { layer.appearance.shape = .ellipse }
        if random.below(15) == 0 { layer.isHidden = true }
        if random.below(15) == 0 { layer.isUserInteractionEnabled = false }
        if random.below(5) == 0 {
            // A child of its own, which may stick out of it.
            let inner = Layer(frame: Rect(x: uniform(-20, 40), y: uniform(-20, 40), width: uniform(5, 40), height: uniform(5, 40)), name: "L\(names)'")
            layer.addChild(inner)
        }
        layers.append(layer)
        return layer
    }

    private func randomTransform() -> Tactile.AffineTransform {
        switch random.below(8) {
        case 0, 1, 2: return .identity
        case 3: return .rotation(uniform(-.pi, .pi))
        case 4: return .scale(x: uniform(0.2, 2.5), y: uniform(0.2, 2.5))
        case 5: return Tactile.AffineTransform.rotation(uniform(-.pi, .pi)).concatenating(.translation(x: uniform(-30, 30), y: uniform(-30, 30)))
        case 6: return .scale(x: 0, y: 1)   // squashed flat: never hit
        default: return Tactile.AffineTransform.scale(x: uniform(0.5, 1.5), y: uniform(0.5, 1.5)).concatenating(.rotation(uniform(-1, 1)))
        }
    }

    private func uniform(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * Double(random.next() >> 11) / Double(1 << 53)
    }
}
