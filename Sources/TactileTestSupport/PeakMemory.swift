#if canImport(Glibc)
import Glibc
#endif

/// The process's memory as Linux reports it, for the fuzzers' memory
/// bounds: the resident size now (`/proc/self/statm`) and the peak since the
/// last ``resetPeak()`` (`VmHWM` in `/proc/self/status`).
///
/// Resetting the peak writes `5` to `/proc/self/clear_refs` (Linux 4.0 and
/// later). Where that or `/proc` is missing (another system, a locked-down
/// container), ``isAvailable`` is false and every reading is 0, so the
/// bounds pass vacuously rather than fail for the wrong reason.
///
/// The peak is the whole process's: tests running alongside add to it, so
/// bounds built on it need a margin (the fuzzers allow 64 MB above twice
/// the input, where the readers this was written for used to take 30 to
/// 54 times the input).
public enum PeakMemory {
    /// Whether this system reports and resets the peak.
    public static let isAvailable: Bool = resetPeak() && residentBytes() > 0

    /// The resident set size now, in bytes.
    public static func residentBytes() -> Int {
        guard let text = read("/proc/self/statm") else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * pageSize
    }

    /// The peak resident set size since the last reset, in bytes.
    public static func peakBytes() -> Int {
        guard let text = read("/proc/self/status") else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            // "VmHWM:\t  123456 kB": a tab, then spaces.
            let number = line.dropFirst(6).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap { Int($0) } ?? 0
            return number * 1024
        }
        return 0
    }

    /// Makes the peak the resident size now; whether that worked.
    @discardableResult
    public static func resetPeak() -> Bool {
        #if canImport(Glibc)
        let descriptor = open("/proc/self/clear_refs", O_WRONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return write(descriptor, "5", 1) == 1
        #else
        return false
        #endif
    }

    private static var pageSize: Int {
        #if canImport(Glibc)
        Int(sysconf(Int32(_SC_PAGESIZE)))
        #else
        4096
        #endif
    }

    private static func read(_ path: String) -> String? {
        #if canImport(Glibc)
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes += chunk[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
        #else
        return nil
        #endif
    }
}
