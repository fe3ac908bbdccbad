import Foundation
import Tactile

/// One drawing from the XML gesture logs of the stroke recognition
/// literature: Wobbrock, Wilson and Li's $1 (one `<Gesture>` of `<Point X Y
/// T>` a file) and Anthony and Wobbrock's $N and MMG sets (`<Stroke>`s of
/// points), so a game can test its templates, or Tactile's, on people's
/// drawings (`scripts/evaluate-strokes logs DIR`).
///
/// The gesture's name is the file's `Name` without its sample number and
/// the separator before it: "arrow01" and "arrowhead~01" are "arrow" and
/// "arrowhead". Subject, speed and input type are as the file says them
/// ("" where it says nothing); strokes keep their order, a `<Stroke>` with
/// no point is dropped, and a file of $1's has its one stroke.
public struct GestureLog: Hashable, Sendable {
    public var name: String
    public var subject: String
    public var speed: String
    /// MMG's `InputType` ("finger", "stylus"); "" for $1's logs.
    public var inputType: String
    public var strokes: [[Point]]

    public init(name: String, subject: String, speed: String, inputType: String = "", strokes: [[Point]]) {
        self.name = name
        self.subject = subject
        self.speed = speed
        self.inputType = inputType
        self.strokes = strokes
    }

    /// The drawing in one log file's text, or nil when it has no
    /// `<Gesture>` with a name and at least one point with both
    /// coordinates. A point whose coordinates do not read as numbers is
    /// left out, as a NaN is anywhere else in Tactile.
    public static func parse(_ text: String) -> GestureLog? {
        // `<Gesture` followed by white space or `>` (not a `<Gestures>` around it).
        var searchFrom = text.startIndex
        var found: Range<String.Index>?
        while let candidate = text[searchFrom...].range(of: "<Gesture") {
            if candidate.upperBound < text.endIndex, text[candidate.upperBound].isWhitespace || text[candidate.upperBound] == ">" {
                found = candidate
                break
            }
            searchFrom = candidate.upperBound
        }
        guard let open = found, let close = text[open.upperBound...].firstIndex(of: ">") else { return nil }
        let tag = text[open.upperBound..<close]
        guard var name = attribute("Name", in: tag) else { return nil }
        while let last = name.last, last.isNumber { name.removeLast() }
        while let last = name.last, "~_- ".contains(last) { name.removeLast() }
        guard !name.isEmpty else { return nil }
        var strokes: [[Point]] = [[]]
        var cursor = close
        while let next = text[cursor...].range(of: "<") {
            guard let end = text[next.upperBound...].firstIndex(of: ">") else { break }
            let element = text[next.upperBound..<end]
            if element.hasPrefix("/Gesture") { break }
            if element.hasPrefix("Stroke"), !strokes[strokes.count - 1].isEmpty {
                strokes.append([])
            } else if element.hasPrefix("Point"),
                      let x = attribute("X", in: element).flatMap(Double.init), x.isFinite,
                      let y = attribute("Y", in: element).flatMap(Double.init), y.isFinite {
                strokes[strokes.count - 1].append(Point(x: x, y: y))
            }
            cursor = end
        }
        strokes.removeAll { $0.isEmpty }
        guard !strokes.isEmpty else { return nil }
        return GestureLog(name: name, subject: attribute("Subject", in: tag) ?? "", speed: attribute("Speed", in: tag) ?? "",
                          inputType: attribute("InputType", in: tag) ?? "", strokes: strokes)
    }

    /// Every `.xml` file's drawing under `directory`, in sorted path order,
    /// and the paths of the files that held none or could not be read (as
    /// UTF-8 or, with a byte order mark, UTF-16).
    public static func read(directory: String) -> (logs: [GestureLog], skipped: [String]) {
        guard let walker = FileManager.default.enumerator(atPath: directory) else { return ([], []) }
        var paths: [String] = []
        for case let path as String in walker where path.lowercased().hasSuffix(".xml") { paths.append(path) }
        var logs: [GestureLog] = [], skipped: [String] = []
        for path in paths.sorted() {
            guard let data = FileManager.default.contents(atPath: directory + "/" + path),
                  let text = String(data: data, encoding: .utf8)
                      ?? (data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) ? String(data: data, encoding: .utf16) : nil),
                  let log = parse(text) else {
                skipped.append(path)
                continue
            }
            logs.append(log)
        }
        return (logs, skipped)
    }

    /// The value of `name="…"` (or `'…'`) among a tag's attributes, which
    /// may be separated by any white space; nil if the tag has none.
    static func attribute(_ name: String, in tag: Substring) -> String? {
        var rest = tag[...]
        while let found = rest.range(of: name) {
            let before = found.lowerBound == tag.startIndex ? " " : tag[tag.index(before: found.lowerBound)]
            var after = found.upperBound
            while after < tag.endIndex, tag[after].isWhitespace { after = tag.index(after: after) }
            if before.isWhitespace, after < tag.endIndex, tag[after] == "=" {
                var quote = tag.index(after: after)
                while quote < tag.endIndex, tag[quote].isWhitespace { quote = tag.index(after: quote) }
                if quote < tag.endIndex, tag[quote] == "\"" || tag[quote] == "'" {
                    let valueStart = tag.index(after: quote)
                    guard let valueEnd = tag[valueStart...].firstIndex(of: tag[quote]) else { return nil }
                    return String(tag[valueStart..<valueEnd])
                }
            }
            rest = tag[found.upperBound...]
        }
        return nil
    }
}
