/// A uniform grid over a layer's own space that says which of its children
/// may be under a point: what lets a hit-test of a layer with thousands of
/// children try a handful of them instead of every one.
///
/// The rule it keeps is the plain walk's: children are tried from the top
/// down and the first hit wins. The grid only leaves out children that
/// cannot be hit at the point: those whose class promises that every hit is
/// inside its bounds (``Layer/hitsStayWithinBounds``) and whose frame, padded
/// for rounding, does not hold the point. Everything else (hidden, faded or
/// non-interactive children; overridden `hitTest(_:with:)` or `contains(_:)`
/// in the children and their subtrees) is decided by the children's own
/// `hitTest`, as in the walk. Children of classes that make no such promise,
/// and children whose frame is not finite or covers many cells, are tried
/// for every point.
///
/// The grid is built the first time a layer with at least
/// ``minimumChildren`` children is hit-tested, and kept up to date from then
/// on: a child that moves, turns or resizes changes only its own cells; one
/// added or removed, only its own entries. It is rebuilt when the number of
/// children has doubled or halved, or when many children have moved out of
/// the area it covers (they crowd its edge cells).
///
/// Complexity: a hit-test tries the children in the point's cell and those
/// tried everywhere, O(k²) in their number k for picking them top-first
/// without allocating; an update is O(cells the child covers).
@MainActor
final class ChildIndex {
    /// Below this many children the plain walk is as fast.
    static let minimumChildren = 64
    /// A child whose frame covers more cells than this is tried for every
    /// point rather than entered in every one of them.
    static let maximumCellsPerChild = 16
    /// With more children than this tried for every point, the grid saves
    /// too little: the layer walks its children instead.
    static let maximumEverywhere = 32

    /// Where a child is entered.
    enum Placement: Equatable {
        /// Nowhere: it is not in an index (or cannot be hit, being squashed flat).
        case none
        /// In the cells from (`minColumn`, `minRow`) to (`maxColumn`, `maxRow`),
        /// inclusive; `clamped` when its frame reaches out of the grid.
        case cells(minColumn: Int, minRow: Int, maxColumn: Int, maxRow: Int, clamped: Bool)
        /// Tried for every point.
        case everywhere
    }

    /// Changes whenever an entry does: a hit-test that sees it change
    /// across a child's `hitTest` (user code that moved or removed
    /// children) finishes as the plain walk.
    private(set) var version = 0
    /// Whether the grid saves work: few children are tried everywhere.
    var isWorthUsing: Bool { everywhere.count <= Self.maximumEverywhere }
    /// The number of children when the grid was built.
    let builtCount: Int

    /// Whether a grid built now for `count` children would be much better:
    /// their number has doubled or halved, or a quarter of them reach out
    /// of the area it covers.
    func needsRebuild(count: Int) -> Bool {
        count >= 2 * builtCount || 2 * count <= builtCount || outside > max(16, builtCount / 4)
    }

    private let originX: Double
    private let originY: Double
    private let cellSize: Double
    private let columns: Int
    private let rows: Int
    /// Each cell's first entry, or -1.
    private var heads: [Int32]
    /// The entries: a child, and the next entry of the same cell (or -1).
    /// Freed entries are chained from `free` through `next`.
    private var entries: [Unmanaged<Layer>] = []
    private var next: [Int32] = []
    private var free: Int32 = -1
    /// The children tried for every point.
    private var everywhere: [Unmanaged<Layer>] = []
    /// How many children are entered with cells clamped to the grid's edge.
    private var outside = 0

