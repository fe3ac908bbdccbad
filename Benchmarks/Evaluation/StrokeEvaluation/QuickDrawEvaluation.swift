import Foundation
import Tactile
import TactileTestSupport

// People's drawings from Google's Quick, Draw! dataset (session 31): the
// first human drawings the harness measures. Each player drew a word in
// under 20 seconds for a game that guessed it while they drew, and a round
// ends as soon as the game guesses right: a "square" is a square's picture
// rather than a gesture, may stop before its last side, and a "line" may go
// any way or be several. The figures are what the built-in set and the
// matching make of drawings by many people with a mouse or a finger, not a
// gesture study. Nothing here chooses a parameter.

/// The built-in shape a Quick, Draw! word names, if any: its "square" is
/// our rectangle, and its circle, line, triangle, zigzag and star ours.
func quickDrawShape(for word: String) -> StrokeShape? {
    word == "square" ? .rectangle : StrokeShape(rawValue: word)
}

/// `scripts/evaluate-strokes quickdraw DIR [TRIALS] [svg=FILE] [explore]
/// [first=N]`: the `.ndjson` files under DIR (QuickDrawSketch), as a report
/// section; `explore` adds what the rejection's measures make of them;
/// `first=N` keeps each word's first N drawings (the dataset's files hold
/// a hundred thousand and more a word, and the templates from other
/// players compare every drawing with every template).
func evaluateQuickDraw(directory: String, trials: Int, svgPath: String?, explore: Bool = false, first: Int? = nil) -> String {
    var (sketches, skippedLines, skippedFiles) = QuickDrawSketch.read(directory: directory)
    if let first {
        var kept: [String: Int] = [:]
        sketches = sketches.filter { sketch in
            kept[sketch.word, default: 0] += 1
            return kept[sketch.word]! <= first
        }
    }
    var out = ""
    func line(_ text: String = "") { out += text + "\n" }
    guard !sketches.isEmpty else {
        return "no Quick, Draw! drawings (.ndjson lines with word, key_id and drawing) under \(directory); "
            + "\(skippedLines) lines and \(skippedFiles.count) files skipped\n"
    }
    let words = Array(Set(sketches.map(\.word))).sorted()
    let byWord = Dictionary(grouping: sketches, by: \.word)
    let shapeWords = words.filter { quickDrawShape(for: $0) != nil }
    let otherWords = words.filter { quickDrawShape(for: $0) == nil }
    line("\(sketches.count) drawings of \(words.count) words ("
         + words.map { "\($0) \(byWord[$0]!.count), \(byWord[$0]!.filter(\.recognized).count) recognized by the game" }
             .joined(separator: "; ")
         + "); \(skippedLines) lines without a drawing, \(skippedFiles.count) files unreadable. Words taken as built-in shapes: "
         + shapeWords.map { "\($0) → \(quickDrawShape(for: $0)!.rawValue)" }.joined(separator: ", ")
         + (otherWords.isEmpty ? "." : "; the others (\(otherWords.joined(separator: ", "))) are drawings of no gesture."))
    line()

    // The built-in set with its rejection, as a game uses it.
    let classifier = StrokeClassifier()
    let names = classifier.templates.map(\.name)
    var confusion = Confusion(names: names)
    var rows: [String] = []
    var looked: [(label: String, strokes: [[Point]])] = []
    var total = QDTally(), recognizedOnly = QDTally()
    // A line by the slope of its points' principal axis: the built-in line is
    // drawn across, and the dataset's players drew theirs any way.
    var lineRows: [String: QDTally] = [:]
    var explored: [(word: String, lost: [StrokeMatch], kept: [StrokeMatch])] = []
    // Each word's drawings in one stroke and in several.
    var byStrokes: [String: (one: QDTally, several: QDTally)] = [:]
    for word in shapeWords {
        var lost: [StrokeMatch] = [], keptMatches: [StrokeMatch] = []
        let expected = quickDrawShape(for: word)!.rawValue
        var counts = QDTally()
        for sketch in byWord[word]! {
            let match = classifier.classify(strokes: sketch.strokes)
            let confident = match?.isConfident() ?? false
            let right = match?.name == expected
            counts.add(right: right, confident: confident)
            if let match, right { confident ? keptMatches.append(match) : lost.append(match) }
            if sketch.strokes.count == 1 {
                byStrokes[word, default: (QDTally(), QDTally())].one.add(right: right, confident: confident)
            } else {
                byStrokes[word, default: (QDTally(), QDTally())].several.add(right: right, confident: confident)
            }
            if expected == StrokeShape.line.rawValue {
                let key = qdSlope(sketch.strokes) <= 30 ? "line, within 30° of across" : "line, steeper"
                lineRows[key, default: QDTally()].add(right: right, confident: confident)
            }
            if sketch.recognized { recognizedOnly.add(right: right, confident: confident) }
            confusion.add(actual: names.firstIndex(of: expected)!,
                          predicted: confident ? match.flatMap { names.firstIndex(of: $0.name) } : nil)
            if !(confident && match?.name == expected) {
                let result = match.map { confident ? $0.name : "\($0.name), rejected" } ?? "no match"
                looked.append(("\(word) → \(result)", sketch.strokes))
            }
        }
        total.add(counts)
        rows.append(qdRow(word, counts))
        explored.append((word, lost, keptMatches))
    }
    if !shapeWords.isEmpty {
        line("The built-in set (16 × 3) with its rejection (`isConfident`), on the drawings of words it has. "
             + "\"Lost\": drawings the nearest template names right that the rule rejects.")
        line()
        line("| word | drawings | nearest template right | recognized right (accepted) | lost (of nearest right) | accepted as another shape |")
        line("|---|---|---|---|---|---|")
        rows.forEach { line($0) }
        for key in lineRows.keys.sorted() { line(qdRow(key, lineRows[key]!)) }
        line(qdRow("all", total))
        line()
        line("The drawings the game itself recognized (\(recognizedOnly.drawings)): nearest template right "
             + "\(qdShare(recognizedOnly.nearest, recognizedOnly.drawings)), recognized right "
             + "\(qdShare(recognizedOnly.kept, recognizedOnly.drawings)), lost "
             + "\(qdShare(recognizedOnly.lost, recognizedOnly.nearest)).")
        line()
        line("Confusion matrix with rejection (\"none\": rejected; rows of shapes with no drawing left out):")
        line()
        let matrix = confusion.markdown().split(separator: "\n")
        for (index, text) in matrix.enumerated() where index < 2 || confusion.counts[index - 2].reduce(0, +) > 0 { line(String(text)) }
        line()
    }
    if !otherWords.isEmpty {
        line("Drawings of other words, which no game would mean as a gesture: accepted as a shape (false accepts).")
        line()
        line("| word | drawings | accepted | as |")
        line("|---|---|---|---|")
        var all = (0, 0)
        for word in otherWords {
            var accepted: [String: Int] = [:]
            for sketch in byWord[word]! {
                if let match = classifier.classify(strokes: sketch.strokes), match.isConfident() {
                    accepted[match.name, default: 0] += 1
                    looked.append(("\(word) → \(match.name), accepted", sketch.strokes))
                }
            }
            let count = accepted.values.reduce(0, +)
            all = (all.0 + byWord[word]!.count, all.1 + count)
            let list = byCountThenName(accepted.map { ($0.key, $0.value) }).map { "\($0.0) \($0.1)" }.joined(separator: ", ")
            line("| \(word) | \(byWord[word]!.count) | \(qdShare(count, byWord[word]!.count)) | \(list.isEmpty ? "·" : list) |")
        }
        if otherWords.count > 1 { line("| all | \(all.0) | \(qdShare(all.1, all.0)) | |") }
        line()
    }

    // Templates from other players: each drawing is a different person's,
    // so this is the papers' user-independent setting, with our matcher and
    // the two published ones on the same picks.
    let taken = shapeWords.filter { byWord[$0]!.count > 5 }
    if taken.count >= 2 {
        let shapeIndices = taken.map { word in shapes.firstIndex(of: quickDrawShape(for: word)!)! }
        let recognizers: [ReferenceRecognizer] = [.ours, .pointCloud, .pointCloudPlus]
        line("Templates from other players (user-independent), nearest template, no rejection: for each word k of its "
             + "drawings picked at random as the templates and every other drawing of those words tested, \(trials) trials; "
             + "ours beside $P and $P+ (written from their papers, `reference`) on the same picks. Words: "
             + taken.joined(separator: ", ") + ".")
        line()
        line("| templates per shape | ours | $P | $P+ | most frequent confusions (ours) |")
        line("|---|---|---|---|---|")
        var random = SplitMix64(seed: 0x0D4A_3D8A)
        for count in [1, 2, 3, 5] {
            var confusions = recognizers.map { _ in Confusion(names: taken.map { quickDrawShape(for: $0)!.rawValue }) }
            for _ in 0..<trials {
                let orders = taken.map { word in
                    var order = Array(byWord[word]!.indices)
                    for index in order.indices.reversed() { order.swapAt(index, random.below(index + 1)) }
                    return order
                }
                let samples = taken.indices.map { position in
                    orders[position].prefix(count).map { byWord[taken[position]]![$0].strokes }
                }
                for (which, recognizer) in recognizers.enumerated() {
                    let classify = recognizer.classifier(samples, shapeIndices: shapeIndices, rotationInvariant: false)
                    for position in taken.indices {
                        for index in orders[position].dropFirst(count) {
                            confusions[which].add(actual: position, predicted: classify(byWord[taken[position]]![index].strokes))
                        }
                    }
                }
            }
            line("| \(count) | " + confusions.map { referenceCell($0) }.joined(separator: " | ")
                 + " | \(confusions[0].topConfusions(4)) |")
        }
        line()
    }
    if explore {
        line("Explored (chooses nothing): each measure's median contribution (before the template's deviation scale) "
             + "and the median margin, over the drawings lost and those recognized, and the median of deviation ÷ margin "
             + "against the threshold \(GestureDefaults.strokeMaximumShapeDeviation).")
        line()
        for (word, lost, kept) in explored {
            let ratios = lost.map { $0.shapeDeviation / $0.margin }
            line("- \(word): lost \(lost.count): \(lost.isEmpty ? "–" : medianContributions(lost))"
                 + (ratios.isEmpty ? "" : String(format: "; deviation ÷ margin median %.2f", quantileInterpolated(ratios, 0.5)))
                 + "; recognized \(kept.count): \(kept.isEmpty ? "–" : medianContributions(kept))")
        }
        line()
        line("Lost among the drawings the nearest template names right, drawn in one stroke and in several: "
             + shapeWords.compactMap { word in
                 byStrokes[word].flatMap { one, several in
                     one.nearest + several.nearest == 0 ? nil
                         : "\(word) \(one.lost) of \(one.nearest) and \(several.lost) of \(several.nearest)"
                 }
             }.joined(separator: "; ") + ".")
        line()
        for word in otherWords {
            let accepted = byWord[word]!.compactMap { classifier.classify(strokes: $0.strokes) }.filter { $0.isConfident() }
            line("- \(word), accepted \(accepted.count): \(accepted.isEmpty ? "–" : medianContributions(accepted))")
        }
        line()
    }
    if let svgPath {
        FileManager.default.createFile(atPath: svgPath, contents: Data(qdSheet(looked).utf8))
        line("The \(looked.count) drawings lost, named wrong or accepted though of another word: \(svgPath).")
        line()
    }
    return out
}

