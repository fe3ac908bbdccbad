import Tactile
import TactileSDL

/// A debug overlay any game can switch on: a ring with its id on every
/// contact that is down, drawn over whatever the game draws.
///
/// Give it every input event and draw it last; the `O` key (or
/// ``toggleScancode``) switches it on and off.
///
/// ```swift
/// let overlay = TouchOverlay()
/// // in Game.handle(_:):
/// overlay.handle(event)
/// // at the end of CanvasGame.render(on:):
/// overlay.draw(on: canvas)
/// ```
///
/// It follows pointer events only, so it shows contacts as the pump made
/// them, before any scene, recognizer or layer has had a say: a touch a
/// layer ignores still shows.
@MainActor
public final class TouchOverlay {
    /// Whether the overlay is drawn. It tracks contacts while hidden too,
    /// so switching it on mid-gesture shows the contacts already down.
    public var isVisible: Bool
    /// The key that switches it: `O` (SDL_SCANCODE_O, USB HID usage 18).
    public var toggleScancode: Int32 = 18
    /// The contacts down now, in the order they went down.
    // Exclusivity: every access is instantaneous (no caller's code runs
    // while one is open), so the runtime's check on each pointer event,
    // two an event, is dropped.
    @exclusivity(unchecked) public private(set) var contacts: [(id: PointerID, location: Point)] = []

    /// The ring's radius, in points: about a fingertip.
    static let radius = 22.0
    static let ring = Color(r: 255, g: 255, b: 255)
    static let label = Color(r: 255, g: 240, b: 120)

    /// Room made for contacts at start: ten fingers. The first touches
    /// then grow no array: its first growth made the runtime look the
    /// storage type up by name, in the frame where ten fingers land
    /// (callgrind: about 19,000 instructions in the demos that show it).
    static let reservedContacts = 10

    public init(isVisible: Bool = false) {
        self.isVisible = isVisible
        contacts.reserveCapacity(Self.reservedContacts)
    }

    /// Follows contacts, and switches on a press of ``toggleScancode``.
    public func handle(_ event: InputEvent) {
        switch event.kind {
        case .pointer(let pointer) where pointer.phase == .move:
            move(pointer.id, to: pointer.location)
        case .pointer(let pointer):
            let index = Self.index(of: pointer.id, in: contacts, from: nextSearch)
            if let index { nextSearch = index + 1 }
            if let index { contacts.remove(at: index) }
            if pointer.phase == .down { contacts.append((pointer.id, pointer.location)) }
        case .key(let key) where key.isDown && !key.isRepeat && key.scancode == toggleScancode:
            isVisible.toggle()
        case .interrupted:
            contacts.removeAll()
        default:
            break
        }
    }

    /// Moves `id`'s contact, if it is down: most of the events. The search
    /// and the write go through the array's own memory, made unique once,
    /// in a `nonisolated` function (so that the closure checks no
    /// executor): reading `contacts` for the search retained and released
    /// its buffer, and writing the location checked its uniqueness again
    /// (callgrind, the ten-contact replay: about 140 instructions an event
    /// in all before).
    private func move(_ id: PointerID, to location: Point) {
        if let found = Self.move(id, to: location, in: &contacts, from: nextSearch) { nextSearch = found + 1 }
    }

    /// Where the search for the next event's contact starts: after the one
    /// the last event was about. Several fingers report their moves in turn,
    /// in the same order each round (SDL's, and a replayed trace's), so the
    /// next event's contact is usually the next one in `contacts`; found
    /// there, the event costs one comparison rather than half the contacts'.
    @exclusivity(unchecked) private var nextSearch = 0

    /// Moves `id` in `contacts` to `location`, and says where it is (nil if
    /// it is not down).
    private nonisolated static func move(_ id: PointerID, to location: Point, in contacts: inout [(id: PointerID, location: Point)],
                                         from start: Int) -> Int? {
        contacts.withUnsafeMutableBufferPointer { contacts in
            guard let index = index(of: id, in: UnsafeBufferPointer(contacts), from: start) else { return nil }
            contacts[index].location = location
            return index
        }
    }

    /// The position of `id` in `contacts`, searched from `start` round to
    /// just before it (each id is in `contacts` at most once). A plain loop
    /// in a `nonisolated` function rather than `contacts.firstIndex { … }`,
    /// whose closure, made in a main-actor class, checked the executor for
    /// every contact it compared, on every pointer event (callgrind, the
    /// ten-contact replay). Inlined, so that an array is read where it is
    /// stored: passed to a call, it was retained and released around it
    /// (about 40 instructions).
    @inline(__always)
    private nonisolated static func index<Contacts: RandomAccessCollection<(id: PointerID, location: Point)>>(
        of id: PointerID, in contacts: Contacts, from start: Int
    ) -> Int? where Contacts.Index == Int {
        let count = contacts.count
        var index = start < count ? start : 0
        for _ in 0..<count {
            if contacts[index].id == id { return index }
            index = index + 1 == count ? 0 : index + 1
        }
        return nil
    }

    /// Draws a ring and the pointer id (`kind device:index`) for every contact, if visible.
    public func draw(on canvas: Canvas) {
        guard isVisible else { return }
        for (id, location) in contacts {
            canvas.strokeCircle(center: location, radius: Self.radius, thickness: 2, color: Self.ring.withAlpha(220))
            canvas.fillCircle(center: location, radius: 3, color: Self.ring)
            let text = "\(id.kind.rawValue) \(id.device):\(id.index)"
            canvas.drawText(text, at: Point(x: location.x - canvas.textSize(text, scale: 1).width / 2, y: location.y + Self.radius + 4),
                            scale: 1, color: Self.label)
        }
        canvas.drawText("overlay: \(contacts.count) down", at: Point(x: 700, y: 4), scale: 1, color: Self.label)
    }
}
