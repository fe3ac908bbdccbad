/// Where a game controller's touchpad lands in the window when its fingers
/// are pointers: the whole window, or a rectangle of it.
///
/// A PlayStation pad's touchpad reports fingers in its own 0…1 coordinates
/// (``ControllerEvent/touchpad(controller:touchpad:finger:phase:location:pressure:)``).
/// With an area set (TactileSDL's `SDLEventPump.touchpadPointers`), each
/// finger also becomes a pointer of kind ``PointerKind/controllerTouchpad``
/// that the scene hit-tests and the recognizers see like a finger on the
/// screen: two fingers on the pad pinch a ``PinchGestureRecognizer``.
///
/// ```swift
/// pump.touchpadPointers = .window                          // the pad is the window
/// pump.touchpadPointers = .rect(TouchpadArea.frame(of: map)) // the pad is the map layer
/// ```
///
/// The pad's aspect (about 2:1 on a DualShock 4 or DualSense) is stretched
/// onto the area's: a finger at the pad's corner is at the area's corner.
public enum TouchpadArea: Hashable, Sendable {
    /// The whole window, as the pump knows its size.
    case window
    /// A rectangle in window points. One that is not finite maps no
    /// finger (the pump reports it and drops the pointer).
    case rect(Rect)

    /// Where the pad's `normalized` point (0…1 each way, clamped) lands, in
    /// window points, in a window of `windowSize` points.
    public func location(of normalized: Point, windowSize: Size) -> Point {
        let x = min(max(normalized.x, 0), 1)
        let y = min(max(normalized.y, 0), 1)
        switch self {
        case .window:
            return Point(x: x * windowSize.width, y: y * windowSize.height)
        case .rect(let rect):
            return Point(x: rect.minX + x * rect.width, y: rect.minY + y * rect.height)
        }
    }

    /// The smallest window-point rectangle around `layer`'s bounds, as the
    /// layer is placed now: the rectangle to pass to ``rect(_:)`` for a pad
    /// that maps onto that layer. A layer that moves later needs the area
    /// set again.
    @MainActor
    public static func frame(of layer: Layer) -> Rect {
        let bounds = layer.bounds
        let corners = [
            Point(x: bounds.minX, y: bounds.minY), Point(x: bounds.maxX, y: bounds.minY),
            Point(x: bounds.minX, y: bounds.maxY), Point(x: bounds.maxX, y: bounds.maxY),
        ].map { layer.convert($0, to: nil) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let minX = xs.min() ?? 0, minY = ys.min() ?? 0
        return Rect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
    }
}
