/// The 5×7 pixel font that ``Canvas`` draws text with.
///
/// It is drawn in code rather than loaded from a file so that text (a frame
/// counter, a gesture's name, a debugging overlay) works with no assets and
/// looks the same on every machine and in every screenshot a test compares.
///
/// It covers printable ASCII, 32 (space) through 126 (`~`). Lower-case
/// letters are glyphs of their own, in the style of the HD44780 character
/// LCD: a shorter x-height, and the descenders of g, j, p, q and y squeezed
/// into the same seven rows, so every line of text is exactly seven pixels
/// tall. Any other character (é, emoji, a tab) draws as ``unknownGlyph``, a
/// hollow box, so missing text is visible instead of silently dropped.
///
/// Metrics are in font pixels; ``Canvas`` multiplies them by its text scale.
/// Letters sit in 5×7 cells one pixel apart (``advance``), and lines sit two
/// pixels apart (``lineAdvance``): "Hi" is 11×7 pixels, "Hi\nyo" 11×16.
enum BitmapFont {
    /// Width of every glyph, in font pixels.
    static let glyphWidth = 5
    /// Height of every glyph, in font pixels.
    static let glyphHeight = 7
    /// From one letter's left edge to the next one's: the glyph and a blank column.
    static let advance = 6
    /// From one line's top to the next one's: the glyph and two blank rows,
    /// the least that keeps a g on one line off a T below it.
    static let lineAdvance = 9

    /// The glyph index of the box drawn for characters the font lacks.
    static let unknownGlyph = printableCount
    private static let firstPrintable: UInt8 = 32
    private static let printableCount = 95

    /// Bits of row `row` (0 is the top) of glyph `glyph`: bit 4 is the leftmost
    /// column, bit 0 the rightmost.
    static func rowBits(glyph: Int, row: Int) -> UInt8 {
        glyphRows[glyph * glyphHeight + row]
    }

    /// A lit rectangle of a glyph, in font pixels from the glyph's top-left corner.
    struct Box {
        var x: UInt8
        var y: UInt8
        var width: UInt8
        var height: UInt8
    }

    /// The rectangles that light exactly glyph `glyph`'s pixels, none overlapping.
    ///
    /// Each run of lit pixels in a row is a rectangle, and a run lit in the
    /// same columns in the rows below extends it downwards: an l's stem is
    /// one rectangle rather than seven. On SDL's software renderer a glyph's
    /// cost is mostly per rectangle, so this halves text's cost there (the
    /// input debugger's overlay, issue 19). They never overlap, so
    /// translucent text is evenly translucent.
    static func boxes(glyph: Int) -> ArraySlice<Box> {
        glyphBoxes[glyphBoxStarts[glyph]..<glyphBoxStarts[glyph + 1]]
    }

    /// Makes the glyph tables now; they are otherwise made at their first
    /// use. ``Canvas``'s initialiser calls it: a canvas is made while a game
    /// loads, and made there, the tables were made in the middle of the
    /// first frame's render (about 700,000 instructions with the parse,
    /// callgrind), whose one-time work left the next frame's input running
    /// from cold caches (issue 14, item 6).
    static func makeTables() {
        _ = glyphBoxes.count
        _ = glyphBoxStarts.count
    }

    /// Every glyph's boxes, glyph after glyph; ``glyphBoxStarts`` says where each begins.
    private static let glyphBoxes: [Box] = glyphBoxTable.boxes
    /// Where each glyph's boxes begin in ``glyphBoxes``, and one past the last glyph's end.
    private static let glyphBoxStarts: [Int] = glyphBoxTable.starts

    private static let glyphBoxTable: (boxes: [Box], starts: [Int]) = {
        var boxes: [Box] = []
        var starts: [Int] = []
        for glyph in 0...unknownGlyph {
            starts.append(boxes.count)
            let first = boxes.count
            for row in 0..<glyphHeight {
                let bits = rowBits(glyph: glyph, row: row)
                var column = 0
                while column < glyphWidth {
                    guard bits & (0b10000 >> UInt8(column)) != 0 else {
                        column += 1
                        continue
                    }
                    let start = column
                    while column < glyphWidth, bits & (0b10000 >> UInt8(column)) != 0 {
                        column += 1
                    }
                    let width = UInt8(column - start)
                    // A box of this glyph that ends on the row above, in the same columns.
                    if let above = boxes[first...].lastIndex(where: {
                        Int($0.x) == start && $0.width == width && Int($0.y + $0.height) == row
                    }) {
                        boxes[above].height += 1
                    } else {
                        boxes.append(Box(x: UInt8(start), y: UInt8(row), width: width, height: 1))
                    }
                }
            }
        }
        starts.append(boxes.count)
        return (boxes, starts)
    }()

