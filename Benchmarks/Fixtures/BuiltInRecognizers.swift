// The seven built-in recognizers that issue 14's item 3 puts on a layer (a
// tap, a double tap, a long press, a pan, a swipe, a pinch, a rotation),
// made in one place so that every benchmark and profile of "the seven
// built-ins" measures the same set in the same order.
import Tactile

/// The seven built-in recognizers with their default settings (the double
/// tap's two taps apart), in the order the benchmarks add them: the first
/// is the single tap.
@MainActor
public func sevenBuiltInRecognizers() -> [GestureRecognizer] {
    let doubleTap = TapGestureRecognizer()
    doubleTap.numberOfTapsRequired = 2
    return [
        TapGestureRecognizer(), doubleTap, LongPressGestureRecognizer(), PanGestureRecognizer(),
        SwipeGestureRecognizer(), PinchGestureRecognizer(), RotationGestureRecognizer(),
    ]
}
