/// A run of plain values (no references) that a ``SceneSnapshot`` owns and
/// keeps between captures, written through a pointer.
///
/// Why not an array: a capture appends a few hundred values (the touches'
/// and recognizers' fields, the arena's references as indices), and each
/// `append` to an array checks that its buffer is uniquely referenced, a
/// runtime call. This buffer is copied on write like an array, but checks
/// once per capture, in ``removeAll()``, which every capture calls before
/// it appends: the appends after it only check for room.
///
/// Only for plain values: the buffer neither retains nor releases what it
/// holds (checked when one is made; `BitwiseCopyable` would say it in the
/// type, but the public value types these hold do not declare it).
struct SnapshotBuffer<Element: Equatable>: Equatable {
    final class Storage {
        let base: UnsafeMutablePointer<Element>
        let capacity: Int

        init(capacity: Int) {
            self.capacity = capacity
            base = .allocate(capacity: capacity)
        }

        deinit { base.deallocate() }
    }

    private var storage: Storage?
    /// `storage`'s, kept here so that an append reads no reference.
    private var base: UnsafeMutablePointer<Element>?
    private var capacity = 0
    private(set) var count = 0

    init() {
        precondition(_isPOD(Element.self), "a snapshot buffer holds plain values only")
    }

    var isEmpty: Bool { count == 0 }
    var indices: Range<Int> { 0..<count }

    /// Empties the buffer, keeping its room, and makes its storage its own
    /// (a copy of the snapshot shares it until then): call it before
    /// appending, once per capture.
    mutating func removeAll() {
        count = 0
        if storage != nil, !isKnownUniquelyReferenced(&storage) {
            let own = Storage(capacity: capacity)
            storage = own
            base = own.base
        }
    }

    /// Adds `element` at the end; only after ``removeAll()`` in the same capture.
    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow() }
        base.unsafelyUnwrapped[count] = element
        count += 1
    }

    private mutating func grow() {
        let own = Storage(capacity: max(16, capacity * 2))
        if let base { own.base.update(from: base, count: count) }
        storage = own
        base = own.base
        capacity = own.capacity
    }

    subscript(index: Int) -> Element {
        precondition(index >= 0 && index < count, "index out of range")
        return base.unsafelyUnwrapped[index]
    }

    static func == (a: Self, b: Self) -> Bool {
        guard a.count == b.count else { return false }
        if a.base == b.base { return true }
        for index in 0..<a.count where a.base.unsafelyUnwrapped[index] != b.base.unsafelyUnwrapped[index] { return false }
        return true
    }
}