    /// The glyph index that draws `character`.
    static func glyph(for character: Character) -> Int {
        guard let code = character.asciiValue,
              code >= firstPrintable, Int(code - firstPrintable) < printableCount
        else { return unknownGlyph }
        return Int(code - firstPrintable)
    }

    /// Calls `body` with each drawn character's glyph and the top-left corner
    /// of its cell, in font pixels from the top-left of the text.
    ///
    /// Newlines (`\n`, `\r\n` and the other Unicode line breaks) start a new
    /// line and draw nothing; a space advances without drawing anything either.
    static func layOut(_ string: String, _ body: (_ glyph: Int, _ x: Int, _ y: Int) -> Void) {
        if isASCII(string) {
            // Byte by byte: the same layout as the Characters below, without
            // grapheme breaking, which was a good part of drawing a line of
            // text's cost.
            return layOut(ascii: string.utf8, body)
        }
        var x = 0
        var y = 0
        for character in string {
            if character.isNewline {
                x = 0
                y += lineAdvance
                continue
            }
            if character != " " {
                body(glyph(for: character), x, y)
            }
            x += advance
        }
    }

    /// ``layOut(_:_:)`` for text that is all ASCII (bytes below 128), from
    /// its bytes: "\r\n" is one line break, as it is one Character.
    static func layOut(ascii bytes: some Sequence<UInt8>, _ body: (_ glyph: Int, _ x: Int, _ y: Int) -> Void) {
        var x = 0
        var y = 0
        var afterReturn = false
        for code in bytes {
            defer { afterReturn = code == 13 }
            if isNewline(code) {
                if !(code == 10 && afterReturn) {
                    x = 0
                    y += lineAdvance
                }
                continue
            }
            if code != 32 {
                body(glyph(ascii: code), x, y)
            }
            x += advance
        }
    }

    /// The size of `string` laid out by ``layOut(_:_:)``, in font pixels, with
    /// no blank column after the last letter or blank rows after the last line.
    ///
    /// An empty string is one line tall and zero wide, so a label whose text
    /// goes blank keeps its height.
    static func size(of string: String) -> (width: Int, height: Int) {
        var lines = 1
        var widestLine = 0
        var currentLine = 0
        if isASCII(string) {
            return size(ascii: string.utf8)
        } else {
            for character in string {
                if character.isNewline {
                    lines += 1
                    currentLine = 0
                } else {
                    currentLine += 1
                    widestLine = max(widestLine, currentLine)
                }
            }
        }
        return measured(lines: lines, widestLine: widestLine)
    }

    /// ``size(of:)`` for text that is all ASCII, from its bytes.
    static func size(ascii bytes: some Sequence<UInt8>) -> (width: Int, height: Int) {
        var lines = 1
        var widestLine = 0
        var currentLine = 0
        var afterReturn = false
        for code in bytes {
            defer { afterReturn = code == 13 }
            if isNewline(code) {
                if !(code == 10 && afterReturn) {
                    lines += 1
                    currentLine = 0
                }
            } else {
                currentLine += 1
                widestLine = max(widestLine, currentLine)
            }
        }
        return measured(lines: lines, widestLine: widestLine)
    }

    /// The size in font pixels of `lines` lines, the widest `widestLine` characters.
    private static func measured(lines: Int, widestLine: Int) -> (width: Int, height: Int) {
        let width = widestLine == 0 ? 0 : widestLine * advance - (advance - glyphWidth)
        let height = lines * lineAdvance - (lineAdvance - glyphHeight)
        return (width, height)
    }

    /// Whether every character of `string` is one ASCII byte (or "\r\n"), so
    /// it can be laid out from its UTF-8 bytes.
    private static func isASCII(_ string: String) -> Bool {
        string.utf8.allSatisfy { $0 < 0x80 }
    }

    /// Whether `code` is an ASCII character `Character.isNewline` calls a line
    /// break: line feed, vertical tab, form feed, carriage return.
    private static func isNewline(_ code: UInt8) -> Bool {
        (10...13).contains(code)
    }

    /// The glyph index that draws the ASCII character `code`.
    private static func glyph(ascii code: UInt8) -> Int {
        code >= firstPrintable && Int(code - firstPrintable) < printableCount ? Int(code - firstPrintable) : unknownGlyph
    }

    /// Seven row bytes per glyph, space first and the unknown-character box
    /// last, parsed once from ``art``.
    private static let glyphRows: [UInt8] = {
        var rows = parse(art)
        rows += [0b11111, 0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b11111]
        return rows
    }()

