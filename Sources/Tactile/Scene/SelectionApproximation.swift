/// Control selection approximation: a contact that lands where no layer can
/// process it goes to a nearby layer that can, so that targets smaller than
/// a fingertip, such as a game's on-screen buttons, still catch the touches
/// meant for them.
///
/// Seed 001 (US patent 8,552,999, "Control selection approximation")
/// specifies it; the quotations below come from it. Give the scene a
/// configuration to turn it on. With `nil`, the default, every contact stays
/// with the layer it hits.
///
/// ```swift
/// scene.approximation = SelectionApproximation()   // shortest distance, within 22 points
/// scene.approximation = SelectionApproximation(metric: .centroidDistance, maximumDistance: 30)
/// ```
///
/// ## When it runs
///
/// At touch-down, when the hit layer cannot process the contact
/// (``Layer/canProcessTouches`` is false) or the contact hit no layer at
/// all. A contact that lands on a layer able to process it stays there.
///
/// ## Where it looks
///
/// Seed 001 gives the order: "child views A through C of Hit View are first
/// evaluated"; then "a parent view … of Hit View is evaluated"; then "other
/// child views of parent view … Hit View is excluded … because that view …
/// was already evaluated"; then "child views … of the child views D and E
/// are evaluated followed by evaluation of a parent view e.g. grandparent
/// view … and then child views of the grandparent view. Such evaluations are
/// repeated through the view hierarchy".
///
/// ```
/// root ─ G ─┬─ U                 a contact lands on H, which cannot process it:
///           └─ P ─┬─ S           1. H's children A and B; if neither qualifies, their
///                 └─ H ─┬─ A        children, and so on, one level at a time
///                       └─ B     2. P, the parent (the contact is inside it)
///                                3. P's other children (S), then theirs, a level at a time
///                                4. G, then 5. G's other children (U) and theirs,
///                                   and so on up to the root
/// ```
///
/// A contact that hit no layer (it landed outside the root) is searched
/// for from the top: the root is the first level, then its children, and so
/// on. (When the root itself cannot be hit, nothing can, and the contact is
/// ignored.)
///
/// A layer qualifies when all of these hold:
/// - it can be hit (``Layer/isHittable``), and so can its ancestors: the
///   search never enters a subtree that hit-testing skips;
/// - it can process touches (``Layer/canProcessTouches``);
/// - it is ``Layer/isApproximationEligible``, unless the contact is inside
///   it (steps 2 and 4): that property is about selecting a region "even
///   when a contact is detected at a location that does not correspond to the
///   region";
/// - the scene would give it a new touch (``Layer/isMultipleTouchEnabled``
///   and ``Layer/isExclusiveTouch``): a one-touch button that is busy is
///   passed over rather than chosen and then made to drop the contact.
///
/// Within a step, or a level of a step, the qualifying layer with the
/// smallest ``Metric`` distance is identified ("a child view that is closest
/// to contact is selected"); on a tie the layer drawn on top, as in
/// hit-testing (the patent gives no tie rule). Only then is it confirmed to
/// lie within ``maximumDistance``, in the seed's order: "if the distance from
/// the identified child view to the first location exceeds the maximum
/// distance limit the identified child region is ignored", and the search
/// goes on to the next level and step (the seed's embodiment that "continues
/// to evaluate other regions including a parent region"). So a far-off wide
/// layer is never chosen over a better-ranked one that is out of reach.
/// When nothing is selected anywhere, the contact is ignored for its whole
/// life: "when application is not configured to process contact in
/// conjunction with any view in view hierarchy contact is ignored."
///
/// ## The virtual contact
///
/// The chosen layer gets "a virtual contact at a location that corresponds
/// to" it. ``Touch/location`` is the point of the layer nearest the contact,
/// and ``Touch/actualLocation`` is where the contact really is. The offset
/// between them stays fixed for the touch's life, so the virtual contact
/// moves in parallel with the real one. ``Touch/isApproximated`` is true.
/// The touch is bound to the layer for life like any other ("once a
/// respective view is selected for processing a contact the contact is bound
/// to that view").
///
/// ## Geometry
///
/// Everything is measured in window points. A layer's *shape* is its bounds
/// carried into window coordinates by its own and its ancestors' transforms:
/// a parallelogram, which for a rotated layer is a rotated rectangle. Its
/// nine reference points are the bounds' four corners, four edge midpoints
/// and centre, carried the same way. An elliptic layer is measured by its
/// bounds too, as the patent measures any object by its corners and edges.
/// Its virtual location, though, is moved inside the ellipse.
///
/// Complexity: O(n × d) for n layers of depth up to d, since each layer is
/// visited at most once and measuring one walks up to the root. It runs only
/// at touch-down, and only for contacts whose hit layer cannot process them.
///
/// ## See Also
/// - ``Scene/approximation``
/// - ``Layer/canProcessTouches``
/// - ``Layer/isApproximationEligible``
/// - ``Touch/isApproximated``
/// - ``Touch/actualLocation``
public struct SelectionApproximation: Hashable, Sendable {
    /// How a layer's distance from a contact is measured when ranking
    /// candidates: the patent's four proximity criteria.
    ///
    /// Take a contact 12 points right of a 100 × 100 button and 18 points
    /// left of a 20 × 20 one, level with both centres.
    /// ``shortestDistance`` and ``nearestBoundaryPoint`` pick the big button
    /// (12 against 18). ``centroidDistance`` (62 against 28) and
    /// ``weightedNearestPoints`` (31.7 against 19.3) pick the small one.
    public enum Metric: Hashable, Sendable, CaseIterable {
        /// From the contact to the centre of the layer's bounds: "a centroid
        /// to centroid distance". A large layer's size counts against it, so
        /// small targets win near large ones.
        case centroidDistance
        /// From the contact to the nearest point of the layer's shape (0
        /// inside): "a distance from a first point on a user interface object
        /// that is closest to the centroid … of the contact". This is how far
        /// outside the layer the contact landed, so it matches what the
        /// player sees.
        case shortestDistance
        /// From the contact to the nearest of eight points: the four corners
        /// and the four edge midpoints ("eight points … can be used to
        /// calculate eight distances per candidate … and a shortest distance
        /// of the eight distances is selected"). Along a long edge, far from
        /// those points, this measures much more than the shortest distance.
        case nearestBoundaryPoint
        /// A weighted average of the distances to the nearest three of nine
        /// points (the eight above and the centre): 0.5 × the nearest +
        /// 0.3 × the second + 0.2 × the third ("weights can be 0.5 for the
        /// closest point 0.3 for the second closest point and 0.2 for the
        /// third closest point"). Only a contact near several of a layer's
        /// points scores low, so, like ``centroidDistance``, it favours small
        /// layers, whose points are close together.
        case weightedNearestPoints
    }

