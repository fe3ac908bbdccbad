import Tactile
import TactileDebugDrawing
import TactileSDL

/// The Touches demo: every contact on screen as a circle with its id, its
/// phase and a short trail, whatever made it (a finger, the mouse, the
/// mouse's two simulated fingers, or a controller's touchpad).
///
/// It is the first thing to run on a new machine: if the contacts here look
/// right, the SDL boundary (coordinates, ids, the mouse modes, cancellation)
/// is right.
@MainActor
final class TouchesGame: CanvasGame {
    /// What made a contact: a pointer, or a finger on a controller's touchpad.
    enum Source: Hashable {
        case pointer(PointerID)
        case touchpad(controller: Int32, touchpad: Int32, finger: Int32)

        var label: String {
            switch self {
            case .pointer(let id): "\(id.kind.rawValue) \(id.device):\(id.index)"
            case .touchpad(let controller, let touchpad, let finger): "pad \(controller) \(touchpad):\(finger)"
            }
        }

        var color: Color {
            switch self {
            case .pointer(let id): TouchesGame.color(for: id.kind)
            case .touchpad: Color(r: 170, g: 120, b: 255)
            }
        }
    }

    /// One contact as the demo shows it.
    struct Contact {
        let source: Source
        var location: Point
        var phase: PointerEvent.Phase
        /// The most recent positions, oldest first.
        var trail: [Point]
        /// When the contact lifted or was cancelled; it fades out after.
        var endedAt: Double?

        /// A move, lift or cancel: the trail keeps its last ``TouchesGame/trailLength``
        /// positions in the capacity it was made with.
        mutating func follow(to location: Point, phase: PointerEvent.Phase, time: Double) {
            self.location = location
            self.phase = phase
            if trail.count == TouchesGame.trailLength {
                // Shift by hand: `removeFirst()` goes through the general `replaceSubrange`.
                for index in 1..<trail.count { trail[index - 1] = trail[index] }
                trail[trail.count - 1] = location
            } else {
                trail.append(location)
            }
            if phase != .move { endedAt = time }
        }
    }

    /// How many past positions a trail keeps: a quarter second at 60 Hz
    /// input, long enough to show the direction and speed of a stroke.
    nonisolated static let trailLength = 16
    /// How long a lifted contact stays on screen, fading, so a quick tap is
    /// still visible.
    static let fadeDuration = 0.6
    static let contactRadius = 28.0
    /// Esc's USB HID usage (SDL_SCANCODE_ESCAPE).
    static let escapeScancode: Int32 = 41

    // Exclusivity: every access is instantaneous (no other code runs while
    // one is open), so the runtime's check, two on every pointer event, is
    // dropped.
    @exclusivity(unchecked) private(set) var contacts: [Contact] = []
    /// Every contact that began, and every one that ended or was cancelled:
    /// a run that ends with these equal lost nothing.
    private(set) var began = 0
    private(set) var ended = 0
    private(set) var cancelled = 0
    private(set) var connectedControllers: [Int32] = []
    private(set) var hover: Point?
    private(set) var wantsToQuit = false
    private var now = 0.0
    /// Where the controllers' cursors are, button held or not; the app's
    /// pump knows, the game only draws them.
    private let cursorLocations: () -> [Point]

    /// Room made for contacts at start: ten fingers, and as many lifted
    /// ones fading out. The first touches then grow no array: the first
    /// growth of `[Contact]` made the runtime look its storage type up by
    /// name and malloc consolidate its free lists, in the frame where ten
    /// fingers land (callgrind: 52,000 of that frame's 61,000 instructions).
    static let reservedContacts = 32

    init(cursorLocations: @escaping () -> [Point] = { [] }) {
        self.cursorLocations = cursorLocations
        contacts.reserveCapacity(Self.reservedContacts)
    }

