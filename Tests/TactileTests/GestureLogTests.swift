import Foundation
import Tactile
import TactileTestSupport
import Testing

/// `GestureLog`: the $1, $N and MMG gesture log formats, written here from
/// their descriptions (one `<Gesture>` a file, `<Point X Y T>`s, MMG's
/// `<Stroke>`s), with the variations a reader meets.
struct GestureLogTests {
    static let dollarOne = """
        <?xml version="1.0" encoding="utf-8" standalone="yes"?>
        <Gesture AppName="Gestures" Name="left_sq_bracket07" Subject="3" Speed="fast" Number="7" NumPts="4" Millseconds="310">
          <Point X="120" Y="40" T="1000" />
          <Point X="100" Y="40" T="1010" />
          <Point X="100.5" Y="140" T="1020" />
          <Point X="121" Y="141" T="1030" />
        </Gesture>
        """

    static let mmg = """
        <?xml version="1.0" encoding="utf-8" standalone="yes"?>
        <Gesture Name="five_point_star~12" Subject="10"
        \tInputType="stylus" Speed='FAST' NumPts="5">
          <Stroke index="1">
            <Point X="0" Y="0" T="1"/><Point X="10" Y="5" T="2"/><Point X="20" Y="abc" T="3"/>
          </Stroke>
          <Stroke index="2"></Stroke>
          <Stroke index="3">
            <Point X="5" Y="-3" T="4"/><Point X="nan" Y="1" T="5"/><Point X="7" Y="9" T="6"/>
          </Stroke>
        </Gesture>
        """

    @Test func readsADollarOneLog() throws {
        let log = try #require(GestureLog.parse(Self.dollarOne))
        #expect(log.name == "left_sq_bracket")   // AppName does not shadow Name
        #expect(log.subject == "3" && log.speed == "fast" && log.inputType == "")
        #expect(log.strokes == [[Point(x: 120, y: 40), Point(x: 100, y: 40), Point(x: 100.5, y: 140), Point(x: 121, y: 141)]])
    }

    /// MMG's names end in "~NN"; attributes on several lines and in single
    /// quotes; an empty stroke is dropped; a point that is not two finite
    /// numbers is left out.
    @Test func readsAnMMGLogWithItsStrokes() throws {
        let log = try #require(GestureLog.parse(Self.mmg))
        #expect(log.name == "five_point_star")
        #expect(log.subject == "10" && log.speed == "FAST" && log.inputType == "stylus")
        #expect(log.strokes == [[Point(x: 0, y: 0), Point(x: 10, y: 5)], [Point(x: 5, y: -3), Point(x: 7, y: 9)]])
    }

    @Test func aFileWithoutAGestureOrPointsIsNone() {
        #expect(GestureLog.parse("") == nil)
        #expect(GestureLog.parse("<Gestures><Other/></Gestures>") == nil)
        #expect(GestureLog.parse(#"<Gesture Name="x01"></Gesture>"#) == nil)
        #expect(GestureLog.parse(#"<Gesture Subject="1"><Point X="1" Y="2"/></Gesture>"#) == nil)
        #expect(GestureLog.parse(#"<Gesture Name="01"><Point X="1" Y="2"/></Gesture>"#) == nil)
        // A gesture inside a `<Gestures>` list is read (the first).
        #expect(GestureLog.parse(#"<Gestures><Gesture Name="v02"><Point X="1" Y="2"/></Gesture></Gestures>"#)?.name == "v")
    }

    /// Every `.xml` under a folder, nested as $1's are ("s01 (pilot)/fast"),
    /// in path order; UTF-16 with a byte order mark read too; a file with
    /// no gesture, and one that is not text, listed as skipped.
    @Test func readsAFolderOfLogs() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gesture-logs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let nested = root.appendingPathComponent("s01 (pilot)/fast")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        try Self.dollarOne.write(to: nested.appendingPathComponent("left_sq_bracket07.xml"), atomically: true, encoding: .utf8)
        try Self.mmg.write(to: root.appendingPathComponent("b.xml"), atomically: true, encoding: .utf16)
        try "<notes/>".write(to: root.appendingPathComponent("a.xml"), atomically: true, encoding: .utf8)
        try Data([0xC3, 0x28, 0xFF]).write(to: root.appendingPathComponent("c.XML"))
        try "ignored".write(to: root.appendingPathComponent("d.txt"), atomically: true, encoding: .utf8)
        let (logs, skipped) = GestureLog.read(directory: root.path)
        #expect(logs.map(\.name) == ["five_point_star", "left_sq_bracket"])
        #expect(skipped == ["a.xml", "c.XML"])
    }
}
