import Foundation
import Tactile

// $P, the reference multistroke point-cloud recognizer, for calibrating the
// evaluation only (the `reference` command): never used by the library.
//
// Written from the paper's description: Radu-Daniel Vatavu, Lisa Anthony,
// Jacob O. Wobbrock, "Gestures as Point Clouds: A $P Recognizer for User
// Interface Prototypes", ICMI 2012. Its constants, as the paper fixes them:
// - n = 32 points, resampled evenly along the strokes' path length (the
//   gaps between strokes not counted);
// - normalization: uniform scaling by the larger side of the bounding box
//   (so the aspect ratio is kept), then translation of the centroid to the
//   origin; no rotation (the $P paper's recognizer is not rotation
//   invariant);
// - Greedy-5 cloud matching: ε = 0.5, so the starting points are taken
//   every ⌊n^(1−ε)⌋ = ⌊√32⌋ = 5 points; from each start, every point of one
//   cloud takes its nearest unmatched point of the other, weighted by
//   1 − ((i − start + n) mod n) / n (the earlier a choice, the more it
//   counts); both directions (drawing→template and template→drawing) and
//   the minimum over starts and directions is the distance;
// - Euclidean point distances;
// - the nearest template wins (no rejection: the paper reports accuracy
//   only).

/// One cloud of $P, normalized: `n` points as separate x and y arrays.
struct ReferencePointCloud {
    static let pointCount = 32
    /// ε = 0.5: ⌊n^(1−ε)⌋ is the step between starting points.
    static let startStep = max(1, Int(pow(Double(pointCount), 1 - 0.5)))

    let x: [Double]
    let y: [Double]

    /// `nil` when the drawing has no length (nothing to resample).
    init?(strokes: [[Point]]) {
        guard let points = Self.resample(strokes, count: Self.pointCount) else { return nil }
        var xs = points.map(\.x)
        var ys = points.map(\.y)
        // Scale: the larger side of the bounding box becomes 1 (uniform).
        let minX = xs.min()!, maxX = xs.max()!, minY = ys.min()!, maxY = ys.max()!
        let size = max(maxX - minX, maxY - minY)
        guard size > 0 else { return nil }
        for index in xs.indices {
            xs[index] = (xs[index] - minX) / size
            ys[index] = (ys[index] - minY) / size
        }
        // Translate: the centroid to the origin.
        let cx = xs.reduce(0, +) / Double(xs.count), cy = ys.reduce(0, +) / Double(ys.count)
        x = xs.map { $0 - cx }
        y = ys.map { $0 - cy }
    }

    /// $P's resampling: `count` points evenly spaced along the strokes'
    /// length, the gaps between strokes not counted.
    static func resample(_ strokes: [[Point]], count: Int) -> [Point]? {
        let strokes = strokes.filter { !$0.isEmpty }
        var length = 0.0
        for stroke in strokes {
            for index in stroke.indices.dropFirst() { length += distance(stroke[index - 1], stroke[index]) }
        }
        guard length > 0, let first = strokes.first?.first else { return nil }
        let interval = length / Double(count - 1)
        var travelled = 0.0
        var result = [first]
        for stroke in strokes {
            var previous = stroke[0]
            var index = 1
            while index < stroke.count {
                let point = stroke[index]
                let step = distance(previous, point)
                if travelled + step >= interval, step > 0 {
                    let t = (interval - travelled) / step
                    let q = Point(x: previous.x + t * (point.x - previous.x), y: previous.y + t * (point.y - previous.y))
                    result.append(q)
                    previous = q   // q is inserted before `point`: measure on from it
                    travelled = 0
                } else {
                    travelled += step
                    previous = point
                    index += 1
                }
            }
        }
        // Rounding can leave the last point out (the paper's own remark:
        // it appends the last point when one is missing; padding up to
        // `count` covers the same case defensively).
        while result.count < count { result.append(strokes.last!.last!) }
        return Array(result.prefix(count))
    }

    static func distance(_ a: Point, _ b: Point) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }

    /// The greedy cloud match: the least weighted distance over the starts
    /// (every `startStep` points) and both directions.
    func greedyMatch(_ other: ReferencePointCloud) -> Double {
        var best = Double.infinity
        var start = 0
        while start < Self.pointCount {
            best = min(best, cloudDistance(from: self, to: other, start: start), cloudDistance(from: other, to: self, start: start))
            start += Self.startStep
        }
        return best
    }

    private func cloudDistance(from a: ReferencePointCloud, to b: ReferencePointCloud, start: Int) -> Double {
        Self.greedyRun(start: start) { i, j in
            let dx = a.x[i] - b.x[j], dy = a.y[i] - b.y[j]
            return (dx * dx + dy * dy).squareRoot()
        }
    }

    /// One greedy run from point `start` of the first cloud: each of its
    /// points in turn takes the nearest point of the second not yet taken,
    /// by `distance(i, j)`, weighted 1 − ((i − start + n) mod n)/n. ($P+'s
    /// parts, ReferencePointCloudPlus, run it with their point distance.)
    static func greedyRun(start: Int, distance: (Int, Int) -> Double) -> Double {
        let n = pointCount
        var matched = [Bool](repeating: false, count: n)
        var sum = 0.0
        var i = start
        repeat {
            var nearest = Double.infinity
            var nearestIndex = 0
            for j in 0..<n where !matched[j] {
                let d = distance(i, j)
                if d < nearest { nearest = d; nearestIndex = j }
            }
            matched[nearestIndex] = true
            let weight = 1 - Double((i - start + n) % n) / Double(n)
            sum += weight * nearest
            i = (i + 1) % n
        } while i != start
        return sum
    }
}
