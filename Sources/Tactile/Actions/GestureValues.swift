/// How an ``ActionMap`` reads the continuous values of a registered gesture
/// recognizer: its translation, scale and rotation, whichever it has.
///
/// The map works with any ``GestureRecognizer``, built in or the game's own,
/// so it cannot know where a recognizer keeps its values; these closures
/// tell it. Each is called with the recognizer from the recognizer's own
/// actions (began, changed, ended, cancelled), so it reads the value of that
/// moment. A binding that asks for a value the registration did not give is
/// refused when it is made (``ActionMapError/Problem/unsupportedReading(recognizer:reading:)``).
///
/// ```swift
/// actions.register(pan, as: "pan", values: GestureValues(translation: { _ in pan.translation(in: nil) }))
/// actions.register(pinch, as: "pinch")    // the built-in recognizers have their values filled in
/// ```
///
/// ## See Also
/// - ``GestureReading``
public struct GestureValues {
    /// The recognizer's total translation since it began, in window points.
    public var translation: (@MainActor (GestureRecognizer) -> Point)?
    /// The recognizer's total scale since it began (1 at the start).
    public var scale: (@MainActor (GestureRecognizer) -> Double)?
    /// The recognizer's total rotation since it began, in radians.
    public var rotation: (@MainActor (GestureRecognizer) -> Double)?

    public init(
        translation: (@MainActor (GestureRecognizer) -> Point)? = nil,
        scale: (@MainActor (GestureRecognizer) -> Double)? = nil,
        rotation: (@MainActor (GestureRecognizer) -> Double)? = nil
    ) {
        self.translation = translation
        self.scale = scale
        self.rotation = rotation
    }

    /// Whether a binding can read the recognizer `reading`'s way.
    func supports(_ reading: GestureReading) -> Bool {
        switch reading {
        case .trigger, .held: true
        case .translation: translation != nil
        case .scale: scale != nil
        case .rotation: rotation != nil
        }
    }
}