    func handle(_ event: InputEvent) {
        switch event.kind {
        case .pointer(let pointer):
            apply(pointer.phase, of: .pointer(pointer.id), at: pointer.location, time: event.timestamp)
        case .controller(.touchpad(let controller, let touchpad, let finger, let phase, let location, _)):
            // A touchpad finger is drawn in a panel of its own (see
            // `touchpadPanel`), scaled from the pad's 0…1 space.
            let source = Source.touchpad(controller: controller, touchpad: touchpad, finger: finger)
            apply(phase, of: source, at: Self.touchpadPanel(location), time: event.timestamp)
        case .controller(.added(let controller, _)):
            connectedControllers.append(controller)
        case .controller(.removed(let controller)):
            connectedControllers.removeAll { $0 == controller }
        case .mouseHover(let location):
            hover = location
        case .key(let key) where key.isDown && key.scancode == Self.escapeScancode:
            wantsToQuit = true
        case .interrupted:
            hover = nil
        default:
            break
        }
    }

    private func apply(_ phase: PointerEvent.Phase, of source: Source, at location: Point, time: Double) {
        switch phase {
        case .down:
            began += 1
            var trail: [Point] = []
            trail.reserveCapacity(Self.trailLength)
            trail.append(location)
            contacts.append(Contact(source: source, location: location, phase: .down, trail: trail, endedAt: nil))
        case .move, .up, .cancel:
            guard let index = Self.activeContact(of: source, in: contacts, from: nextSearch) else { return }
            nextSearch = index + 1
            contacts[index].follow(to: location, phase: phase, time: time)
            if phase == .up { ended += 1 } else if phase == .cancel { cancelled += 1 }
        }
    }

    /// The contact of `source` that is still down, if any.
    ///
    /// A plain loop in a `nonisolated` function rather than
    /// `contacts.firstIndex { … }`: that closure, made in a main-actor
    /// class, checked the executor and copied each `Contact` it was given,
    /// which was most of an event's cost (callgrind: about 3,050
    /// instructions an event before, in the ten-contact replay).
    ///
    /// The search starts at `start` and goes round: fingers report their
    /// moves in turn, in the same order each round, so the contact after the
    /// last event's is usually the one (one comparison, not half the
    /// contacts'). A source is down in one contact at a time, unless a
    /// second down came before its up (SDL sends none such); its moves then
    /// go to whichever of the two the search meets first.
    @inline(__always)
    private nonisolated static func activeContact(of source: Source, in contacts: [Contact], from start: Int) -> Int? {
        let count = contacts.count
        var index = start < count ? start : 0
        for _ in 0..<count {
            if contacts[index].endedAt == nil && contacts[index].source == source { return index }
            index = index + 1 == count ? 0 : index + 1
        }
        return nil
    }

    /// Where the next event's search for its contact starts (see `activeContact`).
    @exclusivity(unchecked) private var nextSearch = 0

    func update(step: Double, now: Double) {
        self.now = now
        contacts.removeAll { contact in
            contact.endedAt.map { now - $0 > Self.fadeDuration } ?? false
        }
    }

    /// Where a touchpad's 0…1 location is drawn: a 160×90 panel at the
    /// bottom-right, the shape of a PlayStation pad's touchpad.
    static func touchpadPanel(_ location: Point) -> Point {
        Point(x: 620 + location.x * 160, y: 490 + location.y * 90)
    }

    // MARK: Drawing

    nonisolated static let background = Color(r: 18, g: 20, b: 28)
    static let panel = Color(r: 34, g: 38, b: 52)
    static let text = Color(r: 220, g: 224, b: 235)

    nonisolated static func color(for kind: PointerKind) -> Color {
        switch kind {
        case .finger: Color(r: 80, g: 200, b: 255)
        case .mouse: Color(r: 255, g: 190, b: 60)
        case .simulated: Color(r: 120, g: 230, b: 120)
        case .controllerCursor: Color(r: 240, g: 100, b: 200)
        case .controllerTouchpad: Color(r: 250, g: 120, b: 90)
        }
    }

