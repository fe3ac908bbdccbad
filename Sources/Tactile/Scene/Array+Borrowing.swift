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
    /// The body must not keep an element past its call; retaining it
    /// (storing it, say) is fine.
    @inline(__always)
    func forEachBorrowed(_ body: (Element) -> Void) {
        for index in indices {
            Unmanaged.passUnretained(self[index])._withUnsafeGuaranteedRef(body)
        }
    }
}
