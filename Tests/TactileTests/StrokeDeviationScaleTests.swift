import Foundation
import Testing
@_spi(StrokeTuning) @testable import Tactile

/// A template's deviation scale (session 13): it divides the shape
/// deviation of the drawings matched to it, and only that; a template file
/// carries it as an option, and bad values get a precise error.
struct StrokeDeviationScaleTests {
    static func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }
    static let zigzag: [[Point]] = [[p(0, 0), p(20, 100), p(40, 0), p(60, 100), p(80, 0), p(100, 100)]]
    static let v: [[Point]] = [[p(0, 0), p(50, 100), p(100, 0)]]
    /// A zig-zag with a loop at its end: near the zig-zag's cloud, off its path.
    static let loopedZigzag: [[Point]] = [[p(0, 0), p(20, 100), p(40, 0), p(60, 100), p(80, 0), p(100, 100),
                                           p(90, 80), p(110, 80), p(100, 100)]]

    /// With the exact runner-up, so that the margin is the same at any scale.
    static func classifier(zigzagScale: Double) throws -> StrokeClassifier {
        var parameters = StrokeMatchingParameters.standard
        parameters.reportsRunnerUp = true
        return try StrokeClassifier(templates: [
            StrokeTemplate(name: "zigzag", deviationScale: zigzagScale, samples: [zigzag]),
            StrokeTemplate(name: "v", samples: [v]),
        ], parameters: parameters)
    }

    @Test func theScaleDividesTheShapeDeviationAndNothingElse() throws {
        let plain = try #require(try Self.classifier(zigzagScale: 1).classify(strokes: Self.loopedZigzag))
        let scaled = try #require(try Self.classifier(zigzagScale: 2).classify(strokes: Self.loopedZigzag))
        #expect(plain.name == "zigzag" && scaled.name == "zigzag")
        #expect(plain.shapeDeviation > 0)
        #expect(scaled.shapeDeviation == plain.shapeDeviation / 2)
        // The measures, the match, its score and its margin are the template's, whatever its scale.
        #expect(scaled.shapeMeasures == plain.shapeMeasures)
        #expect(scaled.shapeMeasures.total == plain.shapeDeviation)
        #expect(scaled.distance == plain.distance && scaled.score == plain.score && scaled.sampleIndex == plain.sampleIndex)
        #expect(scaled.margin == plain.margin)
        // A threshold between the two: the plain template rejects the drawing, the scaled one accepts it.
        let threshold = 0.75 * plain.shapeDeviation / plain.margin
        #expect(!plain.isConfident(minimumScore: 0, maximumShapeDeviation: threshold))
        #expect(scaled.isConfident(minimumScore: 0, maximumShapeDeviation: threshold))
    }

    @Test func aScaleOutOfRangeIsRefused() {
        for scale in [0, -1, 0.001, 1000, Double.nan, Double.infinity] {
            #expect(throws: StrokeTemplateProblem.deviationScaleOutOfRange(template: "z")) {
                try StrokeTemplate(name: "z", deviationScale: scale, samples: [Self.zigzag])
            }
        }
        #expect((try? StrokeTemplate(name: "z", deviationScale: 0.01, samples: [Self.zigzag])) != nil)
        #expect((try? StrokeTemplate(name: "z", deviationScale: 100, samples: [Self.zigzag])) != nil)
    }

    @Test func aFileCarriesTheScaleAndWritesItOnlyWhenItIsNotOne() throws {
        let text = """
        tactile-strokes 1
        template zigzag deviation-scale=1.25
        sample
        stroke
        0.0 0.0
        20.0 100.0
        40.0 0.0
        template v rotation-invariant deviation-scale=0.5
        sample
        stroke
        0.0 0.0
        50.0 100.0
        100.0 0.0
        template plain deviation-scale=1
        sample
        stroke
        0.0 0.0
        1.0 1.0

        """
        let templates = try StrokeTemplateFile.templates(from: text)
        #expect(templates.map(\.deviationScale) == [1.25, 0.5, 1])
        #expect(templates[1].isRotationInvariant)
        let written = StrokeTemplateFile.text(of: templates)
        // A scale of 1 is not written: a set without scales is written as before.
        #expect(written == text.replacingOccurrences(of: "template plain deviation-scale=1\n", with: "template plain\n"))
        #expect(try StrokeTemplateFile.templates(from: written) == templates)
    }

    @Test func badScalesInAFileGetAPreciseErrorAtTheirLine() {
        typealias E = StrokeTemplateFileError
        func problem(_ options: String) -> StrokeTemplateFileError? {
            StrokeTemplateFileTests.problem("tactile-strokes 1\n# scales\ntemplate a \(options)\nsample\nstroke\n0 0\n1 1\n")
        }
        #expect(problem("deviation-scale=nan") == E(line: 3, problem: .badNumber("nan")))
        #expect(problem("deviation-scale=") == E(line: 3, problem: .badNumber("")))
        #expect(problem("deviation-scale=0x10") == E(line: 3, problem: .badNumber("0x10")))
        #expect(problem("deviation-scale=0") == E(line: 3, problem: .template(.deviationScaleOutOfRange(template: "a"))))
        #expect(problem("deviation-scale=1e9") == E(line: 3, problem: .template(.deviationScaleOutOfRange(template: "a"))))
        #expect(problem("deviation-scale=2 deviation-scale=2") == E(line: 3, problem: .unknownOption("deviation-scale=2")))
        #expect(problem("deviation-scale") == E(line: 3, problem: .unknownOption("deviation-scale")))
        #expect(problem("deviation-scale=0")?.description
                == "line 3: template 'a' has a deviation scale that is not a finite number from 0.01 to 100.0")
    }

    @Test func theBuiltInSetCarriesItsScalesThroughItsFile() throws {
        let builtIn = StrokeTemplate.builtIn
        #expect(builtIn.contains { $0.deviationScale != 1 })
        let reloaded = try StrokeTemplateFile.templates(from: StrokeTemplateFile.text(of: builtIn))
        #expect(reloaded.map(\.deviationScale) == builtIn.map(\.deviationScale))
    }
}
