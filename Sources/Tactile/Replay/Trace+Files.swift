// The slimmer FoundationEssentials is enough for reading and writing bytes
// where the toolchain has it (Linux, Swift 6); elsewhere, Foundation.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Trace {
    /// Reads and parses the trace in the file at `path`, a line at a time:
    /// the file is never held whole (see ``Trace``'s limits).
    ///
    /// Bytes that are not valid UTF-8 are read as U+FFFD, so a damaged file
    /// fails with a ``TraceError`` at the line the damage is on rather than
    /// with a refusal to read it at all.
    ///
    /// - Throws: an error naming the file and the system's reason when the
    ///   file cannot be opened or read, or a ``TraceError`` when its text is
    ///   not a valid trace.
    public init(contentsOfFile path: String) throws {
        var reader = TraceReader(try FileBytes(path: path))
        var events: [InputEvent] = []
        while let next = try reader.next() {
            events.append(try next.get())
        }
        self.init(version: reader.version ?? Trace.currentVersion, events: events)
    }

    /// Writes the trace's ``text`` to a file, replacing any file at `path`.
    ///
    /// The file is written whole and then moved into place, so a crash while
    /// saving never leaves half a trace behind.
    ///
    /// - Throws: the file system's error when the file cannot be written.
    public func write(toFile path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