    /// A grid for `children`, each entered as ``place(_:)`` would.
    init(children: [Layer]) {
        builtCount = children.count
        // The area the children cover, and their typical size.
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        var sizes = 0.0, counted = 0
        for child in children {
            guard let frame = Self.indexableFrame(of: child) else { continue }
            minX = min(minX, frame.minX); minY = min(minY, frame.minY)
            maxX = max(maxX, frame.maxX); maxY = max(maxY, frame.maxY)
            sizes += max(frame.width, frame.height)
            counted += 1
        }
        if counted == 0 { (minX, minY, maxX, maxY) = (0, 0, 1, 1) }
        let width = max(maxX - minX, 1e-9), height = max(maxY - minY, 1e-9)
        // About one cell per child, and no smaller than a typical child, so
        // that most children sit in one to four cells.
        let typical = counted > 0 ? sizes / Double(counted) : 1
        var size = max((width * height / Double(max(counted, 1))).squareRoot(), typical, 1e-9)
        // Never more than a few cells per child (a long thin area).
        while (width / size).rounded(.up) * (height / size).rounded(.up) > Double(4 * max(counted, 1) + 16) { size *= 2 }
        originX = minX
        originY = minY
        cellSize = size
        columns = max(1, Int((width / size).rounded(.up)))
        rows = max(1, Int((height / size).rounded(.up)))
        heads = Array(repeating: -1, count: columns * rows)
        entries.reserveCapacity(counted * 2)
        next.reserveCapacity(counted * 2)
        for child in children { place(child) }
    }

    // MARK: Keeping it up to date

    /// Enters `child` (not entered yet) where its frame now is.
    func place(_ child: Layer) {
        version &+= 1
        guard child.transformFromParent != nil else {
            // Squashed flat: no point hits it, and the walk skips it too.
            child.placement = .none
            return
        }
        guard type(of: child).hitsStayWithinBounds, let frame = Self.indexableFrame(of: child) else {
            return placeEverywhere(child)
        }
        let (minColumn, minRow) = cell(frame.minX, frame.minY)
        let (maxColumn, maxRow) = cell(frame.maxX, frame.maxY)
        guard (maxColumn - minColumn + 1) * (maxRow - minRow + 1) <= Self.maximumCellsPerChild else {
            return placeEverywhere(child)
        }
        let clamped = !isInside(frame)
        if clamped { outside += 1 }
        let reference = Unmanaged.passUnretained(child)
        for row in minRow...maxRow {
            for column in minColumn...maxColumn {
                let cell = row * columns + column
                let entry = newEntry(reference)
                next[Int(entry)] = heads[cell]
                heads[cell] = entry
            }
        }
        child.placement = .cells(minColumn: minColumn, minRow: minRow, maxColumn: maxColumn, maxRow: maxRow, clamped: clamped)
    }

    /// The children's order changed (one brought to the front, say): a
    /// hit-test under way must not trust the orders it read.
    func reordered() {
        version &+= 1
    }

    /// Takes `child`'s entries out.
    func remove(_ child: Layer) {
        version &+= 1
        switch child.placement {
        case .none:
            break
        case .everywhere:
            for index in everywhere.indices where everywhere[index].toOpaque() == Unmanaged.passUnretained(child).toOpaque() {
                everywhere.remove(at: index)
                break
            }
        case .cells(let minColumn, let minRow, let maxColumn, let maxRow, let clamped):
            if clamped { outside -= 1 }
            let opaque = Unmanaged.passUnretained(child).toOpaque()
            for row in minRow...maxRow {
                for column in minColumn...maxColumn {
                    unlink(opaque, from: row * columns + column)
                }
            }
        }
        child.placement = .none
    }

    // MARK: Hit-testing

