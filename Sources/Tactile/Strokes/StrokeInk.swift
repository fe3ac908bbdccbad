/// The points of a drawing as it is made: one or more strokes, in a buffer
/// of fixed capacity, so that drawing costs no allocation and a stroke of
/// any length holds bounded memory.
///
/// Points that are not finite (NaN, infinite) are dropped, as the scene
/// drops them elsewhere. When the buffer is full, every stroke keeps every
/// other point (and its first and last), and from then on only every
/// second point of the stroke being drawn is kept, then every fourth after
/// the next halving, and so on: a 100,000-point stroke is held as at most
/// ``capacity`` points spread along its whole length. Matching resamples a
/// drawing to a few dozen points, so nothing it needs is lost.
///
/// ```swift
/// var ink = StrokeInk()
/// ink.beginStroke(at: Point(x: 10, y: 10))
/// ink.addPoint(Point(x: 60, y: 60))
/// ink.endStroke(at: Point(x: 110, y: 10))
/// let match = classifier.classify(ink)
/// ```
///
/// ## See Also
/// - ``StrokeClassifier/classify(_:)``
/// - ``StrokeGestureRecognizer``
public struct StrokeInk: Sendable {
    /// The points of every stroke, one stroke after another.
    public private(set) var points: [Point]
    /// Where each stroke ends in ``points`` (one past its last point), in
    /// the order they were drawn; the last may still be being drawn.
    public private(set) var strokeEnds: [Int]
    /// The most points held; the buffer halves its strokes when full.
    public let capacity: Int
    /// The most strokes held; ``beginStroke(at:)`` refuses more.
    public let strokeCapacity: Int
    /// Whether a stroke has begun and not ended.
    public private(set) var isDrawing = false
    /// Every how many points of the stroke being drawn one is kept.
    private var stride = 1
    /// Points of the current stroke passed over since the last kept one.
    private var skipped = 0

    /// An empty drawing holding at most `capacity` points (at least 16) in
    /// at most `strokeCapacity` strokes (at least 1).
    public init(capacity: Int = GestureDefaults.strokeInkCapacity,
                strokeCapacity: Int = GestureDefaults.strokeMaximumCount) {
        self.capacity = max(16, capacity)
        self.strokeCapacity = max(1, strokeCapacity)
        points = []
        points.reserveCapacity(self.capacity)
        strokeEnds = []
        strokeEnds.reserveCapacity(self.strokeCapacity)
    }

    /// A finished drawing of `strokes`, each a list of points (a template's
    /// sample, say), with room for all of them.
    public init(strokes: [[Point]]) {
        let total = strokes.reduce(0) { $0 + $1.count }
        self.init(capacity: max(16, total), strokeCapacity: max(1, strokes.count))
        for stroke in strokes {
            guard let first = stroke.first, beginStroke(at: first) else { continue }
            for point in stroke.dropFirst() { addPoint(point) }
            endStroke()
        }
    }

    /// How many strokes there are, the one being drawn included.
    public var strokeCount: Int { strokeEnds.count }

    /// Whether there are no points.
    public var isEmpty: Bool { points.isEmpty }