    /// Reads the glyph table out of ``art``.
    ///
    /// The art is a constant, so a mistake in it is a bug in this file, not a
    /// runtime condition: it stops the program with the band and glyph at fault.
    ///
    /// It reads the art's UTF-8 bytes (the art is ASCII, so each byte is one
    /// character): split into `Character`s, the same parse took about
    /// 4,000,000 instructions (callgrind), about 280,000 byte by byte; it
    /// runs once, when the first ``Canvas`` is made (``makeTables()``).
    private static func parse(_ art: String) -> [UInt8] {
        let lines = Array(art.utf8).split(separator: newline, omittingEmptySubsequences: true).map(Array.init)
        precondition(
            lines.count % (1 + glyphHeight) == 0,
            "BitmapFont art: \(lines.count) lines are not whole bands of a header and \(glyphHeight) rows"
        )
        var rows: [UInt8] = []
        rows.reserveCapacity((printableCount + 1) * glyphHeight)
        var expected = firstPrintable
        for bandStart in stride(from: 0, to: lines.count, by: 1 + glyphHeight) {
            let header = lines[bandStart]
            // Headers name a glyph every glyphWidth + 1 columns and stop at the last one.
            let glyphCount = (header.count + glyphWidth) / (glyphWidth + 1)
            for index in 0..<glyphCount {
                let column = index * (glyphWidth + 1)
                precondition(
                    header[column] == expected,
                    "BitmapFont art: band at line \(bandStart + 1) has '\(character(header[column]))' where character \(expected) belongs"
                )
                for row in 1...glyphHeight {
                    let line = lines[bandStart + row]
                    precondition(
                        line.count >= column + glyphWidth,
                        "BitmapFont art: row \(row) of '\(character(header[column]))' is cut short"
                    )
                    var bits: UInt8 = 0
                    for pixel in line[column..<column + glyphWidth] {
                        precondition(
                            pixel == lit || pixel == unlit,
                            "BitmapFont art: '\(character(header[column]))' has '\(character(pixel))' where # or . belongs"
                        )
                        bits = bits << 1 | (pixel == lit ? 1 : 0)
                    }
                    rows.append(bits)
                }
                expected += 1
            }
        }
        precondition(
            Int(expected - firstPrintable) == printableCount,
            "BitmapFont art: ends before character \(expected), not after ~"
        )
        return rows
    }

    /// The character an ASCII byte of the art stands for, for the messages.
    private static func character(_ byte: UInt8) -> Character {
        Character(Unicode.Scalar(byte))
    }

    /// The art's line break, lit pixel and unlit pixel, as UTF-8 bytes.
    private static let newline = UInt8(ascii: "\n")
    private static let lit = UInt8(ascii: "#")
    private static let unlit = UInt8(ascii: ".")

    /// Every glyph, eight to a band under a header naming each one: `#` is a
    /// lit pixel, `.` an unlit one. Characters run in ASCII order from space,
    /// which is why the first header starts blank.
    private static let art = #"""
              !     "     #     $     %     &     '
        ..... ..#.. .#.#. .#.#. ..#.. ##... .##.. ..#..
        ..... ..#.. .#.#. .#.#. .#### ##..# #..#. ..#..
        ..... ..#.. .#.#. ##### #.#.. ...#. #.#.. ..#..
        ..... ..#.. ..... .#.#. .###. ..#.. .#... .....
        ..... ..#.. ..... ##### ..#.# .#... #.#.# .....
        ..... ..... ..... .#.#. ####. #..## #..#. .....
        ..... ..#.. ..... .#.#. ..#.. ...## .##.# .....

        (     )     *     +     ,     -     .     /
        ...#. .#... ..... ..... ..... ..... ..... .....
        ..#.. ..#.. ..#.. ..#.. ..... ..... ..... ....#
        .#... ...#. #.#.# ..#.. ..... ..... ..... ...#.
        .#... ...#. .###. ##### ..... ##### ..... ..#..
        .#... ...#. #.#.# ..#.. .##.. ..... ..... .#...
        ..#.. ..#.. ..#.. ..#.. ..#.. ..... .##.. #....
        ...#. .#... ..... ..... .#... ..... .##.. .....

        0     1     2     3     4     5     6     7
        .###. ..#.. .###. ##### ...#. ##### ..##. #####
        #...# .##.. #...# ...#. ..##. #.... .#... ....#
        #..## ..#.. ....# ..#.. .#.#. ####. #.... ...#.
        #.#.# ..#.. ...#. ...#. #..#. ....# ####. ..#..
        ##..# ..#.. ..#.. ....# ##### ....# #...# .#...
        #...# ..#.. .#... #...# ...#. #...# #...# .#...
        .###. .###. ##### .###. ...#. .###. .###. .#...

