import CSDL2

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a timed run does in place of (or after) drawing, to find out what
/// makes the next frame's input slow: an experiment for the frame budget
/// (README, "Frame budget of the demos"), never a game's behaviour.
///
/// It is read from the environment variable `TACTILE_FRAME_EXPERIMENT` only
/// when ``SDLApp/Configuration/measuresFrameTiming`` is on, and without it
/// nothing changes. It never changes what the game is given: every event,
/// update and clock tick stays the same; only the drawing may be left out
/// and work that touches no game state added after it. Words, separated by
/// commas or spaces (sizes take `K` or `M`):
///
/// - `no-render`: neither ``Game/render(in:)`` nor `SDL_RenderPresent` runs
///   (the game's screenshot, if it takes one, is blank).
/// - `sweep=<bytes>`: after presenting, one byte of every 64-byte line of a
///   buffer of that size is written (made once): data caches evicted as a
///   software render of that size would, without the render's code.
/// - `pages=<count>`: after presenting, one line in each of that many
///   distinct 4 KiB pages is written, 4,096 bytes apart, so that they fall
///   in few cache sets: TLB entries evicted, few cache lines.
/// - `spin=<µs>`: after presenting, the CPU busy-waits that long reading the
///   performance counter, touching no memory: time passing without a render.
/// - `log-frames`: every frame's input time is kept (in room made at start)
///   and printed to standard error when the run ends, one line
///   `input µs by frame: 12.3 4.5 …`, to set beside callgrind's frame-by-frame
///   counts (`FRAME_BUDGET_CALLGRIND=frames`).
/// - `faults`: the process's minor and major page faults (`getrusage`) from
///   the start of each frame to the end of its game loop (input and updates)
///   are kept and printed the same way, `input faults by frame: …`: whether
///   a slow frame touched memory or code for the first time. Two system
///   calls a frame, outside the timed phases' edges but inside the frame.
///
/// The added work is timed in the `present` phase; the input phase is timed
/// as always, so comparing its figures across experiments says what evicts
/// the input's working set (the README's model of the input's cost).
struct FrameExperiment {
    var skipsRender = false
    var sweepBytes = 0
    var pageCount = 0
    var spinMicroseconds = 0.0
    var logsFrames = false
    var logsFaults = false
    /// With `faults`: each frame's page faults in its input and updates.
    private var faultsByFrame: [Int] = []
    private var faultsAtStart = 0
    /// With `log-frames`: each frame's input time in µs, in order.
    private var inputByFrame: [Double] = []
    /// The buffer the sweep and the page walk write, made once and kept for
    /// the process's life (an experiment's run).
    private var buffer: UnsafeMutableRawPointer?
    private var bufferBytes = 0

    /// The words of `TACTILE_FRAME_EXPERIMENT`, or no experiment.
    static func fromEnvironment() -> FrameExperiment {
        guard let raw = SDL_getenv("TACTILE_FRAME_EXPERIMENT") else { return FrameExperiment() }
        return FrameExperiment(words: String(cString: raw))
    }

    init() {}

    init(words: String) {
        for word in words.split(whereSeparator: { $0 == "," || $0 == " " }) {
            let parts = word.split(separator: "=", maxSplits: 1)
            let value = parts.count == 2 ? Self.size(parts[1]) : 0
            switch parts[0] {
            case "no-render": skipsRender = true
            case "sweep": sweepBytes = value
            case "pages": pageCount = value
            case "spin": spinMicroseconds = Double(value)
            case "log-frames": logsFrames = true
            case "faults": logsFaults = true
            default: break
            }
        }
        if logsFrames { inputByFrame.reserveCapacity(100_000) }
        if logsFaults { faultsByFrame.reserveCapacity(100_000) }
        bufferBytes = max(sweepBytes, pageCount * 4_096)
        if bufferBytes > 0 {
            buffer = UnsafeMutableRawPointer.allocate(byteCount: bufferBytes, alignment: 4_096)
            buffer?.initializeMemory(as: UInt8.self, repeating: 0, count: bufferBytes)
        }
    }

    /// Whether anything is done after presenting.
    var addsWork: Bool { sweepBytes > 0 || pageCount > 0 || spinMicroseconds > 0 }

    /// The added work, after the frame is presented.
    mutating func afterPresent(microsecondsPerTick: Double) {
        if let buffer {
            var offset = 0
            while offset < sweepBytes {
                buffer.storeBytes(of: buffer.load(fromByteOffset: offset, as: UInt8.self) &+ 1, toByteOffset: offset, as: UInt8.self)
                offset += 64
            }
            for page in 0..<pageCount {
                let offset = page * 4_096
                buffer.storeBytes(of: buffer.load(fromByteOffset: offset, as: UInt8.self) &+ 1, toByteOffset: offset, as: UInt8.self)
            }
        }
        if spinMicroseconds > 0 {
            let start = SDL_GetPerformanceCounter()
            while Double(SDL_GetPerformanceCounter() &- start) * microsecondsPerTick < spinMicroseconds {}
        }
    }

    /// Keeps a frame's input time, with `log-frames`.
    mutating func recordInput(microseconds: Double) {
        if logsFrames && inputByFrame.count < inputByFrame.capacity { inputByFrame.append(microseconds) }
    }

    /// The process's page faults so far, minor and major.
    private static func pageFaults() -> Int {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        return usage.ru_minflt + usage.ru_majflt
    }

    /// With `faults`: the frame begins.
    mutating func frameStarted() {
        if logsFaults { faultsAtStart = Self.pageFaults() }
    }

    /// With `faults`: the frame's game loop (input and updates) is done.
    mutating func gameLoopEnded() {
        if logsFaults && faultsByFrame.count < faultsByFrame.capacity { faultsByFrame.append(Self.pageFaults() - faultsAtStart) }
    }

    /// Prints the frames' input times (`log-frames`) and faults (`faults`)
    /// to standard error when the run ends.
    func printLog() {
        var text = ""
        if logsFrames {
            text += "input µs by frame:"
            for value in inputByFrame { text += " \((value * 10).rounded() / 10)" }
            text += "\n"
        }
        if logsFaults {
            text += "input faults by frame:"
            for value in faultsByFrame { text += " \(value)" }
            text += "\n"
        }
        guard !text.isEmpty else { return }
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
    }

    /// `4096`, `256K`, `8M`.
    private static func size(_ text: Substring) -> Int {
        var digits = text
        var scale = 1
        if let last = text.last, last == "K" || last == "k" { scale = 1_024; digits = text.dropLast() }
        if let last = text.last, last == "M" || last == "m" { scale = 1_048_576; digits = text.dropLast() }
        return (Int(digits) ?? 0) * scale
    }
}
