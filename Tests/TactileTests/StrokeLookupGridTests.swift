import TactileTestSupport
import Testing
@testable import Tactile

/// The samples' lookup grids, laid out cell by cell (session 26): whatever
/// the layout, each sample's entry for a cell names the sample point nearest
/// that cell's centre, for every sample and cell of a classifier prepared
/// whole (21 samples: a row length that is no power of two) and of one that
/// copied all its grids but one from another (`adapted(to:)`).
struct StrokeLookupGridTests {
    /// The first point of `sample` nearest the centre of `cell`, found
    /// directly from the sample's cloud.
    static func nearest(_ classifier: StrokeClassifier, sample: Int, cell: Int) -> Int {
        let grid = classifier.grid, n = classifier.n
        let centerX = (Double(cell % grid) + 0.5) / classifier.cellsPerUnit - classifier.extent
        let centerY = (Double(cell / grid) + 0.5) / classifier.cellsPerUnit - classifier.extent
        var nearest = 0, least = Double.infinity
        for index in 0..<n {
            let dx = classifier.sampleX[sample * n + index] - centerX
            let dy = classifier.sampleY[sample * n + index] - centerY
            if dx * dx + dy * dy < least {
                least = dx * dx + dy * dy
                nearest = index
            }
        }
        return nearest
    }

    static func expectEveryEntryNamesTheNearestPoint(_ classifier: StrokeClassifier) {
        let cells = classifier.grid * classifier.grid
        var wrong = 0
        for sample in 0..<classifier.sampleCount {
            let lookup = classifier.lookup(of: sample)
            for cell in 0..<cells where Int(lookup[cell * classifier.sampleCount]) != nearest(classifier, sample: sample, cell: cell) {
                wrong += 1
            }
        }
        #expect(wrong == 0)
    }

    @Test func aPreparedClassifiersEntriesNameTheNearestPoints() throws {
        // Seven templates of the built-in set, 21 samples, the second made
        // rotation invariant (its grid is read at turned cells).
        var templates = Array(StrokeTemplate.builtIn.prefix(7))
        let turned = templates[1]
        templates[1] = try StrokeTemplate(name: turned.name, isRotationInvariant: true, samples: turned.samples)
        let classifier = try StrokeClassifier(templates: templates)
        #expect(classifier.sampleCount == 21)
        Self.expectEveryEntryNamesTheNearestPoint(classifier)
    }

    @Test func anAdaptedClassifiersCopiedEntriesNameTheNearestPoints() throws {
        let base = Array(StrokeTemplate.builtIn.prefix(5))
        let classifier = try StrokeClassifier(templates: base)
        // A learned drawing of the second template: one sample more, so
        // every grid after it is copied to another place in each cell's row.
        var adaptation = StrokeAdaptation(drawingsPerTemplate: 1)
        var synthesizer = StrokeSynthesizer(seed: 0x26)
        let shape = try #require(StrokeShape(rawValue: base[1].name))
        let drawing = synthesizer.drawing(of: shape, by: StrokeWriter(seed: 0x27))
        let learned = adaptation.learn(drawing, as: shape.rawValue)
        #expect(learned)
        let templates = try adaptation.templates(adding: base)
        // Every grid but the learned drawing's is copied from `classifier`.
        #expect(classifier.preparedSamples(of: templates).filter { $0 < 0 }.count == 1)
        let adapted = try classifier.adapted(to: templates)
        #expect(adapted.sampleCount == classifier.sampleCount + 1)
        Self.expectEveryEntryNamesTheNearestPoint(adapted)
    }
}
