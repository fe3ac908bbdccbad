/// A node of the scene graph: a rectangle of the game's world that can be
/// drawn, hit by touches, and handle events.
///
/// A layer has its own coordinate space, given by ``bounds``. Its place in
/// its parent's space is given by ``position`` (where its ``anchorPoint``
/// sits), then ``transform`` (rotation, scale, translation about the anchor).
/// Children are drawn in order, so the last child is on top, and hit-testing
/// tries them from the top down.
///
/// ```swift
/// let button = Layer(frame: Rect(x: 20, y: 20, width: 44, height: 44))
/// button.appearance.fill = .orange
/// scene.root.addChild(button)
/// ```
///
/// A layer is a ``Responder``: the touches that hit it arrive in
/// `touchesBegan(_:with:)` and the rest, and what it does not handle goes to
/// its parent.
///
/// ## Touch delivery
///
/// - ``isUserInteractionEnabled``, ``isHidden`` and an ``alpha`` below 0.01
///   (UIKit's threshold for "fully transparent") take the layer and all its
///   children out of hit-testing.
/// - ``isMultipleTouchEnabled`` (off by default): with it off, the layer gets
///   only the first touch of a sequence; touches that land on it while it is
///   tracking one are ignored.
/// - ``isExclusiveTouch`` (off by default): while an exclusive layer tracks a
///   touch, no other layer of the scene gets new touches, and it gets none
///   while another layer tracks one.
///
/// ## See Also
/// - ``Scene``
/// - ``hitTest(_:with:)``
/// - ``contains(_:)``
@MainActor
open class Layer: Responder {
    // MARK: Stored state
    //
    // Hit-testing and touch delivery read these for every layer they visit.
    // A public stored property of a class costs a runtime exclusivity check
    // on every access (with its thread-local bookkeeping, about 40% of a
    // hit-test), which the optimiser cannot remove because other modules
    // may access the storage. So the state is stored privately, here, and
    // the public properties below are computed over it. The checks are off
    // for the storage: every access to it is in this file and instantaneous
    // (a plain read or write; no closure or user code runs while one is open).

    // What a hit-test reads of every layer it visits comes first, together:
    // stored properties are laid out in the order declared, so these share
    // the object's first two cache lines (with its header, which the call
    // reads), where they were spread over five or six. In a scene too large
    // for the caches, a hit-test waits on memory more than it computes.
    @exclusivity(unchecked) private var storedTransformFromParent: AffineTransform? = .identity
    @exclusivity(unchecked) private var storedIsHidden = false
    @exclusivity(unchecked) private var storedIsUserInteractionEnabled = true
    /// Whether ``appearance``'s shape is an ellipse, which is all that
    /// ``contains(_:)`` asks of it, kept here with the fields above.
    @exclusivity(unchecked) private var storedIsElliptic = false
    @exclusivity(unchecked) private var storedAlpha = 1.0
    @exclusivity(unchecked) private var storedBounds: Rect = .zero
    // The children, bottom first: the last is drawn on top. Exclusivity: as
    // the stored state above; the walks over it (`hitTest`, the deinit)
    // iterate a copy.
    @exclusivity(unchecked) private var storedChildren: [Layer] = []
    @exclusivity(unchecked) private var storedPosition: Point = .zero
    @exclusivity(unchecked) private var storedAnchorPoint = Point(x: 0.5, y: 0.5)
    @exclusivity(unchecked) private var storedTransform: AffineTransform = .identity
    @exclusivity(unchecked) private var storedTransformToParent: AffineTransform = .identity
    @exclusivity(unchecked) private var storedIsMultipleTouchEnabled = false
    @exclusivity(unchecked) private var storedIsExclusiveTouch = false
    @exclusivity(unchecked) private var storedAppearance = Appearance()
    @exclusivity(unchecked) private var storedGestureRecognizers: [GestureRecognizer] = []
    @exclusivity(unchecked) private var storedRecognizerDelivery = RecognizerDelivery.normal
    /// Bumped whenever any layer's children or recognizers change (added,
    /// removed, reordered), in any scene: a rollback snapshot taken at the
    /// same generation has the same structure, so capture and restore skip
    /// walking the tree (see ``SceneSnapshot``). One counter for all scenes
    /// because a layer out of a scene does not know which it will join.
    static var structureGeneration = 0

    // MARK: Geometry

