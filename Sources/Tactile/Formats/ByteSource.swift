/// Where a line-based format's bytes come from: text already in memory, or a
/// file read a chunk at a time.
///
/// Readers of Tactile's text formats (``Trace``, ``ActionMapFile``) pull
/// bytes through this so that one reader serves both, and so that a file is
/// never held whole: ``TextLineReader`` asks for a buffer's worth at a time.
protocol ByteSource {
    /// What a read can fail with: `Never` for text in memory, the file
    /// system's error for a file.
    associatedtype Failure: Error

    /// Copies the next bytes into `buffer`, as many as fit and are left, and
    /// returns how many; 0 only at the end.
    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(Failure) -> Int
}

/// The UTF-8 bytes of a string, read in place where the string is stored
/// contiguously (every native Swift string is).
struct TextBytes: ByteSource {
    typealias Failure = Never

    private var text: String
    private var offset = 0

    init(_ text: String) {
        self.text = text
        // A bridged string (not on Linux) would otherwise be copied on every read.
        self.text.makeContiguousUTF8()
    }

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        let start = offset
        let copied = text.utf8.withContiguousStorageIfAvailable { storage in
            let count = min(buffer.count, storage.count - start)
            guard count > 0 else { return 0 }
            buffer.copyMemory(from: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: storage[start..<(start + count)])))
            return count
        } ?? 0
        offset += copied
        return copied
    }
}

/// The bytes of a file, read with `pread` at this source's own offset, so
/// that a copy of a reader (a ``TracePlayer`` is a value) reads on
/// independently of the original.
struct FileBytes: ByteSource {
    typealias Failure = FileReadError

    private let file: ReadOnlyFile
    private var offset: Int64 = 0

    init(path: String) throws(FileReadError) {
        file = try ReadOnlyFile(path: path)
    }

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(FileReadError) -> Int {
        let count = try file.read(into: buffer, at: offset)
        offset += Int64(count)
        return count
    }
}

extension FileBytes: Sendable {}
