import Tactile
import TactileSDL

/// The input debugger drawn over a game's own frame: every live touch with
/// its trail, the layers it was hit-tested to, the recognizers along its
/// path and the arena's latest decisions.
///
/// It draws what an `InputDebugger` recorded and the scene shows now, with
/// the game's own renderer through a ``Canvas``; draw it last in a frame.
///
/// ```swift
/// let debugger = InputDebugger(loop: app.loop)
/// let overlay = InputDebugOverlay(debugger: debugger)
/// // at the end of CanvasGame.render(on:):
/// overlay.draw(on: canvas)
/// ```
///
/// What it shows, from the top left:
/// - a header: frame, game time, decisions recorded, touches and
///   recognizers in play;
/// - per touch: a ring with its pointer, phase and tap count, and a trail
///   of its last half second; its hit layer outlined, the layers above it
///   outlined fainter, with the hit layer's delivery flags (`multi`,
///   `exclusive`, `no-interaction`) and, where selection approximation
///   chose it, the metric and distance;
/// - per touch, in the left column: every recognizer on its path, hit
///   layer first, with kind, name, state, whom it waits for, why it last
///   failed, and its values (`InspectableRecognizer`);
/// - down the right edge: the controllers seen (identity, buttons down,
///   axes), the loop's motion (source, orientation, shake, attitude,
///   gravity, rotation rate) and every action of the loop's action maps
///   with its snapshot and the bindings holding it;
/// - along the bottom: the latest decisions, with frame and game time,
///   filtered by ``filter``.
///
/// With many touches or recognizers it summarises: at most
/// ``maximumTouches`` touches and ``maximumRecognizerRows`` recognizer rows
/// are drawn, and the rest are counted, so 100 pointers or 10,000
/// recognizers cost no more to draw than the limits.
@MainActor
public final class InputDebugOverlay {
    /// Which decisions the timeline shows.
    public enum Filter: Hashable {
        case everything
        /// Decisions that name this pointer.
        case pointer(PointerID)
        /// Decisions of this recognizer (`RecognizerIdentity.id`).
        case recognizer(ObjectIdentifier)
    }

    public let debugger: InputDebugger
    public var filter = Filter.everything
    /// Touches drawn in full; the rest are counted.
    public var maximumTouches = 10
    /// Recognizer rows drawn in the left column; the rest are counted.
    public var maximumRecognizerRows = 50
    /// Decisions in the timeline.
    public var timelineRows = 12
    /// Frames of trail behind each touch: half a second at 60 Hz.
    public var trailFrames = 30
    /// Controllers shown down the right edge; more are not drawn.
    public var maximumControllers = 4
    /// Actions shown down the right edge; the rest are counted.
    public var maximumActionRows = 16

    /// What the last ``draw(on:)`` drew and what it only counted.
    struct Drawn: Hashable {
        var touches = 0
        var omittedTouches = 0
        var recognizerRows = 0
        var omittedRecognizerRows = 0
    }

    private(set) var lastDrawn = Drawn()
    /// The decisions the last timeline showed.
    private(set) var lastTimeline: [RecordedDecision] = []
    /// Each recognizer type's name, made once: naming a type allocates, and
    /// the overlay names one per row every frame.
    private var kindNames: [ObjectIdentifier: String] = [:]
    /// The lines of text of a frame are built in this, kept between frames
    /// (see `LineBlock`).
    var spareLines = LineBlock(reserving: ())
    /// A touch's label, its trail and a layer's outline are built in
    /// these, kept between frames, so that drawing a frame allocates nothing.
    private var label = LineBlock()
    private var trailPoints: [Point] = []
    private var outlinePoints: [Point] = []
    /// The timeline's last rows as text, by decision number
    /// (`InputDebugger.decisionNumber(back:)`): a decision is made into
    /// text once, not every frame it stays on screen.
    private var timelineTexts: [(number: Int, bytes: [UInt8])] = []
    /// The decision numbers the last unfiltered timeline showed.
    private var shownNumbers: [Int] = []

