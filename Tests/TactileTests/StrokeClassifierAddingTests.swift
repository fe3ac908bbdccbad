import TactileTestSupport
import Testing
@_spi(StrokeTuning) @testable import Tactile

/// A classifier grown one learned drawing at a time
/// (``StrokeClassifier/adapted(to:)``) is the classifier a full preparation
/// of the same templates makes: every prepared buffer, and every match of a
/// seeded set of drawings and scribbles, bit for bit; and it prepared only
/// the samples it did not have.
struct StrokeClassifierAddingTests {
    /// Learns a wide-handed player's drawings into `adaptation` one at a
    /// time (replacing the oldest once a template holds k), growing a
    /// classifier from the last at each step; checks each step reuses
    /// every sample but the new one, and that the last is the whole
    /// preparation's.
    func grow(_ base: [StrokeTemplate], drawingsPerTemplate: Int, seed: UInt64) throws -> (grown: StrokeClassifier, whole: StrokeClassifier, steps: Int) {
        var adaptation = StrokeAdaptation(drawingsPerTemplate: drawingsPerTemplate)
        var grown = try StrokeClassifier(templates: base)
        var synthesizer = StrokeSynthesizer(seed: seed)
        let hand = StrokeWriter(seed: seed &+ 1, habits: .wide)
        var steps = 0
        for round in 0..<3 {
            for shape in StrokeShape.allCases where base.contains(where: { $0.name == shape.rawValue }) {
                let drawing = synthesizer.drawing(of: shape, by: hand, rotation: Double(round) * 0.3)
                let kept = adaptation.learn(drawing, as: shape.rawValue)
                #expect(kept)
                let templates = try adaptation.templates(adding: base)
                // One sample new, every other one taken from the last classifier.
                let reused = grown.preparedSamples(of: templates)
                #expect(reused.filter { $0 < 0 }.count == 1)
                #expect(Set(reused.filter { $0 >= 0 }).count == reused.count - 1)
                grown = try grown.adapted(to: templates)
                steps += 1
            }
        }
        let whole = try StrokeClassifier(templates: adaptation.templates(adding: base))
        return (grown, whole, steps)
    }

    func expectSame(_ grown: StrokeClassifier, _ whole: StrokeClassifier, seed: UInt64) throws {
        #expect(grown.templates == whole.templates)
        #expect(grown.sampleCount == whole.sampleCount)
        let n = grown.n, cells = grown.grid * grown.grid
        func bits(_ buffer: UnsafeMutablePointer<Double>, _ count: Int) -> [UInt64] {
            (0..<count).map { buffer[$0].bitPattern }
        }
        #expect(Array(UnsafeBufferPointer(start: grown.sampleLookup, count: grown.sampleCount * cells))
                == Array(UnsafeBufferPointer(start: whole.sampleLookup, count: whole.sampleCount * cells)))
        #expect(bits(grown.sampleX, grown.sampleCount * n) == bits(whole.sampleX, whole.sampleCount * n))
        #expect(bits(grown.sampleY, grown.sampleCount * n) == bits(whole.sampleY, whole.sampleCount * n))
        #expect(bits(grown.sampleRadii, grown.sampleCount * n) == bits(whole.sampleRadii, whole.sampleCount * n))
        for template in grown.templates.indices {
            #expect(grown.shapeRanges(ofTemplate: template) == whole.shapeRanges(ofTemplate: template))
            #expect(grown.largestMarginFactor[template] == whole.largestMarginFactor[template])
        }
        // Classified both ways (the margin searched as far as the default
        // threshold decides, and as far as a lower one), the same matches.
        var synthesizer = StrokeSynthesizer(seed: seed)
        var drawings: [[[Point]]] = []
        for writer in 0..<3 {
            let hand = StrokeWriter(seed: seed &+ 10 &+ UInt64(writer), habits: writer == 0 ? .usual : .wide)
            drawings += StrokeShape.allCases.map { synthesizer.drawing(of: $0, by: hand) }
        }
        drawings += (0..<48).map { _ in synthesizer.scribble() }
        var accepted = 0
        for drawing in drawings {
            let ink = StrokeInk(strokes: drawing)
            let one = grown.classify(ink), two = whole.classify(ink)
            #expect(one == two)
            #expect(one?.distance.bitPattern == two?.distance.bitPattern)
            #expect(one?.shapeDeviation.bitPattern == two?.shapeDeviation.bitPattern)
            let lowerOne = grown.classify(ink, marginSearchDeviation: 1.5)
            let lowerTwo = whole.classify(ink, marginSearchDeviation: 1.5)
            #expect(lowerOne == lowerTwo)
            if one?.isConfident() == true { accepted += 1 }
        }
        // Both outcomes occur, so the comparison covers accepted and rejected matches.
        #expect(accepted > 0 && accepted < drawings.count)
    }

    @Test func aClassifierGrownSampleBySampleIsTheWholePreparation() throws {
        let (grown, whole, steps) = try grow(StrokeTemplate.builtIn, drawingsPerTemplate: 2, seed: 0xADD)
        #expect(steps == 3 * StrokeShape.allCases.count)
        try expectSame(grown, whole, seed: 0xADE)
    }

    /// Rotation-invariant templates prepare their harmonics too.
    @Test func rotationInvariantTemplatesGrowTheSame() throws {
        let base = try StrokeTemplate.builtIn.prefix(6).map { template in
            try StrokeTemplate(name: template.name, isRotationInvariant: true, deviationScale: template.deviationScale,
                               closeTemplates: template.closeTemplates, samples: template.samples)
        }
        let (grown, whole, _) = try grow(base, drawingsPerTemplate: 1, seed: 0xADF)
        let cells = whole.sampleCount * whole.harmonicCount * 2
        #expect((0..<cells).map { grown.sampleHarmonics[$0].bitPattern } == (0..<cells).map { whole.sampleHarmonics[$0].bitPattern })
        try expectSame(grown, whole, seed: 0xAE0)
    }

    /// The classifier grown from is not changed (a shared one stays as it
    /// was), and a set with a new template name prepares all its samples.
    @Test func theSourceIsLeftAsItWasAndUnknownTemplatesArePrepared() throws {
        let source = try StrokeClassifier(templates: Array(StrokeTemplate.builtIn.prefix(4)))
        let before = source.templates
        let other = Array(StrokeTemplate.builtIn.suffix(2))
        let reused = source.preparedSamples(of: other)
        #expect(reused.allSatisfy { $0 < 0 } && reused.count == other.reduce(0) { $0 + $1.samples.count })
        let grown = try source.adapted(to: Array(StrokeTemplate.builtIn.prefix(4)) + other)
        #expect(source.templates == before && grown !== source)
        #expect(throws: StrokeTemplateProblem.duplicateName(before[0].name)) {
            try source.adapted(to: before + [before[0]])
        }
    }
}
