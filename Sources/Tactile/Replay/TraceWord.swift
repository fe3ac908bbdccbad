/// A set of words a trace field can hold: an enum whose raw values are the
/// words, read from a field's bytes through a table made once per type.
///
/// `Word(rawValue:)` would need the field as text first, and matches it by
/// comparing strings; a replay reads several words a line (`pointer move
/// finger`), every line, while the game runs, so the table compares bytes.
protocol TraceWord: RawRepresentable, CaseIterable, Sendable where RawValue == String {
    /// The type's words; `static let traceWords = TraceWordTable<Self>()`.
    static var traceWords: TraceWordTable<Self> { get }
}

/// The words of a ``TraceWord`` type as bytes, for matching a field.
struct TraceWordTable<Word: TraceWord>: Sendable {
    /// Every word's bytes, one after another.
    private let bytes: [UInt8]
    /// Word `k`'s bytes are `bytes[ends[k - 1]..<ends[k]]` (from 0 for the first).
    private let ends: [Int]
    private let words: [Word]

    init() {
        var bytes: [UInt8] = []
        var ends: [Int] = []
        var words: [Word] = []
        for word in Word.allCases {
            bytes += Array(word.rawValue.utf8)
            ends.append(bytes.count)
            words.append(word)
        }
        self.bytes = bytes
        self.ends = ends
        self.words = words
    }

    /// The word `field` spells exactly, or `nil`.
    ///
    /// - Complexity: O(*w*) in the number of words (at most a few dozen),
    ///   each compared only when its length matches.
    func word(_ field: UnsafeBufferPointer<UInt8>) -> Word? {
        bytes.withUnsafeBufferPointer { bytes in
            var start = 0
            for index in ends.indices {
                let end = ends[index]
                defer { start = end }
                guard end - start == field.count else { continue }
                var same = true
                for offset in 0..<field.count where bytes[start + offset] != field[offset] {
                    same = false
                    break
                }
                if same { return words[index] }
            }
            return nil
        }
    }
}

// The types a trace line spells with words.
extension TraceEventWord: TraceWord { static let traceWords = TraceWordTable<Self>() }
extension TraceButtonState: TraceWord { static let traceWords = TraceWordTable<Self>() }
extension TraceFlag: TraceWord { static let traceWords = TraceWordTable<Self>() }
extension TraceSensorSourceWord: TraceWord { static let traceWords = TraceWordTable<Self>() }
extension PointerEvent.Phase: TraceWord { static let traceWords = TraceWordTable<Self>() }
extension PointerKind: TraceWord { static let traceWords = TraceWordTable<Self>() }
extension MouseButton: TraceWord { static let traceWords = TraceWordTable<Self>() }
extension ControllerButton: TraceWord { static let traceWords = TraceWordTable<Self>() }
extension ControllerAxis: TraceWord { static let traceWords = TraceWordTable<Self>() }
extension ControllerType: TraceWord { static let traceWords = TraceWordTable<Self>() }
extension SensorKind: TraceWord { static let traceWords = TraceWordTable<Self>() }
extension RemoteCommand: TraceWord { static let traceWords = TraceWordTable<Self>() }
extension Interruption: TraceWord { static let traceWords = TraceWordTable<Self>() }
