/// Writes a recognizer's own progress into a scene snapshot, as a run of
/// 64-bit words: the half of the rollback contract a recognizer implements
/// in ``GestureRecognizer/saveState(to:)``.
///
/// A recognizer writes the fields that its touch handlers, ``GestureRecognizer/receive(_:)``
/// and ``GestureRecognizer/deadlineReached()`` change (not its settings,
/// which are the game's), in an order of its choosing, and reads them back
/// in the same order in ``GestureRecognizer/restoreState(from:)``:
///
/// ```swift
/// open override var savedStateClass: GestureRecognizer.Type? { Checkmark.self }
/// open override func saveState(to writer: inout RecognizerStateWriter) {
///     writer.write(corner)          // a Point
///     writer.write(hasTurned)       // a Bool
/// }
/// open override func restoreState(from reader: inout RecognizerStateReader) {
///     corner = reader.readPoint()
///     hasTurned = reader.readBool()
/// }
/// ```
///
/// The words go into a buffer the snapshot owns and keeps between captures,
/// so that once a ring of snapshots has been used once, writing allocates
/// nothing. What the base class keeps (``GestureRecognizer/state``, the
/// touches followed, the deadline, the last location) is saved by the scene
/// itself: a recognizer writes only what it added.
///
/// Touches are written by identity (``write(touch:)``): the snapshot keeps
/// the touch objects, and a restore puts the same objects back, so an
/// `ObjectIdentifier` a recognizer keeps for a touch stays valid.
///
/// Progress that is large and changes seldom (what a recognizer has
/// learned, a table it builds once in a while) is kept as a value
/// (``write(keeping:)``): the snapshot holds a copy, which for a
/// copy-on-write value shares its storage, so a capture costs the same
/// whatever its size, where words would be written, and compared on
/// restore, every frame.
///
/// ## See Also
/// - ``RecognizerStateReader``
/// - ``SceneSnapshot``
public struct RecognizerStateWriter {
    /// The snapshot's word storage, uniquely its for the capture, written
    /// through `base` (see ``SnapshotWords``).
    var storage: SnapshotWords
    var base: UnsafeMutablePointer<UInt64>
    var capacity: Int
    /// The words written so far in this capture.
    var count = 0
    /// The touches of the snapshot, which ``write(touch:)`` refers to by index.
    let touches: [Touch]
    /// The values ``write(keeping:)`` kept, which its word refers to by index.
    var kept: [any Equatable] = []

    /// A writer into `storage`, which the caller has made sure no other
    /// snapshot shares, from its first word.
    init(storage: SnapshotWords, touches: [Touch]) {
        self.storage = storage
        base = storage.base
        capacity = storage.capacity
        self.touches = touches
    }

    @inline(__always)
    mutating func append(_ word: UInt64) {
        if count == capacity { grow(to: count + 1) }
        base[count] = word
        count += 1
    }

    @inline(never)
    mutating func grow(to minimum: Int) {
        storage.grow(keeping: count, minimum: minimum)
        base = storage.base
        capacity = storage.capacity
    }

    /// Writes the bits of a number, NaN and infinities included.
    @inline(__always)
    public mutating func write(_ value: Double) {
        append(value.bitPattern)
    }

    /// Writes an integer.
    @inline(__always)
    public mutating func write(_ value: Int) {
        append(UInt64(bitPattern: Int64(value)))
    }

    /// Writes a flag.
    @inline(__always)
    public mutating func write(_ value: Bool) {
        append(value ? 1 : 0)
    }

    /// Writes a point, as two words.
    @inline(__always)
    public mutating func write(_ value: Point) {
        if count + 2 > capacity { grow(to: count + 2) }
        base[count] = value.x.bitPattern
        base[count + 1] = value.y.bitPattern
        count += 2
    }

    /// Writes a vector (a motion reading), as three words.
    public mutating func write(_ value: Vector3) {
        write(value.x)
        write(value.y)
        write(value.z)
    }

    /// Writes an optional vector: whether it is there, then its value.
    public mutating func write(_ value: Vector3?) {
        write(value != nil)
        write(value ?? Vector3(x: 0, y: 0, z: 0))
    }

    /// Writes an optional number: whether it is there, then its value.
    public mutating func write(_ value: Double?) {
        write(value != nil)
        write(value ?? 0)
    }

    /// Writes the bits of the first `count` numbers of `numbers` (clamped
    /// to its count), in one go: how a ring of samples is saved cheaply
    /// (``VelocityTracker/save(to:)`` writes its two this way). Read them
    /// back with `readDouble()`, one at a time.
    public mutating func write(bitsOf numbers: Span<Double>, count: Int) {
        let written = min(max(count, 0), numbers.count)
        if self.count + written > capacity { grow(to: self.count + written) }
        numbers.withUnsafeBufferPointer { doubles in
            guard let doubles = doubles.baseAddress else { return }
            UnsafeMutableRawPointer(base + self.count).copyMemory(from: doubles, byteCount: written * MemoryLayout<Double>.stride)
        }
        self.count += written
    }

    /// Writes the bytes of `bytes` as they are, as whole 64-bit words (a
    /// length that is not a multiple of 8 leaves out its last bytes): how
    /// a ring of numbers kept inline is saved in one copy (the built-in
    /// ``VelocityTracker`` saves its two this way). Read them back with
    /// ``RecognizerStateReader/read(bitsInto:)`` into memory of the same
    /// layout.
    @inline(__always)
    public mutating func write(bitsOf bytes: UnsafeRawBufferPointer) {
        let words = bytes.count / MemoryLayout<UInt64>.stride
        guard let source = bytes.baseAddress, words > 0 else { return }
        if count + words > capacity { grow(to: count + words) }
        UnsafeMutableRawPointer(base + count).copyMemory(from: source, byteCount: words * MemoryLayout<UInt64>.stride)
        count += words
    }

    /// Keeps `value` as it is, in the snapshot, rather than as words (one
    /// word says where): for progress that is large and seldom changes.
    /// A copy-on-write value (an array, a dictionary, a struct of them)
    /// shares its storage with the snapshot, so this costs the same
    /// whatever its size, and a restore that finds the value unchanged
    /// compares it in constant time (equal storage is equal). Changing the
    /// value after a capture copies it once, as any copy-on-write value
    /// shared does, which is why what changes every frame (an ink being
    /// drawn) is better written as words. A value of at most three words
    /// (24 bytes) is kept without an allocation; a larger one is boxed
    /// once a capture. Read it back with
    /// ``RecognizerStateReader/readKept(_:)``.
    public mutating func write<Value: Equatable>(keeping value: Value) {
        write(kept.count)
        kept.append(value)
    }

    /// Writes the identity of a touch the scene knows (one that is down, or
    /// that a recognizer still follows); `nil`, or a touch the scene has
    /// let go of, reads back as `nil`.
    public mutating func write(touch: ObjectIdentifier?) {
        var index = -1
        if let touch {
            // Compared as bits: reading each touch as an object retains it.
            let bits = UInt(bitPattern: touch)
            for candidate in touches.indices where touches.referenceBits(at: candidate) == bits {
                index = candidate
                break
            }
        }
        write(index)
    }
}
