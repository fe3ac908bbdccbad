import Foundation
import Tactile

/// One drawing from Google's Quick, Draw! dataset (Jongejan, Rowley,
/// Kawashima, Kim and Fox-Gieg, 2016; Creative Commons Attribution 4.0):
/// people in many countries each drew a word they were given, such as
/// "circle", "triangle" or "zigzag", in under 20 seconds, with a mouse or a
/// finger. Its newline-delimited JSON files hold one drawing a line, so a
/// game can try its templates, or Tactile's, on drawings by thousands of
/// people (`scripts/evaluate-strokes quickdraw DIR`).
///
/// Both of the dataset's stroke forms read: the raw files' `[xs, ys, ts]`
/// (screen pixels, milliseconds) and the simplified files' `[xs, ys]`
/// (scaled to 0–255 and thinned by Ramer–Douglas–Peucker); the times are not
/// kept. Strokes keep their order; a point whose coordinates are not finite
/// numbers is left out, as a NaN is anywhere else in Tactile, and a stroke
/// left with no point is dropped.
public struct QuickDrawSketch: Hashable, Sendable {
    /// The word the player was asked to draw ("circle", "square", …).
    public var word: String
    /// The dataset's identifier of the drawing, unique across words.
    public var keyID: String
    /// The player's country as ISO 3166-1 alpha-2 ("" if the line has none).
    public var countryCode: String
    /// Whether the game's own classifier guessed the word during the drawing.
    public var recognized: Bool
    public var strokes: [[Point]]

    public init(word: String, keyID: String, countryCode: String = "", recognized: Bool, strokes: [[Point]]) {
        self.word = word
        self.keyID = keyID
        self.countryCode = countryCode
        self.recognized = recognized
        self.strokes = strokes
    }

    /// The drawing on one line of an ndjson file, or nil when the line is
    /// not a JSON object with a `word`, a `key_id` and a `drawing` of
    /// strokes of number lists that keeps at least one point.
    public static func parse(line: some StringProtocol) -> QuickDrawSketch? {
        guard let line = try? JSONDecoder().decode(Line.self, from: Data(String(line).utf8)), !line.word.isEmpty else {
            return nil
        }
        let strokes: [[Point]] = line.drawing.compactMap { stroke in
            guard stroke.count >= 2 else { return nil }
            let points = zip(stroke[0], stroke[1]).compactMap { x, y in
                x.isFinite && y.isFinite ? Point(x: x, y: y) : nil
            }
            return points.isEmpty ? nil : points
        }
        guard !strokes.isEmpty else { return nil }
        return QuickDrawSketch(word: line.word, keyID: line.keyID, countryCode: line.countryCode ?? "",
                               recognized: line.recognized ?? false, strokes: strokes)
    }

    /// A line of the dataset, as its files spell it.
    private struct Line: Decodable {
        var word: String
        var keyID: String
        var countryCode: String?
        var recognized: Bool?
        /// Strokes, each `[xs, ys]` or `[xs, ys, ts]`.
        var drawing: [[[Double]]]

        enum CodingKeys: String, CodingKey {
            case word, recognized, drawing
            case keyID = "key_id"
            case countryCode = "countrycode"
        }
    }

    /// Every drawing of the `.ndjson` files under `directory`, files in
    /// sorted path order and lines in file order, each `key_id` once (the
    /// first: copies of the dataset overlap), with the number of non-empty
    /// lines that held no drawing and the paths of files that could not be
    /// read as UTF-8.
    public static func read(directory: String) -> (sketches: [QuickDrawSketch], skippedLines: Int, skippedFiles: [String]) {
        guard let walker = FileManager.default.enumerator(atPath: directory) else { return ([], 0, []) }
        var paths: [String] = []
        for case let path as String in walker where path.lowercased().hasSuffix(".ndjson") { paths.append(path) }
        var sketches: [QuickDrawSketch] = [], seen: Set<String> = [], skippedLines = 0, skippedFiles: [String] = []
        for path in paths.sorted() {
            guard let data = FileManager.default.contents(atPath: directory + "/" + path),
                  let text = String(data: data, encoding: .utf8) else {
                skippedFiles.append(path)
                continue
            }
            for line in text.split(whereSeparator: \.isNewline) where !line.allSatisfy(\.isWhitespace) {
                guard let sketch = parse(line: line) else {
                    skippedLines += 1
                    continue
                }
                if seen.insert(sketch.keyID).inserted { sketches.append(sketch) }
            }
        }
        return (sketches, skippedLines, skippedFiles)
    }
}
