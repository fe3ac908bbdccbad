import TactileTestSupport
import Testing
@testable import Tactile

/// The community mapping format, checked line by line: good lines kept,
/// other platforms left out, duplicates reported, every bad line named.
struct ControllerMappingFileTests {
    static let xbox = "030000005e0400008e02000010010000,Xbox 360 Controller,a:b0,b:b1,x:b2,y:b3,leftx:a0,lefty:a1,lefttrigger:a2,dpup:h0.1,-leftx:-a0,righttrigger:+a5~,platform:Linux,"

    @Test func goodLinesCommentsAndOtherPlatforms() {
        let file = ControllerMappingFile(parsing: """
            # Game Controller DB
            \(Self.xbox)

            03000000c82d00000060000000000000,8BitDo SF30 Pro,a:b1,b:b0,platform:Windows,
            03000000c82d00000060000000000000,8BitDo SF30 Pro,a:b1,b:b0,platform:Mac OS X,\r
              xinput,XInput Controller,a:b0,b:b1
            """)
        #expect(file.errors.isEmpty && file.errorCount == 0)
        #expect(file.mappings.map(\.line) == [2, 6])
        #expect(file.mappings.map(\.name) == ["Xbox 360 Controller", "XInput Controller"])
        #expect(file.mappings[0].platform == "Linux" && file.mappings[1].platform == nil)
        #expect(file.mappings[0].text == Self.xbox)
        #expect(file.otherPlatformCount == 2)
        #expect(file.duplicates.isEmpty)
    }

    /// One pad twice: the later line wins (SDL replaces), reported. A
    /// Nintendo pad's label and position lines differ in `hint:` and are
    /// not duplicates: SDL keeps one of them by the hint.
    @Test func duplicatesAreReportedAndHintVariantsAreNot() {
        let guid = "050000007e0500000920000001800000"
        let file = ControllerMappingFile(parsing: """
            \(guid),Pro Controller,a:b1,b:b0,hint:SDL_GAMECONTROLLER_USE_BUTTON_LABELS:=1,platform:Linux,
            \(guid),Pro Controller,a:b0,b:b1,hint:!SDL_GAMECONTROLLER_USE_BUTTON_LABELS:=1,platform:Linux,
            \(Self.xbox)
            \(Self.xbox.replacingOccurrences(of: "030000005e0400008e02000010010000", with: "030000005E0400008E02000010010000"))
            """)
        #expect(file.mappings.count == 4 && file.errors.isEmpty)
        #expect(file.mappings.last?.guid == "030000005e0400008e02000010010000")
        #expect(file.duplicates == [ControllerMappingFile.Duplicate(guid: "030000005e0400008e02000010010000", firstLine: 3, line: 4)])
    }

    @Test func everyBadLineIsNamedWithItsLineAndProblem() {
        let lines = [
            "zzz,name,a:b0",
            "030000005e0400008e0200001001000,short guid,a:b0",
            "030000005e0400008e02000010010000",
            "030000005e0400008e02000010010000, ,a:b0",
            "030000005e0400008e02000010010000,Pad,a=b0",
            "030000005e0400008e02000010010000,Pad,jump:b0",
            "030000005e0400008e02000010010000,Pad,a:q3",
            "030000005e0400008e02000010010000,Pad,a:b",
            "030000005e0400008e02000010010000,Pad,dpup:h0",
            "030000005e0400008e02000010010000,Pad,leftx:a99999",
            "030000005e0400008e02000010010000,Pad,platform:Linux",
            "030000005e0400008e02000010010000,Pad,+a:b0",
            String(repeating: "x", count: 5000),
        ]
        let file = ControllerMappingFile(parsing: lines.joined(separator: "\n"))
        #expect(file.mappings.isEmpty)
        #expect(file.errors.map(\.description) == [
            "line 1: bad GUID 'zzz': expected 32 hexadecimal digits",
            "line 2: bad GUID '030000005e0400008e0200001001000': expected 32 hexadecimal digits",
            "line 3: missing the pad's name after the GUID",
            "line 4: missing the pad's name after the GUID",
            "line 5: bad element 'a=b0': expected target:source",
            "line 6: unknown button or axis 'jump'",
            "line 7: bad source 'q3' for 'a': expected b<n>, h<n>.<mask> or a<n>",
            "line 8: bad source 'b' for 'a': expected b<n>, h<n>.<mask> or a<n>",
            "line 9: bad source 'h0' for 'dpup': expected b<n>, h<n>.<mask> or a<n>",
            "line 10: bad source 'a99999' for 'leftx': expected b<n>, h<n>.<mask> or a<n>",
            "line 11: the line maps no button or axis",
            "line 12: unknown button or axis '+a'",
            "line 13: line too long: a mapping line is at most 4096 bytes",
        ])
        #expect(file.errorCount == lines.count)
    }

    /// 10 MB of garbage: every line is an error, counted exactly, but only
    /// the first hundred are kept, and good lines among the garbage survive.
    @Test func tenMegabytesOfGarbageGiveBoundedPreciseErrors() {
        // A few hundred distinct garbage lines, short and over-long, repeated
        // up to 10 MB: random bytes from '!' up, so no line is a comment.
        var random = SplitMix64(seed: 13)
        let pieces = (0..<256).map { index in
            let length = index % 32 == 0 ? 4097 + random.below(5000) : 1 + random.below(200)
            return String(decoding: (0..<length).map { _ in UInt8(0x21 + random.below(0xDF)) }, as: UTF8.self) + "\n"
        }
        var text = ""
        text.reserveCapacity(10_100_000)
        var garbageLines = 0
        while text.utf8.count < 10_000_000 {
            text += pieces[garbageLines % pieces.count]
            garbageLines += 1
        }
        text += Self.xbox
        let file = ControllerMappingFile(parsing: text)
        #expect(file.errorCount == garbageLines)
        #expect(file.errors.count == ControllerMappingFile.errorLimit)
        #expect(file.errors.first?.line == 1)
        #expect(file.mappings.map(\.line) == [garbageLines + 1])
        #expect(file.errors.allSatisfy { $0.description.count < 200 })
    }
}
