import Foundation
import TactileTestSupport
import Testing
@testable import Tactile

/// The template file: round trips, and a precise error at the right line
/// for each kind of bad input, never a trap.
struct StrokeTemplateFileTests {
    static let sample = """
    tactile-strokes 1
    # a comment
    template check
    sample
    stroke
    0 50
    30 90.5
    100 0
    template x rotation-invariant
    sample
    stroke
    0 0
    1e2 100
    stroke
    100 0
    0 100
    sample
    stroke
    -0.0 5e-324
    10 10

    """

    static func problem(_ text: String) -> StrokeTemplateFileError? {
        do {
            _ = try StrokeTemplateFile.templates(from: text)
            return nil
        } catch {
            return error
        }
    }

    @Test func aFileReadsAndWritesBackIdentically() throws {
        let templates = try StrokeTemplateFile.templates(from: Self.sample)
        #expect(templates.map(\.name) == ["check", "x"])
        #expect(templates[1].isRotationInvariant && !templates[0].isRotationInvariant)
        #expect(templates[1].samples.count == 2 && templates[1].samples[0].count == 2)
        let text = StrokeTemplateFile.text(of: templates)
        #expect(try StrokeTemplateFile.templates(from: text) == templates)
        #expect(StrokeTemplateFile.text(of: try StrokeTemplateFile.templates(from: text)) == text)
        // Numbers are exact: -0.0 and the smallest subnormal survive.
        #expect(templates[1].samples[1][0][0].x.sign == .minus)
        #expect(templates[1].samples[1][0][0].y == Double.leastNonzeroMagnitude)
    }

    @Test @MainActor func theBuiltInTextIsCanonical() throws {
        let text = StrokeTemplate.builtInTemplateText + "\n"
        #expect(StrokeTemplateFile.text(of: StrokeTemplate.builtIn) == text)
        let file = FormatFuzzTests.root.appendingPathComponent("Assets/Strokes/builtin.strokes")
        #expect(try String(contentsOf: file, encoding: .utf8) == text)
    }

