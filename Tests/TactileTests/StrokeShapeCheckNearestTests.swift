import TactileTestSupport
import Testing
@testable import Tactile

/// `StrokeShapeCheck.fillNearestDistances` (session 16: two points a pass in
/// SIMD lanes) gives, bit for bit, what one point against one at a time gave
/// (`deviation`'s loop before it), for odd and even counts, other clouds of
/// any size, repeated points and a NaN among the other points.
struct StrokeShapeCheckNearestTests {
    /// The loop `deviation` had: the least of the squared distances by
    /// `min`, then its root.
    static func reference(x: [Double], y: [Double], sx: [Double], sy: [Double]) -> [Double] {
        x.indices.map { index in
            var least = Double.infinity
            for other in sx.indices {
                let dx = x[index] - sx[other], dy = y[index] - sy[other]
                least = min(least, dx * dx + dy * dy)
            }
            return least.squareRoot()
        }
    }

    @Test(arguments: [1, 2, 3, 5, 31, 32])
    func nearestDistancesAreTheOneAtATimeValues(count: Int) {
        var random = SplitMix64(seed: 0x5EED_0016 &+ UInt64(count))
        for among in [1, 2, 7, count, 3 * count] {
            for trial in 0..<20 {
                var x = (0..<count).map { _ in Double(random.below(2001) - 1000) / 317 }
                var y = (0..<count).map { _ in Double(random.below(2001) - 1000) / 317 }
                var sx = (0..<among).map { _ in Double(random.below(2001) - 1000) / 411 }
                var sy = (0..<among).map { _ in Double(random.below(2001) - 1000) / 411 }
                // Ties: a drawn point on another, and two other points alike.
                if trial % 3 == 1 { x[count - 1] = sx[0]; y[count - 1] = sy[0] }
                if trial % 3 == 2, among > 1 { sx[among - 1] = sx[0]; sy[among - 1] = sy[0] }
                // A NaN among the other points is passed over, as `min` passed it.
                if trial % 5 == 4 { sx[random.below(among)] = .nan }
                let expected = Self.reference(x: x, y: y, sx: sx, sy: sy)
                var found = [Double](repeating: -1, count: count)
                x.withUnsafeMutableBufferPointer { px in
                    y.withUnsafeMutableBufferPointer { py in
                        sx.withUnsafeMutableBufferPointer { psx in
                            sy.withUnsafeMutableBufferPointer { psy in
                                found.withUnsafeMutableBufferPointer { out in
                                    StrokeShapeCheck.fillNearestDistances(
                                        x: px.baseAddress!, y: py.baseAddress!, count: count,
                                        toX: psx.baseAddress!, psy.baseAddress!, among: among, into: out.baseAddress!)
                                }
                            }
                        }
                    }
                }
                #expect(found.map(\.bitPattern) == expected.map(\.bitPattern), "count \(count), among \(among), trial \(trial)")
            }
        }
    }
}