    static let ring = Color(r: 0, g: 255, b: 255)
    static let hitLayer = Color(r: 255, g: 255, b: 0)
    static let pathLayer = Color(r: 255, g: 165, b: 0, a: 140)
    static let text = Color(r: 255, g: 255, b: 255)
    /// The band behind each line of the overlay's text: opaque, one per
    /// line and only as wide as its text (`band(behind:at:on:)`).
    static let band = Color(r: 0, g: 0, b: 0)
    static let paused = Color(r: 255, g: 90, b: 90)
    static let device = Color(r: 170, g: 200, b: 255)
    static let activeAction = Color(r: 255, g: 220, b: 120)
    static let timelineText = Color(r: 170, g: 255, b: 170)
    static let lineHeight = 10.0
    static let ringRadius = 22.0

    public init(debugger: InputDebugger) {
        self.debugger = debugger
        trailPoints.reserveCapacity(64)
        outlinePoints.reserveCapacity(8)
        shownNumbers.reserveCapacity(32)
    }

    /// Draws the overlay over whatever `canvas` holds, while the debugger
    /// is on (`InputDebugger/isRecording`); nothing while it is off.
    public func draw(on canvas: Canvas) {
        guard debugger.isRecording, let loop = debugger.loop else { return }
        // A game without a scene still has its devices, actions and frames.
        let scene = loop.scene
        let size = scene?.size ?? Self.pointSize(of: canvas)
        let touches = scene?.event.allTouches ?? []
        var text = takeLines()
        defer { putBack(text) }
        var y = 4.0
        /// Where the next line of the left column starts.
        func next() -> Point {
            defer { y += Self.lineHeight }
            return Point(x: 4, y: y)
        }
        let inPlay = debugger.recognizersInPlay
        text.append("input debugger  frame ")
        text.append(loop.frameCount)
        text.append("  t=")
        text.append(InspectedValue.short(scene?.arena.now ?? loop.clock.now))
        text.append("  decisions ")
        text.append(debugger.decisionCount)
        text.append("  touches ")
        text.append(touches.count)
        text.append("  in play ")
        text.append(inPlay)
        text.endLine(at: next(), color: Self.text)
        text.append(statusLine())
        text.endLine(at: next(), color: debugger.isPaused ? Self.paused : Self.text)
        if let controls = debugger.controls, let modifier = controls.padModifier {
            appendPadChord(controls, modifier: modifier, to: &text)
            text.endLine(at: next(), color: debugger.isPaused ? Self.paused : Self.text)
        }
        if let save = debugger.lastSave {
            switch save {
            case .success(let path):
                text.append("capture saved to ")
                text.append(path)
                text.endLine(at: next(), color: Self.text)
            case .failure(let error):
                text.append(String(describing: error))
                text.endLine(at: next(), color: Self.paused)
            }
        }
        // Each touch's drawing comes before its lines, which may cover it,
        // as the next touch's drawing may cover lines before: the lines are
        // drawn a block at a time in between.
        text.draw(on: canvas)

        var rows = 0
        lastDrawn = Drawn()
        for (index, touch) in touches.enumerated() {
            guard index < maximumTouches else {
                lastDrawn.omittedTouches = touches.count - maximumTouches
                text.append("+")
                text.append(lastDrawn.omittedTouches)
                text.append(" more touches")
                text.endLine(at: next(), color: Self.ring)
                break
            }
            lastDrawn.touches += 1
            drawTouch(touch, on: canvas)
            appendSummary(of: touch, approximation: scene?.approximation, to: &text)
            text.endLine(at: next(), color: Self.ring)
            var layer = touch.layer
            while let current = layer {
                let recognizers = current.gestureRecognizers
                for recognizer in recognizers.prefix(max(0, maximumRecognizerRows - rows)) {
                    text.append("  ")
                    appendSummary(of: recognizer, to: &text)
                    text.endLine(at: next(), color: Self.text)
                }
                rows += recognizers.count
                layer = current.parent
            }
            text.draw(on: canvas)
        }
        lastDrawn.recognizerRows = min(rows, maximumRecognizerRows)
        lastDrawn.omittedRecognizerRows = rows - lastDrawn.recognizerRows
        if lastDrawn.omittedRecognizerRows > 0 {
            text.append("+")
            text.append(lastDrawn.omittedRecognizerRows)
            text.append(" more recognizers")
            text.endLine(at: next(), color: Self.text)
        }
        text.draw(on: canvas)
        putBack(text)
        text = LineBlock()
        drawDevicePanels(on: canvas, width: size.width)
        text = takeLines()
        drawTimeline(on: canvas, height: size.height, text: &text)
    }

