import Testing
@testable import Tactile

/// The drawing buffer: strokes, dropped points, and bounded memory however
/// long a stroke is.
struct StrokeInkTests {
    static func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

    @Test func strokesAreKeptInOrderWithTheirEnds() {
        var ink = StrokeInk()
        ink.beginStroke(at: Self.p(0, 0))
        ink.addPoint(Self.p(1, 0))
        ink.endStroke(at: Self.p(2, 0))
        ink.beginStroke(at: Self.p(5, 5))
        ink.endStroke(at: Self.p(5, 6))
        #expect(ink.points == [Self.p(0, 0), Self.p(1, 0), Self.p(2, 0), Self.p(5, 5), Self.p(5, 6)])
        #expect(ink.strokeEnds == [3, 5])
        #expect(Array(ink.stroke(1)) == [Self.p(5, 5), Self.p(5, 6)])
        #expect(ink.bounds == Rect(x: 0, y: 0, width: 5, height: 6))
        #expect(!ink.isDrawing)
    }

    @Test func aLiftWhereTheLastMoveWasKeepsThePointOnce() {
        var ink = StrokeInk()
        ink.beginStroke(at: Self.p(0, 0))
        ink.addPoint(Self.p(1, 0))
        ink.endStroke(at: Self.p(1, 0))       // lifted where it last moved
        ink.beginStroke(at: Self.p(5, 5))
        ink.endStroke(at: Self.p(5, 5))       // a dot: lifted where it began
        ink.beginStroke(at: Self.p(7, 7))
        ink.addPoint(Self.p(8, 8))
        ink.endStroke(at: Self.p(7, 7))       // back at its start: a new point
        #expect(ink.points == [Self.p(0, 0), Self.p(1, 0), Self.p(5, 5), Self.p(7, 7), Self.p(8, 8), Self.p(7, 7)])
        #expect(ink.strokeEnds == [2, 3, 6])
    }

    @Test func pointsThatAreNotFiniteAreDroppedAndPointsOutsideAStrokeIgnored() {
        var ink = StrokeInk()
        ink.addPoint(Self.p(1, 1))   // no stroke yet
        ink.beginStroke(at: Self.p(.nan, 0))
        ink.addPoint(Self.p(3, .infinity))
        ink.addPoint(Self.p(3, 4))
        ink.endStroke(at: Self.p(-.infinity, 0))
        ink.addPoint(Self.p(9, 9))   // after the stroke
        #expect(ink.points == [Self.p(3, 4)])
        #expect(ink.strokeEnds == [1])
    }

    @Test func aHundredThousandPointStrokeIsHeldInBoundedMemorySpreadOverItsLength() {
        var ink = StrokeInk()
        ink.beginStroke(at: Self.p(0, 0))
        for index in 1..<100_000 { ink.addPoint(Self.p(Double(index), Double(index % 7))) }
        ink.endStroke(at: Self.p(100_000, 0))
        #expect(ink.points.count <= ink.capacity)
        #expect(ink.points.count >= ink.capacity / 4)
        #expect(ink.points.first == Self.p(0, 0))
        #expect(ink.points.last == Self.p(100_000, 0))
        // Evenly thinned: no gap is much longer than the average.
        let gaps = zip(ink.points, ink.points.dropFirst()).map { $1.x - $0.x }
        #expect(gaps.max()! <= 4 * 100_000 / Double(ink.points.count))
    }

    @Test func moreStrokesThanTheCapacityAreRefused() {
        var ink = StrokeInk(capacity: 64, strokeCapacity: 2)
        let first = ink.beginStroke(at: Self.p(0, 0))
        let second = ink.beginStroke(at: Self.p(1, 0))
        let third = ink.beginStroke(at: Self.p(2, 0))
        #expect(first && second && !third)
        #expect(ink.strokeCount == 2)
        ink.removeAll()
        #expect(ink.isEmpty && ink.strokeCount == 0)
        let again = ink.beginStroke(at: Self.p(2, 0))
        #expect(again)
    }
}
