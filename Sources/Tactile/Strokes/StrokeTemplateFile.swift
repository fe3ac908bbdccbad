// The slimmer FoundationEssentials is enough for reading and writing bytes
// where the toolchain has it (Linux, Swift 6); elsewhere, Foundation.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The text form of a set of ``StrokeTemplate``s: one block per template,
/// for games to ship and players' "learn" modes to save.
///
/// ## The format, version 1
///
/// ```
/// tactile-strokes 1
/// template check            # a name, then options
/// sample                    # a drawing of it
/// stroke                    # a stroke of that drawing
/// 0 50                      # its points, x y, one per line
/// 30 90
/// 100 0
/// template circle rotation-invariant
/// sample
/// stroke
/// …
/// template pigtail deviation-scale=1.2 close-to=check:1.05
/// sample
/// stroke
/// …
/// ```
///
/// - The first line is the header `tactile-strokes 1`: the format's name and
///   version. A reader refuses a version it does not know.
/// - `template NAME option…` starts a template's block; it holds one or
///   more `sample` blocks, each one or more `stroke` blocks, each one or
///   more point lines `x y`. The options are `rotation-invariant`,
///   `deviation-scale=S` (``StrokeTemplate/deviationScale``, a decimal
///   number; written only when it is not 1, so a set without scales is
///   written as before) and, once for each other template named,
///   `close-to=NAME:F` (``StrokeTemplate/closeTemplates``: NAME a
///   template's name, F a decimal number; written in name order).
/// - Names are single words, as in ``ActionMapFile``, and each names one
///   template: its samples are all in its block.
/// - Numbers are decimal, read and written as ``ActionMapFile`` does them
///   (Swift's shortest exact form, so a file round-trips number for number;
///   NaN, infinities, hexadecimal and out-of-range numbers are refused), and
///   must be within ±``StrokeTemplate/maximumCoordinate``.
/// - Comments, blank lines, spaces, tabs, carriage returns and the 4,096-byte
///   line limit are those of the project's other text formats.
///
/// ## Errors
///
/// The first problem throws a ``StrokeTemplateFileError`` naming the line
/// and what is wrong; a template's own problems (``StrokeTemplateProblem``:
/// no sample, a sample of one point, a duplicate name…) are reported at the
/// line that starts its block. A template holding more than
/// ``StrokeTemplate/maximumPointCount`` points is refused at the point that
/// passes the limit, so no file makes the reader hold more than that and
/// the templates before it.
///
/// ```swift
/// let templates = try StrokeTemplateFile.templates(contentsOfFile: "shapes.strokes")
/// try StrokeTemplateFile.save(templates, toFile: "shapes.strokes")
/// ```
///
/// ## See Also
/// - ``StrokeTemplate``
/// - ``ActionMapFile``
/// - ``Trace``
public enum StrokeTemplateFile {
    /// The version this build reads and writes.
    public static let version = 1
    static let header = "tactile-strokes"
    static let rotationInvariantOption = "rotation-invariant"
    static let deviationScaleOption = "deviation-scale="
    static let closeTemplateOption = "close-to="

    /// Whether `name` can be a template's name (one field that reads back as itself).
    static func isWord(_ name: String) -> Bool { ActionMapFile.isWord(name) }

    // MARK: Writing

    /// The templates as a file's text, in the order given.
    public static func text(of templates: [StrokeTemplate]) -> String {
        var text = "\(header) \(version)\n"
        for template in templates {
            text += "template \(template.name)"
            if template.isRotationInvariant { text += " \(rotationInvariantOption)" }
            if template.deviationScale != 1 { text += " \(deviationScaleOption)\(template.deviationScale)" }
            for other in template.closeTemplates.keys.sorted() {
                text += " \(closeTemplateOption)\(other):\(template.closeTemplates[other]!)"
            }
            text += "\n"
            for sample in template.samples {
                text += "sample\n"
                for stroke in sample {
                    text += "stroke\n"
                    for point in stroke { text += "\(point.x) \(point.y)\n" }
                }
            }
        }
        return text
    }