    /// The canvas's size in points, from its renderer's output.
    private static func pointSize(of canvas: Canvas) -> Size {
        var width: Int32 = 0
        var height: Int32 = 0
        SDL_GetRendererOutputSize(canvas.renderer, &width, &height)
        return Size(width: Double(width) / canvas.pixelsPerPoint, height: Double(height) / canvas.pixelsPerPoint)
    }

    /// Paused or running, and the keys that act now.
    private func statusLine() -> String {
        guard debugger.controls != nil else {
            return debugger.isPaused ? "PAUSED  \(debugger.heldEventCount) events held" : "running"
        }
        if debugger.isPaused {
            return "PAUSED  \(debugger.heldEventCount) events held  ctrl+shift: N frame  E sub-event  P resume  S save  D off"
        }
        return "ctrl+shift: P pause  N step  S save capture  D off"
    }

    /// The pad's side of the status line: the buttons that pause and step
    /// while the modifier (Back) is held. Appended a name at a time (each
    /// a small string), so a running overlay still allocates nothing.
    private func appendPadChord(_ controls: InputDebugger.Controls, modifier: ControllerButton, to text: inout LineBlock) {
        text.append("pad ")
        text.append(modifier.rawValue)
        text.append("+: ")
        text.append(controls.padPause.rawValue)
        guard debugger.isPaused else {
            text.append(" pause  ")
            text.append(controls.padStepFrame.rawValue)
            text.append(" step")
            return
        }
        text.append(" resume  ")
        text.append(controls.padStepFrame.rawValue)
        text.append(" frame  ")
        text.append(controls.padStepEvent.rawValue)
        text.append(" event")
    }

    // MARK: Touches and layers

    private func drawTouch(_ touch: Touch, on canvas: Canvas) {
        // One SDL call for the whole trail: the same pixels as a line per
        // segment (see `Canvas.drawPolyline`).
        debugger.trail(of: touch.pointer, frames: trailFrames, into: &trailPoints)
        canvas.drawPolyline(trailPoints, color: Self.ring.withAlpha(160), thickness: 2)
        if let layer = touch.layer {
            outline(layer, color: Self.hitLayer, thickness: 2, on: canvas)
            var above = layer.parent
            while let current = above, current.parent != nil {
                outline(current, color: Self.pathLayer, thickness: 1, on: canvas)
                above = current.parent
            }
        }
        let location = touch.location
        canvas.strokeCircle(center: location, radius: Self.ringRadius, thickness: 2, color: Self.ring)
        canvas.fillCircle(center: location, radius: 3, color: Self.ring)
        // "finger:1:0 moved x1", built as bytes and drawn as drawText would.
        label.bytes.removeAll(keepingCapacity: true)
        label.append(touch.pointer)
        label.append(" ")
        label.append(touch.phase.rawValue)
        label.append(" x")
        label.append(touch.tapCount)
        let origin = Point(x: location.x + Self.ringRadius + 4, y: location.y - 4)
        // A copy of its kept texture where it can be (see `LineImages`).
        let copied = label.bytes.withUnsafeBufferPointer {
            canvas.drawKeptText(ascii: $0, at: origin, scale: 1, color: Self.ring, band: nil)
        }
        if copied { return }
        canvas.beginBatch()
        let onWholePixels = label.bytes.withUnsafeBufferPointer { canvas.appendText(ascii: $0, at: origin, scale: 1) }
        canvas.fillBatch(Self.ring)
        if !onWholePixels {
            canvas.drawText(String(decoding: label.bytes, as: UTF8.self), at: origin, scale: 1, color: Self.ring)
        }
    }

    /// The layer's bounds as the window sees them, transforms included.
    private func outline(_ layer: Layer, color: Color, thickness: Double, on canvas: Canvas) {
        let bounds = layer.bounds
        outlinePoints.removeAll(keepingCapacity: true)
        outlinePoints.append(layer.convert(Point(x: bounds.minX, y: bounds.minY), to: nil))
        outlinePoints.append(layer.convert(Point(x: bounds.maxX, y: bounds.minY), to: nil))
        outlinePoints.append(layer.convert(Point(x: bounds.maxX, y: bounds.maxY), to: nil))
        outlinePoints.append(layer.convert(Point(x: bounds.minX, y: bounds.maxY), to: nil))
        outlinePoints.append(outlinePoints[0])
        canvas.drawPolyline(outlinePoints, color: color, thickness: thickness)
    }

