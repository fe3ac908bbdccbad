// What the first touch of a process would otherwise pay.
//
// The first time a process allocates the storage of an array of a given
// element type, the Swift runtime looks the storage class's metadata up by
// its mangled name and caches it: about 6,000 to 18,000 instructions a type
// (callgrind), once. Every list the arena grows when a touch lands is one
// such type (its members, deadlines, the gate's entries, a tap's landings),
// so the first touches of a game paid for all of them at once: callgrind,
// in the Gesture Lab's ten-contact replay, about 65,000 of the landing
// frame's 199,000 instructions, in the frame that is the input's p99. The
// arena makes those lists with room at its creation instead (its own in
// `init`, the gate's, referee's and clock's in theirs), and the types it does
// not own are looked up here, once a process, as a scene is made.

extension GestureArena {
    /// Looks up, once a process, the storage types of lists the recognizers
    /// grow as a touch lands that the arena does not make itself.
    static func prepareForFirstTouch() {
        _ = firstTouchTypes
    }

    private static let firstTouchTypes: Int = {
        // A tap's and a long press's landings (TapSequence), spelled as
        // there: the labels are part of the type.
        var landings: [(touch: ObjectIdentifier, location: Point)] = []
        landings.reserveCapacity(1)
        // Kept alive into the result, so that the allocation is made.
        return landings.capacity
    }()
}