    /// Where the anchor point sits in the parent's coordinate space.
    public var position: Point {
        get { storedPosition }
        set { storedPosition = newValue; geometryChanged() }
    }
    /// The layer's own coordinate space: the rectangle it covers, in its own points.
    public var bounds: Rect {
        get { storedBounds }
        set { storedBounds = newValue; geometryChanged() }
    }
    /// The point of the bounds that ``position`` places and ``transform``
    /// turns about, in units of the bounds' size: (0.5, 0.5) is the centre.
    public var anchorPoint: Point {
        get { storedAnchorPoint }
        set { storedAnchorPoint = newValue; geometryChanged() }
    }
    /// Rotation, scale and translation applied about the anchor point.
    public var transform: AffineTransform {
        get { storedTransform }
        set { storedTransform = newValue; geometryChanged() }
    }

    /// Maps this layer's points to its parent's; derived from the four
    /// properties above and kept, since hit-testing reads it for every layer
    /// it visits.
    public var transformToParent: AffineTransform { storedTransformToParent }
    /// Maps the parent's points to this layer's, or `nil` while a zero scale
    /// squashes the layer flat (then no point hits it).
    public var transformFromParent: AffineTransform? { storedTransformFromParent }

    // MARK: Tree

    /// The layer this one is a child of.
    public var parent: Layer? { storedParent?.takeUnretainedValue() }
    /// Not `weak`: a weak reference moves its target's reference count to a
    /// side table, which made every retain of a parent during hit-testing
    /// take the slow path (about 40% of a hit-test). A parent owns its
    /// children and clears this in ``removeFromParent()`` and in its
    /// `deinit`, so it never dangles. `Unmanaged` rather than
    /// `unowned(unsafe)`: a walk up the tree (the conversion of a touch's
    /// location, on every move) calls into each ancestor through
    /// `withBorrowed` (Array+Borrowing.swift), which retains nothing, where a call on
    /// an `unowned(unsafe)` load retained and released each ancestor
    /// (callgrind: about 45 instructions a level).
    @exclusivity(unchecked) private var storedParent: Unmanaged<Layer>?
    /// The children, bottom first: the last is drawn on top.
    public var children: [Layer] { storedChildren }
    /// Set on a scene's root layer only. Not `weak`, for the reason given
    /// at ``parent``: the scene owns its root and clears this in its `deinit`.
    var ownerScene: Scene? {
        get { storedOwnerScene?.takeUnretainedValue() }
        set { storedOwnerScene = newValue.map { Unmanaged.passUnretained($0) } }
    }
    /// `Unmanaged`, as ``parent`` is, so that the touch handlers' walk
    /// (`passOn`) reads the scene in place: a copy of an `unowned(unsafe)`
    /// load is retained and released, which for a scene that is the target
    /// of a weak reference takes the runtime's slow path.
    @exclusivity(unchecked) private var storedOwnerScene: Unmanaged<Scene>?

    // MARK: Interaction

    public var isHidden: Bool {
        get { storedIsHidden }
        set { storedIsHidden = newValue }
    }
    /// Opacity, 0…1. Below 0.01 the layer is not hit.
    public var alpha: Double {
        get { storedAlpha }
        set { storedAlpha = newValue }
    }
    public var isUserInteractionEnabled: Bool {
        get { storedIsUserInteractionEnabled }
        set { storedIsUserInteractionEnabled = newValue }
    }
    public var isMultipleTouchEnabled: Bool {
        get { storedIsMultipleTouchEnabled }
        set { storedIsMultipleTouchEnabled = newValue }
    }
    public var isExclusiveTouch: Bool {
        get { storedIsExclusiveTouch }
        set { storedIsExclusiveTouch = newValue }
    }

    /// Whether the layer processes touches itself (it overrides the touch
    /// handlers). Control selection approximation reads it, through
    /// ``canProcessTouches``, to tell a layer that can process a contact
    /// from one that cannot.
    public var handlesTouches = false
    /// Whether the layer can process a contact that lands on it. This is the
    /// one place that question is answered, and it asks ``handlesTouches``.
    ///
    /// Control selection approximation asks it of the hit layer: when the
    /// answer is no, the contact goes to a nearby layer that says yes (see
    /// ``SelectionApproximation``). Seed 001 counts a layer as able to process
    /// a contact when it has "an event recognizer configured to recognize a
    /// gesture that includes the first contact". When layers get gesture
    /// recognizers, a recognizer that would accept the contact counts here
    /// too.
    public var canProcessTouches: Bool {
        handlesTouches || gestureRecognizers.contains { $0.isEnabled }
    }
    /// Whether control selection approximation may pick this layer for a
    /// contact that missed every layer able to process it.
    public var isApproximationEligible = true

