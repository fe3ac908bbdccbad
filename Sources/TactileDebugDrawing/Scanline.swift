import Tactile

/// The geometry ``Canvas`` fills circles, rings, thick lines and polygons
/// with: which part of each pixel row a shape covers.
///
/// A pixel belongs to a shape when its centre does, the sampling rule GPUs
/// use for triangles. Each pixel row is sampled along its centre line, at
/// height `row + 0.5`; there a convex shape covers one stretch, and the
/// pixels whose centres fall in that stretch (edges included) form one run,
/// drawn as one rectangle. So a circle of radius r is about 2r rectangles,
/// and its pixels are exactly those within r of its centre, symmetric on
/// every side. A polygon may cover several stretches of a row, which come
/// from pairing its edges' crossings (``appendCrossings(of:scale:atY:to:)``).
///
/// Everything here is in pixels, with y growing down; only a polygon's
/// points come in window points, scaled as they are crossed.
///
/// ## See Also
/// - ``Canvas/fillCircle(center:radius:color:)``
enum Scanline {
    /// Where the disc of `radius` around `center` crosses the horizontal
    /// line at height `y`, or nil if it does not reach it.
    static func disc(center: Point, radius: Double, atY y: Double) -> ClosedRange<Double>? {
        let rise = y - center.y
        guard abs(rise) <= radius else { return nil }
        let halfWidth = (radius * radius - rise * rise).squareRoot()
        return (center.x - halfWidth)...(center.x + halfWidth)
    }

    /// Where the points within `radius` of the segment from `a` to `b` (a
    /// line with round ends) cross the horizontal line at height `y`, or nil.
    ///
    /// The shape is the band along the segment plus a disc at each end; it is
    /// convex, so the three crossings join into one stretch.
    static func capsule(from a: Point, to b: Point, radius: Double, atY y: Double) -> ClosedRange<Double>? {
        var covered: ClosedRange<Double>?
        func include(_ stretch: ClosedRange<Double>?) {
            guard let stretch else { return }
            covered = covered.map { min($0.lowerBound, stretch.lowerBound)...max($0.upperBound, stretch.upperBound) } ?? stretch
        }
        include(disc(center: a, radius: radius, atY: y))
        include(disc(center: b, radius: radius, atY: y))
        let length = a.distance(to: b)
        if length > 0 {
            // With d the unit vector from a to b, a point p is in the band when
            // 0 ≤ (p − a)·d ≤ length (beside the segment, not past an end) and
            // |(p − a) × d| ≤ radius (near enough to it). At height y both are
            // linear in p.x.
            let (dx, dy) = ((b.x - a.x) / length, (b.y - a.y) / length)
            let along = solve(slope: dx, offset: -a.x * dx + (y - a.y) * dy, within: 0...length)
            let across = solve(slope: -dy, offset: a.x * dy + (y - a.y) * dx, within: -radius...radius)
            if let along, let across {
                let low = max(along.lowerBound, across.lowerBound)
                let high = min(along.upperBound, across.upperBound)
                if low <= high { include(low...high) }
            }
        }
        return covered
    }

    /// Appends where the edges of the closed polygon through `points`
    /// (scaled by `scale`, from points to pixels) cross the horizontal line
    /// at height `y`, in no particular order.
    ///
    /// An edge counts at heights from its upper end up to but not including
    /// its lower end, so a line through a vertex crosses the two edges that
    /// meet there once in all (twice at a peak or a valley, where the line
    /// only touches the polygon), and horizontal edges never count. Taken
    /// in order, pairs of crossings then bound the inside by the even-odd
    /// rule.
    static func appendCrossings(of points: [Point], scale: Double, atY y: Double, to crossings: inout [Double]) {
        guard var previous = points.last else { return }
        for point in points {
            let (top, bottom) = previous.y <= point.y ? (previous, point) : (point, previous)
            let (topY, bottomY) = (top.y * scale, bottom.y * scale)
            if topY <= y, y < bottomY {
                let along = (y - topY) / (bottomY - topY)
                crossings.append((top.x + along * (bottom.x - top.x)) * scale)
            }
            previous = point
        }
    }

    /// Sorts a row's crossings in place. A row has a handful (2 for a convex
    /// polygon, 4 for a ring), for which insertion sort is quickest, and it
    /// needs no scratch memory where the standard library's sort may.
    static func sortCrossings(_ crossings: inout [Double]) {
        guard crossings.count > 1 else { return }
        for index in 1..<crossings.count {
            let value = crossings[index]
            var slot = index
            while slot > 0, crossings[slot - 1] > value {
                crossings[slot] = crossings[slot - 1]
                slot -= 1
            }
            crossings[slot] = value
        }
    }

    /// The pixels whose centres lie from `low` up to but not including
    /// `high`, cut to `0..<limit`.
    ///
    /// Polygons use this half-open rule, where circles and lines include
    /// both edges: two polygons that share an edge, such as two layers side
    /// by side or a ring and its hole, then never both light a pixel centred
    /// on it, so translucent neighbours neither overlap nor leave a gap.
    static func pixels(from low: Double, upTo high: Double, limit: Int) -> ClosedRange<Int>? {
        guard !low.isNaN, !high.isNaN, limit > 0 else { return nil }
        let first = max((low - 0.5).rounded(.up), 0)
        let last = min((high - 0.5).rounded(.up) - 1, Double(limit - 1))
        guard first <= last else { return nil }
        return Int(first)...Int(last)
    }

    /// The pixel rows whose centres lie between `top` and `bottom`
    /// (inclusive), cut to the `limit` rows `0..<limit` that exist.
    static func rows(from top: Double, through bottom: Double, limit: Int) -> ClosedRange<Int>? {
        pixels(from: top, through: bottom, limit: limit)
    }

    /// The pixel columns whose centres lie in `stretch`, cut to `0..<limit`.
    static func columns(in stretch: ClosedRange<Double>, limit: Int) -> ClosedRange<Int>? {
        pixels(from: stretch.lowerBound, through: stretch.upperBound, limit: limit)
    }

    /// Pixel i's centre is i + 0.5, so the first index in range is
    /// ⌈low − 0.5⌉ and the last ⌊high − 0.5⌋. They are cut to the pixels
    /// that exist before becoming integers, so that a shape a billion points
    /// off screen costs nothing and cannot overflow `Int`.
    private static func pixels(from low: Double, through high: Double, limit: Int) -> ClosedRange<Int>? {
        guard !low.isNaN, !high.isNaN, limit > 0 else { return nil }
        let first = max((low - 0.5).rounded(.up), 0)
        let last = min((high - 0.5).rounded(.down), Double(limit - 1))
        guard first <= last else { return nil }
        return Int(first)...Int(last)
    }

    /// The x for which `slope * x + offset` lies within `range`.
    private static func solve(slope: Double, offset: Double, within range: ClosedRange<Double>) -> ClosedRange<Double>? {
        guard slope != 0 else {
            return range.contains(offset) ? -Double.infinity...Double.infinity : nil
        }
        let one = (range.lowerBound - offset) / slope
        let other = (range.upperBound - offset) / slope
        return min(one, other)...max(one, other)
    }
}
