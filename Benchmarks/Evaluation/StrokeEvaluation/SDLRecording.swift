import Foundation
import Tactile
import TactileSDL
import TactileSDLTestSupport
import TactileTestSupport

// The issue asks for strokes recorded by the project, with the mouse and
// with simulated touch, and for drawing with a stick to be usable. Here
// each simulated writer's drawing is played as a device reports it into
// SDL's own event queue (SDL_PushEvent, or a virtual pad's axes and
// buttons, read back by the pump's SDL_PollEvent; the dummy video driver:
// no display needed), through a Scene to a StrokeGestureRecognizer over the
// whole window; what the recognizer kept as the drawing (`lastDrawing`) is
// the recording, and what it decided is the game's action.
// RecordedEvaluation.swift evaluates the recordings beside the same
// drawings handed to the classifier directly.

/// How a recording reaches SDL.
enum RecordingDevice: String, CaseIterable {
    /// The left button and motion events in whole window pixels, as X11's
    /// and every desktop's mouse reports them: a motion that does not leave
    /// the pixel is not reported, and between strokes the pointer moves
    /// with the button up (hovering, which no recognizer should draw).
    case mouse
    /// Finger events in SDL's touch coordinates (0–1 across the window, as
    /// floats), a finger a stroke.
    case touch
    /// A game controller's left stick steering the controller cursor, the
    /// bottom face button as the pen (`ControllerCursor`'s defaults), on a
    /// virtual pad SDL sends real controller events for: a player who
    /// watches the cursor and steers it along the drawing (see `steer`).
    case stick
}

/// Plays drawings into SDL's queue and keeps what the recognizer saw.
@MainActor
final class SDLStrokeRecorder {
    /// The window: larger than any drawing (the wide habits' longest lines
    /// are about 710 points across); each drawing is moved to its middle,
    /// as a player draws within the window.
    static let width: Int32 = 1000, height: Int32 = 800
    /// Frames a second of the game loop; device samples per frame (a
    /// 120 Hz mouse or touch panel read at 60 frames a second).
    static let frameRate = 60.0, samplesPerFrame = 2
    /// Between one stroke's end and the next one's start: well within the
    /// recognizer's pause, as a hand lifts and goes to the next stroke.
    static let strokeGap = 0.2

    let device: RecordingDevice
    private let window: OpaquePointer
    private let clock = ManualClock(now: 10)
    private let pump: SDLEventPump
    private let scene = Scene(size: Size(width: Double(SDLStrokeRecorder.width), height: Double(SDLStrokeRecorder.height)))
    /// The recognizer, with the built-in set and the library's defaults.
    let recognizer = StrokeGestureRecognizer(classifier: StrokeClassifier())
    private var events: [InputEvent] = []
    /// Drawings the recognizer finished (recognized or failed).
    private var finished = 0
    /// With the stick: drawings the recognizer finished before their last
    /// stroke (see `recordWithStick`).
    private(set) var splitDrawings = 0
    /// With the stick: seconds from each pen-up to the next stroke's
    /// pen-down within a drawing (the recognizer's pause must outlast them).
    private(set) var travelTimes: [Double] = []
    /// With the stick: strokes and pen-up trips the player gave up on
    /// before reaching their end (see `steer`).
    private(set) var gaveUp = 0
    /// The shape the recognizer's action named for the drawing under way
    /// (nil: none yet, or it failed).
    private var recognized: String?

    /// The stick's player (`.stick` only).
    private var pad: VirtualController?
    private var player = SplitMix64(seed: 0x571C)

    init(device: RecordingDevice) throws {
        self.device = device
        try SDLSetup.start(videoDriver: .dummy)
        guard let window = SDL_CreateWindow("tactile-stroke-recording", 0, 0, Self.width, Self.height, SDL_WINDOW_HIDDEN.rawValue) else {
            throw SDLError("SDL_CreateWindow")
        }
        self.window = window
        pump = SDLEventPump(window: window, clock: clock)
        if device == .stick {
            pump.controllerCursors = ControllerCursor.Settings()
            pad = try VirtualController()
        }
        let canvas = Layer(frame: Rect(x: 0, y: 0, width: Double(Self.width), height: Double(Self.height)))
        scene.root.addChild(canvas)
        canvas.addGestureRecognizer(recognizer)
        recognizer.addAction { [unowned self] recognizer in recognized = recognizer.match?.name }
        // The window's own events (shown, size) are not a drawing's.
        SDL_PumpEvents()
        pump.drain(into: &events)
        events.removeAll()
    }