/// The slope of the points' principal axis, in degrees from across (0–90).
private func qdSlope(_ strokes: [[Point]]) -> Double {
    let points = strokes.flatMap { $0 }
    let count = Double(points.count)
    let meanX = points.reduce(0) { $0 + $1.x } / count, meanY = points.reduce(0) { $0 + $1.y } / count
    var xx = 0.0, yy = 0.0, xy = 0.0
    for point in points {
        xx += (point.x - meanX) * (point.x - meanX)
        yy += (point.y - meanY) * (point.y - meanY)
        xy += (point.x - meanX) * (point.y - meanY)
    }
    return abs(0.5 * atan2(2 * xy, xx - yy)) * 180 / .pi
}

private func qdShare(_ count: Int, _ total: Int) -> String { total == 0 ? "–" : percent(Double(count) / Double(total)) }

/// Drawings as the built-in set takes them: how many, how many its nearest
/// template names right, how many of those it accepts, and how many it
/// accepts as another shape.
private struct QDTally {
    var drawings = 0, nearest = 0, kept = 0, wrong = 0
    /// Named right but rejected.
    var lost: Int { nearest - kept }

    mutating func add(right: Bool, confident: Bool) {
        drawings += 1
        if right { nearest += 1 }
        if confident { if right { kept += 1 } else { wrong += 1 } }
    }