    // MARK: Gesture recognizers

    /// The recognizers attached to the layer, in the order they were added.
    public var gestureRecognizers: [GestureRecognizer] { storedGestureRecognizers }
    /// Which sub-events this layer's recognizers (and its ancestors') get;
    /// the event-recognition patent's skip, conditional-skip and stop
    /// properties.
    public var recognizerDelivery: RecognizerDelivery {
        get { storedRecognizerDelivery }
        set { storedRecognizerDelivery = newValue }
    }

    /// What the layer looks like; TactileSDL's renderer draws it.
    public var appearance: Appearance {
        get { storedAppearance }
        set {
            storedAppearance = newValue
            storedIsElliptic = newValue.shape == .ellipse
        }
    }
    /// A name for logs and debugging.
    public var name: String?

    // MARK: Making layers

    public override init() {
        super.init()
    }

    /// A layer covering `frame` of its parent, unrotated and unscaled.
    isolated deinit {
        // The children outlive their parent only if someone else holds
        // them; they must not point at it any more.
        for child in storedChildren { child.storedParent = nil }
        for recognizer in storedGestureRecognizers { recognizer.layer = nil }
    }

    public init(frame: Rect, name: String? = nil) {
        super.init()
        self.name = name
        bounds = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
        position = Point(x: frame.minX + anchorPoint.x * frame.width, y: frame.minY + anchorPoint.y * frame.height)
        // Property observers do not run for assignments in a class's own
        // initialiser.
        geometryChanged()
    }

    private func geometryChanged() {
        defer {
            // The parent's index, if it has one, follows the child.
            if let index = parent?.childIndex {
                index.remove(self)
                index.place(self)
            }
        }
        let bounds = storedBounds, anchorPoint = storedAnchorPoint
        let anchor = Point(x: bounds.minX + anchorPoint.x * bounds.width, y: bounds.minY + anchorPoint.y * bounds.height)
        storedTransformToParent = AffineTransform.translation(x: -anchor.x, y: -anchor.y)
            .concatenating(storedTransform)
            .concatenating(.translation(x: storedPosition.x, y: storedPosition.y))
        storedTransformFromParent = storedTransformToParent.inverted
    }

    /// The scene the layer is in, if any.
    public var scene: Scene? {
        var layer = self
        while let parent = layer.parent { layer = parent }
        return layer.ownerScene
    }

    // MARK: Responder

    /// The parent layer; for the root layer, its scene.
    open override var next: Responder? { parent ?? ownerScene }

    open override var responderScene: Scene? { scene }

    // The touch handlers pass touches on as ``Responder``'s do, to `next`;
    // see `passOn` for the shortcut they take.

