/// How long an ``SDLApp``'s frames took, phase by phase: running statistics
/// kept without allocating per frame.
///
/// An app measures its frames when ``SDLApp/Configuration/measuresFrameTiming``
/// is on, reading SDL's performance counter (the same counter as `SDLClock`)
/// at the edges of each phase, whether the app runs headless or not, and
/// exposes the result as ``SDLApp/frameTiming``. The phases of one frame:
///
/// ```
/// ├─ input ─┤├─ trace ──────┤├─ input ──────────────┤├─ update ─┤├─ render ──────────┤├ present ┤
///  drain      replay, record   loop.frame's events,     the fixed   Game.render(in:), and
///                              deadlines, motion,       steps       lastFrameRendered
///                              snapshots
/// ├─ frame ─────────────────────────────────────────────────────────────────────────────────────┤
/// ```
///
/// ``input`` is what the game's input costs it each frame: SDL's queue
/// drained into events, and every event through the game loop (action maps,
/// scene, recognizers, motion, the game's own `handle`), deadlines and
/// snapshots. ``trace`` is the trace tools, timed apart: a replay reading
/// the events due from its file (parsing text, which stands in for a user
/// and which no game does for its input) and a recording appending them.
///
/// `frame` is the work of the frame; the pacing wait after it (`SDL_Delay`
/// without vsync) is not in it but is in ``wallMicroseconds``, so
/// ``framesPerSecond`` is the rate the app achieved. A frame that runs no
/// update records 0 µs of update.
///
/// ```swift
/// configuration.measuresFrameTiming = true
/// let app = try SDLApp(configuration)
/// try app.run(game)
/// if let timing = app.frameTiming { print(timing) }   // one line per phase
/// ```
///
/// Trade-off: percentiles come from a fixed histogram (``Statistics``), so
/// they are exact to 1 µs below 1 ms, to 10 µs below 10 ms and to 100 µs
/// below 100 ms; longer durations all fall in one last bucket, where the
/// percentile is reported as the maximum.
///
/// ## See Also
/// - ``SDLApp``
public struct FrameTiming: Sendable, CustomStringConvertible {
    /// A 60 Hz frame, in microseconds: the budget the shares in
    /// ``description`` are of.
    public static let frameBudget60Hz = 1_000_000.0 / 60

    /// Drain, and the game loop up to its first update: the input the game
    /// pays for, without the trace tools.
    public private(set) var input = Statistics()
    /// The replay reading its due events from the trace, and the recording
    /// (0 without either): input that stands in for the user, and its record.
    public private(set) var trace = Statistics()
    /// The frame's fixed updates (0 when none was due).
    public private(set) var update = Statistics()
    /// `Game.render(in:)`, and ``SDLApp/lastFrameRendered`` on the last frame
    /// (a screenshot's readback, when one is taken).
    ///
    /// SDL's renderer batches draw calls, so this is mostly the game
    /// recording its drawing; the rasterising happens in ``present``.
    public private(set) var render = Statistics()
    /// `SDL_RenderPresent`: SDL draws the frame's batch and shows it (with the
    /// software renderer, the rasterising and the copy to the window).
    public private(set) var present = Statistics()
    /// The whole frame, from draining input to presenting, without the
    /// pacing wait (the trace tools included).
    public private(set) var frame = Statistics()
    /// Real time from the start of the first measured frame to the end of the
    /// last one, pacing included, in microseconds.
    public private(set) var wallMicroseconds = 0.0
    /// How long `InputWarmUp` took before the first frame, in microseconds,
    /// when ``SDLApp`` ran it (``SDLApp/Configuration/warmsUpInput``);
    /// `nil` when it did not. Load time, in no frame's phases.
    public internal(set) var warmUpMicroseconds: Double?

    public init() {}

    /// Adds one frame's phases, each in microseconds; `wall` is the real time
    /// since the previous frame ended (or, for the first, since it began).
    /// `frame` includes `trace`.
    public mutating func record(
        input: Double, trace: Double = 0, update: Double, render: Double, present: Double, frame: Double, wall: Double
    ) {
        self.input.record(input)
        self.trace.record(trace)
        self.update.record(update)
        self.render.record(render)
        self.present.record(present)
        self.frame.record(frame)
        wallMicroseconds += wall
    }

    /// How many frames were measured.
    public var frameCount: Int { frame.count }

    /// Frames per second achieved over the run, pacing included; 0 before
    /// the first frame.
    public var framesPerSecond: Double {
        wallMicroseconds > 0 ? Double(frameCount) * 1_000_000 / wallMicroseconds : 0
    }

    /// One line per phase: mean, p50, p99 and max in microseconds, and the
    /// mean's and p99's shares of a 60 Hz frame; then the input's three
    /// slowest frames (their indices from 0, to tell a p99 made by the
    /// first frames from one made by a frame in the middle of a run), the
    /// warm-up's cost when it ran, and the frame rate.
    public var description: String {
        var lines: [String] = []
        for (name, statistics) in [("input", input), ("trace", trace), ("update", update), ("render", render), ("present", present), ("frame", frame)] {
            lines.append("\(pad(name, 7)) \(statistics.summary)")
        }
        // Which frames make the input's p99 (with 180 frames, the second
        // longest): work (ten touches landing, lifting) or a cold start.
        let slowest = input.slowest.map { "#\($0.index) \(format($0.microseconds, decimals: 1)) µs" }
        if !slowest.isEmpty {
            lines.append("input's slowest frames (from 0): \(slowest.joined(separator: ", "))")
        }
        if let warmUpMicroseconds {
            lines.append("warm-up \(format(warmUpMicroseconds, decimals: 1)) µs, once before the first frame (InputWarmUp)")
        }
        lines.append("\(frameCount) frames in \(format(wallMicroseconds / 1_000_000, decimals: 3)) s: \(format(framesPerSecond, decimals: 1)) frames per second")
        return lines.joined(separator: "\n")
    }