    /// How a candidate's distance from the contact is measured. The default,
    /// ``Metric/shortestDistance``, matches what a player sees: the layer
    /// whose edge the finger landed closest to wins, whatever the sizes.
    public var metric: Metric

    /// How far from a layer's shape, in window points, a contact may land and
    /// still select it. The best candidate of a level is identified first;
    /// if it lies beyond this, it is ignored and the search goes on. When
    /// nothing is selected, the contact is ignored.
    ///
    /// This limit is always measured as the shortest distance to the shape,
    /// whichever ``metric`` ranks the candidates. So it means the same thing
    /// for a big layer as for a small one: how far outside the layer the
    /// contact may land. (Measured from the centre, a 200-point-wide panel
    /// could never be reached from outside under a 22-point limit.)
    ///
    /// The default, 22, is half of 44: Apple's Human Interface Guidelines ask
    /// for touch targets of at least 44 × 44 points, about a fingertip, and
    /// Material Design's 48 dp (about 9 mm) is close. A contact that lands
    /// within a fingertip's radius of a layer can select it, so even a tiny
    /// button catches contacts over at least a 44-point span. Infinity removes
    /// the limit. A negative or NaN limit lets no layer qualify.
    public var maximumDistance: Double

    /// The default limit; see ``maximumDistance``.
    public static let defaultMaximumDistance = 22.0

