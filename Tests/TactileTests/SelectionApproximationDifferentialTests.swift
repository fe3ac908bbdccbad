import Testing
@testable import Tactile
import TactileTestSupport

// The approximation's search walks its levels by index through the scene's
// reused list and measures without arrays, for a touch-down that allocates
// nothing. This checks it against the search written plainly (as it was
// before: a new array a level, filtered and flattened, closures, arrays of
// points), on random layer trees, flags, busy layers and contacts: the same
// layer, and the same virtual location, for every contact and metric.

@MainActor
@Suite("Control selection approximation, against a plain search")
struct SelectionApproximationDifferentialTests {
    @Test("The same target and virtual location as the plain search, on random trees")
    func sameAsPlainSearch() {
        var compared = 0, found = 0
        for seed in 0..<40 as Range<UInt64> {
            compare(seed: seed, compared: &compared, found: &found)
        }
        // Both outcomes occur, so the comparison is not of empty results only.
        #expect(compared == 40 * 240)
        #expect(found > compared / 10 && found < compared, "\(found) of \(compared) contacts found a layer")
    }

    private func compare(seed: UInt64, compared: inout Int, found: inout Int) {
        var random = SplitMix64(seed: 0x14_5E1E_C7 &+ seed)
        let scene = Scene(size: Size(width: 400, height: 300))
        scene.root.handlesTouches = false
        var layers: [Layer] = []
        Self.grow(scene.root, depth: 0, into: &layers, random: &random)
        // A few fingers down first, without approximation, so that some
        // layers are busy and the scene admits a new touch to some and not others.
        for finger in 0..<random.below(4) {
            let point = Point(x: Double(random.below(400)), y: Double(random.below(300)))
            scene.send(InputEvent(timestamp: 0, .pointer(PointerEvent(.down, id: PointerID(kind: .finger, device: 7, index: Int64(finger)), location: point))))
        }
        for metric in SelectionApproximation.Metric.allCases {
            let limit = [22.0, 60, .infinity][random.below(3)]
            let approximation = SelectionApproximation(metric: metric, maximumDistance: limit)
            scene.approximation = approximation
            for _ in 0..<60 {
                // Inside the window and a little outside it.
                let contact = Point(x: Double(random.below(480)) - 40, y: Double(random.below(380)) - 40)
                // Hit-testing's layer, or any layer, or none (outside the root).
                let hitLayer: Layer?
                switch random.below(3) {
                case 0: hitLayer = scene.root.hitTest(scene.root.convert(contact, from: nil), with: nil)
                case 1: hitLayer = layers[random.below(layers.count)]
                default: hitLayer = nil
                }
                let expected = PlainSearch(approximation: approximation).target(forContactAt: contact, hitLayer: hitLayer, root: scene.root, admits: scene.admits)
                let actual = approximation.target(forContactAt: contact, hitLayer: hitLayer, in: scene)
                #expect(actual?.layer === expected?.layer, "seed \(seed), \(metric), contact \(contact), hit \(hitLayer?.name ?? "none"): \(actual?.layer.name ?? "none") against \(expected?.layer.name ?? "none")")
                #expect(actual?.location == expected?.location, "seed \(seed), \(metric), contact \(contact)")
                #expect(scene.approximationLevels.isEmpty, "the search hands its list back empty")
                compared += 1
                if expected != nil { found += 1 }
            }
        }
    }

    /// Up to four children a layer, three levels down, each with random
    /// geometry and flags.
    private static func grow(_ parent: Layer, depth: Int, into layers: inout [Layer], random: inout SplitMix64) {
        guard depth < 3 else { return }
        let count = depth == 0 ? 2 + random.below(4) : random.below(5)
        for _ in 0..<count {
            let size = parent.bounds.size
            let width = 4 + Double(random.below(max(Int(size.width * 0.6), 8)))
            let height = 4 + Double(random.below(max(Int(size.height * 0.6), 8)))
            let frame = Rect(x: Double(random.below(Int(size.width) + 40)) - 20, y: Double(random.below(Int(size.height) + 40)) - 20, width: width, height: height)
            let layer = Layer(frame: frame, name: "L\(layers.count)")
            layer.handlesTouches = random.below(3) != 0
            layer.isApproximationEligible = random.below(5) != 0
            layer.isMultipleTouchEnabled = random.below(2) == 0
            layer.isExclusiveTouch = random.below(6) == 0
            if random.below(8) == 0 { layer.isHidden = true }
            if random.below(10) == 0 { layer.isUserInteractionEnabled = false }
            if random.below(4) == 0 { layer.appearance = Appearance(shape: .ellipse) }
            switch random.below(6) {
            case 0: layer.transform = .rotation(Double(random.below(628)) / 100)
            case 1: layer.transform = .scale(x: 0.5 + Double(random.below(20)) / 10, y: 0.5 + Double(random.below(20)) / 10)
            case 2 where random.below(4) == 0: layer.transform = .scale(x: 0, y: 1)  // squashed flat: cannot be hit
            default: break
            }
            parent.addChild(layer)
            layers.append(layer)
            grow(layer, depth: depth + 1, into: &layers, random: &random)
        }
    }
}

/// The search as first written, kept plain as the reference: each level a
/// new array, filtered with `removeAll` and flattened with `flatMap`; the
/// shapes' points in arrays, mapped, joined and sorted.
@MainActor
private struct PlainSearch {
    let approximation: SelectionApproximation