    /// Running statistics of one phase's durations, in microseconds: count,
    /// mean, max, and percentiles from a fixed histogram allocated once.
    ///
    /// Recording is O(1) and never allocates; a percentile walks the
    /// histogram's 2,802 buckets.
    public struct Statistics: Sendable {
        /// How many durations were recorded.
        public private(set) var count = 0
        /// Their sum, in microseconds.
        public private(set) var total = 0.0
        /// The longest, in microseconds; 0 before any.
        public private(set) var max = 0.0
        /// Bucket `k` counts the durations in (upper(k-1), upper(k)] µs:
        /// 1 µs wide up to 1 ms, 10 µs up to 10 ms, 100 µs up to 100 ms, then
        /// one bucket for everything longer.
        private var buckets = [UInt32](repeating: 0, count: Self.bucketCount)

        private static let bucketCount = 1_001 + 900 + 900 + 1
        /// The ``slowestKept`` longest durations, longest first, each with
        /// its place in the order of recording (for a frame phase, the
        /// frame's index from 0), so that a p99 can be traced to the frames
        /// that make it (with 180 frames, the p99 is the second longest).
        /// `index` -1: not filled yet. Made full size at once, so recording
        /// never allocates.
        private var slowestKept = [(index: Int, microseconds: Double)](repeating: (-1, 0), count: Self.slowestCount)

        static let slowestCount = 3

        public init() {}

        /// The mean, in microseconds; 0 before any duration.
        public var mean: Double { count > 0 ? total / Double(count) : 0 }

        /// Adds one duration, in microseconds (a negative one counts as 0).
        public mutating func record(_ microseconds: Double) {
            let value = Swift.max(microseconds, 0)
            count += 1
            total += value
            if value > max { max = value }
            buckets[Self.bucket(of: value)] &+= 1
            // Insertion into the short, longest-first list; a tie keeps the
            // earlier duration first.
            var slot = Self.slowestCount
            while slot > 0, slowestKept[slot - 1].index < 0 || slowestKept[slot - 1].microseconds < value { slot -= 1 }
            guard slot < Self.slowestCount else { return }
            var move = Self.slowestCount - 1
            while move > slot {
                slowestKept[move] = slowestKept[move - 1]
                move -= 1
            }
            slowestKept[slot] = (count - 1, value)
        }

        /// The longest durations recorded (at most three), longest first,
        /// each with its index in the order of recording: for a phase of
        /// ``FrameTiming``, the frame's index from 0.
        var slowest: [(index: Int, microseconds: Double)] {
            slowestKept.filter { $0.index >= 0 }
        }

        /// The duration that `fraction` (0…1) of the recorded ones do not
        /// exceed, to the histogram's resolution: the upper edge of the
        /// bucket holding the ⌈fraction × count⌉-th shortest, but never more
        /// than ``max``. 0 before any duration.
        public func percentile(_ fraction: Double) -> Double {
            guard count > 0 else { return 0 }
            let rank = Swift.max(1, Int((fraction * Double(count)).rounded(.up)))
            var seen = 0
            for index in buckets.indices {
                seen += Int(buckets[index])
                if seen >= rank { return Swift.min(Self.upperEdge(of: index), max) }
            }
            return max
        }

        static func bucket(of microseconds: Double) -> Int {
            let value = microseconds.rounded(.up)
            switch value {
            case ...1_000: return Int(value)
            case ...10_000: return 1_000 + Int(((value - 1_000) / 10).rounded(.up))
            case ...100_000: return 1_900 + Int(((value - 10_000) / 100).rounded(.up))
            default: return bucketCount - 1
            }
        }

        static func upperEdge(of bucket: Int) -> Double {
            switch bucket {
            case ...1_000: return Double(bucket)
            case ...1_900: return 1_000 + Double(bucket - 1_000) * 10
            case ...2_800: return 10_000 + Double(bucket - 1_900) * 100
            default: return .infinity
            }
        }

        /// `mean 12.3 µs (0.07%)  p50 …  p99 …  max …`, shares of a 60 Hz frame.
        var summary: String {
            let p99 = percentile(0.99)
            return "mean \(microseconds(mean)) (\(share(mean)))  p50 \(microseconds(percentile(0.5)))"
                + "  p99 \(microseconds(p99)) (\(share(p99)))  max \(microseconds(max))  n=\(count)"
        }

        private func microseconds(_ value: Double) -> String { "\(format(value, decimals: 1)) µs" }
        private func share(_ value: Double) -> String {
            "\(format(100 * value / FrameTiming.frameBudget60Hz, decimals: 2))% of 60 Hz"
        }
    }
}

/// `value` with `decimals` digits after the point, without Foundation.
private func format(_ value: Double, decimals: Int) -> String {
    guard value.isFinite else { return "\(value)" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (value * scale).rounded()
    let whole = Int(scaled / scale)
    guard decimals > 0 else { return "\(whole)" }
    let fraction = Int(abs(scaled) - abs(Double(whole)) * scale)
    let digits = String(fraction)
    return "\(scaled < 0 && whole == 0 ? "-" : "")\(whole).\(String(repeating: "0", count: decimals - digits.count))\(digits)"
}

private func pad(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: Swift.max(0, width - text.count))
}
