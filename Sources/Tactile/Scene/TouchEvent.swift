/// Every touch of the moment, handed to each touch handler along with the
/// touches that just changed.
///
/// The scene keeps one `TouchEvent` and updates it as touches come and go,
/// so, as the guide says of `UIEvent`, do not keep it: copy what you need.
///
/// ## See Also
/// - ``Touch``
@MainActor
public final class TouchEvent {
    /// When the latest change happened, in seconds on the scene's clock.
    public var timestamp: Double { storedTimestamp }
    /// Every touch that is down, plus those that ended in this event, in the
    /// order they touched down.
    public var allTouches: [Touch] { storedTouches }

    // The scene updates these on every event: stored internally, behind the
    // read-only public properties above, with the runtime exclusivity checks
    // off (as `Touch`'s fields, and for the same reason). Every write is the
    // scene's, in a plain instantaneous access or a loop that calls no user
    // code.
    @exclusivity(unchecked) var storedTimestamp: Double = 0
    @exclusivity(unchecked) var storedTouches: [Touch] = []

    init() {
        storedTouches.reserveCapacity(16)
    }

    /// The touches bound to `layer`.
    public func touches(for layer: Layer) -> [Touch] {
        allTouches.filter { $0.layer === layer }
    }

    /// The touches `recognizer` is following (the guide's
    /// `touchesForGestureRecognizer:`).
    public func touches(for recognizer: GestureRecognizer) -> [Touch] {
        allTouches.filter { touch in recognizer.touches.contains { $0 === touch } }
    }
}