    func render(on canvas: Canvas) {
        canvas.clear(Self.background)
        drawGrid(on: canvas)
        canvas.fillRect(x: 620, y: 490, width: 160, height: 90, color: Self.panel)
        canvas.drawText("TOUCHPAD", at: Point(x: 626, y: 494), scale: 1, color: Self.text.withAlpha(120))

        for contact in contacts {
            // In a window, events are stamped when SDL queued them, which can
            // be after the last update's time: a contact may have ended
            // "in the future". Clamp, or the alpha below would overflow.
            let fade = contact.endedAt.map { min(1, max(0, 1 - (now - $0) / Self.fadeDuration)) } ?? 1
            let color = contact.source.color
            for (a, b) in zip(contact.trail, contact.trail.dropFirst()) {
                canvas.drawLine(from: a, to: b, color: color.withAlpha(UInt8(110 * fade)), thickness: 4)
            }
            canvas.fillCircle(center: contact.location, radius: Self.contactRadius, color: color.withAlpha(UInt8(200 * fade)))
            canvas.strokeCircle(center: contact.location, radius: Self.contactRadius + 4, thickness: 2, color: Self.text.withAlpha(UInt8(255 * fade)))
            // Labels sit to the right of the circle, or to the left near the right edge.
            let label = contact.source.label
            let width = max(canvas.textSize(label, scale: 2).width, canvas.textSize(contact.phase.rawValue, scale: 2).width)
            let labelX = contact.location.x + 36 + width <= 800 ? contact.location.x + 36 : contact.location.x - 36 - width
            canvas.drawText(label, at: Point(x: labelX, y: contact.location.y - 16), scale: 2, color: Self.text.withAlpha(UInt8(255 * fade)))
            canvas.drawText(contact.phase.rawValue, at: Point(x: labelX, y: contact.location.y + 2), scale: 2, color: color.withAlpha(UInt8(255 * fade)))
        }
        if let hover {
            canvas.strokeCircle(center: hover, radius: 6, thickness: 2, color: Self.text.withAlpha(140))
        }
        for cursor in cursorLocations() {
            let color = Self.color(for: .controllerCursor)
            canvas.strokeCircle(center: cursor, radius: 10, thickness: 3, color: color)
            canvas.drawLine(from: Point(x: cursor.x - 16, y: cursor.y), to: Point(x: cursor.x + 16, y: cursor.y), color: color, thickness: 2)
            canvas.drawLine(from: Point(x: cursor.x, y: cursor.y - 16), to: Point(x: cursor.x, y: cursor.y + 16), color: color, thickness: 2)
        }
        drawHUD(on: canvas)
    }

    private func drawGrid(on canvas: Canvas) {
        let line = Color(r: 30, g: 34, b: 46)
        for x in stride(from: 0.0, through: 800, by: 50) {
            canvas.drawLine(from: Point(x: x, y: 0), to: Point(x: x, y: 600), color: line)
        }
        for y in stride(from: 0.0, through: 600, by: 50) {
            canvas.drawLine(from: Point(x: 0, y: y), to: Point(x: 800, y: y), color: line)
        }
    }

    private func drawHUD(on canvas: Canvas) {
        canvas.fillRect(x: 0, y: 0, width: 800, height: 44, color: Self.panel)
        canvas.drawText("TACTILE  TOUCHES", at: Point(x: 12, y: 8), scale: 2, color: Self.text)
        let active = contacts.filter { $0.endedAt == nil }.count
        canvas.drawText("active \(active)  began \(began)  ended \(ended)  cancelled \(cancelled)  pads \(connectedControllers.count)",
                        at: Point(x: 12, y: 28), scale: 1, color: Self.text.withAlpha(180))
        canvas.drawText("drag: mouse   alt+drag: pinch/rotate   alt+shift+drag: two-finger pan",
                        at: Point(x: 12, y: 584), scale: 1, color: Self.text.withAlpha(150))
    }
}