    isolated deinit {
        SDL_DestroyWindow(window)
    }

    /// `drawing` (window points) played into SDL's queue: what the
    /// recognizer kept of it and what it recognized it as (nil: failed).
    func record(_ drawing: [[Point]]) -> (strokes: [[Point]], recognized: String?) {
        let before = finished
        recognized = nil
        let drawing = centered(drawing)
        if device == .stick { return recordWithStick(drawing, before: before) }
        var lastTouch: (x: Float, y: Float)?
        var lastPixel: (Int32, Int32)?
        for (index, stroke) in drawing.enumerated() where !stroke.isEmpty {
            if index > 0 {
                if device == .mouse, let from = lastPixel {
                    // The hand goes to the next stroke, the button up.
                    let steps = max(1, Int(Self.strokeGap * Self.frameRate))
                    let to = pixel(stroke[0])
                    for step in 1...steps {
                        let t = Double(step) / Double(steps)
                        let hover = (Int32((Double(from.0) + Double(to.0 - from.0) * t).rounded()),
                                     Int32((Double(from.1) + Double(to.1 - from.1) * t).rounded()))
                        pushMotion(hover, pressed: false)
                        frame()
                    }
                    lastPixel = to
                } else {
                    for _ in 0..<Int(Self.strokeGap * Self.frameRate) { frame() }
                }
            }
            // The mouse, or else a finger a stroke (the stick returned above).
            let finger = Int64(index + 1)
            if device == .mouse {
                let start = pixel(stroke[0])
                if lastPixel.map({ $0 != start }) ?? true { pushMotion(start, pressed: false) }
                pushButton(SDL_MOUSEBUTTONDOWN, start)
                lastPixel = start
            } else {
                lastTouch = pushFinger(SDL_FINGERDOWN, finger, stroke[0], unless: nil)
            }
            for (step, point) in stroke.enumerated().dropFirst() {
                if device == .mouse {
                    let here = pixel(point)
                    if lastPixel.map({ $0 != here }) ?? true { pushMotion(here, pressed: true) }
                    lastPixel = here
                } else {
                    lastTouch = pushFinger(SDL_FINGERMOTION, finger, point, unless: lastTouch)
                }
                if step % Self.samplesPerFrame == 0 { frame() }
            }
            if device == .mouse {
                pushButton(SDL_MOUSEBUTTONUP, lastPixel ?? pixel(stroke[stroke.count - 1]))
            } else {
                _ = pushFinger(SDL_FINGERUP, finger, stroke[stroke.count - 1], unless: nil)
            }
            frame()
        }
        // The pause passes: the recognizer finishes the drawing.
        let deadline = clock.now + recognizer.pause + 0.25
        while finished == before, clock.now < deadline { frame() }
        return (finished > before ? recognizer.lastDrawing : [], recognized)
    }

    // MARK: The stick

    /// How the stick's player draws: along the drawing at `drawingSpeed`
    /// points a second (a deflection of about 0.7, below the cursor's full
    /// tilt, so without its acceleration), aiming `lookAhead` points ahead
    /// on the path, to the next stroke's start with the pen up at
    /// `travelSpeed`; each frame's aim off by a few degrees and the
    /// deflection by a few percent, as a thumb is.
    static let drawingSpeed = 350.0, travelSpeed = 600.0, lookAhead = 12.0
    static let aimError = 0.06, deflectionError = 0.05
    /// Drawings are drawn this much larger with a stick (its cursor
    /// crosses a 1000-point window in about a second).
    static let stickScale = 1.5