    /// The first hit among `children` (the layer's children, whose order
    /// the entries' ``Layer/orderInParent`` gives) at `point`, in the
    /// layer's own coordinates, trying them from the top down as the plain
    /// walk does but only where they can be hit.
    func hitTest(_ point: Point, children: [Layer], with event: TouchEvent?) -> Layer? {
        let (column, row) = cell(point.x, point.y)
        let cell = row * columns + column
        let version = self.version
        // Below this order in the children, the next candidate is looked for.
        var bound = Int.max
        while true {
            // The topmost candidate below `bound`: a few entries at most,
            // scanned again each time rather than sorted into a buffer (no
            // allocation, and nothing shared if a child's hitTest re-enters).
            var best = -1
            var entry = heads[cell]
            while entry >= 0 {
                let order = entries[Int(entry)]._withUnsafeGuaranteedRef(\.orderInParent)
                if order < bound && order > best { best = order }
                entry = next[Int(entry)]
            }
            for other in everywhere {
                let order = other._withUnsafeGuaranteedRef(\.orderInParent)
                if order < bound && order > best { best = order }
            }
            guard best >= 0 else { return nil }
            bound = best
            if let hit = Self.hit(children[best], point, event) { return hit }
            guard self.version == version else {
                // A child's hitTest changed the children: the rest is the
                // plain walk over the children as they were.
                for index in stride(from: best - 1, through: 0, by: -1) {
                    if let hit = Self.hit(children[index], point, event) { return hit }
                }
                return nil
            }
        }
    }

    /// `child`'s hit at `point` in its parent's space, as the walk tries it.
    static func hit(_ child: Layer, _ point: Point, _ event: TouchEvent?) -> Layer? {
        guard let toChild = child.transformFromParent else { return nil }
        return child.hitTest(toChild.apply(to: point), with: event)
    }

    // MARK: Helpers

    /// `child`'s frame, padded against rounding, if it is finite.
    ///
    /// The walk tests a point by mapping it into the child's space; the
    /// grid tests the child's frame mapped out into the parent's. The two
    /// roundings can disagree by a few units in the last place, so the
    /// frame is padded by far more than that: a point the child's own test
    /// accepts is always inside the padded frame.
    private static func indexableFrame(of child: Layer) -> Rect? {
        let frame = child.frame
        guard frame.minX.isFinite, frame.minY.isFinite, frame.maxX.isFinite, frame.maxY.isFinite else { return nil }
        let magnitude = max(abs(frame.minX), abs(frame.minY), abs(frame.maxX), abs(frame.maxY), 1)
        let pad = magnitude * 1e-9
        return Rect(x: frame.minX - pad, y: frame.minY - pad, width: frame.width + 2 * pad, height: frame.height + 2 * pad)
    }

    /// The cell holding (`x`, `y`), clamped to the grid.
    private func cell(_ x: Double, _ y: Double) -> (column: Int, row: Int) {
        let column = ((x - originX) / cellSize).rounded(.down)
        let row = ((y - originY) / cellSize).rounded(.down)
        // Comparisons, not min/max, so that a NaN lands in cell 0 rather than trapping.
        let clampedColumn = column >= 0 ? (column < Double(columns) ? Int(column) : columns - 1) : 0
        let clampedRow = row >= 0 ? (row < Double(rows) ? Int(row) : rows - 1) : 0
        return (clampedColumn, clampedRow)
    }

    private func isInside(_ frame: Rect) -> Bool {
        frame.minX >= originX && frame.minY >= originY
            && frame.maxX < originX + Double(columns) * cellSize && frame.maxY < originY + Double(rows) * cellSize
    }

    private func placeEverywhere(_ child: Layer) {
        everywhere.append(Unmanaged.passUnretained(child))
        child.placement = .everywhere
    }

    private func newEntry(_ child: Unmanaged<Layer>) -> Int32 {
        if free >= 0 {
            let entry = free
            free = next[Int(entry)]
            entries[Int(entry)] = child
            return entry
        }
        entries.append(child)
        next.append(-1)
        return Int32(entries.count - 1)
    }

    private func unlink(_ child: UnsafeMutableRawPointer, from cell: Int) {
        var previous: Int32 = -1
        var entry = heads[cell]
        while entry >= 0 {
            let following = next[Int(entry)]
            if entries[Int(entry)].toOpaque() == child {
                if previous >= 0 { next[Int(previous)] = following } else { heads[cell] = following }
                next[Int(entry)] = free
                free = entry
                return
            }
            previous = entry
            entry = following
        }
    }
}
