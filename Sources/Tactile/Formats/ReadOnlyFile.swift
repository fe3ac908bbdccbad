#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An open file descriptor for reading, closed when the last reference goes.
///
/// Reads name their offset (`pread`) rather than moving a shared position, so
/// the object holds no mutable state and can be shared by copies of a value
/// that reads it, across threads.
final class ReadOnlyFile: Sendable {
    let path: String
    private let descriptor: Int32

    init(path: String) throws(FileReadError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileReadError(path: path, operation: "open", code: errno) }
        self.path = path
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Reads up to `buffer.count` bytes at `offset`; 0 at the end of the file.
    /// Retries a read interrupted by a signal.
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int64) throws(FileReadError) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        while true {
            let count = pread(descriptor, base, buffer.count, off_t(offset))
            if count >= 0 { return count }
            if errno != EINTR { throw FileReadError(path: path, operation: "read", code: errno) }
        }
    }
}

/// A file could not be opened, read or written: which file, what was being done, and
/// the system's reason (`open 'x.trace': No such file or directory`).
struct FileReadError: Error, Hashable, Sendable, CustomStringConvertible {
    var path: String
    var operation: String
    /// The `errno` value.
    var code: Int32

    var description: String {
        "\(operation) '\(path)': \(String(cString: strerror(code)))"
    }
}
