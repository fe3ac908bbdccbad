import TactileSDL
import Tactile

/// Polygons: what ``LayerRenderer`` fills rotated, scaled and rounded layers
/// with, and what a game can draw any outline with.
///
/// Like circles, polygons are filled one pixel row at a time: on each row's
/// centre line the polygon's edges are crossed, the crossings sorted, and
/// each pair of crossings bounds a run of pixels (the even-odd rule). A
/// pixel is lit when its centre is inside, with the edges on the left and
/// top counting as inside and those on the right and bottom not (see
/// `Scanline.pixels(from:upTo:limit:)`), so polygons that share an edge
/// neither overlap nor leave a gap.
///
/// Cost: O(rows × vertices) to find the crossings, one rectangle per run,
/// and one SDL call per polygon. The crossings and rectangles are built in
/// buffers the canvas keeps, so a frame allocates nothing once they have
/// grown to the largest polygon drawn.
extension Canvas {
    /// Fills the polygon through `points`, in window points, closed from the
    /// last point back to the first.
    ///
    /// Any polygon works: convex, concave or crossing itself. Where it
    /// crosses itself, the even-odd rule decides: a point is inside when a
    /// ray from it crosses the outline an odd number of times, so the middle
    /// of a five-pointed star drawn in one stroke stays empty. Fewer than
    /// three points, or any point that is not finite, draws nothing.
    ///
    /// ```swift
    /// let diamond = [Point(x: 20, y: 0), Point(x: 40, y: 20), Point(x: 20, y: 40), Point(x: 0, y: 20)]
    /// canvas.fillPolygon(diamond, color: .orange)
    /// ```
    public func fillPolygon(_ points: [Point], color: Color) {
        fillPolygon(points, excluding: [], color: color)
    }

    /// Fills the polygon `outline` except where it overlaps `hole`: a ring,
    /// a frame, a letter O. Both are in window points, and both are closed.
    ///
    /// The two outlines are filled together by the even-odd rule, so the
    /// part of `hole` inside `outline` is left untouched; a translucent ring
    /// made this way is evenly translucent, with no pixel drawn twice.
    public func fillPolygon(_ outline: [Point], excluding hole: [Point], color: Color) {
        guard outline.count >= 3, let size = targetSize() else { return }
        var top = Double.infinity
        var bottom = -Double.infinity
        for point in outline {
            guard point.isFinite else { return }
            top = min(top, point.y)
            bottom = max(bottom, point.y)
        }
        for point in hole {
            guard point.isFinite else { return }
        }
        let scale = pixelsPerPoint
        guard let rows = Scanline.pixels(from: top * scale, upTo: bottom * scale, limit: Int(size.height)) else { return }
        rects.removeAll(keepingCapacity: true)
        for row in rows {
            let y = Double(row) + 0.5
            crossings.removeAll(keepingCapacity: true)
            Scanline.appendCrossings(of: outline, scale: scale, atY: y, to: &crossings)
            if hole.count >= 3 {
                Scanline.appendCrossings(of: hole, scale: scale, atY: y, to: &crossings)
            }
            Scanline.sortCrossings(&crossings)
            var index = 0
            while index + 1 < crossings.count {
                if let columns = Scanline.pixels(from: crossings[index], upTo: crossings[index + 1], limit: Int(size.width)) {
                    appendRun(columns, row: row)
                }
                index += 2
            }
        }
        fillRects(color)
    }

