import TactileTestSupport
import Testing
@_spi(StrokeTuning) @testable import Tactile

/// A template's close templates (session 16): a margin against one counts
/// its factor more. The match is otherwise the same; the library's bounded
/// search for the runner-up and its certain rejection decide as the exact
/// runner-up does; the file keeps the factors.
struct StrokeCloseTemplatesTests {
    static func inks(seed: UInt64, drawings: Int, scribbles: Int) -> [StrokeInk] {
        var mix = SplitMix64(seed: seed)
        var synthesizer = StrokeSynthesizer(seed: seed)
        var inks: [StrokeInk] = []
        for _ in 0..<drawings {
            let shape = StrokeShape.allCases[Int(mix.next() % UInt64(StrokeShape.allCases.count))]
            inks.append(StrokeInk(strokes: synthesizer.drawing(of: shape, by: StrokeWriter(seed: 900 + mix.next() % 100))))
        }
        for index in 0..<scribbles {
            inks.append(StrokeInk(strokes: synthesizer.scribble(StrokeScribble.allCases[index % StrokeScribble.allCases.count])))
        }
        return inks
    }

    /// The built-in set's samples and scales, without close templates.
    static func plainBuiltIn() throws -> [StrokeTemplate] {
        try StrokeTemplate.builtIn.map {
            try StrokeTemplate(name: $0.name, deviationScale: $0.deviationScale, samples: $0.samples)
        }
    }

    @Test func theMarginCountsTheRunnerUpsFactorAndNothingElseMoves() throws {
        #expect(StrokeTemplate.builtIn.contains { !$0.closeTemplates.isEmpty }, "the built-in set names close templates")
        var exact = StrokeMatchingParameters.standard
        exact.reportsRunnerUp = true
        let with = try StrokeClassifier(templates: StrokeTemplate.builtIn, parameters: exact)
        let without = try StrokeClassifier(templates: Self.plainBuiltIn(), parameters: exact)
        var counted = 0
        for ink in Self.inks(seed: 0x16C, drawings: 48, scribbles: 24) {
            let match = try #require(with.classify(ink))
            var plain = try #require(without.classify(ink))
            let template = StrokeTemplate.builtIn[match.templateIndex]
            let factor = template.closeTemplates[StrokeTemplate.builtIn[match.runnerUpTemplateIndex].name] ?? 1
            #expect(match.runnerUpFactor == factor)
            #expect(match.margin == plain.margin * factor)
            if factor > 1 { counted += 1 }
            plain.runnerUpFactor = factor
            #expect(match == plain)
        }
        #expect(counted > 0, "some runner-ups are close templates")
    }

    /// Random close templates (factors 1–2.5), scales, least scores and
    /// thresholds: the bounded search (`classify(_:marginSearchDeviation:)`)
    /// decides as the exact runner-up with its factor. Fails if the search
    /// stopped at a runner-up that rejects at its own factor while a nearer,
    /// closer one accepts.
    @Test(arguments: [UInt64(0x16A), 0x16B])
    func theBoundedSearchDecidesAsTheExactRunnerUp(seed: UInt64) throws {
        var mix = SplitMix64(seed: seed)
        var exactParameters = StrokeMatchingParameters.standard
        exactParameters.reportsRunnerUp = true
        var changed = 0, decided = 0
        for _ in 0..<4 {
            let names = StrokeTemplate.builtIn.map(\.name)
            let templates = try StrokeTemplate.builtIn.map { template in
                var close: [String: Double] = [:]
                for name in names where name != template.name && mix.next() % 3 == 0 {
                    close[name] = 1 + 1.5 * Double(mix.next() >> 11) / Double(1 << 53)
                }
                return try StrokeTemplate(name: template.name, deviationScale: 0.5 + Double(mix.next() % 1000) / 1000,
                                          closeTemplates: close, samples: template.samples)
            }
            let plainTemplates = try templates.map {
                try StrokeTemplate(name: $0.name, deviationScale: $0.deviationScale, samples: $0.samples)
            }
            let exact = try StrokeClassifier(templates: templates, parameters: exactParameters)
            let exactPlain = try StrokeClassifier(templates: plainTemplates, parameters: exactParameters)
            let searched = try StrokeClassifier(templates: templates)
            let minimumScore = 0.3 + 0.5 * Double(mix.next() % 1000) / 1000
            let threshold = 0.8 + 5 * Double(mix.next() % 1000) / 1000
            for ink in Self.inks(seed: mix.next(), drawings: 16, scribbles: 24) {
                let match = try #require(exact.classify(ink))
                let decision = match.isConfident(minimumScore: minimumScore, maximumShapeDeviation: threshold)
                if try #require(exactPlain.classify(ink)).isConfident(minimumScore: minimumScore, maximumShapeDeviation: threshold)
                    != decision { changed += 1 }
                let bounded = try #require(searched.classify(ink, marginSearchDeviation: threshold))
                #expect(bounded.isConfident(minimumScore: minimumScore, maximumShapeDeviation: threshold) == decision)
                decided += 1
            }
        }
        #expect(decided == 160)
        #expect(changed > 0, "the factors change some decisions, so the search with them is tested")
    }