    /// Writes ``text(of:)`` to a file, whole, replacing any file at `path`.
    ///
    /// - Throws: a ``StrokeTemplateFileError`` for two templates of one
    ///   name (which would not read back), before anything is written; or
    ///   the file system's error.
    public static func save(_ templates: [StrokeTemplate], toFile path: String) throws {
        var names = Set<String>()
        for template in templates where !names.insert(template.name).inserted {
            throw StrokeTemplateFileError(line: nil, problem: .template(.duplicateName(template.name)))
        }
        try Data(text(of: templates).utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    // MARK: Reading

    /// The templates of a file's text.
    ///
    /// - Throws: ``StrokeTemplateFileError`` naming the line and the problem.
    /// - Complexity: O(*n*) in the length of the text.
    public static func templates(from text: String) throws(StrokeTemplateFileError) -> [StrokeTemplate] {
        var lines = TextLineReader(TextBytes(text))
        return try read(&lines).get()
    }

    /// The templates of a file, read a line at a time.
    ///
    /// - Throws: an error naming the file and the system's reason when it
    ///   cannot be opened or read, or a ``StrokeTemplateFileError``.
    public static func templates(contentsOfFile path: String) throws -> [StrokeTemplate] {
        var lines = TextLineReader(try FileBytes(path: path))
        return try read(&lines).get()
    }

    /// One template's block, as read so far.
    private struct Block {
        let line: Int
        let name: String
        let isRotationInvariant: Bool
        let deviationScale: Double
        let closeTemplates: [String: Double]
        var samples: [[[Point]]] = []
        var pointCount = 0

        func template() -> Result<StrokeTemplate, StrokeTemplateFileError> {
            do throws(StrokeTemplateProblem) {
                return .success(try StrokeTemplate(name: name, isRotationInvariant: isRotationInvariant,
                                                   deviationScale: deviationScale, closeTemplates: closeTemplates,
                                                   samples: samples))
            } catch {
                return .failure(StrokeTemplateFileError(line: line, problem: .template(error)))
            }
        }
    }

    private static func read<Source: ByteSource>(
        _ lines: inout TextLineReader<Source>
    ) throws(Source.Failure) -> Result<[StrokeTemplate], StrokeTemplateFileError> {
        var templates: [StrokeTemplate] = []
        var names = Set<String>()
        var block: Block?
        var sawHeader = false
        func fail(_ line: Int, _ problem: StrokeTemplateFileError.Problem) -> Result<[StrokeTemplate], StrokeTemplateFileError> {
            .failure(StrokeTemplateFileError(line: line, problem: problem))
        }
        while let next = try lines.next() {
            let line: Int
            let fields: [String]
            switch next {
            case .tooLong(let number):
                return fail(number, .lineTooLong(limit: TextLineReader<Source>.maximumLineLength))
            case .fields(let number, let kept, let count):
                guard count <= kept.count else {
                    return fail(number, .tooManyFields(found: count, limit: TextLineReader<Source>.maximumFieldCount))
                }
                line = number
                fields = kept
            }
            if !sawHeader {
                guard fields.count == 2, fields[0] == header else { return fail(line, .missingHeader) }
                guard Int(fields[1]) == version else { return fail(line, .unsupportedVersion(fields[1])) }
                sawHeader = true
                continue
            }
            guard let keyword = fields.first else { continue }
            switch keyword {
            case "template":
                if let finished = block {
                    switch finished.template() {
                    case .success(let template): templates.append(template)
                    case .failure(let error): return .failure(error)
                    }
                }
                guard fields.count >= 2 else { return fail(line, .wrongFieldCount(keyword: keyword, expected: 2, found: fields.count)) }
                let name = fields[1]
                guard isWord(name) else { return fail(line, .template(.notAWord(name))) }
                guard names.insert(name).inserted else { return fail(line, .template(.duplicateName(name))) }
                var isRotationInvariant = false
                var deviationScale: Double?
                var closeTemplates: [String: Double] = [:]
                for option in fields.dropFirst(2) {
                    if option.hasPrefix(closeTemplateOption) {
                        // NAME:F, split at the last colon; a name given twice is a repeated option.
                        let value = option.dropFirst(closeTemplateOption.count)
                        guard let colon = value.lastIndex(of: ":"), closeTemplates[String(value[..<colon])] == nil else {
                            return fail(line, .unknownOption(option))
                        }
                        let number = String(value[value.index(after: colon)...])
                        // Out of range (or not a word) is the template's problem, reported at this line.
                        guard let factor = DecimalNumber.parse(number) else { return fail(line, .badNumber(number)) }
                        closeTemplates[String(value[..<colon])] = factor
                        continue
                    }
                    if option.hasPrefix(deviationScaleOption), deviationScale == nil {
                        let value = String(option.dropFirst(deviationScaleOption.count))
                        // Out of range is the template's problem, reported at this line.
                        guard let scale = DecimalNumber.parse(value) else { return fail(line, .badNumber(value)) }
                        deviationScale = scale
                        continue
                    }
                    guard option == rotationInvariantOption, !isRotationInvariant else { return fail(line, .unknownOption(option)) }
                    isRotationInvariant = true
                }
                block = Block(line: line, name: name, isRotationInvariant: isRotationInvariant, deviationScale: deviationScale ?? 1,
                              closeTemplates: closeTemplates)
            case "sample":
                guard fields.count == 1 else { return fail(line, .wrongFieldCount(keyword: keyword, expected: 1, found: fields.count)) }
                guard block != nil else { return fail(line, .outsideBlock(keyword: keyword, expected: "template")) }
                block!.samples.append([])
            case "stroke":
                guard fields.count == 1 else { return fail(line, .wrongFieldCount(keyword: keyword, expected: 1, found: fields.count)) }
                guard block != nil, !block!.samples.isEmpty else { return fail(line, .outsideBlock(keyword: keyword, expected: "sample")) }
                block!.samples[block!.samples.count - 1].append([])
            default:
                guard fields.count == 2 else { return fail(line, .unknownKeyword(keyword)) }
                guard let x = DecimalNumber.parse(fields[0]), abs(x) <= StrokeTemplate.maximumCoordinate else {
                    return fail(line, .badNumber(fields[0]))
                }
                guard let y = DecimalNumber.parse(fields[1]), abs(y) <= StrokeTemplate.maximumCoordinate else {
                    return fail(line, .badNumber(fields[1]))
                }
                guard block != nil, let sample = block!.samples.indices.last, !block!.samples[sample].isEmpty else {
                    return fail(line, .outsideBlock(keyword: "a point", expected: "stroke"))
                }
                block!.pointCount += 1
                guard block!.pointCount <= StrokeTemplate.maximumPointCount else {
                    return fail(line, .template(.tooManyPoints(template: block!.name, limit: StrokeTemplate.maximumPointCount)))
                }
                let stroke = block!.samples[sample].count - 1
                block!.samples[sample][stroke].append(Point(x: x, y: y))
            }
        }
        if let finished = block {
            switch finished.template() {
            case .success(let template): templates.append(template)
            case .failure(let error): return .failure(error)
            }
        }
        // The line reader yields one line even for empty text, so the header
        // has been checked; this only covers the impossible.
        guard sawHeader else { return fail(1, .missingHeader) }
        return .success(templates)
    }
}

/// Why a stroke template file could not be read or written: the line (from
/// 1) and what is wrong.
///
/// ```
/// line 12: 'nan' is not a finite decimal number within ±1000000000.0
/// ```
public struct StrokeTemplateFileError: Error, Hashable, Sendable {
    /// The 1-based line of the file, or `nil` for a problem found in code.
    public var line: Int?
    public var problem: Problem

    public init(line: Int?, problem: Problem) {
        self.line = line
        self.problem = problem
    }

    /// What is wrong.
    public enum Problem: Error, Hashable, Sendable {
        /// The first line is not `tactile-strokes <version>`.
        case missingHeader
        /// The header names a version this build cannot read.
        case unsupportedVersion(String)
        /// A line is longer than `limit` bytes.
        case lineTooLong(limit: Int)
        /// A line has more fields than any line of the format.
        case tooManyFields(found: Int, limit: Int)
        /// A keyword line with too few or too many fields.
        case wrongFieldCount(keyword: String, expected: Int, found: Int)
        /// A line that is neither a keyword nor a point `x y`.
        case unknownKeyword(String)
        /// An option other than `rotation-invariant`, `deviation-scale=S` and
        /// `close-to=NAME:F`, or one given twice (for `close-to`, one naming
        /// a template twice).
        case unknownOption(String)
        /// A coordinate, a deviation scale or a close template's factor that
        /// is not a finite decimal number in range.
        case badNumber(String)
        /// A `sample`, `stroke` or point where no block it belongs to is open.
        case outsideBlock(keyword: String, expected: String)
        /// A template is not valid.
        case template(StrokeTemplateProblem)
        /// A file of learned drawings (see
        /// ``StrokeTemplateFile/learnedDrawings(from:settings:)``) gives a
        /// template an option: its drawings take their template's.
        case optionOnLearnedDrawings(template: String)
        /// A file of learned drawings holds more drawings of a template
        /// than the adaptation keeps (its ``StrokeAdaptation/drawingsPerTemplate``).
        case tooManyLearnedDrawings(template: String, found: Int, limit: Int)
    }
}

extension StrokeTemplateFileError: CustomStringConvertible {
    public var description: String {
        let prefix = line.map { "line \($0): " } ?? ""
        switch problem {
        case .missingHeader:
            return prefix + "expected the header '\(StrokeTemplateFile.header) \(StrokeTemplateFile.version)'"
        case .unsupportedVersion(let text):
            return prefix + "version '\(text.prefix(80))' is not one this build reads (\(StrokeTemplateFile.version))"
        case .lineTooLong(let limit):
            return prefix + "the line is longer than \(limit) bytes"
        case .tooManyFields(let found, let limit):
            return prefix + "\(found) fields, more than any line has (at most \(limit) are read)"
        case .wrongFieldCount(let keyword, let expected, let found):
            return prefix + "'\(keyword)' takes \(expected - 1) field(s) after it, found \(found - 1)"
        case .unknownKeyword(let text):
            return prefix + "'\(text.prefix(80))' is not 'template', 'sample', 'stroke' or a point 'x y'"
        case .unknownOption(let text):
            return prefix + "unknown or repeated option '\(text.prefix(80))' (the options are '\(StrokeTemplateFile.rotationInvariantOption)', '\(StrokeTemplateFile.deviationScaleOption)S' and '\(StrokeTemplateFile.closeTemplateOption)NAME:F')"
        case .badNumber(let text):
            return prefix + "'\(text.prefix(80))' is not a finite decimal number within ±\(StrokeTemplate.maximumCoordinate)"
        case .outsideBlock(let keyword, let expected):
            return prefix + "\(keyword) before any '\(expected)'"
        case .template(let problem):
            return prefix + problem.description
        case .optionOnLearnedDrawings(let template):
            return prefix + "learned drawings of '\(template)' take no options (they take their template's)"
        case .tooManyLearnedDrawings(let template, let found, let limit):
            return prefix + "\(found) learned drawings of '\(template)', more than the \(limit) the adaptation keeps"
        }
    }
}