    public init(metric: Metric = .shortestDistance, maximumDistance: Double = SelectionApproximation.defaultMaximumDistance) {
        self.metric = metric
        self.maximumDistance = maximumDistance
    }
}

// MARK: The search

extension SelectionApproximation {
    /// The layer that a contact at `contact` (window points) goes to, and
    /// the virtual location it gets there, or `nil` to ignore the contact.
    ///
    /// - Parameters:
    ///   - hitLayer: the layer hit-testing found, which cannot process the
    ///     contact; `nil` when the contact hit no layer.
    ///   - scene: the scene searched: its root is where the search stops
    ///     climbing, ``Scene/admits(_:)`` says whether it would give a layer
    ///     a new touch now, and its ``Scene/approximationLevels`` are the
    ///     search's reused room.
    @MainActor
    func target(forContactAt contact: Point, hitLayer: Layer?, in scene: Scene) -> (layer: Layer, location: Point)? {
        // The levels searched go into the scene's list, taken for the search
        // and handed back emptied with its room kept, so that a touch-down
        // off every target allocates nothing once the list has grown
        // (callgrind, Arcade's landing frame: the level arrays copied,
        // filtered and flattened made 10 allocations and about 3,300
        // instructions; the closures the search passed, each checked for the
        // main actor's executor as it ran, 12,200 more).
        var levels: [Layer] = []
        swap(&levels, &scene.approximationLevels)
        defer {
            levels.removeAll(keepingCapacity: true)
            swap(&levels, &scene.approximationLevels)
        }
        guard let layer = select(contact, hitLayer: hitLayer, in: scene, levels: &levels) else { return nil }
        return (layer, LayerShape(layer).virtualLocation(for: contact, in: layer))
    }

    /// The distance from `contact` (window points) to `layer` by ``metric``.
    @MainActor
    func distance(from contact: Point, to layer: Layer) -> Double {
        LayerShape(layer).distance(to: contact, by: metric)
    }

    @MainActor
    private func select(_ contact: Point, hitLayer: Layer?, in scene: Scene, levels: inout [Layer]) -> Layer? {
        let root = scene.root
        guard let hitLayer else {
            // The contact landed outside the root: search the whole tree
            // from the top, the root counting as a layer the contact missed.
            levels.removeAll(keepingCapacity: true)
            Self.appendSearchable(root, to: &levels)
            return nearest(levelsIn: &levels, to: contact, in: scene)
        }
        // Step 1: "child views A through C of Hit View are first evaluated".
        levels.removeAll(keepingCapacity: true)
        Self.appendSearchableChildren(of: hitLayer, except: nil, to: &levels)
        if let found = nearest(levelsIn: &levels, to: contact, in: scene) {
            return found
        }
        var searched = hitLayer
        while searched !== root, let parent = searched.parent {
            // Step 2: "a parent view … is evaluated". The contact is inside
            // the parent, so its approximation property does not apply.
            if parent.isHittable, parent.canProcessTouches, isWithinReach(parent, of: contact), scene.admits(parent) {
                return parent
            }
            // Step 3: "other child views of parent view … Hit View is
            // excluded", then their children, level by level.
            levels.removeAll(keepingCapacity: true)
            Self.appendSearchableChildren(of: parent, except: searched, to: &levels)
            if let found = nearest(levelsIn: &levels, to: contact, in: scene) {
                return found
            }
            // Step 4: "a parent view e.g. grandparent view of the parent
            // view and then child views of the grandparent view".
            searched = parent
        }
        return nil
    }

