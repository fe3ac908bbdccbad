import Foundation

/// Reads a stick as one of eight directions or neutral, for commands.
///
/// A stick reads neutral while its deflection (the length of its x, y
/// vector, each clamped to −1…1; a value that is not a number counts as
/// centred) is below ``deadZone``. Beyond it, the angle decides: each
/// diagonal owns a sector ``diagonalWidth`` degrees wide centred on its
/// 45°, and each cardinal the rest (90° − `diagonalWidth`) centred on its
/// axis. A deflection exactly on a sector's edge goes to the diagonal.
///
/// ```swift
/// var stick = StickQuantizer()                       // 0.5 dead zone, equal sectors
/// stick.direction(x: 0.9, y: 0.1)                    // .right
/// stick.direction(x: 0.6, y: 0.6)                    // .downRight (SDL's +y is down)
/// ```
public struct StickQuantizer: Hashable, Sendable {
    /// The deflection, 0..<1, below which the stick is neutral:
    /// ``GestureDefaults/commandStickDeadZone`` by default.
    public var deadZone: Double
    /// The width of each diagonal sector in degrees, 0…90:
    /// ``GestureDefaults/commandDiagonalWidth`` by default.
    public var diagonalWidth: Double

    public init(deadZone: Double = GestureDefaults.commandStickDeadZone, diagonalWidth: Double = GestureDefaults.commandDiagonalWidth) {
        self.deadZone = deadZone
        self.diagonalWidth = diagonalWidth
    }

    /// The direction of a stick at `x`, `y` as SDL reports them (−1…1, +y down).
    public func direction(x: Double, y: Double) -> PadDirection {
        let x = Self.clamped(x), up = -Self.clamped(y)
        guard (x * x + up * up).squareRoot() >= deadZone, x != 0 || up != 0 else { return .neutral }
        var degrees = atan2(up, x) * 180 / .pi
        if degrees < 0 { degrees += 360 }
        // The nearest diagonal's centre, and how far from it.
        let diagonal = (degrees / 90).rounded(.down) * 90 + 45
        if abs(degrees - diagonal) <= diagonalWidth / 2 {
            return PadDirection(x: diagonal < 90 || diagonal > 270 ? 1 : -1, y: diagonal < 180 ? 1 : -1)
        }
        switch Int(((degrees + 45) / 90).rounded(.down)) % 4 {
        case 0: return .right
        case 1: return .up
        case 2: return .left
        default: return .down
        }
    }

    /// −1…1; not a number is centred.
    static func clamped(_ value: Double) -> Double {
        value.isNaN ? 0 : max(-1, min(1, value))
    }
}
