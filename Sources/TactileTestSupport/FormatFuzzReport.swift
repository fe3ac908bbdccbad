/// What a run of a format fuzzer saw: how many mutated files were read, how
/// many parsed and how many were refused, the largest peak memory any read
/// took, and every broken promise.
///
/// A run passes when ``failures`` is empty. Each failure names the run, the
/// mutations applied and what went wrong, so it can be replayed from the
/// fuzzer's seed.
public struct FormatFuzzReport: Sendable, CustomStringConvertible {
    /// The format fuzzed: `trace` or `bindings`.
    public var format: String
    /// Mutated files read.
    public var runs = 0
    /// Files that parsed (and then round-tripped and played).
    public var parsed = 0
    /// Files refused with an error naming an in-range line.
    public var refused = 0
    /// Runs with a huge mutation (10 MB by default), whose peak memory was measured.
    public var hugeRuns = 0
    /// The most any measured read raised the peak resident size, in bytes
    /// (0 where ``PeakMemory/isAvailable`` is false).
    public var largestPeakGrowth = 0
    /// How often each mutation was applied.
    public var mutationCounts: [String: Int] = [:]
    /// Every broken promise, in words; empty for a run that passed.
    public var failures: [String] = []

    public init(format: String) {
        self.format = format
    }

    public var description: String {
        let mutations = mutationCounts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        return """
            \(format): \(runs) runs, \(parsed) parsed and round-tripped, \(refused) refused at an in-range line, \
            \(failures.count) failures; \(hugeRuns) runs with a huge mutation, largest peak growth \(largestPeakGrowth / 1000) kB
              mutations: \(mutations)
            """
    }

    mutating func fail(_ run: Int, _ mutations: [FormatMutator.Mutation], _ problem: String) {
        // Enough to replay and fix; a broken reader could otherwise fill memory with reports.
        guard failures.count < 100 else { return }
        failures.append("run \(run) (\(mutations.map(\.rawValue).joined(separator: ", "))): \(problem)")
    }

    /// The peak memory bound of a read of `inputBytes`: twice the input
    /// (a trace's events in memory take about as much as their text) plus
    /// 64 MB for everything else the process does meanwhile.
    static func peakBound(forInputOf inputBytes: Int) -> Int {
        2 * inputBytes + 64_000_000
    }
}

/// How many lines a text has: its newlines plus one (the last line needs no
/// newline), counted over the bytes in place.
func countLines(in text: String) -> Int {
    var text = text
    return text.withUTF8 { bytes in
        var count = 1
        for byte in bytes where byte == UInt8(ascii: "\n") { count += 1 }
        return count
    }
}