    func target(forContactAt contact: Point, hitLayer: Layer?, root: Layer, admits: (Layer) -> Bool) -> (layer: Layer, location: Point)? {
        guard let layer = select(contact, hitLayer: hitLayer, root: root, admits: admits) else { return nil }
        return (layer, PlainShape(layer).virtualLocation(for: contact, in: layer))
    }

    private func select(_ contact: Point, hitLayer: Layer?, root: Layer, admits: (Layer) -> Bool) -> Layer? {
        guard let hitLayer else { return nearest(levelsFrom: [root], to: contact, admits: admits) }
        if let found = nearest(levelsFrom: hitLayer.children, to: contact, admits: admits) { return found }
        var searched = hitLayer
        while searched !== root, let parent = searched.parent {
            if parent.isHittable, parent.canProcessTouches, isWithinReach(parent, of: contact), admits(parent) { return parent }
            let others = parent.children.filter { $0 !== searched }
            if let found = nearest(levelsFrom: others, to: contact, admits: admits) { return found }
            searched = parent
        }
        return nil
    }

    private func nearest(levelsFrom first: [Layer], to contact: Point, admits: (Layer) -> Bool) -> Layer? {
        var level = first
        while !level.isEmpty {
            level.removeAll { !$0.isHittable || $0.transformFromParent == nil }
            var best: Layer?
            var bestDistance = Double.infinity
            for layer in level where layer.canProcessTouches && layer.isApproximationEligible {
                let distance = PlainShape(layer).distance(to: contact, by: approximation.metric)
                guard distance <= bestDistance, admits(layer) else { continue }
                best = layer
                bestDistance = distance
            }
            if let best, isWithinReach(best, of: contact) { return best }
            level = level.flatMap(\.children)
        }
        return nil
    }

    private func isWithinReach(_ layer: Layer, of contact: Point) -> Bool {
        PlainShape(layer).shortestDistance(to: contact) <= approximation.maximumDistance
    }
}

@MainActor
private struct PlainShape {
    let toWindow: AffineTransform
    let bounds: Rect

    init(_ layer: Layer) {
        var transform = AffineTransform.identity
        var current: Layer? = layer
        while let step = current {
            transform = transform.concatenating(step.transformToParent)
            current = step.parent
        }
        toWindow = transform
        bounds = layer.bounds
    }

    private func point(_ u: Double, _ v: Double) -> Point {
        toWindow.apply(to: Point(x: bounds.minX + u * bounds.width, y: bounds.minY + v * bounds.height))
    }

    var center: Point { point(0.5, 0.5) }
    private var corners: [Point] { [point(0, 0), point(1, 0), point(1, 1), point(0, 1)] }
    private var boundaryPoints: [Point] {
        [point(0, 0), point(0.5, 0), point(1, 0), point(1, 0.5), point(1, 1), point(0.5, 1), point(0, 1), point(0, 0.5)]
    }

    func distance(to contact: Point, by metric: SelectionApproximation.Metric) -> Double {
        switch metric {
        case .centroidDistance:
            return center.distance(to: contact)
        case .shortestDistance:
            return shortestDistance(to: contact)
        case .nearestBoundaryPoint:
            return boundaryPoints.map { $0.distance(to: contact) }.min() ?? .nan
        case .weightedNearestPoints:
            let nearest = (boundaryPoints + [center]).map { $0.distance(to: contact) }.sorted()
            return 0.5 * nearest[0] + 0.3 * nearest[1] + 0.2 * nearest[2]
        }
    }

    func shortestDistance(to contact: Point) -> Double {
        nearestPoint(to: contact).distance(to: contact)
    }

    func nearestPoint(to contact: Point) -> Point {
        if let fromWindow = toWindow.inverted {
            let inLayer = fromWindow.apply(to: contact)
            if inLayer.x >= bounds.minX, inLayer.x <= bounds.maxX, inLayer.y >= bounds.minY, inLayer.y <= bounds.maxY {
                return contact
            }
        }
        let corners = self.corners
        var nearest = corners[0]
        var nearestDistance = Double.infinity
        for index in corners.indices {
            let candidate = Self.nearestPoint(to: contact, onSegmentFrom: corners[index], to: corners[(index + 1) % corners.count])
            let distance = candidate.distance(to: contact)
            if distance < nearestDistance {
                nearest = candidate
                nearestDistance = distance
            }
        }
        return nearest
    }

    private static func nearestPoint(to point: Point, onSegmentFrom a: Point, to b: Point) -> Point {
        let dx = b.x - a.x, dy = b.y - a.y
        let lengthSquared = dx * dx + dy * dy
        guard lengthSquared > 0 else { return a }
        let t = min(max(((point.x - a.x) * dx + (point.y - a.y) * dy) / lengthSquared, 0), 1)
        return Point(x: a.x + t * dx, y: a.y + t * dy)
    }

    func virtualLocation(for contact: Point, in layer: Layer) -> Point {
        func isInside(_ point: Point) -> Bool {
            layer.contains(layer.convert(point, from: nil))
        }
        let nearest = nearestPoint(to: contact)
        if isInside(nearest) { return nearest }
        var outside = nearest
        var inside = center
        guard isInside(inside) else { return nearest }
        for _ in 0..<40 {
            let middle = Point(x: (outside.x + inside.x) / 2, y: (outside.y + inside.y) / 2)
            if isInside(middle) { inside = middle } else { outside = middle }
        }
        return inside
    }
}