    /// The qualifying layer nearest `contact` among the first level in
    /// `levels`; if none qualifies, among their children; and so on down, a
    /// level at a time ("child views … of the child views D and E are
    /// evaluated").
    ///
    /// `levels` holds the first level and grows by each next one, appended
    /// after the level it comes from: one list, walked by index, rather than
    /// a new array a level. Only searchable layers go in (see
    /// ``appendSearchable(_:to:)``).
    @MainActor
    private func nearest(levelsIn levels: inout [Layer], to contact: Point, in scene: Scene) -> Layer? {
        var levelStart = 0
        while levelStart < levels.count {
            let levelEnd = levels.count
            var best: Layer?
            var bestDistance = Double.infinity
            // Each level is in drawing order, bottom first: a later layer of
            // one level is drawn above an earlier one. `<=` hands a tie to it.
            for index in levelStart..<levelEnd {
                let layer = levels[index]
                guard layer.canProcessTouches, layer.isApproximationEligible else { continue }
                let distance = LayerShape(layer).distance(to: contact, by: metric)
                guard distance <= bestDistance, scene.admits(layer) else { continue }
                best = layer
                bestDistance = distance
            }
            // Identified first, then confirmed within reach; if not, ignored.
            if let best, isWithinReach(best, of: contact) { return best }
            for index in levelStart..<levelEnd {
                Self.appendSearchableChildren(of: levels[index], except: nil, to: &levels)
            }
            levelStart = levelEnd
        }
        return nil
    }

    /// Appends `layer` if the search may enter it. Hit-testing skips the
    /// layers that cannot be hit and everything under them; a layer squashed
    /// flat by a zero scale cannot be hit either.
    @MainActor
    private static func appendSearchable(_ layer: Layer, to levels: inout [Layer]) {
        if layer.isHittable, layer.transformFromParent != nil { levels.append(layer) }
    }

    /// Appends, in drawing order, the children of `layer` the search may
    /// enter, leaving out `excluded`.
    @MainActor
    private static func appendSearchableChildren(of layer: Layer, except excluded: Layer?, to levels: inout [Layer]) {
        let children = layer.children
        for index in children.indices where children[index] !== excluded {
            appendSearchable(children[index], to: &levels)
        }
    }

    @MainActor
    private func isWithinReach(_ layer: Layer, of contact: Point) -> Bool {
        LayerShape(layer).shortestDistance(to: contact) <= maximumDistance
    }
}

// MARK: Shapes in window coordinates

/// A layer's bounds carried into window coordinates: the shape and the
/// reference points that the metrics measure.
@MainActor
private struct LayerShape {
    /// Maps the layer's points to window points.
    let toWindow: AffineTransform
    let bounds: Rect

    init(_ layer: Layer) {
        var transform = AffineTransform.identity
        var current: Layer? = layer
        while let step = current {
            transform = transform.concatenating(step.transformToParent)
            current = step.parent
        }
        toWindow = transform
        bounds = layer.bounds
    }

    /// The point at fractions `u` across and `v` down the bounds, in window points.
    private func point(_ u: Double, _ v: Double) -> Point {
        toWindow.apply(to: Point(x: bounds.minX + u * bounds.width, y: bounds.minY + v * bounds.height))
    }

    var center: Point { point(0.5, 0.5) }

    /// The patent's eight points, corners and edge midpoints around the
    /// edge, as fractions across and down the bounds.
    private static let boundaryFractions: [(u: Double, v: Double)] = [
        (0, 0), (0.5, 0), (1, 0), (1, 0.5), (1, 1), (0.5, 1), (0, 1), (0, 0.5),
    ]

