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
/// - `stream=<bytes>`: after presenting, one byte of every 64-byte line of
///   the next that many bytes of a 64 MiB ring (made once) is written,
///   going on where the last frame stopped: fresh lines every frame, so a
///   line the game has not touched for about (a cache's size ÷ bytes)
///   frames is pushed out of a cache of that size, as other work between
///   two uses of it would. Unlike `sweep`, which writes the same lines
///   every frame (after the first, they stay cached and age nothing).
///   Under callgrind with an 8 MiB last level and `no-render`
///   (`FRAME_BUDGET_CALLGRIND=footprint`'s `cold` run), its misses are the
///   lines a frame touches that it did not touch in the last 8 MiB ÷ bytes
///   frames: the README's model's third term.
/// - `pages=<count>`: after presenting, one line in each of that many
///   distinct 4 KiB pages is written, 4,096 bytes apart, so that they fall
///   in few cache sets: TLB entries evicted, few cache lines.
/// - `spin=<µs>`: after presenting, the CPU busy-waits that long reading the
///   performance counter, touching no memory: time passing without a render.
/// - `log-frames`: every frame's input time is kept (in room made at start)
///   and printed to standard error when the run ends, one line
///   `input µs by frame: 12.3 4.5 …`, to set beside callgrind's frame-by-frame
///   counts (`FRAME_BUDGET_CALLGRIND=frames`); and the part of it the pump's
///   drain took (`SDL_PumpEvents`, SDL's queue), `drain µs by frame: …`,
///   read with one more counter read after the drain: whether a slow
///   frame's time was SDL's (its system calls) or the game loop's.
/// - `faults`: the process's minor and major page faults (`getrusage`) from
///   the start of each frame to the end of its game loop (input and updates)
///   are kept and printed the same way, `input faults by frame: …`: whether
///   a slow frame touched memory or code for the first time; and its
///   context switches the same way, `input switches by frame: …`: whether
///   the kernel ran something else meanwhile. Two system calls a frame,
///   outside the timed phases' edges but inside the frame.
/// - `probe=<iterations>`: the harness's floor. At the start of each frame,
///   before the input phase, a fixed workload is timed with the same two
///   performance-counter reads as the input: that many steps of a
///   dependent multiply-add chain, which touches no memory: a fixed count
///   of instructions in a build (the optimiser folds the steps in eights;
///   callgrind, release: 40,000 steps are about 17,700 instructions, 6.7 µs),
///   so its time is the same in every frame but for what the machine does
///   to it (timer reads, interrupts, preemption, the hypervisor's steal).
///   `scripts/frame-budget-floor` runs it beside every demo's input.
///   Printed when the run ends as `probe (<n> iterations): mean … p50 … p99
///   … max …` with its slowest frames, and with `log-frames` frame by frame
///   (`probe µs by frame: …`). `probe=0` times the two reads alone.
///
/// The added work is timed in the `present` phase; the input phase is timed
/// as always, so comparing its figures across experiments says what evicts
/// the input's working set (the README's model of the input's cost).
struct FrameExperiment {
    var skipsRender = false
    var sweepBytes = 0
    var streamBytes = 0
    var pageCount = 0
    var spinMicroseconds = 0.0
    var logsFrames = false
    var logsFaults = false
    /// With `probe`: the fixed workload's steps; -1 for no probe.
    var probeIterations = -1
    /// With `faults`: each frame's page faults in its input and updates.
    private var faultsByFrame: [Int] = []
    private var faultsAtStart = 0
    /// With `faults`: each frame's context switches, voluntary and not.
    private var switchesByFrame: [Int] = []
    private var switchesAtStart = 0
    /// With `probe`: its times (made only then: a histogram of 11 KB).
    private var probeTimes: FrameTiming.Statistics?
    private var probeByFrame: [Double] = []
    /// The probe chain's value, kept so the chain is not optimised away.
    private var probeValue: UInt64 = 1
    /// With `log-frames`: each frame's input time in µs, in order.
    private var inputByFrame: [Double] = []
    /// With `log-frames`: each frame's drain time in µs, in order.
    private var drainByFrame: [Double] = []
    /// The buffer the sweep and the page walk write, made once and kept for
    /// the process's life (an experiment's run).
    private var buffer: UnsafeMutableRawPointer?
    private var bufferBytes = 0
    /// With `stream`: its ring, made once, and where the next frame's part starts.
    private var ring: UnsafeMutableRawPointer?
    private var ringOffset = 0
    static let ringBytes = 64 * 1_048_576

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
            case "stream": streamBytes = min(value, Self.ringBytes)
            case "pages": pageCount = value
            case "spin": spinMicroseconds = Double(value)
            case "log-frames": logsFrames = true
            case "faults": logsFaults = true
            case "probe": probeIterations = value
            default: break
            }
        }
        if logsFrames {
            inputByFrame.reserveCapacity(100_000)
            drainByFrame.reserveCapacity(100_000)
        }
        if logsFaults {
            faultsByFrame.reserveCapacity(100_000)
            switchesByFrame.reserveCapacity(100_000)
        }
        if probeIterations >= 0 {
            probeTimes = FrameTiming.Statistics()
            if logsFrames { probeByFrame.reserveCapacity(100_000) }
        }
        bufferBytes = max(sweepBytes, pageCount * 4_096)
        if bufferBytes > 0 {
            buffer = UnsafeMutableRawPointer.allocate(byteCount: bufferBytes, alignment: 4_096)
            buffer?.initializeMemory(as: UInt8.self, repeating: 0, count: bufferBytes)
        }
        if streamBytes > 0 {
            ring = UnsafeMutableRawPointer.allocate(byteCount: Self.ringBytes, alignment: 4_096)
            ring?.initializeMemory(as: UInt8.self, repeating: 0, count: Self.ringBytes)
        }
    }

    /// Whether anything is done after presenting.
    var addsWork: Bool { sweepBytes > 0 || streamBytes > 0 || pageCount > 0 || spinMicroseconds > 0 }

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
        if let ring {
            var written = 0
            while written < streamBytes {
                ring.storeBytes(of: ring.load(fromByteOffset: ringOffset, as: UInt8.self) &+ 1, toByteOffset: ringOffset, as: UInt8.self)
                ringOffset = (ringOffset + 64) % Self.ringBytes
                written += 64
            }
        }
        if spinMicroseconds > 0 {
            let start = SDL_GetPerformanceCounter()
            while Double(SDL_GetPerformanceCounter() &- start) * microsecondsPerTick < spinMicroseconds {}
        }
    }

    /// Keeps a frame's input time, with `log-frames`.
    mutating func recordInput(microseconds: Double, drain: Double) {
        if logsFrames && inputByFrame.count < inputByFrame.capacity {
            inputByFrame.append(microseconds)
            drainByFrame.append(drain)
        }
    }

    /// The process's page faults (minor and major) and context switches
    /// (voluntary and not) so far.
    private static func usage() -> (faults: Int, switches: Int) {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        return (usage.ru_minflt + usage.ru_majflt, usage.ru_nvcsw + usage.ru_nivcsw)
    }

    /// The frame begins: with `faults`, the counts so far; with `probe`,
    /// the fixed workload, timed.
    mutating func frameStarted(microsecondsPerTick: Double) {
        if logsFaults { (faultsAtStart, switchesAtStart) = Self.usage() }
        if probeIterations >= 0 { runProbe(microsecondsPerTick: microsecondsPerTick) }
    }

    /// With `faults`: the frame's game loop (input and updates) is done.
    mutating func gameLoopEnded() {
        guard logsFaults, faultsByFrame.count < faultsByFrame.capacity else { return }
        let (faults, switches) = Self.usage()
        faultsByFrame.append(faults - faultsAtStart)
        switchesByFrame.append(switches - switchesAtStart)
    }

    /// Times `probeIterations` steps of a dependent chain (each step needs
    /// the last one's result, so they cannot overlap; the optimiser folds
    /// them in eights, a fixed count of instructions) between two reads of
    /// the counter, as the input phase is timed.
    private mutating func runProbe(microsecondsPerTick: Double) {
        var value = probeValue
        let start = SDL_GetPerformanceCounter()
        var step = 0
        while step < probeIterations {
            value = value &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            step += 1
        }
        let end = SDL_GetPerformanceCounter()
        probeValue = value
        let microseconds = Double(end &- start) * microsecondsPerTick
        probeTimes?.record(microseconds)
        if logsFrames && probeByFrame.count < probeByFrame.capacity { probeByFrame.append(microseconds) }
    }

    /// Prints the frames' input times (`log-frames`) and faults (`faults`)
    /// to standard error when the run ends.
    func printLog() {
        var text = ""
        if logsFrames {
            text += "input µs by frame:"
            for value in inputByFrame { text += " \((value * 10).rounded() / 10)" }
            text += "\ndrain µs by frame:"
            for value in drainByFrame { text += " \((value * 10).rounded() / 10)" }
            text += "\n"
        }
        if logsFaults {
            text += "input faults by frame:"
            for value in faultsByFrame { text += " \(value)" }
            text += "\ninput switches by frame:"
            for value in switchesByFrame { text += " \(value)" }
            text += "\n"
        }
        if let probeTimes {
            text += "probe (\(probeIterations) iterations): \(probeTimes.summary)\n"
            text += "probe's slowest frames (from 0):"
            for (index, microseconds) in probeTimes.slowest { text += " #\(index) \((microseconds * 10).rounded() / 10) µs" }
            text += " (chain value \(probeValue % 10))\n"
            if logsFrames {
                text += "probe µs by frame:"
                for value in probeByFrame { text += " \((value * 10).rounded() / 10)" }
                text += "\n"
            }
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