    @Test func savingAndLoadingAFileRoundTrips() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("strokes-\(UUID()).strokes").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let templates = try StrokeTemplateFile.templates(from: Self.sample)
        try StrokeTemplateFile.save(templates, toFile: path)
        #expect(try StrokeTemplateFile.templates(contentsOfFile: path) == templates)
        #expect(throws: StrokeTemplateFileError(line: nil, problem: .template(.duplicateName("x")))) {
            try StrokeTemplateFile.save([templates[1], templates[1]], toFile: path)
        }
    }

    @Test func badInputGetsAPreciseErrorAtItsLine() {
        typealias E = StrokeTemplateFileError
        #expect(Self.problem("") == E(line: 1, problem: .missingHeader))
        #expect(Self.problem("tactile-strokes 2\n") == E(line: 1, problem: .unsupportedVersion("2")))
        // Truncated: a template with no sample, a sample with no stroke, a stroke with no point.
        #expect(Self.problem("tactile-strokes 1\ntemplate a\n") == E(line: 2, problem: .template(.noSamples(template: "a"))))
        #expect(Self.problem("tactile-strokes 1\ntemplate a\nsample\n") == E(line: 2, problem: .template(.noStrokes(template: "a", sample: 0))))
        #expect(Self.problem("tactile-strokes 1\ntemplate a\nsample\nstroke\n") == E(line: 2, problem: .template(.emptyStroke(template: "a", sample: 0))))
        #expect(Self.problem("tactile-strokes 1\ntemplate a\nsample\nstroke\n1 2\n3") == E(line: 6, problem: .unknownKeyword("3")))
        // NaN and huge coordinates.
        #expect(Self.problem("tactile-strokes 1\ntemplate a\nsample\nstroke\nnan 2\n") == E(line: 5, problem: .badNumber("nan")))
        #expect(Self.problem("tactile-strokes 1\ntemplate a\nsample\nstroke\n1 1e10\n") == E(line: 5, problem: .badNumber("1e10")))
        #expect(Self.problem("tactile-strokes 1\ntemplate a\nsample\nstroke\n1 1e999\n") == E(line: 5, problem: .badNumber("1e999")))
        // One point; all points equal.
        #expect(Self.problem("tactile-strokes 1\ntemplate a\nsample\nstroke\n1 1\n") == E(line: 2, problem: .template(.noExtent(template: "a", sample: 0))))
        #expect(Self.problem("tactile-strokes 1\ntemplate a\nsample\nstroke\n1 1\n1 1\nstroke\n1 1\n") == E(line: 2, problem: .template(.noExtent(template: "a", sample: 0))))
        // Duplicate names.
        let one = "template a\nsample\nstroke\n0 0\n1 1\n"
        #expect(Self.problem("tactile-strokes 1\n" + one + one) == E(line: 7, problem: .template(.duplicateName("a"))))
        // Out of place, unknown.
        #expect(Self.problem("tactile-strokes 1\nsample\n") == E(line: 2, problem: .outsideBlock(keyword: "sample", expected: "template")))
        #expect(Self.problem("tactile-strokes 1\ntemplate a\nstroke\n") == E(line: 3, problem: .outsideBlock(keyword: "stroke", expected: "sample")))
        #expect(Self.problem("tactile-strokes 1\ntemplate a\nsample\n1 2\n") == E(line: 4, problem: .outsideBlock(keyword: "a point", expected: "stroke")))
        #expect(Self.problem("tactile-strokes 1\ntemplate a mirrored\n") == E(line: 2, problem: .unknownOption("mirrored")))
        #expect(Self.problem("tactile-strokes 1\ntemplate\n") == E(line: 2, problem: .wrongFieldCount(keyword: "template", expected: 2, found: 1)))
        #expect(Self.problem("tactile-strokes 1\ntemplate a\nsample 2\n") == E(line: 3, problem: .wrongFieldCount(keyword: "sample", expected: 1, found: 2)))
        #expect(Self.problem("tactile-strokes 1\ntemplate a\nsample\nstroke\n1 2 3\n") == E(line: 5, problem: .unknownKeyword("1")))
        let error = Self.problem("tactile-strokes 1\ntemplate a\nsample\nstroke\nnan 2\n")
        #expect(error?.description == "line 5: 'nan' is not a finite decimal number within ±1000000000.0")
    }

    @Test func tenMegabytesOfTextGetAnErrorNotAnUnboundedRead() {
        // One template of ten megabytes of points: refused at the point that passes the limit.
        var huge = "tactile-strokes 1\ntemplate a\nsample\nstroke\n"
        huge += String(repeating: "1 2\n", count: 2_500_000)
        #expect(Self.problem(huge) == StrokeTemplateFileError(
            line: 4 + StrokeTemplate.maximumPointCount + 1,
            problem: .template(.tooManyPoints(template: "a", limit: StrokeTemplate.maximumPointCount))))
        // Ten megabytes on one line.
        #expect(Self.problem("tactile-strokes 1\n" + String(repeating: "x", count: 10_000_000))
            == StrokeTemplateFileError(line: 2, problem: .lineTooLong(limit: 4096)))
    }

    @Test("mutated template files: no trap; an error at a line of the text, or templates that round-trip")
    func fuzz() throws {
        var random = SplitMix64(seed: 0x5730_CE5)
        let seed = StrokeTemplate.builtInTemplateText
        let lines = seed.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let pieces = ["nan", "1e999", "template", "sample", "stroke", "-", "0", "1e9", "template a", "#", "\t", "\r", "\u{FEFF}", "x y z", ""]
        var parsed = 0, refused = 0
        for _ in 0..<300 {
            var mutated = Array(lines.prefix(120))
            for _ in 0...random.below(4) {
                let index = random.below(mutated.count)
                switch random.below(4) {
                case 0: mutated.remove(at: index)
                case 1: mutated.insert(pieces[random.below(pieces.count)], at: index)
                case 2: mutated[index] += " " + pieces[random.below(pieces.count)]
                default: mutated.insert(mutated[random.below(mutated.count)], at: index)
                }
                if mutated.isEmpty { mutated = [""] }
            }
            let text = mutated.joined(separator: "\n")
            if let problem = Self.problem(text) {
                let line = try #require(problem.line)
                #expect(line >= 1 && line <= mutated.count + 1, "\(problem)")
                refused += 1
            } else {
                let templates = try StrokeTemplateFile.templates(from: text)
                #expect(try StrokeTemplateFile.templates(from: StrokeTemplateFile.text(of: templates)) == templates)
                parsed += 1
            }
        }
        #expect(parsed > 10 && refused > 100, "parsed \(parsed), refused \(refused)")
    }
}
