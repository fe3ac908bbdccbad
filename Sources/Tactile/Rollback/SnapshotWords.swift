/// The recognizers' own words of a ``SceneSnapshot``, in memory the
/// snapshot owns and keeps between captures.
///
/// Why not an array: a capture writes a few hundred words one at a time,
/// and each `append` to an array checks that its buffer is uniquely
/// referenced (a runtime call) and that it has room; that was a fifth of a
/// capture. Here the writer checks uniqueness once per capture (copy on
/// write, as an array would) and then writes through a pointer, checking
/// only for room.
final class SnapshotWords {
    private(set) var base: UnsafeMutablePointer<UInt64>
    private(set) var capacity: Int

    /// Shared by every empty snapshot. Never written: it is never uniquely
    /// referenced (this constant holds it), so a capture always replaces it.
    nonisolated(unsafe) static let empty = SnapshotWords(capacity: 1)

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Room for at least `minimum` words, keeping the first `count`.
    func grow(keeping count: Int, minimum: Int) {
        let newCapacity = max(minimum, capacity * 2)
        let newBase = UnsafeMutablePointer<UInt64>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Whether the first `count` words of both are the same.
    static func equal(_ a: SnapshotWords, _ b: SnapshotWords, count: Int) -> Bool {
        if a === b { return true }
        for index in 0..<count where a.base[index] != b.base[index] { return false }
        return true
    }
}