    private func recordWithStick(_ drawing: [[Point]], before: Int) -> (strokes: [[Point]], recognized: String?) {
        // Larger, but within nine tenths of the window (the cursor stops
        // at its edges; the wide habits' longest lines are 710 across).
        let points = drawing.joined()
        let width = (points.map(\.x).max() ?? 0) - (points.map(\.x).min() ?? 0)
        let height = (points.map(\.y).max() ?? 0) - (points.map(\.y).min() ?? 0)
        let fits = min(0.9 * Double(Self.width) / max(1, width), 0.9 * Double(Self.height) / max(1, height))
        let drawing = scaled(drawing, by: min(Self.stickScale, fits))
        var penUp: Double?
        for stroke in drawing where !stroke.isEmpty {
            // Pen up, to the stroke's start; a frame still; pen down.
            steer(along: [stroke[0]], speed: Self.travelSpeed, within: 4)
            tilt(towards: 0, by: 0)
            frame()
            pad?.set(SDL_CONTROLLER_BUTTON_A, down: true)
            if let penUp { travelTimes.append(clock.now - penUp) }
            frame()
            steer(along: denser(stroke), speed: Self.drawingSpeed, within: 2)
            tilt(towards: 0, by: 0)
            frame()
            pad?.set(SDL_CONTROLLER_BUTTON_A, down: false)
            penUp = clock.now
            frame()
        }
        // A drawing finished between two of its strokes (the pen-up travel
        // took longer than the pause) was split: counted, and what is kept
        // is its last part, as the game saw it.
        let afterStrokes = finished
        if afterStrokes > before { splitDrawings += 1 }
        let deadline = clock.now + max(recognizer.pause, recognizer.cursorPause) + 0.25
        while finished == afterStrokes, clock.now < deadline { frame() }
        return (finished > afterStrokes ? recognizer.lastDrawing : [], recognized)
    }

    /// Steers the cursor through `path` (points a few apart) at about
    /// `speed`, until it is `within` points of the last, or for at most
    /// twice the time the path takes at that speed and two seconds more
    /// (counted in `gaveUp`). Until session 30 the most was four seconds,
    /// which cut the longest strokes short (a star or a zigzag drawn half
    /// as large again: 1,400 points and more at 350 a second) and lost
    /// their last corners.
    private func steer(along path: [Point], speed: Double, within reach: Double) {
        guard let last = path.last, let cursor = pump.cursors.values.first?.location else { return }
        var length = cursor.distance(to: path[0])
        for (from, to) in zip(path, path.dropFirst()) { length += from.distance(to: to) }
        var index = 0
        let giveUp = clock.now + 2 * length / speed + 2
        while true {
            guard clock.now < giveUp else {
                gaveUp += 1
                return
            }
            guard let cursor = pump.cursors.values.first?.location else { return }
            while index < path.count - 1, cursor.distance(to: path[index]) < Self.lookAhead { index += 1 }
            let left = cursor.distance(to: last)
            if index == path.count - 1, left < reach { return }
            let target = path[index]
            // Slower near the end, so as to stop there rather than
            // overshoot: a tenth of a second from it at most.
            let wanted = min(speed, max(60, left * 10))
            let deflection = 0.2 + 0.8 * (wanted / 900).squareRoot()
            let angle = atan2(target.y - cursor.y, target.x - cursor.x) + gaussian() * Self.aimError
            tilt(towards: angle, by: min(0.89, deflection * (1 + gaussian() * Self.deflectionError)))
            frame()
        }
    }

    private func tilt(towards angle: Double, by deflection: Double) {
        pad?.set(SDL_CONTROLLER_AXIS_LEFTX, Int16((cos(angle) * deflection * 32767).rounded()))
        pad?.set(SDL_CONTROLLER_AXIS_LEFTY, Int16((sin(angle) * deflection * 32767).rounded()))
    }

    /// `stroke` with points at most 3 apart, for the player to follow.
    private func denser(_ stroke: [Point]) -> [Point] {
        var path = [stroke[0]]
        for point in stroke.dropFirst() {
            let from = path[path.count - 1]
            let steps = max(1, Int((from.distance(to: point) / 3).rounded(.up)))
            for step in 1...steps {
                let t = Double(step) / Double(steps)
                path.append(Point(x: from.x + (point.x - from.x) * t, y: from.y + (point.y - from.y) * t))
            }
        }
        return path
    }