    @Test func aFileKeepsTheFactorsAndRefusesBadOnes() throws {
        let sample: [[Point]] = [[Point(x: 0, y: 0), Point(x: 10, y: 5)]]
        let templates = [
            try StrokeTemplate(name: "zig", closeTemplates: ["zag": 1.25, "line": 1.0095], samples: [sample]),
            try StrokeTemplate(name: "zag", deviationScale: 0.9, samples: [sample]),
        ]
        let text = StrokeTemplateFile.text(of: templates)
        #expect(text.contains("template zig close-to=line:1.0095 close-to=zag:1.25\n"))
        #expect(try StrokeTemplateFile.templates(from: text) == templates)
        // The built-in set's text reads back as the set.
        #expect(try StrokeTemplateFile.templates(from: StrokeTemplateFile.text(of: StrokeTemplate.builtIn)) == StrokeTemplate.builtIn)

        func problem(_ options: String) -> StrokeTemplateFileError.Problem? {
            do throws(StrokeTemplateFileError) {
                _ = try StrokeTemplateFile.templates(from: "tactile-strokes 1\ntemplate zig \(options)\nsample\nstroke\n0 0\n10 5\n")
                return nil
            } catch {
                return error.problem
            }
        }
        #expect(problem("close-to=zag:0.9") == .template(.closeTemplateFactorOutOfRange(template: "zig", other: "zag")))
        #expect(problem("close-to=zag:11") == .template(.closeTemplateFactorOutOfRange(template: "zig", other: "zag")))
        #expect(problem("close-to=zag:nan") == .badNumber("nan"))
        #expect(problem("close-to=zag") == .unknownOption("close-to=zag"))
        #expect(problem("close-to=zag:1.1 close-to=zag:1.2") == .unknownOption("close-to=zag:1.2"))
        #expect(problem("close-to=:1.1") == .template(.notAWord("")))
        #expect(problem("close-to=zag:1.1 close-to=line:1") == nil)
        #expect(throws: StrokeTemplateProblem.closeTemplateFactorOutOfRange(template: "zig", other: "a")) {
            try StrokeTemplate(name: "zig", closeTemplates: ["b": .infinity, "a": 0], samples: [sample])
        }
        // A name the set does not hold, or the template's own, counts nothing.
        let lone = try StrokeClassifier(templates: [
            try StrokeTemplate(name: "zig", closeTemplates: ["zig": 2, "nowhere": 3], samples: [sample]),
            try StrokeTemplate(name: "zag", samples: [[[Point(x: 0, y: 0), Point(x: 10, y: -5)]]]),
        ])
        #expect(lone.marginFactor(of: 0, against: 1) == 1 && lone.marginFactor(of: 0, against: 0) == 1)
        #expect(lone.marginFactor(of: 0, against: -1) == 1)
    }
}