    mutating func add(_ other: QDTally) {
        drawings += other.drawings
        nearest += other.nearest
        kept += other.kept
        wrong += other.wrong
    }
}

private func qdRow(_ word: String, _ counts: QDTally) -> String {
    "| \(word) | \(counts.drawings) | \(qdShare(counts.nearest, counts.drawings)) | \(qdShare(counts.kept, counts.drawings)) | "
        + "\(qdShare(counts.lost, counts.nearest)) | \(qdShare(counts.wrong, counts.drawings)) |"
}

/// An SVG sheet of labelled drawings, eight a row, to look at.
private func qdSheet(_ drawings: [(label: String, strokes: [[Point]])]) -> String {
    let rows = (drawings.count + 7) / 8
    var svg = "<svg xmlns='http://www.w3.org/2000/svg' width='1280' height='\(max(rows, 1) * 170)'>"
        + "<rect width='100%' height='100%' fill='white'/>"
    for (index, drawing) in drawings.enumerated() {
        let left = Double(index % 8) * 160 + 10, top = Double(index / 8) * 170 + 20
        let points = drawing.strokes.flatMap { $0 }
        let minX = points.map(\.x).min()!, maxX = points.map(\.x).max()!
        let minY = points.map(\.y).min()!, maxY = points.map(\.y).max()!
        let scale = 130 / max(maxX - minX, maxY - minY, 1)
        svg += "<text x='\(left)' y='\(top - 6)' font-size='10' font-family='sans-serif'>\(drawing.label)</text>"
        for stroke in drawing.strokes {
            let path = stroke.map { String(format: "%.1f,%.1f", left + ($0.x - minX) * scale, top + ($0.y - minY) * scale) }
            svg += "<polyline fill='none' stroke='black' points='\(path.joined(separator: " "))'/>"
            svg += "<circle r='2.5' fill='green' cx='\(path[0].split(separator: ",")[0])' cy='\(path[0].split(separator: ",")[1])'/>"
        }
    }
    return svg + "</svg>"
}
