import Tactile

/// Mutation fuzzing of the binding file format (`ActionMapFile`), seeded
/// from real binding files: each run damages a file with ``FormatMutator``
/// and loads it into a map that already holds the seed's bindings, and
/// checks what the format promises.
///
/// - Loading never traps.
/// - It either throws an `ActionMapError` whose line is a line of the text
///   (and whose description starts with it), and the map keeps exactly the
///   bindings it had; or it succeeds, and the map's
///   `ActionMap/bindingsText` loads into a fresh map as the same bindings
///   with the same text, and the map plays: random keys, buttons, axes,
///   mouse buttons and wheel turns give finite snapshots.
/// - A run with a 10 MB mutation must not raise the peak resident size by
///   more than twice its input plus 64 MB (``PeakMemory``).
///
/// The map's actions are the first words of the seeds' binding lines, and
/// `tap` and `pinch` are registered, so that every kind of binding can load.
@MainActor
public struct BindingsFuzzer {
    /// An action named by a binding file.
    struct Action: RawRepresentable, Hashable {
        var rawValue: String
    }

    private let seeds: [String]
    private let actions: [Action]
    private var mutator: FormatMutator

    /// - Parameters:
    ///   - seeds: the texts to mutate, real binding files that load.
    ///   - seed: the seed of the mutations.
    ///   - hugeSize: the size of the huge mutations (10 MB unless a short
    ///     run in a debug build asks for less).
    public init(seeds: [String], seed: UInt64, hugeSize: Int = FormatMutator.defaultHugeSize) {
        self.seeds = seeds
        var names: [String] = []
        for seedText in seeds {
            for line in seedText.split(separator: "\n").dropFirst() {
                guard let word = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).first,
                      !word.hasPrefix("#"), !names.contains(String(word))
                else { continue }
                names.append(String(word))
            }
        }
        actions = names.map(Action.init(rawValue:))
        mutator = FormatMutator(header: "tactile-bindings", seed: seed, hugeSize: hugeSize)
    }

    private func makeMap() -> ActionMap<Action> {
        let map = ActionMap(actions: actions)
        map.register(TapGestureRecognizer(), as: "tap")
        map.register(PinchGestureRecognizer(), as: "pinch")
        return map
    }

    /// Runs `iterations` mutated files: 1 to 3 cheap mutations each, and a
    /// huge one every `hugeEvery`-th run (0 for none).
    public mutating func run(iterations: Int, hugeEvery: Int) -> FormatFuzzReport {
        var report = FormatFuzzReport(format: "bindings")
        for run in 0..<iterations {
            let seedText = seeds.isEmpty ? "" : seeds[run % seeds.count]
            var bytes = Array(seedText.utf8)
            var applied: [FormatMutator.Mutation] = []
            for _ in 0...mutator.below(3) { applied.append(mutator.mutate(&bytes)) }
            let isHuge = hugeEvery > 0 && run % hugeEvery == hugeEvery - 1
            if isHuge { applied.append(mutator.mutateHuge(&bytes)) }
            for mutation in applied { report.mutationCounts[mutation.rawValue, default: 0] += 1 }
            let text = String(decoding: bytes, as: UTF8.self)
            bytes = []
            report.runs += 1

            let map = makeMap()
            do {
                try map.loadBindings(from: seedText)
            } catch {
                report.fail(run, [], "the seed itself does not load: \(error)")
                return report
            }
            let before = map.entries

            var peakBefore = 0
            if isHuge, PeakMemory.isAvailable {
                PeakMemory.resetPeak()
                peakBefore = PeakMemory.residentBytes()
            }
            check(text, map: map, before: before, run: run, applied: applied, into: &report)
            if isHuge {
                report.hugeRuns += 1
                if PeakMemory.isAvailable {
                    let growth = max(0, PeakMemory.peakBytes() - peakBefore)
                    report.largestPeakGrowth = max(report.largestPeakGrowth, growth)
                    if growth > FormatFuzzReport.peakBound(forInputOf: text.utf8.count) {
                        report.fail(run, applied, "loading \(text.utf8.count) bytes raised the peak by \(growth) bytes")
                    }
                }
            }
        }
        return report
    }

    private mutating func check(
        _ text: String, map: ActionMap<Action>, before: [ActionMap<Action>.Entry],
        run: Int, applied: [FormatMutator.Mutation], into report: inout FormatFuzzReport
    ) {
        let lineCount = countLines(in: text)
        do {
            try map.loadBindings(from: text)
        } catch {
            report.refused += 1
            let line = error.line ?? 0
            if !(1...lineCount).contains(line) || !error.description.hasPrefix("line \(line)") {
                report.fail(run, applied, "\(error) names no line of a text of \(lineCount) lines")
            }
            if map.entries != before {
                report.fail(run, applied, "a refused file changed the bindings")
            }
            return
        }
        report.parsed += 1
        let again = makeMap()
        do {
            try again.loadBindings(from: map.bindingsText)
            if again.entries != map.entries || again.bindingsText != map.bindingsText {
                report.fail(run, applied, "the bindings do not round-trip")
            }
        } catch {
            report.fail(run, applied, "the map's own text does not load: \(error)")
        }
        play(map, run: run, applied: applied, into: &report)
    }

    /// Random input through the map for a few frames; every snapshot finite.
    private mutating func play(_ map: ActionMap<Action>, run: Int, applied: [FormatMutator.Mutation], into report: inout FormatFuzzReport) {
        for frame in 0..<4 {
            for _ in 0..<8 {
                let time = Double(frame) / 60
                let event: InputEvent =
                    switch mutator.below(6) {
                    case 0:
                        InputEvent(timestamp: time, .key(KeyEvent(isDown: mutator.below(2) == 0, scancode: Int32(mutator.below(512)), keycode: 0)))
                    case 1:
                        InputEvent(timestamp: time, .controller(.button(
                            controller: 0, button: ControllerButton.allCases[mutator.below(ControllerButton.allCases.count)],
                            isDown: mutator.below(2) == 0)))
                    case 3:
                        InputEvent(timestamp: time, .mouseButton(MouseButtonEvent(
                            button: MouseButton.allCases[mutator.below(MouseButton.allCases.count)], isDown: mutator.below(2) == 0, location: .zero)))
                    case 4:
                        InputEvent(timestamp: time, .mouseWheel(MouseWheelEvent(
                            dx: Double(mutator.below(9)) / 2 - 2, dy: Double(mutator.below(9)) / 2 - 2)))
                    default:
                        InputEvent(timestamp: time, .controller(.axis(
                            controller: 0, axis: ControllerAxis.allCases[mutator.below(ControllerAxis.allCases.count)],
                            value: Double(mutator.below(2001)) / 1000 - 1)))
                    }
                map.handle(event)
            }
            map.endFrame()
            for action in actions {
                let snapshot = map[action]
                if !snapshot.value.isFinite || !snapshot.vector.x.isFinite || !snapshot.vector.y.isFinite || !snapshot.scale.isFinite {
                    report.fail(run, applied, "action \(action.rawValue) has a snapshot that is not finite: \(snapshot)")
                }
            }
        }
    }
}
