/// A file of SDL game-controller mappings, in the community
/// `gamecontrollerdb.txt` format, checked line by line before SDL sees it.
///
/// Each line maps one pad model (by SDL's joystick GUID) onto SDL's
/// Xbox-style layout:
///
/// ```
/// # comment
/// 030000005e0400008e02000010010000,Xbox 360 Controller,a:b0,b:b1,x:b2,y:b3,leftx:a0,lefty:a1,dpup:h0.1,platform:Linux,
/// ```
///
/// - The GUID: 32 hexadecimal digits (or SDL's `xinput`).
/// - The pad's name: any text without a comma, not empty.
/// - Elements `target:source`, separated by commas (a trailing comma is
///   fine). A target is one of SDL's button names (`a`, `b`, `x`, `y`,
///   `back`, `guide`, `start`, `leftstick`, `rightstick`, `leftshoulder`,
///   `rightshoulder`, `dpup`, `dpdown`, `dpleft`, `dpright`, `misc1`,
///   `paddle1`…`paddle4`, `touchpad`) or axis names (`leftx`, `lefty`,
///   `rightx`, `righty`, `lefttrigger`, `righttrigger`, optionally `+` or
///   `-` for half an axis); a source is a button `b3`, a hat direction
///   `h0.4`, or an axis `a2` (optionally `+a2`, `-a2`, and `a2~` inverted).
/// - Fields SDL reads itself: `platform:` (the line is for that platform
///   only), `hint:` (the line applies only when an SDL hint has a value, as
///   in `hint:!SDL_GAMECONTROLLER_USE_BUTTON_LABELS:=1`), `crc:`, `sdk>=:`,
///   `sdk<=:`.
///
/// Parsing never stops at a bad line: each one becomes a
/// ``ControllerMappingError`` with its line number and what is wrong, and
/// the good lines are kept. Lines for another platform are counted and left
/// out. Two lines for one pad (one GUID, one `hint:`) are both kept, in
/// order, because SDL lets the later one win; each such pair is reported in
/// ``duplicates``. At most ``errorLimit`` errors are kept, however much
/// garbage the text holds, and ``errorCount`` counts them all.
///
/// TactileSDL's `SDLControllerMappings` adds a file's mappings to SDL.
public struct ControllerMappingFile: Sendable {
    /// The good lines for this platform, in file order.
    public private(set) var mappings: [ControllerMapping] = []
    /// How many good lines were for another platform.
    public private(set) var otherPlatformCount = 0
    /// Lines that map a pad an earlier line already mapped; the later wins.
    public private(set) var duplicates: [Duplicate] = []
    /// The first ``errorLimit`` bad lines.
    public private(set) var errors: [ControllerMappingError] = []
    /// How many lines were bad, kept in ``errors`` or not.
    public private(set) var errorCount = 0

    /// How many errors are kept: enough to fix a file by, bounded for a file
    /// of garbage.
    public static let errorLimit = 100
    /// The longest line read, in bytes: the longest line of the community
    /// database is under 600.
    public static let maximumLineLength = 4096

    /// A pad mapped twice.
    public struct Duplicate: Hashable, Sendable {
        public var guid: String
        /// The line of the earlier mapping, and of the one that replaces it.
        public var firstLine: Int, line: Int
    }

    /// Parses `text`, keeping the lines for `platform` (SDL's platform
    /// names: `Linux`, `Windows`, `Mac OS X`, `Android`, `iOS`) and lines
    /// that name none.
    ///
    /// - Complexity: O(*n*) in the length of the text.
    public init(parsing text: String, platform: String = "Linux") {
        var firstLines: [String: Int] = [:]
        var number = 0
        for rawLine in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            guard rawLine.count <= Self.maximumLineLength else {
                report(ControllerMappingError(line: number, problem: .lineTooLong(limit: Self.maximumLineLength)))
                continue
            }
            let line = String(decoding: rawLine, as: UTF8.self).trimmingWhitespace
            if line.isEmpty || line.hasPrefix("#") { continue }
            switch ControllerMapping.parse(line, number: number) {
            case .failure(let error):
                report(error)
            case .success(let mapping):
                if let linePlatform = mapping.platform, linePlatform != platform {
                    otherPlatformCount += 1
                    continue
                }
                let key = mapping.guid + "," + (mapping.hint ?? "")
                if let first = firstLines[key] {
                    duplicates.append(Duplicate(guid: mapping.guid, firstLine: first, line: number))
                }
                firstLines[key] = number
                mappings.append(mapping)
            }
        }
    }

    /// Counts a bad line, and keeps it if fewer than ``errorLimit`` are kept.
    public mutating func report(_ error: ControllerMappingError) {
        errorCount += 1
        if errors.count < Self.errorLimit { errors.append(error) }
    }
}