    private func scaled(_ drawing: [[Point]], by factor: Double) -> [[Point]] {
        let middle = Point(x: Double(Self.width) / 2, y: Double(Self.height) / 2)
        return drawing.map { $0.map { Point(x: middle.x + ($0.x - middle.x) * factor, y: middle.y + ($0.y - middle.y) * factor) } }
    }

    private func gaussian() -> Double {
        let u = max(1e-12, Double(player.next() >> 11) / 0x1p53), v = Double(player.next() >> 11) / 0x1p53
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
    }

    /// One frame: the clock, SDL's queue into the scene, the scene's time.
    /// A drawing is finished when the recognizer's ink, begun, is emptied
    /// (recognized or failed, it is reset to possible).
    private func frame() {
        clock.advance(by: 1 / Self.frameRate)
        events.removeAll(keepingCapacity: true)
        pump.drain(into: &events)
        for event in events { scene.send(event) }
        scene.advanceTime(to: clock.now)
        if inkBegun, recognizer.ink.isEmpty { finished += 1 }
        inkBegun = !recognizer.ink.isEmpty
    }
    private var inkBegun = false

    private func pixel(_ point: Point) -> (Int32, Int32) {
        (Int32(point.x.rounded()), Int32(point.y.rounded()))
    }

    private func push(_ event: SDL_Event) {
        var event = event
        guard SDL_PushEvent(&event) == 1 else { fatalError("SDL_PushEvent: \(String(cString: SDL_GetError()))") }
    }

    private func pushButton(_ type: SDL_EventType, _ at: (Int32, Int32)) {
        var event = SDL_Event()
        event.button = SDL_MouseButtonEvent(
            type: type.rawValue, timestamp: 0, windowID: SDL_GetWindowID(window), which: 0, button: UInt8(SDL_BUTTON_LEFT),
            state: UInt8(type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED), clicks: 1, padding1: 0, x: at.0, y: at.1)
        push(event)
    }

    private func pushMotion(_ at: (Int32, Int32), pressed: Bool) {
        var event = SDL_Event()
        event.motion = SDL_MouseMotionEvent(
            type: SDL_MOUSEMOTION.rawValue, timestamp: 0, windowID: SDL_GetWindowID(window), which: 0,
            state: pressed ? 1 << (UInt32(SDL_BUTTON_LEFT) - 1) : 0, x: at.0, y: at.1, xrel: 0, yrel: 0)
        push(event)
    }

    /// Pushes a finger event at `point`, unless it is a motion to where the
    /// finger already is (`unless`): SDL's touch layer drops those
    /// (SDL_SendTouchMotion: "Drop events that don't change state"), and
    /// the sigma-lognormal writers' devices report a pen at rest again and
    /// again. Where the finger is now.
    private func pushFinger(_ type: SDL_EventType, _ finger: Int64, _ point: Point, unless at: (x: Float, y: Float)?) -> (x: Float, y: Float) {
        let here = (x: Float(point.x / Double(Self.width)), y: Float(point.y / Double(Self.height)))
        if let at, at == here { return here }
        var event = SDL_Event()
        event.tfinger = SDL_TouchFingerEvent(
            type: type.rawValue, timestamp: 0, touchId: 7, fingerId: finger, x: here.x, y: here.y, dx: 0, dy: 0,
            pressure: 1, windowID: SDL_GetWindowID(window))
        push(event)
        return here
    }

    /// `drawing` moved by whole points so that its bounds' middle is the
    /// window's (the synthesizers draw around (300, 300)).
    private func centered(_ drawing: [[Point]]) -> [[Point]] {
        let points = drawing.joined()
        guard let first = points.first else { return drawing }
        var low = first, high = first
        for point in points {
            low = Point(x: min(low.x, point.x), y: min(low.y, point.y))
            high = Point(x: max(high.x, point.x), y: max(high.y, point.y))
        }
        let dx = (Double(Self.width) / 2 - (low.x + high.x) / 2).rounded()
        let dy = (Double(Self.height) / 2 - (low.y + high.y) / 2).rounded()
        return drawing.map { $0.map { Point(x: $0.x + dx, y: $0.y + dy) } }
    }
}

