// Runs each format's fuzzer for as many iterations as asked, seeded from
// the real files (Demos/Assets/Traces, Assets/Bindings), and prints its report; exits 1 if any promise
// was broken. Arguments: iterations per format (default 20,000), the
// repository root (default: the current directory), the seed (default 17).
import Foundation
import TactileTestSupport

let arguments = CommandLine.arguments.dropFirst()
let iterations = arguments.first.flatMap(Int.init) ?? 20_000
let root = arguments.dropFirst().first ?? FileManager.default.currentDirectoryPath
let seed = arguments.dropFirst(2).first.flatMap { UInt64($0) } ?? 17
/// One run in this many gets a 10 MB mutation.
let hugeEvery = 250

func texts(in folder: String, ending suffix: String) throws -> [String] {
    let directory = URL(fileURLWithPath: root).appendingPathComponent(folder)
    return try FileManager.default.contentsOfDirectory(atPath: directory.path)
        .filter { $0.hasSuffix(suffix) }
        .sorted()
        .map { try String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8) }
}

func timed<T>(_ body: () throws -> T) rethrows -> (T, Double) {
    let start = ContinuousClock.now
    let result = try body()
    let elapsed = ContinuousClock.now - start
    return (result, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
}

let traceSeeds = try texts(in: "Demos/Assets/Traces", ending: ".trace")
let bindingSeeds = try texts(in: "Assets/Bindings", ending: ".bindings")
print("seeds: \(traceSeeds.count) traces, \(bindingSeeds.count) binding files; \(iterations) runs each, seed \(seed), a 10 MB mutation every \(hugeEvery) runs")
print("peak memory measured: \(PeakMemory.isAvailable)")

var traceFuzzer = TraceFuzzer(seeds: traceSeeds, seed: seed)
let (traceReport, traceSeconds) = timed { traceFuzzer.run(iterations: iterations, hugeEvery: hugeEvery) }
print(traceReport)
print(String(format: "  %.1f s", traceSeconds))

let (bindingsReport, bindingsSeconds) = await MainActor.run {
    var bindingsFuzzer = BindingsFuzzer(seeds: bindingSeeds, seed: seed)
    return timed { bindingsFuzzer.run(iterations: iterations, hugeEvery: hugeEvery) }
}
print(bindingsReport)
print(String(format: "  %.1f s", bindingsSeconds))

let failures = traceReport.failures + bindingsReport.failures
for failure in failures.prefix(20) { print("FAIL \(failure)") }
exit(failures.isEmpty ? 0 : 1)
