import Foundation
import Tactile
import TactileTestSupport

// Session 31, `explore-detail` (chooses nothing): how much of a drawing's
// path the 32 resampled points lose. People's squiggles in the Quick, Draw!
// sample were taken for the line: a squiggle's waves, a few points each
// after resampling, are smoothed away before the ink is measured. The ratio
// here is the drawn path's length (points kept once they lie 1% of the
// bounding box's diagonal from the last kept one) over the resampled
// path's, per shape on the tuning writers, per scribble kind, and per word
// of a Quick, Draw! folder.

/// The drawn path's length over the 32 resampled points' path length.
func detailRatio(_ strokes: [[Point]], count n: Int = 32) -> Double {
    let points = strokes.flatMap { $0 }
    guard let first = points.first else { return 1 }
    var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
    for point in points { minX = min(minX, point.x); maxX = max(maxX, point.x); minY = min(minY, point.y); maxY = max(maxY, point.y) }
    let step = 0.01 * ((maxX - minX) * (maxX - minX) + (maxY - minY) * (maxY - minY)).squareRoot()
    var drawn = 0.0, total = 0.0
    for stroke in strokes {
        guard var kept = stroke.first else { continue }
        for point in stroke.dropFirst() {
            let gap = point.distance(to: kept)
            if gap >= step { drawn += gap; kept = point }
        }
        for (a, b) in zip(stroke, stroke.dropFirst()) { total += a.distance(to: b) }
    }
    guard total > 0 else { return 1 }
    // $P's resampling: n points evenly spaced along the strokes.
    let interval = total / Double(n - 1)
    var resampled: [(Point, Int)] = []
    var travelled = 0.0
    for (index, stroke) in strokes.enumerated() {
        guard var previous = stroke.first else { continue }
        if resampled.isEmpty { resampled.append((previous, index)) }
        for next in stroke.dropFirst() {
            var gap = previous.distance(to: next)
            while gap > 0, travelled + gap >= interval, resampled.count < n {
                let t = (interval - travelled) / gap
                previous = Point(x: previous.x + t * (next.x - previous.x), y: previous.y + t * (next.y - previous.y))
                resampled.append((previous, index))
                travelled = 0
                gap = previous.distance(to: next)
            }
            travelled += gap
            previous = next
        }
    }
    var kept = 0.0
    for (a, b) in zip(resampled, resampled.dropFirst()) where a.1 == b.1 { kept += a.0.distance(to: b.0) }
    return kept > 0 ? drawn / kept : 1
}

func exploreDetail(quickDraw directory: String?) {
    func quantiles(_ values: [Double]) -> String {
        let sorted = values.sorted()
        func q(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int(p * Double(sorted.count)))] }
        return String(format: "p50 %.2f, p90 %.2f, p99 %.2f, max %.2f (%d)", q(0.5), q(0.9), q(0.99), sorted.last!, sorted.count)
    }
    print("Tuning writers 100–119, by shape:")
    let drawings = Drawings(writers: tuningWriters, seed: 0x70AE)
    for (index, shape) in shapes.enumerated() {
        print("- \(shape.rawValue): " + quantiles(drawings.byWriter.flatMap { $0[index] }.map { detailRatio($0) }))
    }
    print("Tuning scribbles (0x5C81_0001), by kind:")
    let scribbles = plainScribbles(seed: 0x5C81_0001, habits: .usual, perKind: 500)
    for kind in Set(scribbles.map(\.kind)).sorted() {
        print("- \(kind): " + quantiles(scribbles.filter { $0.kind == kind }.map { detailRatio($0.drawing) }))
    }
    guard let directory else { return }
    let sketches = QuickDrawSketch.read(directory: directory).sketches
    print("Quick, Draw! (\(directory)), by word:")
    for word in Set(sketches.map(\.word)).sorted() {
        print("- \(word): " + quantiles(sketches.filter { $0.word == word }.map { detailRatio($0.strokes) }))
    }
}
