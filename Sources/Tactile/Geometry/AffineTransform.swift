import Foundation

/// A 2-D affine transform: rotation, scale and shear followed by a
/// translation, as a 3×3 matrix with a fixed last row.
///
/// A point `(x, y)` maps to `(a·x + c·y + tx, b·x + d·y + ty)`, the layout of
/// Core Graphics' `CGAffineTransform`, so its formulas carry over.
///
/// Angles are in radians. In Tactile's window coordinates y grows down, so a
/// positive angle turns **clockwise on screen**, as it does in UIKit; the
/// rotation gesture recognizer reports rotations with the same sign, so a
/// gesture's rotation can be applied to a layer as it is.
///
/// ```swift
/// layer.transform = .rotation(.pi / 4).scaledBy(x: 2, y: 2)
/// ```
public struct AffineTransform: Hashable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double
    public var tx: Double, ty: Double

    @inlinable
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public static func translation(x: Double, y: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    public static func scale(x: Double, y: Double) -> AffineTransform {
        AffineTransform(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    /// A rotation by `angle` radians, clockwise on screen.
    public static func rotation(_ angle: Double) -> AffineTransform {
        let cosine = cos(angle), sine = sin(angle)
        return AffineTransform(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    @inlinable
    public var isIdentity: Bool { self == .identity }

    /// The transform that applies `self` first, then `other`.
    @inlinable
    public func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * other.a + b * other.c, b: a * other.b + b * other.d,
            c: c * other.a + d * other.c, d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx, ty: tx * other.b + ty * other.d + other.ty)
    }

    /// This transform preceded by a translation (the new transform first moves, then applies `self`).
    public func translatedBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform.translation(x: x, y: y).concatenating(self)
    }

    /// This transform preceded by a scale.
    public func scaledBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform.scale(x: x, y: y).concatenating(self)
    }

    /// This transform preceded by a rotation.
    public func rotated(by angle: Double) -> AffineTransform {
        AffineTransform.rotation(angle).concatenating(self)
    }

    /// The transform that undoes this one, or `nil` when it squashes the
    /// plane onto a line or a point (a zero scale) and cannot be undone.
    @inlinable
    public var inverted: AffineTransform? {
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite else { return nil }
        return AffineTransform(
            a: d / determinant, b: -b / determinant, c: -c / determinant, d: a / determinant,
            tx: (c * ty - d * tx) / determinant, ty: (b * tx - a * ty) / determinant)
    }

    /// Where `point` goes.
    @inlinable
    public func apply(to point: Point) -> Point {
        Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }
}