    open override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        passOn(.began, touches, with: event)
    }

    open override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        passOn(.moved, touches, with: event)
    }

    open override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        passOn(.ended, touches, with: event)
    }

    open override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        passOn(.cancelled, touches, with: event)
    }

    /// Hands `touches` to the next responder that may do something with
    /// them, as the chain of default handlers would.
    ///
    /// A layer of the class `Layer` itself (not a subclass) handles no touch
    /// and its `next` is its parent, or its scene for the root: the chain
    /// through such layers is known without asking them. So the walk skips
    /// them, unretained, and calls only the first responder above that may
    /// handle touches (a subclass) or the scene. Asking each plain layer in
    /// turn (a virtual handler, a virtual `next`, a retain and release of
    /// the next one) cost about 150 instructions a level, most of a move on
    /// a panel that takes no touch (callgrind, Gesture Lab: panel → root →
    /// scene, about 310 a move). A subclass may override `next` or call
    /// `super` from its own handler, so from a subclass the call goes
    /// through `next` as ``Responder``'s does.
    private func passOn(_ phase: Touch.Phase, _ touches: [Touch], with event: TouchEvent) {
        guard Layer.isPlain(self) else { return Layer.send(phase, touches, with: event, to: next) }
        // The nearest ancestor that is not a plain layer, if any. The walk
        // runs no code of the layers'; the tree does not change under it.
        var top = Unmanaged.passUnretained(self)
        while let parent = top.withBorrowed({ $0.storedParent }) {
            guard parent.withBorrowed({ Layer.isPlain($0) }) else {
                // A subclass: retained for its handler, which may take it out of the tree.
                return Layer.send(phase, touches, with: event, to: parent.takeUnretainedValue())
            }
            top = parent
        }
        // The root, a plain layer: its next is its scene, which handles no
        // touch itself and passes them to its application (Scene is final).
        // The scene is read in place, not held: it outlives the delivery,
        // which it is making, and a scene that is the target of a weak
        // reference (a motion manager's receiver) pays the runtime's slow
        // retain and release (callgrind: about 170 instructions a move).
        guard let scene = top.withBorrowed({ $0.storedOwnerScene }) else { return }
        Layer.send(phase, touches, with: event, to: scene.withBorrowed { $0.application })
    }

    /// Whether `layer` is of the class `Layer` itself, whose handlers and
    /// `next` are the ones above.
    @inline(__always)
    private static func isPlain(_ layer: Layer) -> Bool {
        ObjectIdentifier(type(of: layer)) == ObjectIdentifier(Layer.self)
    }

    private static func send(_ phase: Touch.Phase, _ touches: [Touch], with event: TouchEvent, to responder: Responder?) {
        guard let responder else { return }
        switch phase {
        case .began: responder.touchesBegan(touches, with: event)
        case .moved, .stationary: responder.touchesMoved(touches, with: event)
        case .ended: responder.touchesEnded(touches, with: event)
        case .cancelled: responder.touchesCancelled(touches, with: event)
        }
    }

    // MARK: Children

    /// Adds `child` on top of the other children, taking it from its old
    /// parent. Moving a layer within its scene keeps the touches it tracks;
    /// moving it to another scene, or out of one, cancels them.
    public func addChild(_ child: Layer) {
        insertChild(child, at: children.count)
    }

    /// Inserts `child` at `index` of the children (0 is the bottom); an
    /// index past the end puts it on top.
    public func insertChild(_ child: Layer, at index: Int) {
        precondition(!child.isAncestor(of: self), "a layer cannot be added to itself or to one of its own descendants")
        let oldScene = child.scene
        let newScene = scene
        if let oldParent = child.parent {
            oldParent.removeChild(child)
        }
        if let oldScene, oldScene !== newScene {
            oldScene.layerLeft(child)
        }
        child.storedParent = Unmanaged.passUnretained(self)
        let position = min(max(index, 0), storedChildren.count)
        storedChildren.insert(child, at: position)
        renumberChildren(from: position)
        childIndex?.place(child)
        newScene?.arena.listenersChanged()
    }

    /// Takes `child` out of the children, and out of their index.
    private func removeChild(_ child: Layer) {
        let position = child.orderInParent
        guard storedChildren.indices.contains(position), storedChildren[position] === child else { return }
        childIndex?.remove(child)
        storedChildren.remove(at: position)
        renumberChildren(from: position)
    }

    /// Gives the children from `position` on their new places in the order.
    private func renumberChildren(from position: Int) {
        Layer.structureGeneration &+= 1
        for index in position..<storedChildren.count { storedChildren[index].orderInParent = index }
        childIndex?.reordered()
    }

    /// Takes the layer out of its parent. If that takes it out of a scene,
    /// the touches it and its children track are cancelled for them, and it
    /// stops being first responder.
    public func removeFromParent() {
        guard let parent else { return }
        let scene = self.scene
        parent.removeChild(self)
        storedParent = nil
        scene?.layerLeft(self)
    }

    /// Moves `child` above its siblings.
    public func bringChildToFront(_ child: Layer) {
        guard let index = storedChildren.firstIndex(where: { $0 === child }) else { return }
        storedChildren.append(storedChildren.remove(at: index))
        renumberChildren(from: index)
    }

    /// Moves `child` below its siblings.
    public func sendChildToBack(_ child: Layer) {
        guard let index = storedChildren.firstIndex(where: { $0 === child }) else { return }
        storedChildren.insert(storedChildren.remove(at: index), at: 0)
        renumberChildren(from: 0)
    }

    /// Whether this layer is `layer` or one of its ancestors.
    public func isAncestor(of layer: Layer) -> Bool {
        var current: Layer? = layer
        while let candidate = current {
            if candidate === self { return true }
            current = candidate.parent
        }
        return false
    }

    // MARK: Attaching recognizers

    /// Attaches `recognizer`, taking it from any layer it was on. It sees
    /// touches from the next multitouch sequence on, not those already down.
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        if let previous = recognizer.layer { previous.removeGestureRecognizer(recognizer) }
        recognizer.layer = self
        recognizer.firstSequence = scene?.sequenceForNewRecognizers ?? 0
        recognizer.makeRoomForAttempts()
        storedGestureRecognizers.append(recognizer)
        Layer.structureGeneration &+= 1
        if !recognizer.inputSources.isEmpty { scene?.arena.listenersChanged() }
    }

    /// Detaches `recognizer`. One that was following touches stops at once,
    /// without calling its actions, and the touches it held back go on to
    /// the layer.
    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard let index = storedGestureRecognizers.firstIndex(where: { $0 === recognizer }) else { return }
        storedGestureRecognizers.remove(at: index)
        Layer.structureGeneration &+= 1
        recognizer.liveArena?.remove(recognizer)
        if !recognizer.inputSources.isEmpty { scene?.arena.listenersChanged() }
        recognizer.layer = nil
    }

    // MARK: Hit-testing

    /// Whether the layer can be hit at all: visible, opaque enough and
    /// interactive. Its children can be hit only if it can.
    public var isHittable: Bool {
        !storedIsHidden && storedAlpha >= 0.01 && storedIsUserInteractionEnabled
    }

    /// Whether `point`, in the layer's own coordinates, is inside it: inside
    /// the bounds, or the ellipse they enclose for an elliptic layer.
    /// Override for other shapes.
    open func contains(_ point: Point) -> Bool {
        let bounds = storedBounds
        // A rectangle, rounded or not, is hit in its whole bounds.
        guard storedIsElliptic else { return bounds.contains(point) }
        let center = bounds.center
        let dx = (point.x - center.x) / (bounds.width / 2)
        let dy = (point.y - center.y) / (bounds.height / 2)
        return dx * dx + dy * dy <= 1
    }

    /// The deepest, topmost layer at `point` (in this layer's coordinates)
    /// among this layer and its descendants, or `nil` if the point misses.
    ///
    /// A layer that cannot be hit, or that does not contain the point, hides
    /// its whole subtree, so children that stick out of their parent are not
    /// hit outside it. Override to change the rule; returning `self` for
    /// every point inside keeps touches from the children (the guide's
    /// listing 2-10).
    ///
    /// Complexity: O(d × c) for depth d and c children per visited layer,
    /// with no allocation. A layer with many children (64 or more) finds
    /// those under the point through a spatial index of them, with the same
    /// result (see ``hitsStayWithinBounds``): O(d) for children spread out.
    open func hitTest(_ point: Point, with event: TouchEvent?) -> Layer? {
        guard isHittable, contains(point) else { return nil }
        // A leaf returns before its (empty) children are copied for the
        // walk: each level's copy is a retain and a release, atomic
        // operations that together were about a fifth of a hit-test's time
        // (perf); the leaves' are the ones that are never needed.
        if storedChildren.isEmpty { return self }
        if storedChildren.count >= ChildIndex.minimumChildren, point.isFinite, let index = usableChildIndex() {
            return index.hitTest(point, children: storedChildren, with: event) ?? self
        }
        // Each child borrowed, not retained: the walk's copy of the
        // children keeps them alive (perf: a retain and a release per
        // child visited were an eighth of a hit-test).
        return storedChildren.lastResultBorrowed { child in ChildIndex.hit(child, point, event) } ?? self
    }

    /// Whether every point that hits a layer of this class (its
    /// ``hitTest(_:with:)`` returning a layer) lies inside its ``bounds``,
    /// as the built-in ``hitTest(_:with:)`` and ``contains(_:)`` make sure.
    ///
    /// A parent with many children finds those of such classes through a
    /// spatial index instead of trying each one, and tries the others
    /// everywhere, so the result is always the plain walk's. `true` for
    /// `Layer` itself and `false` for subclasses, which may override
    /// ``hitTest(_:with:)`` or ``contains(_:)``; a subclass that does not, or
    /// whose overrides only hit inside the bounds, can return `true` so that
    /// large numbers of it (sprites, tiles) are found quickly.
    open class var hitsStayWithinBounds: Bool {
        ObjectIdentifier(self) == ObjectIdentifier(Layer.self)
    }

    // MARK: The children's index (see ChildIndex)

    /// This layer's place among its parent's children (0 is the bottom).
    @exclusivity(unchecked) var orderInParent = 0
    /// Where this layer is entered in its parent's index, if it has one.
    @exclusivity(unchecked) var placement = ChildIndex.Placement.none
    /// The index of the children, once a hit-test has built one.
    @exclusivity(unchecked) private var childIndex: ChildIndex?
    /// Whether hit-testing may index the children; the differential tests
    /// turn it off to compare with the plain walk.
    var allowsChildIndex = true
    /// Whether hit-tests find the children through their index (built by
    /// the first hit-test once there are enough of them).
    var isIndexingChildren: Bool {
        allowsChildIndex && storedChildren.count >= ChildIndex.minimumChildren && childIndex?.isWorthUsing == true
    }

    /// The children's index, built or rebuilt as the children now need; nil
    /// when the plain walk is as good.
    private func usableChildIndex() -> ChildIndex? {
        guard allowsChildIndex else { return nil }
        if childIndex == nil || childIndex?.needsRebuild(count: storedChildren.count) == true {
            childIndex = ChildIndex(children: storedChildren)
        }
        return childIndex?.isWorthUsing == true ? childIndex : nil
    }

    // MARK: Coordinates

    /// `point`, given in this layer's coordinates, in `layer`'s coordinates;
    /// with `nil`, in the window's (the scene's) coordinates.
    public func convert(_ point: Point, to layer: Layer?) -> Point {
        let inWindow = convertToWindow(point)
        return layer?.convertFromWindow(inWindow) ?? inWindow
    }

    /// `point`, given in `layer`'s coordinates (the window's for `nil`), in
    /// this layer's coordinates.
    public func convert(_ point: Point, from layer: Layer?) -> Point {
        let inWindow = layer?.convertToWindow(point) ?? point
        return convertFromWindow(inWindow)
    }

    private func convertToWindow(_ point: Point) -> Point {
        // A loop, not recursion, for any depth; each ancestor unretained,
        // as in `convertFromWindow`.
        var point = storedTransformToParent.apply(to: point)
        var layer = storedParent
        while let current = layer {
            (point, layer) = current.withBorrowed { ($0.storedTransformToParent.apply(to: point), $0.storedParent) }
        }
        return point
    }

    /// `point`, in window coordinates, in this layer's: ``convert(_:from:)``
    /// with `nil`, for ``Touch/location(in:)``, which inlines into the
    /// game's handlers (final: a direct call from there).
    // `releasenone`, which is true (it reads fields and calls itself on
    // borrowed ancestors; no user code, nothing retained or released): told
    // so, the optimiser needs no retain to keep the touch and the layer
    // alive across the call in a handler's `touches[0].location(in: self)`
    // (callgrind: a handler retained and released both, about 80
    // instructions and four atomic operations a move).
    @usableFromInline @_effects(releasenone)
    final func convertFromWindow(_ point: Point) -> Point {
        // The ancestors' transforms first, root first, as they compose. The
        // parent is called through its unretained reference: the walk runs
        // on every move whose handler reads its touch's location in its own
        // space (see `storedParent`).
        // A parent with no parent of its own (the root: a layer directly
        // under it, the common case) takes its step here rather than in a
        // call of its own (callgrind: about 20 instructions a conversion).
        var inParent = point
        if let storedParent {
            inParent = storedParent.withBorrowed { parent in
                parent.storedParent == nil ? parent.convertFromParent(point) : parent.convertFromWindow(point)
            }
        }
        return convertFromParent(inParent)
    }

    /// `point`, in the parent's coordinates, in this layer's.
    @inline(__always)
    private func convertFromParent(_ point: Point) -> Point {
        // A layer squashed flat has no point of its own for any window point.
        storedTransformFromParent?.apply(to: point) ?? Point(x: .nan, y: .nan)
    }

    /// The smallest rectangle of the parent's space that holds the layer.
    public var frame: Rect {
        let m = transformToParent
        let a = m.apply(to: Point(x: bounds.minX, y: bounds.minY)), b = m.apply(to: Point(x: bounds.maxX, y: bounds.minY))
        let c = m.apply(to: Point(x: bounds.minX, y: bounds.maxY)), d = m.apply(to: Point(x: bounds.maxX, y: bounds.maxY))
        let minX = min(a.x, b.x, c.x, d.x), minY = min(a.y, b.y, c.y, d.y)
        return Rect(x: minX, y: minY, width: max(a.x, b.x, c.x, d.x) - minX, height: max(a.y, b.y, c.y, d.y) - minY)
    }
}
