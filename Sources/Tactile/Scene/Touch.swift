/// One contact (a finger, the mouse button, a controller cursor's button)
/// for its whole life, from touching down to lifting or being cancelled.
///
/// The scene makes one `Touch` per contact and updates it in place, so a
/// touch can be kept and compared by identity for as long as it lasts.
/// (Once a touch has ended and nothing holds it any more, the scene may use
/// the same object for a later contact, so that touching down allocates
/// nothing: a reference you keep keeps the touch as it was.) Its
/// ``layer``, the hit layer found when it touched down, never changes: the
/// touch keeps going to that layer even when it moves outside it.
///
/// Locations are kept in window points; ask for them in any layer's space
/// with ``location(in:)``.
///
/// ## See Also
/// - ``TouchEvent``
/// - ``Scene``
@MainActor
public final class Touch {
    /// Where a touch is in its life.
    public enum Phase: String, Hashable, Sendable {
        /// It touched down in this event.
        case began
        /// It moved in this event.
        case moved
        /// It is down but did not change in this event, while another touch did.
        case stationary
        /// It lifted in this event.
        case ended
        /// It stopped without lifting: focus lost, layer removed, or taken by a gesture.
        case cancelled

        /// Not ended or cancelled. Loops on the per-event path test a
        /// touch's stored phase with this rather than call ``Touch/hasEnded``:
        /// a getter called on an element of a stored array makes the caller
        /// retain the element (or the whole array, in a loop).
        // A switch, not two comparisons: one test of the case number
        // (callgrind: about 65 instructions of a pinch's move over ten
        // touches went to the two).
        @inline(__always)
        var isDown: Bool {
            switch self {
            case .began, .moved, .stationary: true
            case .ended, .cancelled: false
            }
        }
    }

    // Every handler and recognizer reads these on every event. Stored
    // privately, with public read-only properties over them, because a
    // public stored property costs a runtime exclusivity check on each
    // access that the optimiser cannot remove (perf: with `TouchEvent`'s
    // touches, about a third of a move). The checks are off: the storage
    // is written only in this file, in plain instantaneous accesses.
    // The phase and the two locations, which a recognizer's handler reads
    // for every touch on every move, are `@usableFromInline` so that their
    // public getters inline into the game's code rather than being a call
    // each (callgrind: 12 instructions a recognizer on a move through 20
    // that read both locations).
    @exclusivity(unchecked) var storedPointer = PointerID(kind: .finger, device: 0, index: 0)
    @usableFromInline @exclusivity(unchecked) var storedPhase = Phase.began
    @usableFromInline @exclusivity(unchecked) var storedLocation = Point.zero
    @usableFromInline @exclusivity(unchecked) var storedPreviousLocation = Point.zero
    @exclusivity(unchecked) var storedActualLocation = Point.zero
    @exclusivity(unchecked) var storedTimestamp = 0.0
    @exclusivity(unchecked) var storedPressure = 0.0
    @exclusivity(unchecked) var storedTapCount = 1
    @exclusivity(unchecked) var storedIsApproximated = false
    @exclusivity(unchecked) unowned(unsafe) var storedLayer: Layer?
    /// Keeps the layer alive while the touch is: ``layer`` reads the
    /// unretained copy above, so that reading it costs no retain.
    var retainedLayer: Layer? {
        didSet { borrowedLayer = retainedLayer.map(Unmanaged.passUnretained) }
    }
    /// The layer again, for a call into it that retains nothing (see
    /// `Unmanaged.withBorrowed`): the gate's delivery of a move, where
    /// calling a handler on `storedLayer` retained and released the layer.
    @exclusivity(unchecked) var borrowedLayer: Unmanaged<Layer>?

    /// The pointer this touch follows.
    public var pointer: PointerID { storedPointer }
    @inlinable public var phase: Phase { storedPhase }
    /// Where the touch is, in window points. For a touch that control
    /// selection approximation moved to a nearby layer, this is inside that
    /// layer; ``actualLocation`` keeps where the contact really is.
    @inlinable public var location: Point { storedLocation }
    /// Where the touch was before the last change, in window points.
    @inlinable public var previousLocation: Point { storedPreviousLocation }
    /// Where the contact really is, in window points.
    public var actualLocation: Point { storedActualLocation }
    /// When the touch last changed, in seconds on the scene's clock.
    public var timestamp: Double { storedTimestamp }
    /// How hard the contact presses, 0…1.
    public var pressure: Double { storedPressure }
    /// How many taps in quick succession, at about the same place on the
    /// same layer, this touch is: 1 for a single tap, 2 for the second of a
    /// double tap.
    public var tapCount: Int { storedTapCount }
    /// The hit layer this touch is bound to for life (always set; optional
    /// so that code written for UIKit's `UITouch.view` reads the same). The
    /// touch holds it strongly: a touch lives only while it is down and
    /// briefly after, and a weak reference would slow every use of the layer.
    public var layer: Layer? { storedLayer }
    /// Whether control selection approximation, rather than hit-testing,
    /// chose ``layer``: the contact landed on a layer that could not process
    /// it (see ``Scene/approximation``).
    public var isApproximated: Bool { storedIsApproximated }

