/// What a layer looks like: the little a game's prototype or a demo needs
/// to draw it without art of its own.
///
/// TactileSDL's `LayerRenderer` draws a tree of layers from these. A game
/// with its own renderer can ignore them.
public struct Appearance: Hashable, Sendable {
    /// The outline the layer fills and is hit in.
    public enum Shape: Hashable, Sendable {
        case rectangle
        /// The ellipse inscribed in the bounds; hit-testing follows it too.
        case ellipse
        /// Corners rounded by the radius, in the layer's points. Hit-testing
        /// uses the whole rectangle: a corner's sliver is still a hit.
        case roundedRectangle(cornerRadius: Double)
    }

    public var shape: Shape = .rectangle
    /// The colour inside the shape; `nil` draws nothing there.
    public var fill: Color?
    /// The outline's colour; `nil` draws no outline.
    public var stroke: Color?
    /// The outline's width, in the layer's points, inside the shape.
    public var strokeWidth: Double = 1
    /// Text drawn centred in the layer.
    public var text: String?
    public var textColor: Color = .white
    /// The name of an image in the game's assets, drawn to fill the bounds.
    public var image: String?

    public init(shape: Shape = .rectangle, fill: Color? = nil, stroke: Color? = nil) {
        self.shape = shape
        self.fill = fill
        self.stroke = stroke
    }
}
