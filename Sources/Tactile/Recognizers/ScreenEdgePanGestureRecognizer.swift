/// Recognizes a pan that starts at an edge of the window and heads into it:
/// the gesture that pulls in a drawer or goes back a screen.
///
/// A ``PanGestureRecognizer`` in every other respect: the same
/// translation, velocity, numbers of touches and slop, and the same
/// began → changed → ended. It adds where the gesture may start:
///
/// ```swift
/// let pullDrawer = ScreenEdgePanGestureRecognizer(edges: .right) { pan in
///     drawer.reveal(by: -pan.translation(in: nil).x)
/// }
/// scene.root.addGestureRecognizer(pullDrawer)
/// ```
///
/// ## Where it may start
///
/// The first touch must land within ``edgeMargin`` of one of the chosen
/// ``edges`` of the window (the scene's size, in window points, whichever
/// layer the recognizer is on); a first touch anywhere else fails it at
/// once. Near a corner, both edges qualify.
///
/// Then it begins, as a pan does, once the touches have gone farther than
/// the slop, if they head into the window within 45° of straight in from an
/// edge they started at: rightwards from the left edge, upwards from the
/// bottom. Heading any other way (along the edge, or out of the window)
/// fails it, so a drag along the edge stays free for other recognizers.
///
/// Put it on a layer that covers the edge, usually the root: it sees only
/// touches that land on its layer or the layer's descendants.
///
/// ## See Also
/// - ``PanGestureRecognizer``
/// - ``Scene/size``
@MainActor
open class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
    /// Edges of the window.
    public struct Edges: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        public static let top = Edges(rawValue: 1 << 0)
        public static let left = Edges(rawValue: 1 << 1)
        public static let bottom = Edges(rawValue: 1 << 2)
        public static let right = Edges(rawValue: 1 << 3)
        public static let all: Edges = [.top, .left, .bottom, .right]
    }

    /// The edges the gesture may start from; the left edge by default, the
    /// edge of iOS's back gesture (`UINavigationController`'s interactive
    /// pop). UIKit starts with no edge at all, which recognizes nothing; a
    /// working default is kinder. An empty set fails every touch.
    public var edges: Edges = .left

    /// How close to an edge, in window points, the first touch must land;
    /// 20 by default.
    ///
    /// 20 is Android's `ViewDragHelper.EDGE_SIZE` (20 dp), the strip along
    /// an edge from which its edge drags start, which drawers use: wide
    /// enough to hit with a thumb coming in from the bezel, narrow enough
    /// to leave the content beside it to other gestures.
    public var edgeMargin = GestureDefaults.screenEdgeMargin

    /// The chosen edges the first touch landed near.
    private var startEdges: Edges = []

    /// A recognizer for pans from `edges` that calls `action`.
    public convenience init(edges: Edges, action: @escaping @MainActor (Self) -> Void) {
        self.init(action: action)
        self.edges = edges
    }

    open override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        // The attempt's first touch decides where the gesture starts from:
        // until then no edge is chosen (after it, none chosen has failed).
        if startEdges.isEmpty, let first = touches.first {
            startEdges = edges(near: first.location)
            guard !startEdges.isEmpty else {
                state = .failed
                return
            }
        }
        super.touchesBegan(touches, with: event)
    }

    open override func beginDecision(for translation: Point) -> Bool? {
        guard super.beginDecision(for: translation) == true else { return nil }
        // Within 45° of straight in: the inward part is at least the sideways part.
        let headsIn = (startEdges.contains(.left) && translation.x >= abs(translation.y))
            || (startEdges.contains(.right) && -translation.x >= abs(translation.y))
            || (startEdges.contains(.top) && translation.y >= abs(translation.x))
            || (startEdges.contains(.bottom) && -translation.y >= abs(translation.x))
        return headsIn
    }

    open override func reset() {
        super.reset()
        startEdges = []
    }

    /// The chosen edges within ``edgeMargin`` of `location`, in window points.
    private func edges(near location: Point) -> Edges {
        guard let size = layer?.scene?.size else { return [] }
        var near: Edges = []
        if location.x < edgeMargin { near.insert(.left) }
        if location.x >= size.width - edgeMargin { near.insert(.right) }
        if location.y < edgeMargin { near.insert(.top) }
        if location.y >= size.height - edgeMargin { near.insert(.bottom) }
        return near.intersection(edges)
    }

    // MARK: Rollback

    /// Saves its own progress in scene snapshots (see ``SceneSnapshot``).
    open override var savedStateClass: GestureRecognizer.Type? { ScreenEdgePanGestureRecognizer.self }

    open override func saveState(to writer: inout RecognizerStateWriter) {
        super.saveState(to: &writer)
        writer.write(startEdges.rawValue)
    }

    open override func restoreState(from reader: inout RecognizerStateReader) {
        super.restoreState(from: &reader)
        startEdges = Edges(rawValue: reader.readInt())
    }
}
