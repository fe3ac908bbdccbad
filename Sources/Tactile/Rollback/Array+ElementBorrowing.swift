extension Array where Element: AnyObject {
    /// Calls `body` with the element at `index`, borrowed rather than
    /// retained for the call, as ``forEachBorrowed(_:)`` does for a whole
    /// loop: the array (which the caller holds, unchanged, for the call)
    /// keeps the element alive. A capture or restore calls a method on each
    /// touch and recognizer of a snapshot; retaining and releasing each was
    /// a sixth of a restore (callgrind).
    @inline(__always)
    func withBorrowedElement<Result>(at index: Int, _ body: (Element) -> Result) -> Result {
        Unmanaged.passUnretained(self[index])._withUnsafeGuaranteedRef(body)
    }
}

extension Array {
    /// The bits of the reference at `index` (0 for `nil`), read without
    /// retaining it: for comparing identities in a loop, where reading the
    /// element as an object retains and releases it. `Element` is a class
    /// or an optional class (one pointer).
    @inline(__always)
    func referenceBits(at index: Int) -> UInt {
        precondition(index >= 0 && index < count, "index out of range")
        return withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress.unsafelyUnwrapped + index).load(as: UInt.self) }
    }
}

/// The bits of a reference (0 for `nil`), to compare with ``Array/referenceBits(at:)``.
@inline(__always)
func referenceBits(of object: AnyObject?) -> UInt {
    guard let object else { return 0 }
    return UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
}

extension Array {
    /// The bits of the reference stored `offset` bytes into the element at
    /// `index` (a struct's stored property, found with
    /// `MemoryLayout.offset(of:)`), read without copying the element:
    /// copying an arena record out of its array retains the object it
    /// refers to, and comparing or reading one field needs no copy.
    @inline(__always)
    func referenceBits(at index: Int, offset: Int) -> UInt {
        precondition(index >= 0 && index < count, "index out of range")
        return withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress.unsafelyUnwrapped + index).load(fromByteOffset: offset, as: UInt.self) }
    }

    /// Calls `body` with the object whose reference is stored `offset`
    /// bytes into the element at `index` (see ``referenceBits(at:offset:)``),
    /// borrowed: the array, which the caller holds unchanged for the call,
    /// keeps it alive.
    @inline(__always)
    func withBorrowedReference<Object: AnyObject, Result>(
        at index: Int, offset: Int, as type: Object.Type, _ body: (Object) -> Result
    ) -> Result {
        let bits = referenceBits(at: index, offset: offset)
        return Unmanaged<Object>.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped)._withUnsafeGuaranteedRef(body)
    }
}
