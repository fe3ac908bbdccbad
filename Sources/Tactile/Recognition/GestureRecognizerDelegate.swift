/// Decides, for one recognizer, whether it may begin, which touches it sees,
/// and how it works with other recognizers.
///
/// Every method has a default, so a delegate implements only what it needs.
///
/// ```swift
/// final class PhotoController: GestureRecognizerDelegate {
///     func gestureRecognizer(_ recognizer: GestureRecognizer,
///                            shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
///         true   // pinch and rotate together
///     }
/// }
/// ```
///
/// ## See Also
/// - ``GestureRecognizer/canPrevent(_:)``
/// - ``GestureRecognizer/canBePrevented(by:)``
@MainActor
public protocol GestureRecognizerDelegate: AnyObject {
    /// Whether the recognizer may leave possible (begin or recognize). No
    /// makes it fail instead. Yes by default.
    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool

    /// Whether the recognizer should see `touch`, asked once as the touch
    /// begins. Yes by default.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool

    /// Whether the recognizer should get `subEvent`, from one of its
    /// ``GestureRecognizer/inputSources``, asked for each one. Yes by default.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive subEvent: InputSubEvent) -> Bool

    /// Whether the recognizer and `other` may both recognize with the same
    /// touches (or sub-events of the same source). Either side's delegate saying yes allows it. No by default.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool

    /// Whether the recognizer must wait for `other` to fail, decided each
    /// time they meet. No by default.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool

    /// Whether `other` must wait for the recognizer to fail. No by default.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool
}

extension GestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { true }
    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { true }
    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive subEvent: InputSubEvent) -> Bool { true }
    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { false }
    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool { false }
    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool { false }
}