    /// What made the contact.
    public var kind: PointerKind { pointer.kind }

    /// The recognizers gathered for this touch at touch-down, in the order
    /// they see it (see ``GestureArena``). One of them follows the touch
    /// until it ignores it or is reset.
    public var gestureRecognizers: [GestureRecognizer] { recognizers }
    /// The storage of ``gestureRecognizers``, set by the arena at gather.
    // Exclusivity: read on every sub-event; written once per touch, in an
    // instantaneous access; the dynamic checks are off.
    @exclusivity(unchecked) var recognizers: [GestureRecognizer] = []
    /// Where the touch's record is in its scene's layer gate
    /// (`LayerGate.entries`), kept by the gate so that finding the record
    /// costs no search; -1 before it has one. Only a hint: the gate checks
    /// it against the record at every use.
    @exclusivity(unchecked) var gateSlot = -1

    // MARK: Bookkeeping of the scene

    /// From the contact's actual location to the touch's, for a touch that
    /// approximation moved into a layer; the virtual contact keeps it.
    var approximationOffset = Point.zero
    /// Where the first tap of this touch's run of taps landed (actual
    /// location, window points): later taps are measured from there.
    var tapOrigin = Point.zero
    /// The multitouch sequence the touch belongs to: a sequence begins when
    /// a touch goes down while none is down, and lasts until none is.
    var sequence = 0
    /// Where the touch was put in the last rollback snapshot's touch table
    /// (checked by identity before use): lets a capture refer to it by index.
    @exclusivity(unchecked) var rosterIndex = -1

    init(pointer: PointerID, location: Point, actualLocation: Point, pressure: Double, timestamp: Double, tapCount: Int, layer: Layer, isApproximated: Bool) {
        begin(pointer: pointer, location: location, actualLocation: actualLocation, pressure: pressure,
              timestamp: timestamp, tapCount: tapCount, layer: layer, isApproximated: isApproximated)
    }

    /// A spare touch for the scene to keep until a contact needs it (see
    /// `Scene.spareTouchLimit`): ended, bound to no layer, reachable by
    /// nothing outside the scene, with room in its list of recognizers for
    /// `recognizerCount` of them, so that gathering them allocates nothing.
    init(spareWithRoomFor recognizerCount: Int) {
        storedPhase = .ended
        recognizers.reserveCapacity(recognizerCount)
    }

    /// Makes this object a new touch that has just touched down: for a new
    /// touch, or one that ended and that nothing else holds (see the type's doc).
    func begin(pointer: PointerID, location: Point, actualLocation: Point, pressure: Double, timestamp: Double, tapCount: Int, layer: Layer, isApproximated: Bool) {
        storedPointer = pointer
        storedPhase = .began
        storedLocation = location
        storedPreviousLocation = location
        storedActualLocation = actualLocation
        storedPressure = pressure
        storedTimestamp = timestamp
        storedTapCount = tapCount
        storedLayer = layer
        retainedLayer = layer
        storedIsApproximated = isApproximated
        // Emptied keeping its capacity: gathering refills it without allocating.
        recognizers.removeAllKeepingCapacity()
        approximationOffset = .zero
        tapOrigin = .zero
        sequence = 0
    }

    /// The touch's location in `layer`'s coordinates; in window points for `nil`.
    // Inlinable, as the two locations' getters: a handler's
    // `touches[0].location(in: self)` then reads the field where it stands
    // and calls into the layer with it, where a call here made the handler
    // retain and release the touch around it (callgrind: about 40
    // instructions, two atomic operations, of a bare move).
    @inlinable
    public func location(in layer: Layer?) -> Point {
        guard let layer else { return storedLocation }
        return layer.convertFromWindow(storedLocation)
    }

    /// The touch's previous location in `layer`'s coordinates.
    @inlinable
    public func previousLocation(in layer: Layer?) -> Point {
        guard let layer else { return storedPreviousLocation }
        return layer.convertFromWindow(storedPreviousLocation)
    }

    /// Whether the touch has lifted or been cancelled.
    // Always inlined: read for every recognizer on every event, and a call
    // here makes the caller retain the list it read the touch from
    // (callgrind: once per recognizer per event when the optimiser outlined it).
    public var hasEnded: Bool {
        @inline(__always) get { storedPhase == .ended || storedPhase == .cancelled }
    }

    /// Lets go of the layer and the recognizers: the scene keeps the
    /// object, unreachable, for its next touch.
    func retire() {
        storedLayer = nil
        retainedLayer = nil
        recognizers.removeAllKeepingCapacity()
    }

    // MARK: Updates, by the scene

    func update(_ phase: Phase, location: Point, actualLocation: Point, pressure: Double, timestamp: Double) {
        storedPreviousLocation = storedLocation
        storedPhase = phase
        storedLocation = location
        storedActualLocation = actualLocation
        storedPressure = pressure
        storedTimestamp = timestamp
    }

    /// Marks a touch that is down but did not change in the current event.
    func markStationary() {
        if storedPhase == .began || storedPhase == .moved { storedPhase = .stationary }
    }

    func cancel(at timestamp: Double) {
        storedPhase = .cancelled
        storedTimestamp = timestamp
    }
}
