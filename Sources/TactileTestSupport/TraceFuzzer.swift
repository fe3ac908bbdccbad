#if canImport(Foundation)
import Foundation
#endif
import Tactile

/// Mutation fuzzing of the trace format, seeded from real traces: each run
/// damages a trace with ``FormatMutator`` and reads it, and checks what the
/// format promises.
///
/// - Reading never traps.
/// - It either throws a `TraceError` whose line is a line of the text and
///   whose description starts with it, or gives a trace that keeps the
///   rules (finite times that never decrease), whose `Trace/text` parses
///   back to an equal trace with the same text, and that plays through a
///   `TracePlayer`: every event once, in order, at its time.
/// - Every `fileEvery`-th run also writes the text to a file and reads it
///   through `Trace/init(contentsOfFile:)` and the streaming
///   `TracePlayer/init(contentsOfFile:start:)`, which must agree.
/// - A run with a 10 MB mutation must not raise the peak resident size by
///   more than twice its input plus 64 MB (``PeakMemory``).
///
/// ```swift
/// var fuzzer = TraceFuzzer(seeds: [text], seed: 1)
/// let report = fuzzer.run(iterations: 2_000, hugeEvery: 500)
/// #expect(report.failures.isEmpty)
/// ```
public struct TraceFuzzer {
    private let seeds: [[UInt8]]
    private var mutator: FormatMutator
    private let scratchPath: String

    /// - Parameters:
    ///   - seeds: the texts to mutate, real traces.
    ///   - seed: the seed of the mutations.
    ///   - hugeSize: the size of the huge mutations (10 MB unless a short
    ///     run in a debug build asks for less).
    ///   - scratchPath: a file the fuzzer may write and replace, for the
    ///     file-reading checks.
    public init(seeds: [String], seed: UInt64, hugeSize: Int = FormatMutator.defaultHugeSize, scratchPath: String = "/tmp/tactile-trace-fuzz-\(getpid()).trace") {
        self.seeds = seeds.map { Array($0.utf8) }
        mutator = FormatMutator(header: "tactile-trace", seed: seed, hugeSize: hugeSize)
        self.scratchPath = scratchPath
    }

    /// Runs `iterations` mutated traces: 1 to 3 cheap mutations each, and a
    /// huge one every `hugeEvery`-th run (0 for none); every `fileEvery`-th
    /// run (0 for none) also goes through a file.
    public mutating func run(iterations: Int, hugeEvery: Int, fileEvery: Int = 50) -> FormatFuzzReport {
        var report = FormatFuzzReport(format: "trace")
        defer { try? FileManager.default.removeItem(atPath: scratchPath) }
        for run in 0..<iterations {
            var bytes = seeds.isEmpty ? [] : seeds[run % seeds.count]
            var applied: [FormatMutator.Mutation] = []
            for _ in 0...mutator.below(3) { applied.append(mutator.mutate(&bytes)) }
            let isHuge = hugeEvery > 0 && run % hugeEvery == hugeEvery - 1
            if isHuge { applied.append(mutator.mutateHuge(&bytes)) }
            for mutation in applied { report.mutationCounts[mutation.rawValue, default: 0] += 1 }
            let text = String(decoding: bytes, as: UTF8.self)
            // A file that cannot be written is skipped, not reported: the
            // check is of the readers, not of the disk.
            let viaFile = fileEvery > 0 && run % fileEvery == 0 && !isHuge && write(bytes)
            bytes = []
            report.runs += 1

            var peakBefore = 0
            if isHuge, PeakMemory.isAvailable {
                PeakMemory.resetPeak()
                peakBefore = PeakMemory.residentBytes()
            }
            check(text, run: run, applied: applied, into: &report)
            if isHuge {
                report.hugeRuns += 1
                if PeakMemory.isAvailable {
                    let growth = max(0, PeakMemory.peakBytes() - peakBefore)
                    report.largestPeakGrowth = max(report.largestPeakGrowth, growth)
                    if growth > FormatFuzzReport.peakBound(forInputOf: text.utf8.count) {
                        report.fail(run, applied, "reading \(text.utf8.count) bytes raised the peak by \(growth) bytes")
                    }
                }
            }
            if viaFile { checkFile(against: text, run: run, applied: applied, into: &report) }
        }
        return report
    }

    private func check(_ text: String, run: Int, applied: [FormatMutator.Mutation], into report: inout FormatFuzzReport) {
        let lineCount = countLines(in: text)
        let trace: Trace
        do {
            trace = try Trace(parsing: text)
        } catch {
            report.refused += 1
            if !(1...lineCount).contains(error.line) || !error.description.hasPrefix("line \(error.line): ") {
                report.fail(run, applied, "\(error) names no line of a text of \(lineCount) lines")
            }
            return
        }
        report.parsed += 1
        var previous = -Double.infinity
        for event in trace.events {
            guard event.timestamp.isFinite, event.timestamp >= previous else {
                report.fail(run, applied, "a parsed trace breaks the rules at time \(event.timestamp) after \(previous)")
                return
            }
            previous = event.timestamp
        }
        do {
            let again = try Trace(parsing: trace.text)
            if again != trace || again.text != trace.text {
                report.fail(run, applied, "the trace does not round-trip")
            }
        } catch {
            report.fail(run, applied, "the trace's own text does not parse: \(error)")
        }
        var player = TracePlayer(trace, start: 100)
        var played: [InputEvent] = []
        player.events(dueBy: .greatestFiniteMagnitude, into: &played)
        let expected = trace.events.map { InputEvent(timestamp: 100 + $0.timestamp, $0.kind) }
        if !player.isFinished || played != expected {
            report.fail(run, applied, "the player played \(played.count) of \(trace.events.count) events, or not as recorded")
        }
    }

    /// Writes the scratch file; whether that worked.
    private func write(_ bytes: [UInt8]) -> Bool {
        FileManager.default.createFile(atPath: scratchPath, contents: Data(bytes))
    }

    /// The file readers must give what the text reader gives.
    private func checkFile(against text: String, run: Int, applied: [FormatMutator.Mutation], into report: inout FormatFuzzReport) {
        let fromText = Result { () throws(TraceError) -> Trace in try Trace(parsing: text) }
        let fromFile = Result { try Trace(contentsOfFile: scratchPath) }
        switch (fromText, fromFile) {
        case (.success(let a), .success(let b)) where a == b:
            do {
                var player = try TracePlayer(contentsOfFile: scratchPath, start: 0)
                var played: [InputEvent] = []
                player.events(dueBy: .greatestFiniteMagnitude, into: &played)
                if played != a.events || !player.isFinished || player.streamingError != nil {
                    report.fail(run, applied, "the streaming player played \(played.count) of \(a.events.count) events")
                }
            } catch {
                report.fail(run, applied, "the streaming player refused a valid trace: \(error)")
            }
        case (.failure(let a), .failure(let b as TraceError)) where a == b:
            do {
                _ = try TracePlayer(contentsOfFile: scratchPath, start: 0)
                report.fail(run, applied, "the streaming player accepted a bad trace")
            } catch let error as TraceError where error == a {
            } catch {
                report.fail(run, applied, "the streaming player threw \(error), the text reader \(a)")
            }
        default:
            report.fail(run, applied, "reading the file and the text disagree: \(fromFile) against \(fromText)")
        }
    }
}