        8     9     :     ;     <     =     >     ?
        .###. .###. ..... ..... ...#. ..... .#... .###.
        #...# #...# .##.. .##.. ..#.. ..... ..#.. #...#
        #...# #...# .##.. .##.. .#... ##### ...#. ....#
        .###. .#### ..... ..... #.... ..... ....# ...#.
        #...# ....# .##.. .##.. .#... ##### ...#. ..#..
        #...# ...#. .##.. ..#.. ..#.. ..... ..#.. .....
        .###. .##.. ..... .#... ...#. ..... .#... ..#..

        @     A     B     C     D     E     F     G
        .###. .###. ####. .###. ###.. ##### ##### .###.
        #...# #...# #...# #...# #..#. #.... #.... #...#
        ....# #...# #...# #.... #...# #.... #.... #....
        .##.# #...# ####. #.... #...# ####. ####. #.###
        #.#.# ##### #...# #.... #...# #.... #.... #...#
        #.#.# #...# #...# #...# #..#. #.... #.... #...#
        .###. #...# ####. .###. ###.. ##### #.... .####

        H     I     J     K     L     M     N     O
        #...# .###. ..### #...# #.... #...# #...# .###.
        #...# ..#.. ...#. #..#. #.... ##.## #...# #...#
        #...# ..#.. ...#. #.#.. #.... #.#.# ##..# #...#
        ##### ..#.. ...#. ##... #.... #.#.# #.#.# #...#
        #...# ..#.. ...#. #.#.. #.... #...# #..## #...#
        #...# ..#.. #..#. #..#. #.... #...# #...# #...#
        #...# .###. .##.. #...# ##### #...# #...# .###.

        P     Q     R     S     T     U     V     W
        ####. .###. ####. .#### ##### #...# #...# #...#
        #...# #...# #...# #.... ..#.. #...# #...# #...#
        #...# #...# #...# #.... ..#.. #...# #...# #...#
        ####. #...# ####. .###. ..#.. #...# #...# #.#.#
        #.... #.#.# #.#.. ....# ..#.. #...# #...# #.#.#
        #.... #..#. #..#. ....# ..#.. #...# .#.#. #.#.#
        #.... .##.# #...# ####. ..#.. .###. ..#.. .#.#.

        X     Y     Z     [     \     ]     ^     _
        #...# #...# ##### .###. ..... .###. ..#.. .....
        #...# #...# ....# .#... #.... ...#. .#.#. .....
        .#.#. #...# ...#. .#... .#... ...#. #...# .....
        ..#.. .#.#. ..#.. .#... ..#.. ...#. ..... .....
        .#.#. ..#.. .#... .#... ...#. ...#. ..... .....
        #...# ..#.. #.... .#... ....# ...#. ..... .....
        #...# ..#.. ##### .###. ..... .###. ..... #####

        `     a     b     c     d     e     f     g
        .#... ..... #.... ..... ....# ..... ..##. .....
        ..#.. ..... #.... ..... ....# ..... .#..# .....
        ...#. .###. #.##. .###. .##.# .###. .#... .####
        ..... ....# ##..# #.... #..## #...# ###.. #...#
        ..... .#### #...# #.... #...# ##### .#... .####
        ..... #...# #...# #...# #...# #.... .#... ....#
        ..... .#### ####. .###. .#### .###. .#... .###.

        h     i     j     k     l     m     n     o
        #.... ..#.. ...#. #.... .##.. ..... ..... .....
        #.... ..... ..... #.... ..#.. ..... ..... .....
        #.##. .##.. ..##. #..#. ..#.. ##.#. #.##. .###.
        ##..# ..#.. ...#. #.#.. ..#.. #.#.# ##..# #...#
        #...# ..#.. ...#. ##... ..#.. #.#.# #...# #...#
        #...# ..#.. #..#. #.#.. ..#.. #...# #...# #...#
        #...# .###. .##.. #..#. .###. #...# #...# .###.

        p     q     r     s     t     u     v     w
        ..... ..... ..... ..... .#... ..... ..... .....
        ..... ..... ..... ..... .#... ..... ..... .....
        ####. .##.# #.##. .###. ###.. #...# #...# #...#
        #...# #..## ##..# #.... .#... #...# #...# #...#
        ####. .#### #.... .###. .#... #...# #...# #.#.#
        #.... ....# #.... ....# .#..# #..## .#.#. #.#.#
        #.... ....# #.... ####. ..##. .##.# ..#.. .#.#.

        x     y     z     {     |     }     ~
        ..... ..... ..... ...#. ..#.. .#... .....
        ..... ..... ..... ..#.. ..#.. ..#.. .....
        #...# #...# ##### ..#.. ..#.. ..#.. .#...
        .#.#. #...# ...#. .#... ..#.. ...#. #.#.#
        ..#.. .#### ..#.. ..#.. ..#.. ..#.. ...#.
        .#.#. ....# .#... ..#.. ..#.. ..#.. .....
        #...# .###. ##### ...#. ..#.. .#... .....

        """#
}