    /// The smallest rectangle holding every point; ``Rect/zero`` when empty.
    public var bounds: Rect {
        guard let first = points.first else { return .zero }
        var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
        for point in points {
            minX = min(minX, point.x); maxX = max(maxX, point.x)
            minY = min(minY, point.y); maxY = max(maxY, point.y)
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Every stroke as a list of points: a sample for a ``StrokeTemplate``
    /// (a "learn" mode adds the last drawing this way). Allocates.
    public var strokes: [[Point]] {
        strokeEnds.indices.map { Array(stroke($0)) }.filter { !$0.isEmpty }
    }

    /// The points of stroke `index`.
    public func stroke(_ index: Int) -> ArraySlice<Point> {
        let start = index == 0 ? 0 : strokeEnds[index - 1]
        return points[start..<strokeEnds[index]]
    }

    /// Starts a stroke at `point`, ending any stroke being drawn.
    ///
    /// - Returns: `false`, and adds nothing, when ``strokeCapacity`` strokes
    ///   are held already.
    @discardableResult
    public mutating func beginStroke(at point: Point) -> Bool {
        if isDrawing { endStroke() }
        guard strokeEnds.count < strokeCapacity else { return false }
        strokeEnds.append(points.count)
        isDrawing = true
        skipped = 0
        if point.isFinite { keep(point) }
        return true
    }

    /// Adds `point` to the stroke being drawn; ignored when none is, or
    /// when the point is not finite.
    ///
    /// - Complexity: O(1) amortised; O(``capacity``) when the buffer halves.
    public mutating func addPoint(_ point: Point) {
        guard isDrawing, point.isFinite else { return }
        skipped += 1
        guard skipped >= stride else { return }
        keep(point)
    }

    /// Ends the stroke being drawn, at `point` if given: the last point is
    /// always kept, however many are being skipped.
    public mutating func endStroke(at point: Point? = nil) {
        guard isDrawing else { return }
        // A lift where the stroke last moved (SDL's mouse and finger lifts
        // always are) keeps nothing more. (Until session 27 this looked
        // from the stroke's end instead of its start and kept it twice.)
        if let point, point.isFinite, stroke(strokeEnds.count - 1).last != point {
            keep(point)
        }
        isDrawing = false
    }

    /// Forgets every point and stroke, keeping the buffers.
    public mutating func removeAll() {
        points.removeAll(keepingCapacity: true)
        strokeEnds.removeAll(keepingCapacity: true)
        isDrawing = false
        stride = 1
        skipped = 0
    }

    private mutating func keep(_ point: Point) {
        if points.count == capacity { halve() }
        points.append(point)
        strokeEnds[strokeEnds.count - 1] = points.count
        skipped = 0
    }

    /// Keeps every other point of each stroke, and its first and last, in
    /// place; from now on, keeps half as many of the stroke being drawn.
    private mutating func halve() {
        var write = 0
        var start = 0
        for index in strokeEnds.indices {
            let end = strokeEnds[index]
            var read = start
            while read < end {
                if (read - start) % 2 == 0 || read == end - 1 {
                    points[write] = points[read]
                    write += 1
                }
                read += 1
            }
            start = end
            strokeEnds[index] = write
        }
        points.removeSubrange(write...)
        stride *= 2
    }
}

// MARK: Rollback

extension StrokeInk {
    /// Writes the drawing so far (its points, where its strokes end, and
    /// how its thinning stands), for a recognizer's
    /// ``GestureRecognizer/saveState(to:)``; the capacities, which are
    /// settings, are not written.
    ///
    /// - Complexity: O(points held): at most ``capacity`` points, two words
    ///   each, into the snapshot's reused buffer.
    public func save(to writer: inout RecognizerStateWriter) {
        writer.write(isDrawing)
        writer.write(stride)
        writer.write(skipped)
        writer.write(strokeEnds.count)
        for end in strokeEnds { writer.write(end) }
        writer.write(points.count)
        for point in points { writer.write(point) }
    }

    /// Reads back what ``save(to:)`` wrote, into the buffers this ink
    /// already holds: no allocation while the drawing fits its capacities,
    /// which it does when written from an ink of the same capacities.
    /// Strokes or points beyond them are read and dropped (a defined
    /// outcome for a mismatched snapshot, never a crash).
    public mutating func restore(from reader: inout RecognizerStateReader) {
        isDrawing = reader.readBool()
        stride = max(1, reader.readInt())
        skipped = reader.readInt()
        strokeEnds.removeAll(keepingCapacity: true)
        let strokeCount = reader.readInt()
        for _ in 0..<max(0, strokeCount) {
            let end = reader.readInt()
            if strokeEnds.count < strokeCapacity { strokeEnds.append(end) }
        }
        points.removeAll(keepingCapacity: true)
        let pointCount = reader.readInt()
        for _ in 0..<max(0, pointCount) {
            let point = reader.readPoint()
            if points.count < capacity { points.append(point) }
        }
        // Stroke ends that point past the points kept (only from a
        // mismatched snapshot) are clamped so that `stroke(_:)` stays in range.
        var previous = 0
        for index in strokeEnds.indices {
            strokeEnds[index] = min(max(strokeEnds[index], previous), points.count)
            previous = strokeEnds[index]
        }
        if strokeEnds.isEmpty { isDrawing = false }
    }

    /// Writes a finished drawing given as strokes of points (a stroke
    /// recognizer's ``StrokeGestureRecognizer/lastDrawing``).
    public static func save(drawing: [[Point]], to writer: inout RecognizerStateWriter) {
        writer.write(drawing.count)
        for stroke in drawing {
            writer.write(stroke.count)
            for point in stroke { writer.write(point) }
        }
    }

    /// Reads back what ``save(drawing:to:)`` wrote into `drawing`, leaving
    /// it untouched (and allocating nothing) when it already holds those
    /// points, as it does unless a drawing finished after the snapshot.
    public static func restore(drawing: inout [[Point]], from reader: inout RecognizerStateReader) {
        var check = reader
        if matches(drawing, &check) {
            reader = check
            return
        }
        let strokeCount = max(0, reader.readInt())
        var restored: [[Point]] = []
        restored.reserveCapacity(strokeCount)
        for _ in 0..<strokeCount {
            let count = max(0, reader.readInt())
            var stroke: [Point] = []
            stroke.reserveCapacity(count)
            for _ in 0..<count { stroke.append(reader.readPoint()) }
            restored.append(stroke)
        }
        drawing = restored
    }

    /// Whether the words `reader` is at describe `drawing`, bit for bit;
    /// reads them.
    private static func matches(_ drawing: [[Point]], _ reader: inout RecognizerStateReader) -> Bool {
        guard reader.readInt() == drawing.count else { return false }
        for stroke in drawing {
            guard reader.readInt() == stroke.count else { return false }
            for point in stroke {
                let read = reader.readPoint()
                guard read.x.bitPattern == point.x.bitPattern, read.y.bitPattern == point.y.bitPattern else { return false }
            }
        }
        return !reader.isOverrun
    }
}
