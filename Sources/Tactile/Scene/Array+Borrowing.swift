extension Array where Element: AnyObject {
    /// Calls `body` with each element in order, borrowed rather than
    /// retained for the call.
    ///
    /// A `for` loop over an array of objects retains and releases each
    /// element around the body, because the body may be user code that
    /// could release it. Here the array value itself (a copy the caller
    /// holds for the loop) keeps every element alive, so the retain is not
    /// needed; without it, a move through 200 recognizers on its path
    /// spent most of its time in `swift_retain` and `swift_release` (perf).
    /// An element the body stores is retained as usual.
    @inline(__always)
    func forEachBorrowed(_ body: (Element) -> Void) {
        for index in indices {
            Unmanaged.passUnretained(self[index])._withUnsafeGuaranteedRef(body)
        }
    }

    /// As ``forEachBorrowed(_:)``, from the last element to the first.
    @inline(__always)
    func forEachBorrowedReversed(_ body: (Element) -> Void) {
        var index = endIndex
        while index > startIndex {
            index -= 1
            Unmanaged.passUnretained(self[index])._withUnsafeGuaranteedRef(body)
        }
    }

    /// Whether `object` itself is an element (identity, not equality),
    /// without retaining the elements compared.
    @inline(__always)
    func containsIdentical(_ object: Element) -> Bool {
        for index in indices where Unmanaged.passUnretained(self[index]).toOpaque() == Unmanaged.passUnretained(object).toOpaque() {
            return true
        }
        return false
    }

    /// The first non-nil result of `body` over the elements in order, each
    /// borrowed as in ``forEachBorrowed(_:)``.
    @inline(__always)
    func firstResultBorrowed<Result>(_ body: (Element) -> Result?) -> Result? {
        for index in indices {
            if let result = Unmanaged.passUnretained(self[index])._withUnsafeGuaranteedRef(body) { return result }
        }
        return nil
    }

    /// The first non-nil result of `body` over the elements from the last
    /// to the first, each borrowed as in ``forEachBorrowed(_:)``.
    @inline(__always)
    func lastResultBorrowed<Result>(_ body: (Element) -> Result?) -> Result? {
        var index = endIndex
        while index > startIndex {
            index -= 1
            if let result = Unmanaged.passUnretained(self[index])._withUnsafeGuaranteedRef(body) { return result }
        }
        return nil
    }
}

// MARK: - Emptying in place

extension Array {
    /// Removes the elements from `count` on, keeping the capacity, one at a
    /// time from the end.
    ///
    /// `removeAll(keepingCapacity:)` and `removeSubrange(_:)` go through the
    /// general `replaceSubrange`, which costs a hundred-odd instructions
    /// even for an array of one element, or none (callgrind: about 3,500
    /// instructions of a tap on the seven built-in recognizers went there,
    /// in the per-event lists that are emptied and refilled). The arrays
    /// emptied on the per-event path hold a few elements.
    @inline(__always)
    mutating func shrink(to count: Int) {
        while self.count > Swift.max(count, 0) { removeLast() }
    }

    /// Empties the array, keeping its capacity: ``shrink(to:)`` to 0.
    @inline(__always)
    mutating func removeAllKeepingCapacity() {
        shrink(to: 0)
    }
}

// MARK: - Buffers

extension Array {
    /// `withUnsafeMutableBufferPointer`, called with a closure passed in
    /// rather than written at the call: a main-actor closure written
    /// straight into the standard library's call checks the executor each
    /// time it runs (see `Unmanaged.withBorrowed`).
    @inline(__always)
    mutating func withMutableBuffer<Result>(_ body: (inout UnsafeMutableBufferPointer<Element>) -> Result) -> Result {
        withUnsafeMutableBufferPointer(body)
    }
}

// MARK: - Unmanaged

extension Unmanaged {
    /// Calls `body` with the object, neither retained nor released: for
    /// walks over unretained references on the per-event path (a layer's
    /// parents, the arena's queue and members, a recognizer's arena).
    ///
    /// A wrapper in this module rather than a direct call to the standard
    /// library's `_withUnsafeGuaranteedRef`: a main-actor closure handed to
    /// that (a module built in the Swift 5 language mode) checks its
    /// executor at run time on every call (callgrind: about 40 instructions
    /// a call), one handed to this does not.
    @inline(__always)
    func withBorrowed<Result>(_ body: (Instance) -> Result) -> Result {
        _withUnsafeGuaranteedRef(body)
    }
}
