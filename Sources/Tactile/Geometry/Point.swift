/// A location or offset in a 2-D coordinate space, in points.
///
/// Tactile works in *window points*: SDL's logical window coordinates, with
/// the origin at the top-left corner, x growing to the right and y growing
/// down. Pixels (which differ on high-density displays) and SDL's normalised
/// 0…1 finger coordinates are converted to points at the SDL boundary, in
/// `TactileSDL`, and nowhere else.
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double

    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    /// Whether both coordinates are finite numbers (neither NaN nor infinite).
    @inlinable
    public var isFinite: Bool { x.isFinite && y.isFinite }

    /// The straight-line distance to `other`.
    @inlinable
    public func distance(to other: Point) -> Double {
        ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
    }

    @inlinable
    public static func + (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }

    @inlinable
    public static func - (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }
}

extension Point: CustomStringConvertible {
    public var description: String { "(\(x), \(y))" }
}

/// A width and a height, in points.
public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double

    @inlinable
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The point halfway across and halfway down a rectangle of this size at the origin.
    @inlinable
    public var center: Point { Point(x: width / 2, y: height / 2) }
}