    /// Appends a touch's line: pointer, phase, taps, hit layer and its
    /// delivery flags, and the approximation that chose it.
    private func appendSummary(of touch: Touch, approximation: SelectionApproximation?, to text: inout LineBlock) {
        text.append(touch.pointer)
        text.append(" ")
        text.append(touch.phase.rawValue)
        text.append(" taps ")
        text.append(touch.tapCount)
        text.append(" -> ")
        text.append(touch.layer?.name ?? "layer")
        if let layer = touch.layer {
            if layer.isMultipleTouchEnabled { text.append(" multi") }
            if layer.isExclusiveTouch { text.append(" exclusive") }
            if !layer.isUserInteractionEnabled { text.append(" no-interaction") }
        }
        if touch.isApproximated, let approximation {
            text.append(" approx \(approximation.metric) d=\(InspectedValue.short(touch.location.distance(to: touch.actualLocation)))")
        }
    }

    /// Appends a recognizer's row: kind, name, state, whom it waits for,
    /// why it last failed and its values.
    private func appendSummary(of recognizer: GestureRecognizer, to text: inout LineBlock) {
        let kind = type(of: recognizer)
        if let known = kindNames[ObjectIdentifier(kind)] {
            text.append(known)
        } else {
            let name = RecognizerIdentity(recognizer).kindName
            kindNames[ObjectIdentifier(kind)] = name
            text.append(name)
        }
        if let name = recognizer.name {
            text.append(" '")
            text.append(name)
            text.append("'")
        }
        text.append(" ")
        text.append(recognizer.state.rawValue)
        let waits = debugger.waitingFor(recognizer)
        for (index, wait) in waits.enumerated() {
            text.append(index == 0 ? " waits for " : ", ")
            text.append(wait.displayName)
        }
        if let failure = recognizer.lastFailure {
            text.append(" (last failed: ")
            text.append(String(describing: failure))
            text.append(")")
        }
        if let inspectable = recognizer as? any InspectableRecognizer {
            for value in inspectable.inspectedValues {
                text.append(" ")
                text.append(String(describing: value))
            }
        }
    }

    // MARK: Timeline

    private func drawTimeline(on canvas: Canvas, height: Double, text: inout LineBlock) {
        let top = height - Double(timelineRows) * Self.lineHeight - 8
        var y = top + 4
        guard filter == .everything else {
            let recent = debugger.lastDecisions(timelineRows * 20).filter(matches)
            let shown = recent.suffix(timelineRows)
            lastTimeline = Array(shown)
            shownNumbers.removeAll()
            for decision in shown {
                append(decision, to: &text)
                text.endLine(at: Point(x: 4, y: y), color: Self.timelineText)
                y += Self.lineHeight
            }
            text.draw(on: canvas)
            return
        }
        // Unfiltered, the rows are the latest decisions, each made into
        // text once and kept by its number while it is on screen.
        var rows = 0
        while rows < timelineRows, debugger.decisionNumber(back: rows) != nil { rows += 1 }
        var changed = shownNumbers.count != rows
        for back in stride(from: rows - 1, through: 0, by: -1) {
            guard let number = debugger.decisionNumber(back: back) else { continue }
            let row = rows - 1 - back
            if row >= shownNumbers.count || shownNumbers[row] != number { changed = true }
            if let kept = timelineTexts.firstIndex(where: { $0.number == number }) {
                text.bytes.append(contentsOf: timelineTexts[kept].bytes)
            } else if let decision = debugger.decision(back: back) {
                let start = text.bytes.count
                append(decision, to: &text)
                keep(number: number, bytes: text.bytes[start...], shownFrom: rows)
            }
            text.endLine(at: Point(x: 4, y: y), color: Self.timelineText)
            y += Self.lineHeight
        }
        if changed {
            shownNumbers.removeAll(keepingCapacity: true)
            for back in stride(from: rows - 1, through: 0, by: -1) {
                if let number = debugger.decisionNumber(back: back) { shownNumbers.append(number) }
            }
            lastTimeline = debugger.lastDecisions(rows)
        }
        text.draw(on: canvas)
    }

