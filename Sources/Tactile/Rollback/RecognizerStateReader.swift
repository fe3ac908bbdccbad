/// Reads back, in ``GestureRecognizer/restoreState(from:)``, the words a
/// recognizer wrote in ``GestureRecognizer/saveState(to:)``: the other half
/// of the rollback contract (see ``RecognizerStateWriter``).
///
/// Read exactly what was written, in the same order. Reading past the
/// recognizer's words returns zeros (false, `nil`) and sets
/// ``isOverrun``; the scene reports a recognizer that reads more or fewer
/// words than it wrote as a ``Diagnostic/Problem/snapshotMismatch``
/// diagnostic, since it means the two methods disagree.
public struct RecognizerStateReader {
    /// The snapshot's words, kept alive while they are read through `base`.
    let storage: SnapshotWords
    let base: UnsafePointer<UInt64>
    let touches: [Touch]
    /// The values kept by ``RecognizerStateWriter/write(keeping:)``.
    let kept: [any Equatable]
    /// The next word to read.
    var position: Int
    /// Where this recognizer's words end.
    var end: Int

    /// Whether a read went past the recognizer's words.
    public private(set) var isOverrun = false

    init(storage: SnapshotWords, touches: [Touch], kept: [any Equatable] = [], range: Range<Int>) {
        self.storage = storage
        base = UnsafePointer(storage.base)
        self.touches = touches
        self.kept = kept
        self.position = range.lowerBound
        self.end = range.upperBound
    }

    /// Readies the reader for the next recognizer's words.
    mutating func start(_ range: Range<Int>) {
        position = range.lowerBound
        end = range.upperBound
        isOverrun = false
    }

    @inline(__always)
    private mutating func next() -> UInt64 {
        guard position < end else {
            isOverrun = true
            return 0
        }
        position += 1
        return base[position - 1]
    }

    /// Reads a number written with `write(_: Double)`.
    @inline(__always)
    public mutating func readDouble() -> Double {
        Double(bitPattern: next())
    }

    /// Reads `count` numbers written with `write(bitsOf:count:)` (or one by
    /// one with `write(_: Double)`) into the first places of `numbers`, in
    /// one go; numbers beyond its count are read and dropped.
    public mutating func read(into numbers: inout MutableSpan<Double>, count: Int) {
        let count = max(0, count)
        let available = min(count, end - position)
        if available < count { isOverrun = true }
        let copied = min(available, numbers.count)
        numbers.withUnsafeMutableBufferPointer { doubles in
            guard let doubles = doubles.baseAddress, copied > 0 else { return }
            UnsafeMutableRawPointer(doubles).copyMemory(from: base + position, byteCount: copied * MemoryLayout<Double>.stride)
        }
        position += available
    }

    /// Reads as many words as fit in `bytes` (its length in whole 64-bit
    /// words), as they are, written with
    /// ``RecognizerStateWriter/write(bitsOf:)``;
    /// past the recognizer's words it reads what there is and sets ``isOverrun``.
    @inline(__always)
    public mutating func read(bitsInto bytes: UnsafeMutableRawBufferPointer) {
        let words = bytes.count / MemoryLayout<UInt64>.stride
        let available = min(words, end - position)
        if available < words { isOverrun = true }
        if let destination = bytes.baseAddress, available > 0 {
            destination.copyMemory(from: base + position, byteCount: available * MemoryLayout<UInt64>.stride)
        }
        position += max(available, 0)
    }

    /// Reads an integer written with `write(_: Int)`.
    @inline(__always)
    public mutating func readInt() -> Int {
        Int(Int64(bitPattern: next()))
    }

    /// Reads a flag written with `write(_: Bool)`.
    @inline(__always)
    public mutating func readBool() -> Bool {
        next() != 0
    }

    /// Reads a point written with `write(_: Point)`.
    @inline(__always)
    public mutating func readPoint() -> Point {
        let x = readDouble()
        return Point(x: x, y: readDouble())
    }

    /// Reads a vector written with `write(_: Vector3)`.
    public mutating func readVector3() -> Vector3 {
        let x = readDouble()
        let y = readDouble()
        let z = readDouble()
        return Vector3(x: x, y: y, z: z)
    }

    /// Reads an optional vector written with `write(_: Vector3?)`.
    public mutating func readOptionalVector3() -> Vector3? {
        let isThere = readBool()
        let value = readVector3()
        return isThere ? value : nil
    }

    /// Reads an optional number written with `write(_: Double?)`.
    public mutating func readOptionalDouble() -> Double? {
        let isThere = readBool()
        let value = readDouble()
        return isThere ? value : nil
    }

    /// Reads a value kept with ``RecognizerStateWriter/write(keeping:)``:
    /// the snapshot's copy. `nil`, with ``isOverrun`` set, when what was
    /// written there is not a kept value of this type (the two methods
    /// disagree).
    public mutating func readKept<Value: Equatable>(_ type: Value.Type) -> Value? {
        let index = readInt()
        guard !isOverrun, kept.indices.contains(index), let value = kept[index] as? Value else {
            isOverrun = true
            return nil
        }
        return value
    }

    /// Reads a touch identity written with ``RecognizerStateWriter/write(touch:)``:
    /// the same touch object, which the restore has put back.
    public mutating func readTouch() -> ObjectIdentifier? {
        let index = readInt()
        guard touches.indices.contains(index) else { return nil }
        return ObjectIdentifier(touches[index])
    }
}
