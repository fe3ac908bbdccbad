import Foundation
@testable import GestureLab
import Tactile
import Testing

/// Drives a Gesture Lab headless: events sent straight to its scene on a
/// manual timeline, a frame (1/60 s) each, as its loop would send them.
@MainActor final class LabDriver {
    let game: GestureLabGame
    var now = 0.0

    init(savePath: String? = nil) throws {
        game = try GestureLabGame(strokeTemplatesPath: savePath)
    }

    func send(_ kind: InputEvent.Kind) {
        now += 1.0 / 60
        let event = InputEvent(timestamp: now, kind)
        game.handle(event)
        game.scene.send(event)
        game.scene.advanceTime(to: now)
        game.update(step: 1.0 / 60, now: now)
    }

    /// A frame with no event.
    func tick() {
        now += 1.0 / 60
        game.scene.advanceTime(to: now)
        game.update(step: 1.0 / 60, now: now)
    }

    func press(_ scancode: Int32) {
        send(.key(KeyEvent(isDown: true, scancode: scancode, keycode: 0)))
        send(.key(KeyEvent(isDown: false, scancode: scancode, keycode: 0)))
    }

    /// One stroke with the mouse, a point a frame, then frames until the
    /// drawing's pause has passed.
    func draw(_ points: [Point], finish: Bool = true) {
        let id = PointerID(kind: .mouse, device: 0, index: 0)
        send(.pointer(PointerEvent(.down, id: id, location: points[0])))
        for point in points.dropFirst() { send(.pointer(PointerEvent(.move, id: id, location: point))) }
        send(.pointer(PointerEvent(.up, id: id, location: points[points.count - 1])))
        if finish { for _ in 0..<40 { tick() } }
    }

    static func circle(center: Point, radius: Double) -> [Point] {
        (0...40).map { index in
            let angle = 2 * Double.pi * Double(index) / 40
            return Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
        }
    }

}

/// The Gesture Lab's strokes page (S): the ink, the live guess, the result
/// with its score, and learning a drawing as a template.
@MainActor struct StrokeLabPageTests {
    @Test func hiddenThePanelsGetTheirTouchesShownItRecognizesAndShowsTheGuessAndResult() throws {
        let lab = try LabDriver()
        let game = lab.game
        func send(_ kind: InputEvent.Kind) { lab.send(kind) }
        func press(_ scancode: Int32) { lab.press(scancode) }
        func draw(_ points: [Point]) { lab.draw(points) }
        // Hidden: a tap on the tap panel is the tap's.
        let id = PointerID(kind: .mouse, device: 0, index: 0)
        send(.pointer(PointerEvent(.down, id: id, location: Point(x: 200, y: 120))))
        send(.pointer(PointerEvent(.up, id: id, location: Point(x: 200, y: 120))))
        #expect(game.readout(game.tap).fired == 1)
        #expect(!game.strokeLab.isShown)

        press(StrokeLabPage.showKey)
        #expect(game.strokeLab.isShown)
        // Half a circle drawn: a live guess, no result yet.
        let circle = LabDriver.circle(center: Point(x: 280, y: 320), radius: 120)
        let id2 = PointerID(kind: .mouse, device: 0, index: 0)
        send(.pointer(PointerEvent(.down, id: id2, location: circle[0])))
        for point in circle[1...30] { send(.pointer(PointerEvent(.move, id: id2, location: point))) }
        #expect(game.strokeLab.guess != nil)
        #expect(game.strokeLab.result == nil)
        for point in circle[31...] { send(.pointer(PointerEvent(.move, id: id2, location: point))) }
        send(.pointer(PointerEvent(.up, id: id2, location: circle[40])))
        for _ in 0..<40 { lab.tick() }
        let result = try #require(game.strokeLab.result)
        #expect(result.recognized && result.match?.name == "circle")
        #expect(game.strokeLab.lines.contains { $0.hasPrefix("circle ") && $0.hasSuffix(": recognized") }, "\(game.strokeLab.lines)")
        #expect(game.readout(game.tap).fired == 1)   // the panels under the page saw nothing

        // A scribble: rejected, with its nearest template shown.
        draw([Point(x: 100, y: 100), Point(x: 400, y: 110), Point(x: 120, y: 400), Point(x: 390, y: 380),
              Point(x: 250, y: 90), Point(x: 260, y: 500)].flatMap { [$0, $0] })
        let rejected = try #require(game.strokeLab.result)
        #expect(!rejected.recognized)
        #expect(game.strokeLab.lines.contains { $0.hasSuffix(": rejected") }, "\(game.strokeLab.lines)")

        // S again: the panels are back.
        press(StrokeLabPage.showKey)
        send(.pointer(PointerEvent(.down, id: id, location: Point(x: 200, y: 120))))
        send(.pointer(PointerEvent(.up, id: id, location: Point(x: 200, y: 120))))
        #expect(game.readout(game.tap).fired == 2)
    }

