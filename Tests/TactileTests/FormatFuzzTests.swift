import Foundation
import TactileTestSupport
import Testing
@testable import Tactile

/// A short run of each format's fuzzer, seeded from the real files: the
/// demos' recorded traces (`Demos/Assets/Traces`) and the library's binding
/// files (`Assets/Bindings`); a few seconds in the normal suite. `scripts/fuzz-formats` runs
/// the same fuzzers for as long as it is asked, in a release build.
@Suite("Format fuzzing", .serialized)
@MainActor
struct FormatFuzzTests {
    /// The repository's root.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The files ending in `suffix` in `folder`, a path from the root.
    static func texts(in folder: String, ending suffix: String) throws -> [String] {
        let directory = root.appendingPathComponent(folder)
        return try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(suffix) }
            .sorted()
            .map { try String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8) }
    }

    @Test("the peak memory the fuzzers bound is measured, not vacuous: 32 MB touched shows")
    func peakMemoryIsMeasured() throws {
        try #require(PeakMemory.isAvailable)
        PeakMemory.resetPeak()
        let before = PeakMemory.residentBytes()
        let block = [UInt8](repeating: 1, count: 32_000_000)
        let growth = PeakMemory.peakBytes() - before
        #expect(block.last == 1)
        #expect(growth >= 30_000_000, "peak grew by \(growth) bytes")
    }

    @Test("mutated real traces: no trap, an in-range line or a round trip that plays, bounded peak memory")
    func traces() throws {
        // The recorded traces are long; the fuzzer's cost is per byte, so
        // each seed is cut to its first 60 lines.
        let seeds = try Self.texts(in: "Demos/Assets/Traces", ending: ".trace").map {
            $0.split(separator: "\n", omittingEmptySubsequences: false).prefix(60).joined(separator: "\n")
        }
        #expect(seeds.count >= 5)
        var fuzzer = TraceFuzzer(seeds: seeds, seed: 0x17_7ACE)
        let report = fuzzer.run(iterations: 1000, hugeEvery: 500)
        #expect(report.failures.isEmpty, "\(report.failures.prefix(5))")
        #expect(report.parsed > 100 && report.refused > 100, "\(report)")
        #expect(report.hugeRuns == 2)
    }

    @Test("mutated real binding files: no trap, an in-range line and the old bindings kept, or a round trip, bounded peak memory")
    func bindings() throws {
        let seeds = try Self.texts(in: "Assets/Bindings", ending: ".bindings")
        #expect(!seeds.isEmpty)
        var fuzzer = BindingsFuzzer(seeds: seeds, seed: 0x17_B1D5)
        let report = fuzzer.run(iterations: 1000, hugeEvery: 500)
        #expect(report.failures.isEmpty, "\(report.failures.prefix(5))")
        #expect(report.parsed > 100 && report.refused > 100, "\(report)")
        #expect(report.hugeRuns == 2)
    }
}
