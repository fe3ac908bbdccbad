import Foundation
import Tactile
import TactileTestSupport
import Testing

/// `QuickDrawSketch`: the Quick, Draw! dataset's ndjson lines, written here
/// from the dataset's description (simplified `[xs, ys]` and raw `[xs, ys,
/// ts]` strokes), with the variations a reader meets.
struct QuickDrawSketchTests {
    static let simplified = #"""
        {"word":"triangle","countrycode":"FI","timestamp":"2017-03-01 10:00:00.1 UTC","recognized":true,"key_id":"101","drawing":[[[0,128,255,0],[255,0,255,255]],[[10,20],[30,40]]]}
        """#
    static let raw = #"""
        {"word":"zigzag","countrycode":"BR","timestamp":"2017-03-13 14:57:25.6 UTC","recognized":false,"key_id":"202","drawing":[[[34.667,39.238,44.969],[219.667,217.162,209.229],[0,91,107]]]}
        """#

    @Test func readsASimplifiedLine() throws {
        let sketch = try #require(QuickDrawSketch.parse(line: Self.simplified))
        #expect(sketch.word == "triangle" && sketch.keyID == "101" && sketch.countryCode == "FI" && sketch.recognized)
        #expect(sketch.strokes == [[Point(x: 0, y: 255), Point(x: 128, y: 0), Point(x: 255, y: 255), Point(x: 0, y: 255)],
                                   [Point(x: 10, y: 30), Point(x: 20, y: 40)]])
    }

    @Test func readsARawLineWithoutItsTimes() throws {
        let sketch = try #require(QuickDrawSketch.parse(line: Self.raw))
        #expect(sketch.word == "zigzag" && sketch.keyID == "202" && !sketch.recognized)
        #expect(sketch.strokes == [[Point(x: 34.667, y: 219.667), Point(x: 39.238, y: 217.162), Point(x: 44.969, y: 209.229)]])
    }

    @Test func keepsWhatALineHoldsAndDropsWhatItCannot() throws {
        // No country and no recognized flag: "" and false.
        let bare = try #require(QuickDrawSketch.parse(line: #"{"word":"circle","key_id":"7","drawing":[[[1,2],[3,4]]]}"#))
        #expect(bare.countryCode == "" && !bare.recognized && bare.strokes == [[Point(x: 1, y: 3), Point(x: 2, y: 4)]])
        // A stroke with one list, or with no point, is dropped; unequal lists pair as far as both go.
        let ragged = try #require(QuickDrawSketch.parse(
            line: #"{"word":"line","key_id":"8","drawing":[[[1,2,3]],[[],[]],[[5,6,7],[8,9]]]}"#))
        #expect(ragged.strokes == [[Point(x: 5, y: 8), Point(x: 6, y: 9)]])
        // Not a drawing: a defined nil, never a crash.
        for text in ["", "{", "[]", "null", #"{"word":"line","key_id":"9"}"#, #"{"word":"","key_id":"9","drawing":[[[1],[2]]]}"#,
                     #"{"word":"line","key_id":"9","drawing":[]}"#, #"{"word":"line","key_id":"9","drawing":[[[],[]]]}"#,
                     #"{"word":"line","key_id":"9","drawing":[[[true,1],[2,3]]]}"#, #"{"word":"line","key_id":9,"drawing":[[[1],[2]]]}"#,
                     #"{"word":"line","key_id":"9","drawing":[[["1"],[2]]]}"#, #"{"word":"line","key_id":"9","drawing":[[[1e999],[2]]]}"#,
                     String(repeating: "[", count: 10_000)] {
            #expect(QuickDrawSketch.parse(line: text) == nil, "\(text.prefix(60))")
        }
    }

    @Test func readsAFolderOnceADrawing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quickdraw-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/more", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Two copies of the dataset overlap: a drawing is kept once, from the first file in path order.
        try (Self.simplified + "\n\n  \nnot json\n" + Self.raw + "\n").write(toFile: folder + "/a.ndjson", atomically: true, encoding: .utf8)
        try (Self.raw.replacingOccurrences(of: "zigzag", with: "copy") + "\r\n").write(toFile: folder + "/more/b.ndjson",
                                                                                   atomically: true, encoding: .utf8)
        try "ignored".write(toFile: folder + "/notes.txt", atomically: true, encoding: .utf8)
        try Data([0xFF, 0xFE, 0x00]).write(to: URL(fileURLWithPath: folder + "/c.ndjson"))
        let (sketches, skippedLines, skippedFiles) = QuickDrawSketch.read(directory: folder)
        #expect(sketches.map(\.keyID) == ["101", "202"] && sketches.map(\.word) == ["triangle", "zigzag"])
        #expect(skippedLines == 1 && skippedFiles == ["c.ndjson"])
        #expect(QuickDrawSketch.read(directory: folder + "/missing").sketches.isEmpty)
    }

    /// The sample in the evaluation harness reads whole: every line a drawing.
    @Test func readsTheHarnessSample() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Benchmarks/Evaluation/QuickDraw").path
        let (sketches, skippedLines, skippedFiles) = QuickDrawSketch.read(directory: folder)
        #expect(sketches.count == 347 && skippedLines == 0 && skippedFiles.isEmpty)
        #expect(Set(sketches.map(\.word)) == ["circle", "line", "square", "triangle", "star", "zigzag", "squiggle", "hurricane"])
    }
}