    @Test func learnAddsTheLastDrawingAsANewTemplateAndSavesTheSet() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lab-\(UUID()).strokes").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let lab = try LabDriver(savePath: path)
        lab.press(StrokeLabPage.showKey)
        // A spiral: no shape of the built-in set.
        let spiral = (0...60).map { index -> Point in
            let t = Double(index) / 60, angle = 5 * Double.pi * t
            return Point(x: 280 + (20 + 140 * t) * cos(angle), y: 300 + (20 + 140 * t) * sin(angle))
        }
        lab.draw(spiral)
        #expect(lab.game.strokeLab.result?.recognized == false)

        lab.press(StrokeLabPage.learnKey)
        lab.press(StrokeLabPage.previousKey)   // from the first name back to the new one
        #expect(lab.game.strokeLab.learnName == "shape-17")
        lab.press(StrokeLabPage.addKey)
        #expect(lab.game.strokeLab.status == "learned shape-17 (1 samples), saved")
        let saved = try StrokeTemplateFile.templates(contentsOfFile: path)
        #expect(saved.count == 17 && saved.last?.name == "shape-17")
        #expect(saved.last?.samples == [lab.game.strokeLab.recognizer.lastDrawing])

        // The same spiral, smaller and elsewhere, is now a shape.
        lab.draw(spiral.map { Point(x: 150 + ($0.x - 280) * 0.6, y: 250 + ($0.y - 300) * 0.6) })
        let result = try #require(lab.game.strokeLab.result)
        #expect(result.recognized && result.match?.name == "shape-17", "\(lab.game.strokeLab.lines)")

        // Another lab on the same file starts from the saved set.
        let next = try GestureLabGame(strokeTemplatesPath: path)
        #expect(next.strokeLab.templates.count == 17)
        #expect(next.strokeLab.status == "loaded \(path)")
    }

    /// A turns the recognizer's adaptation on: a clear circle is learned as
    /// it is recognized, the page says so, and A again forgets it.
    @Test func adaptingLearnsAClearDrawingAndAAgainForgetsIt() throws {
        let lab = try LabDriver()
        let page = lab.game.strokeLab
        lab.press(StrokeLabPage.showKey)
        #expect(!page.isAdapting)
        lab.press(StrokeLabPage.adaptKey)
        #expect(page.isAdapting)
        lab.draw(LabDriver.circle(center: Point(x: 280, y: 320), radius: 120))
        let result = try #require(page.result)
        #expect(result.recognized && result.match?.name == "circle")
        #expect(page.recognizer.learnedLastDrawing)
        #expect(page.lines.contains { $0.hasSuffix(": recognized, learned") }, "\(page.lines)")
        #expect(page.lines.contains("adapting: 1 shape learned  A: forget and stop"), "\(page.lines)")
        #expect(page.recognizer.adaptation?.drawings["circle"]?.count == 1)
        lab.press(StrokeLabPage.adaptKey)
        #expect(!page.isAdapting && page.recognizer.matchingClassifier === page.recognizer.classifier)
    }
}
