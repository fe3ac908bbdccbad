import Foundation
import Tactile

// $P+, $P's successor, for calibrating the evaluation only (the `reference`
// command): never used by the library.
//
// Written from the paper's description: Radu-Daniel Vatavu, "Improving
// Gesture Recognition Accuracy on Touch Screens for Users with Low Vision",
// CHI 2017. It keeps $P's cloud (n = 32 points resampled along the strokes,
// uniform scaling by the bounding box's larger side, centroid at the
// origin; ReferencePointCloud's own code) and changes two things:
// - each point carries its normalized turning angle, the angle between the
//   segments into and out of it divided by π (0 straight on, 1 a full
//   reversal; 0 at the cloud's first and last point), taken along the
//   resampled sequence as it stands, across the joins between strokes as
//   well; points are compared by √(dx² + dy² + dθ²);
// - the matching is many-to-one instead of greedy one-to-one: every point
//   of the first cloud adds its distance to the nearest point of the
//   second, then every point of the second that no point chose adds its
//   distance to the nearest of the first. No weights, no starting points.
//   The distance is the lesser of the two directions.
// No rejection (the paper reports accuracy only), no rotation invariance.
//
// For telling its parts apart (`reference-parts`), a cloud can also be
// made without the turning angle (`turningWeight` 0: many-to-one on
// positions alone); matched by $P's greedy one-to-one runs with the turning
// angle (`greedyDistance(to:)`); normalized as our matcher normalizes
// (`spreadAxes`: each axis scaled by its standard deviation about the
// centroid, a thin drawing's narrow axis by no less than 0.3 of the wide
// one's, `StrokeMatchingParameters.minimumAspect`) instead of by the
// bounding box; or (`turnable`) scaled uniformly by √2 over the spread, as
// our rotation-invariant templates are, and matched at its best rotation
// (`distanceAtBestRotation(to:)`).

/// One cloud of $P+, normalized: `n` points and their turning angles.
struct ReferencePointCloudPlus {
    static let pointCount = ReferencePointCloud.pointCount

    let x: [Double]
    let y: [Double]
    /// The normalized turning angle at each point, 0…1.
    let turning: [Double]

    /// `nil` when the drawing has no length (nothing to resample).
    /// `turningWeight` multiplies the turning angles: 1 is the paper's, 0
    /// leaves positions alone.
    init?(strokes: [[Point]], turningWeight: Double = 1, spreadAxes: Bool = false, turnable: Bool = false) {
        if spreadAxes || turnable {
            guard let points = ReferencePointCloud.resample(strokes, count: Self.pointCount) else { return nil }
            let count = Double(points.count)
            let centerX = points.reduce(0) { $0 + $1.x } / count, centerY = points.reduce(0) { $0 + $1.y } / count
            let deviationX = (points.reduce(0) { $0 + ($1.x - centerX) * ($1.x - centerX) } / count).squareRoot()
            let deviationY = (points.reduce(0) { $0 + ($1.y - centerY) * ($1.y - centerY) } / count).squareRoot()
            let wide = max(deviationX, deviationY)
            guard wide > 0 else { return nil }
            let spread = (deviationX * deviationX + deviationY * deviationY).squareRoot()
            let scaleX = turnable ? 2.0.squareRoot() / spread : 1 / max(deviationX, 0.3 * wide)
            let scaleY = turnable ? scaleX : 1 / max(deviationY, 0.3 * wide)
            x = points.map { ($0.x - centerX) * scaleX }
            y = points.map { ($0.y - centerY) * scaleY }
        } else {
            guard let cloud = ReferencePointCloud(strokes: strokes) else { return nil }
            x = cloud.x
            y = cloud.y
        }
        let (x, y) = (x, y)
        var turning = [Double](repeating: 0, count: x.count)
        for index in turning.indices.dropFirst().dropLast() {
            let inX = x[index] - x[index - 1], inY = y[index] - y[index - 1]
            let outX = x[index + 1] - x[index], outY = y[index + 1] - y[index]
            let lengths = (inX * inX + inY * inY).squareRoot() * (outX * outX + outY * outY).squareRoot()
            // Two points in one place (a resampled drawing repeats its last
            // point when rounding leaves it short): no direction, no turn.
            guard lengths > 0 else { continue }
            let cosine = min(1, max(-1, (inX * outX + inY * outY) / lengths))
            turning[index] = turningWeight * acos(cosine) / .pi
        }
        self.turning = turning
    }

