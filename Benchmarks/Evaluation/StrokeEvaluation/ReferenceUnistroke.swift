import Foundation
import Tactile

// $1, the reference unistroke recognizer, for calibrating the evaluation
// only (the `reference` command): never used by the library.
//
// Written from the paper's description: Jacob O. Wobbrock, Andrew D. Wilson,
// Yang Li, "Gestures without Libraries, Toolkits or Training: A $1
// Recognizer for User Interface Prototypes", UIST 2007. Its constants, as
// the paper fixes them:
// - N = 64 points, resampled evenly along the path;
// - rotation to the indicative angle: the angle between the first point
//   and the centroid becomes 0°;
// - non-uniform scaling to a reference square of 250 × 250;
// - translation of the centroid to the origin;
// - path distance: the mean distance of corresponding points;
// - golden-section search (φ = ½(−1 + √5)) for the best angle over ±45°,
//   stopping at a 2° interval;
// - the nearest template wins (score 1 − d / (½·√(2·250²)) only ranks).
//
// Where it does not fit our set, by design (said with its figures):
// - it is unistroke: a multistroke drawing (x, plus, delete, arrow, star
//   drawn in several strokes) is joined into one path in drawing order, the
//   pen's travel between strokes counted as a straight segment; so stroke
//   order and direction matter to it;
// - it is direction sensitive (the paper's participants drew each gesture
//   one way): our writers draw a stroke the other way round in 10% of
//   their drawings and multistrokes in the other order in 15%
//   (StrokeSynthesizer), so with one template it loses about 2·0.1·0.9 =
//   18% on every shape whose two directions differ, whatever its matching;
// - it is rotation invariant: shapes that are turns of each other (v and
//   caret, the two brackets, x and plus) cannot be told apart, so it belongs
//   in the rotation-invariant table (13 shapes), not the 16-shape table;
// - its non-uniform scaling stretches a thin shape (a line) to the square:
//   the paper's own stated limitation for 1-D gestures. A side of zero
//   length is left unscaled rather than divided by zero.

/// One $1 path, normalized: `N` points as x and y arrays.
struct ReferenceUnistroke {
    static let pointCount = 64
    static let squareSize = 250.0
    static let angleRange = 45.0 * .pi / 180
    static let anglePrecision = 2.0 * .pi / 180
    static let phi = 0.5 * (-1 + 5.0.squareRoot())

    let x: [Double]
    let y: [Double]

    /// `nil` when the drawing has no length.
    init?(strokes: [[Point]]) {
        // Unistroke: the strokes joined in drawing order.
        let path = strokes.flatMap { $0 }
        guard path.count > 1, let points = ReferencePointCloud.resample([path], count: Self.pointCount) else { return nil }
        var xs = points.map(\.x), ys = points.map(\.y)
        // Rotate so that the indicative angle is 0 (the paper's
        // atan(c − p₀): from the first point to the centroid).
        var (cx, cy) = Self.centroid(xs, ys)
        let indicative = atan2(cy - ys[0], cx - xs[0])
        Self.rotate(&xs, &ys, by: -indicative, aboutX: cx, y: cy)
        // Scale to the reference square (non-uniform).
        let minX = xs.min()!, maxX = xs.max()!, minY = ys.min()!, maxY = ys.max()!
        let width = maxX - minX, height = maxY - minY
        for index in xs.indices {
            if width > 0 { xs[index] *= Self.squareSize / width }
            if height > 0 { ys[index] *= Self.squareSize / height }
        }
        // Translate the centroid to the origin.
        (cx, cy) = Self.centroid(xs, ys)
        x = xs.map { $0 - cx }
        y = ys.map { $0 - cy }
    }

    static func centroid(_ xs: [Double], _ ys: [Double]) -> (Double, Double) {
        (xs.reduce(0, +) / Double(xs.count), ys.reduce(0, +) / Double(ys.count))
    }

    static func rotate(_ xs: inout [Double], _ ys: inout [Double], by angle: Double, aboutX cx: Double, y cy: Double) {
        let c = cos(angle), s = sin(angle)
        for index in xs.indices {
            let dx = xs[index] - cx, dy = ys[index] - cy
            xs[index] = dx * c - dy * s + cx
            ys[index] = dx * s + dy * c + cy
        }
    }

    /// The mean point-to-point distance to `template` with this path
    /// turned by `angle` about its centroid (the origin).
    func distance(to template: ReferenceUnistroke, at angle: Double) -> Double {
        let c = cos(angle), s = sin(angle)
        var sum = 0.0
        for index in x.indices {
            let rx = x[index] * c - y[index] * s, ry = x[index] * s + y[index] * c
            let dx = rx - template.x[index], dy = ry - template.y[index]
            sum += (dx * dx + dy * dy).squareRoot()
        }
        return sum / Double(x.count)
    }

    /// The golden-section search for the best angle in ±45°, to 2°.
    func distanceAtBestAngle(to template: ReferenceUnistroke) -> Double {
        var a = -Self.angleRange, b = Self.angleRange
        var x1 = Self.phi * a + (1 - Self.phi) * b
        var f1 = distance(to: template, at: x1)
        var x2 = (1 - Self.phi) * a + Self.phi * b
        var f2 = distance(to: template, at: x2)
        while abs(b - a) > Self.anglePrecision {
            if f1 < f2 {
                b = x2; x2 = x1; f2 = f1
                x1 = Self.phi * a + (1 - Self.phi) * b
                f1 = distance(to: template, at: x1)
            } else {
                a = x1; x1 = x2; f1 = f2
                x2 = (1 - Self.phi) * a + Self.phi * b
                f2 = distance(to: template, at: x2)
            }
        }
        return min(f1, f2)
    }
}
