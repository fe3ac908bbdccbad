/// A colour to draw with: 8-bit red, green, blue and opacity.
///
/// Components are sRGB values, 0…255, as SDL and most image formats take
/// them. `a` is opacity: 255 covers what is underneath, 0 leaves it
/// untouched, and values between blend over it.
///
/// ```swift
/// layer.fillColor = Color.orange.withAlpha(128)
/// ```
///
/// TactileDebugDrawing's `Canvas` draws with these colours, and its `Image`
/// reads them back from a screenshot.
///
/// ## See Also
/// - ``Layer``
public struct Color: Hashable, Sendable {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    /// Opacity: 255 is opaque, 0 is invisible.
    public var a: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// The same colour with opacity `a`.
    public func withAlpha(_ a: UInt8) -> Color {
        Color(r: r, g: g, b: b, a: a)
    }

    public static let black = Color(r: 0, g: 0, b: 0)
    public static let white = Color(r: 255, g: 255, b: 255)
    public static let gray = Color(r: 128, g: 128, b: 128)
    public static let red = Color(r: 255, g: 0, b: 0)
    public static let green = Color(r: 0, g: 255, b: 0)
    public static let blue = Color(r: 0, g: 0, b: 255)
    public static let yellow = Color(r: 255, g: 255, b: 0)
    public static let cyan = Color(r: 0, g: 255, b: 255)
    public static let magenta = Color(r: 255, g: 0, b: 255)
    public static let orange = Color(r: 255, g: 165, b: 0)
    /// Fully transparent: drawing with it changes nothing.
    public static let clear = Color(r: 0, g: 0, b: 0, a: 0)
}

extension Color: CustomStringConvertible {
    public var description: String { "Color(r: \(r), g: \(g), b: \(b), a: \(a))" }
}