    // The metrics below measure point by point into running minima rather
    // than through arrays of points and distances (mapped, joined, sorted),
    // so that measuring a candidate never allocates: every touch-down off a
    // target measures several. The results are the same values.
    func distance(to contact: Point, by metric: SelectionApproximation.Metric) -> Double {
        switch metric {
        case .centroidDistance:
            return center.distance(to: contact)
        case .shortestDistance:
            return shortestDistance(to: contact)
        case .nearestBoundaryPoint:
            // As `min()` over the eight, in order: the first, then any later one strictly nearer.
            let fractions = Self.boundaryFractions
            var nearest = point(fractions[0].u, fractions[0].v).distance(to: contact)
            for index in 1..<fractions.count {
                let distance = point(fractions[index].u, fractions[index].v).distance(to: contact)
                if distance < nearest { nearest = distance }
            }
            return nearest
        case .weightedNearestPoints:
            // The three smallest of the nine distances (eight and the centre), in order.
            var first = Double.infinity, second = Double.infinity, third = Double.infinity
            func consider(_ distance: Double) {
                if distance < first {
                    (first, second, third) = (distance, first, second)
                } else if distance < second {
                    (second, third) = (distance, second)
                } else if distance < third {
                    third = distance
                }
            }
            let fractions = Self.boundaryFractions
            for index in fractions.indices {
                consider(point(fractions[index].u, fractions[index].v).distance(to: contact))
            }
            consider(center.distance(to: contact))
            return 0.5 * first + 0.3 * second + 0.2 * third
        }
    }

    func shortestDistance(to contact: Point) -> Double {
        nearestPoint(to: contact).distance(to: contact)
    }

    /// The point of the shape, edges included, nearest `contact`: the
    /// contact itself when it is inside.
    func nearestPoint(to contact: Point) -> Point {
        if let fromWindow = toWindow.inverted {
            let inLayer = fromWindow.apply(to: contact)
            if inLayer.x >= bounds.minX, inLayer.x <= bounds.maxX, inLayer.y >= bounds.minY, inLayer.y <= bounds.maxY {
                return contact
            }
        }
        // The four edges, corner to corner around the shape; the first
        // strictly nearest point wins.
        let topLeft = point(0, 0), topRight = point(1, 0), bottomRight = point(1, 1), bottomLeft = point(0, 1)
        var nearest = topLeft
        var nearestDistance = Double.infinity
        func consider(_ a: Point, _ b: Point) {
            let candidate = Self.nearestPoint(to: contact, onSegmentFrom: a, to: b)
            let distance = candidate.distance(to: contact)
            if distance < nearestDistance {
                nearest = candidate
                nearestDistance = distance
            }
        }
        consider(topLeft, topRight)
        consider(topRight, bottomRight)
        consider(bottomRight, bottomLeft)
        consider(bottomLeft, topLeft)
        return nearest
    }

    private static func nearestPoint(to point: Point, onSegmentFrom a: Point, to b: Point) -> Point {
        let dx = b.x - a.x, dy = b.y - a.y
        let lengthSquared = dx * dx + dy * dy
        guard lengthSquared > 0 else { return a }
        let t = min(max(((point.x - a.x) * dx + (point.y - a.y) * dy) / lengthSquared, 0), 1)
        return Point(x: a.x + t * dx, y: a.y + t * dy)
    }

    /// Where the virtual contact goes in `layer`: the point of its shape
    /// nearest `contact`, moved just inside when the layer does not count
    /// that point as its own.
    ///
    /// The nearest point often lies on the right or bottom edge, which
    /// `Rect.contains` leaves out so that tiling rectangles never both claim
    /// a point. For an elliptic or custom shape it can lie outside the shape.
    /// A handler that checks `contains(touch.location(in: self))`, as a
    /// button deciding whether a release is "inside" does, must see the
    /// virtual contact inside. So the point slides towards the centre, by
    /// bisection, to the first place the layer's own ``Layer/contains(_:)``
    /// accepts. Forty halvings leave it less than a billionth of the
    /// distance to the centre inside the edge.
    func virtualLocation(for contact: Point, in layer: Layer) -> Point {
        func isInside(_ point: Point) -> Bool {
            layer.contains(layer.convert(point, from: nil))
        }
        let nearest = nearestPoint(to: contact)
        if isInside(nearest) { return nearest }
        var outside = nearest
        var inside = center
        // A custom shape that leaves out its own centre: settle for the edge.
        guard isInside(inside) else { return nearest }
        for _ in 0..<40 {
            let middle = Point(x: (outside.x + inside.x) / 2, y: (outside.y + inside.y) / 2)
            if isInside(middle) { inside = middle } else { outside = middle }
        }
        return inside
    }
}
