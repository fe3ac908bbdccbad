/// A fixed number of the latest values, oldest overwritten first: the
/// storage of the input debugger's recordings, allocated once, so that
/// recording costs a copy and never an allocation.
///
/// Values are numbered from 0 in the order they were appended (their
/// *position*); the ring holds positions `written - count ..< written`.
struct Ring<Element> {
    private var storage: [Element]
    /// How many values were ever appended.
    private(set) var written = 0

    /// A ring of `capacity` values (at least 1), its slots filled with
    /// `filler` until they are first written.
    init(capacity: Int, filler: Element) {
        storage = Array(repeating: filler, count: max(1, capacity))
    }

    var capacity: Int { storage.count }
    /// How many values it holds.
    var count: Int { min(written, storage.count) }
    /// The position of the oldest value it holds.
    var oldest: Int { written - count }

    /// Appends `value`, overwriting the oldest one when full.
    /// - Complexity: O(1), without allocating.
    mutating func append(_ value: Element) {
        storage[written % storage.count] = value
        written += 1
    }

    /// Whether the value at `position` is still held.
    func holds(_ position: Int) -> Bool {
        position >= oldest && position < written
    }

    /// The value at `position`, which must be held.
    subscript(position: Int) -> Element {
        get { storage[position % storage.count] }
        set { storage[position % storage.count] = newValue }
    }

    /// Forgets every value, keeping the storage.
    mutating func removeAll() {
        written = 0
    }
}