    /// A timeline row: frame, game time and the decision.
    private func append(_ decision: RecordedDecision, to text: inout LineBlock) {
        text.append("f")
        text.append(decision.frame)
        text.append(" ")
        text.append(InspectedValue.short(decision.time))
        text.append(" ")
        text.append(String(describing: decision))
    }

    /// Keeps a row's text by its decision's number, in place of a kept row
    /// that is no longer among the latest `shownFrom` decisions.
    private func keep(number: Int, bytes: ArraySlice<UInt8>, shownFrom rows: Int) {
        let oldestShown = debugger.decisionNumber(back: max(0, rows - 1)) ?? number
        if let stale = timelineTexts.firstIndex(where: { $0.number < oldestShown }) {
            timelineTexts[stale].number = number
            timelineTexts[stale].bytes.removeAll(keepingCapacity: true)
            timelineTexts[stale].bytes.append(contentsOf: bytes)
        } else {
            timelineTexts.append((number, Array(bytes)))
        }
    }

    /// Band edges fall on multiples of this many pixels (see `band(behind:at:on:)`).
    static let bandAlignment = 16.0

    /// Fills the band behind a line of text of `size` drawn at `origin`.
    ///
    /// The design call for the overlay's cost (issue 19: 10 touches and 50
    /// recognizers in at most 1 ms a frame on the software renderer). The
    /// bands used to be black at alpha 170, one per line and a full-width
    /// panel under the timeline: about 280,000 pixels a frame, and SDL 2.26's
    /// software renderer blends every one of them (`SDL_BlendFillRects`),
    /// which was about 700 µs of the frame. The bands are now opaque, so
    /// `Canvas` fills them unblended (rows of `SDL_FillRects`), and each is
    /// only as wide and as tall as its own line (rounded out below), the
    /// timeline's included, so they cover little beyond their text. The game stays
    /// fully visible everywhere else (between the ragged line ends, around
    /// the timeline's lines, and the rest of the window) instead of dimmed
    /// under a wide panel; what a band hides is little more than its text
    /// covers anyway, where a dimmed game behind small text only made it harder to
    /// read. One band per column instead of per line was not taken: its
    /// rectangle is as wide as the column's longest line, so it would hide
    /// more of the game for a handful fewer fill calls.
    ///
    /// Each band's left and right edges are moved out to a multiple of
    /// `bandAlignment` pixels (so a band is up to 15 pixels wider on each
    /// side than its text). SDL 2.26 fills a 32-bit row with 16-byte
    /// non-temporal stores and writes the unaligned head and tail of the row
    /// pixel by pixel; mixing the two on the same cache lines is the likely
    /// reason the bands' ~147,000 pixels cost about 450 µs a frame (3 ns a pixel, where
    /// the whole-surface clear costs 0.2 ns). With rows that start and end
    /// on 64 bytes (on a surface whose rows do, as an 800-pixel-wide one's
    /// 3,200-byte rows do) that fell to within noise: the overlay's row went
    /// from 1,489–1,527 to 1,106–1,143 µs p0, alternated in one session.
    static func band(behind size: Size, at origin: Point, on canvas: Canvas) {
        let area = bandRect(behind: size, at: origin, pixelsPerPoint: canvas.pixelsPerPoint)
        canvas.fillRect(x: area.minX, y: area.minY, width: area.width, height: area.height, color: band)
    }

    /// The band `band(behind:at:on:)` fills, in points.
    static func bandRect(behind size: Size, at origin: Point, pixelsPerPoint: Double) -> Rect {
        let unit = bandAlignment / pixelsPerPoint
        let left = ((origin.x - 2) / unit).rounded(.down) * unit
        let right = ((origin.x + size.width + 2) / unit).rounded(.up) * unit
        return Rect(x: left, y: origin.y - 1, width: right - left, height: lineHeight)
    }

    private func matches(_ decision: RecordedDecision) -> Bool {
        switch filter {
        case .everything: true
        case .pointer(let pointer): decision.pointers.contains(pointer)
        case .recognizer(let id): decision.recognizer?.id == id || decision.waitingFor.contains { $0.id == id }
        }
    }

}
