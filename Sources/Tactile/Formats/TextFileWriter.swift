#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes text to a file whole, or not at all: into a temporary file next
/// to it, then renamed over it, so a full disk or a crash never leaves half
/// a file behind. Errors name the file, the step and the system's reason
/// (`create 'x.trace.partial': Permission denied`).
enum TextFileWriter {
    static func save(_ text: String, toFile path: String) throws(FileReadError) {
        let temporary = path + ".partial"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileReadError(path: temporary, operation: "create", code: errno) }
        var failure: FileReadError?
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let count = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = FileReadError(path: temporary, operation: "write", code: errno)
                    return
                }
                offset += count
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = FileReadError(path: temporary, operation: "sync", code: errno) }
        if close(descriptor) != 0, failure == nil { failure = FileReadError(path: temporary, operation: "close", code: errno) }
        if failure == nil, rename(temporary, path) != 0 { failure = FileReadError(path: path, operation: "rename to", code: errno) }
        if let failure {
            unlink(temporary)
            throw failure
        }
    }
}
