// Registration of the built-in recognizers with their values filled in, so
// that `actions.register(pinch, as: "pinch")` is all a game writes.

extension ActionMap {
    /// Registers a recognizer that has no continuous values (a tap, a
    /// swipe, a long press, a custom discrete recognizer): it can be bound
    /// as a ``GestureReading/trigger`` or ``GestureReading/held``.
    public func register(_ recognizer: GestureRecognizer, as name: String) {
        register(recognizer, as: name, values: GestureValues())
    }

    /// Registers a pan (or a screen-edge pan), whose
    /// ``GestureReading/translation`` is its translation in window points.
    public func register(_ pan: PanGestureRecognizer, as name: String) {
        register(pan, as: name, values: GestureValues(translation: { ($0 as? PanGestureRecognizer)?.translation(in: nil) ?? .zero }))
    }

    /// Registers a pinch, whose ``GestureReading/scale`` is its scale.
    public func register(_ pinch: PinchGestureRecognizer, as name: String) {
        register(pinch, as: name, values: GestureValues(scale: { ($0 as? PinchGestureRecognizer)?.scale ?? 1 }))
    }

    /// Registers a rotation, whose ``GestureReading/rotation`` is its rotation in radians.
    public func register(_ rotation: RotationGestureRecognizer, as name: String) {
        register(rotation, as: name, values: GestureValues(rotation: { ($0 as? RotationGestureRecognizer)?.rotation ?? 0 }))
    }
}