    /// Outlines the convex polygon through `points` with a border
    /// `thickness` points wide, inside the polygon.
    ///
    /// Like ``strokeRect(x:y:width:height:thickness:color:)``, the border
    /// covers exactly the edge of what ``fillPolygon(_:color:)`` would fill:
    /// its inside edge runs parallel to each side, `thickness` points in,
    /// with sharp (mitred) corners. Any positive thickness shows at least one
    /// pixel. A border so thick that some side of the inside would vanish
    /// fills the whole polygon, which for a long thin triangle is a little
    /// more than the exact border would cover.
    ///
    /// The points may go round either way. For a polygon that is not convex
    /// the inside edge can cross itself; draw such outlines as segments with
    /// ``drawLine(from:to:color:thickness:)`` instead.
    public func strokePolygon(_ points: [Point], thickness: Double = 1, color: Color) {
        guard thickness.isFinite, thickness > 0, points.count >= 3 else { return }
        let width = max(thickness, 1 / pixelsPerPoint)
        insetPoints.removeAll(keepingCapacity: true)
        guard Self.inset(points, by: width, into: &insetPoints) else {
            fillPolygon(points, color: color)
            return
        }
        fillPolygon(points, excluding: insetPoints, color: color)
    }

    // MARK: Internals

    /// Adds one pixel row's run to ``rects``, extending the rectangle above
    /// instead when it covers the same columns on the row before, as
    /// straight-sided shapes do for many rows.
    private func appendRun(_ columns: ClosedRange<Int>, row: Int) {
        let x = Float(columns.lowerBound)
        let width = Float(columns.count)
        if let last = rects.last, last.x == x, last.w == width, last.y + last.h == Float(row) {
            rects[rects.count - 1].h += 1
        } else {
            rects.append(SDL_FRect(x: x, y: Float(row), w: width, h: 1))
        }
    }

    /// Puts into `inset` the convex polygon `points` moved `distance` in
    /// from every side, one point per point of `points`. Returns false when
    /// nothing would be left: the polygon has no area, or some side of the
    /// inset polygon would turn round.
    ///
    /// Each side moves along its inward normal; a corner moves to where its
    /// two moved sides meet, `distance · (n₁ + n₂) / (1 + n₁·n₂)` from the
    /// corner for the unit normals n₁ and n₂ of the sides that meet there.
    /// Repeated points make a side of no length, which is skipped.
    private static func inset(_ points: [Point], by distance: Double, into inset: inout [Point]) -> Bool {
        var doubleArea = 0.0
        for (index, point) in points.enumerated() {
            let next = points[(index + 1) % points.count]
            doubleArea += point.x * next.y - next.x * point.y
        }
        guard doubleArea.isFinite, doubleArea != 0 else { return false }
        // With the shoelace sum positive the inside is on the left of each
        // side, taken in the formula's sense; negative, on the right.
        let side = doubleArea > 0 ? 1.0 : -1.0
        func inwardNormal(from start: Point, to end: Point) -> Point? {
            let length = start.distance(to: end)
            guard length > 0 else { return nil }
            return Point(x: -side * (end.y - start.y) / length, y: side * (end.x - start.x) / length)
        }
        let count = points.count
        for index in 0..<count {
            let corner = points[index]
            // The nearest points before and after that differ from the corner.
            var before = (index + count - 1) % count
            while points[before] == corner, before != index { before = (before + count - 1) % count }
            var after = (index + 1) % count
            while points[after] == corner, after != index { after = (after + 1) % count }
            guard let incoming = inwardNormal(from: points[before], to: corner),
                  let outgoing = inwardNormal(from: corner, to: points[after])
            else { return false }
            let bend = 1 + incoming.x * outgoing.x + incoming.y * outgoing.y
            // A side that doubles back on itself: not convex.
            guard bend > 1e-9 else { return false }
            let miter = distance / bend
            inset.append(Point(x: corner.x + miter * (incoming.x + outgoing.x), y: corner.y + miter * (incoming.y + outgoing.y)))
        }
        // Each side of the inset polygon runs the way its side of the
        // original does, or the border has swallowed the inside.
        for index in 0..<count {
            let next = (index + 1) % count
            let original = points[next] - points[index]
            guard original != .zero else { continue }
            let moved = inset[next] - inset[index]
            guard original.x * moved.x + original.y * moved.y > 0 else { return false }
        }
        return true
    }
}