    /// How the two directions' many-to-one sums make the distance: $P+'s
    /// lesser of the two, or (session 28, for the bounds a fast matching
    /// needs) the one from this cloud alone, or both added; or (session 29)
    /// each point's least distance to the other cloud, on both sides, each
    /// once (the unchosen points' second count left out).
    enum Directions { case lesser, fromThis, both, eachNearest }

    /// The many-to-one distance to `other`; `squared` sums squared point
    /// distances instead, as our matcher does.
    func distance(to other: ReferencePointCloudPlus, squared: Bool = false, directions: Directions = .lesser) -> Double {
        let from = Self.cloudDistance(from: self, to: other, squared: squared)
        switch directions {
        case .fromThis: return from
        case .lesser: return min(from, Self.cloudDistance(from: other, to: self, squared: squared))
        case .both: return from + Self.cloudDistance(from: other, to: self, squared: squared)
        case .eachNearest: return Self.nearestSum(from: self, to: other, squared: squared)
            + Self.nearestSum(from: other, to: self, squared: squared)
        }
    }

    /// Each point of `a`'s least distance to `b`, added.
    private static func nearestSum(from a: ReferencePointCloudPlus, to b: ReferencePointCloudPlus, squared: Bool) -> Double {
        var sum = 0.0
        for i in a.x.indices {
            var nearest = Double.infinity
            for j in b.x.indices { nearest = min(nearest, pointDistance(a, i, b, j)) }
            sum += squared ? nearest * nearest : nearest
        }
        return sum
    }

    private static func cloudDistance(from a: ReferencePointCloudPlus, to b: ReferencePointCloudPlus, squared: Bool) -> Double {
        let n = a.x.count
        var chosen = [Bool](repeating: false, count: b.x.count)
        var sum = 0.0
        for i in 0..<n {
            var nearest = Double.infinity, nearestIndex = 0
            for j in b.x.indices {
                let d = pointDistance(a, i, b, j)
                if d < nearest { nearest = d; nearestIndex = j }
            }
            chosen[nearestIndex] = true
            sum += squared ? nearest * nearest : nearest
        }
        for j in b.x.indices where !chosen[j] {
            var nearest = Double.infinity
            for i in 0..<n { nearest = min(nearest, pointDistance(a, i, b, j)) }
            sum += squared ? nearest * nearest : nearest
        }
        return sum
    }

    /// The least squared many-to-one distance over rotations of this cloud
    /// about its centroid: every 10°, then the best refined 5°, 2.5° and
    /// 1.25° either side (an exhaustive search, for evaluation: 42
    /// matchings), its directions taken as `directions` says.
    func distanceAtBestRotation(to other: ReferencePointCloudPlus, directions: Directions) -> Double {
        func turned(_ angle: Double) -> Double {
            let c = cos(angle), s = sin(angle)
            let cloud = ReferencePointCloudPlus(x: zip(x, y).map { c * $0 - s * $1 }, y: zip(x, y).map { s * $0 + c * $1 }, turning: turning)
            return cloud.distance(to: other, squared: true, directions: directions)
        }
        var bestAngle = 0.0, best = Double.infinity
        for step in 0..<36 {
            let angle = Double(step) * .pi / 18
            let d = turned(angle)
            if d < best { best = d; bestAngle = angle }
        }
        var step = Double.pi / 36
        for _ in 0..<3 {
            for angle in [bestAngle - step, bestAngle + step] {
                let d = turned(angle)
                if d < best { best = d; bestAngle = angle }
            }
            step /= 2
        }
        return best
    }

    private init(x: [Double], y: [Double], turning: [Double]) {
        self.x = x
        self.y = y
        self.turning = turning
    }

    /// $P's greedy cloud match (every ⌊√n⌋-th start, both directions,
    /// weights 1 − ((i − start + n) mod n)/n; ReferencePointCloud) with
    /// $P+'s point distance.
    func greedyDistance(to other: ReferencePointCloudPlus) -> Double {
        var best = Double.infinity
        var start = 0
        while start < x.count {
            best = min(best, ReferencePointCloud.greedyRun(start: start) { Self.pointDistance(self, $0, other, $1) },
                       ReferencePointCloud.greedyRun(start: start) { Self.pointDistance(other, $0, self, $1) })
            start += ReferencePointCloud.startStep
        }
        return best
    }

    private static func pointDistance(_ a: ReferencePointCloudPlus, _ i: Int, _ b: ReferencePointCloudPlus, _ j: Int) -> Double {
        let dx = a.x[i] - b.x[j], dy = a.y[i] - b.y[j], dt = a.turning[i] - b.turning[j]
        return (dx * dx + dy * dy + dt * dt).squareRoot()
    }
}
