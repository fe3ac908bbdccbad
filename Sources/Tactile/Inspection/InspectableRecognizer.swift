/// A recognizer that shows an input debugger the values a game reads from
/// it (translation, velocity, scale, rotation, a stroke's guess), so that
/// any recognizer, the game's own included, shows them the same way.
///
/// The debugger reads every recognizer's kind, state, waits and failures
/// through the arena, whatever its class; the values are the one thing only
/// the recognizer knows. Conform in an extension:
///
/// ```swift
/// extension ChargeGestureRecognizer: InspectableRecognizer {
///     var inspectedValues: [InspectedValue] { [InspectedValue("charge", .number(charge))] }
/// }
/// ```
///
/// The debugger reads the values once per drawn frame, never per event.
@MainActor
public protocol InspectableRecognizer: GestureRecognizer {
    /// The values of the moment, a handful, in the order to show them.
    var inspectedValues: [InspectedValue] { get }
}

/// One named value of a recognizer, as an input debugger shows it.
public struct InspectedValue: Hashable, Sendable {
    public enum Value: Hashable, Sendable {
        case number(Double)
        /// A point or vector, in window points.
        case point(Point)
        case text(String)
    }

    public var name: String
    public var value: Value

    public init(_ name: String, _ value: Value) {
        self.name = name
        self.value = value
    }
}

extension InspectedValue: CustomStringConvertible {
    /// `name=value`, numbers to two decimals: short enough for an overlay.
    public var description: String {
        switch value {
        case .number(let number): "\(name)=\(Self.short(number))"
        case .point(let point): "\(name)=(\(Self.short(point.x)),\(Self.short(point.y)))"
        case .text(let text): "\(name)=\(text)"
        }
    }

    /// `value` to two decimals (`1.26`, `-0.05`), as debug text shows
    /// numbers; not finite or past 10¹³, as Swift writes it.
    public static func short(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        let hundredths = (value * 100).rounded()
        guard abs(hundredths) < 1e15 else { return "\(value)" }
        let whole = Int(hundredths)
        let sign = whole < 0 ? "-" : ""
        let magnitude = abs(whole)
        let fraction = magnitude % 100
        return "\(sign)\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
