extension Scene {
    /// An event that is neither a pointer's nor a controller button's, as
    /// the repeated-event check compares it with the next one: its timestamp
    /// and its kind, in plain values.
    //
    // Why not the event itself: the scene used to keep a whole copy of
    // every such event (a key, an axis, a sensor reading…), and an
    // `InputEvent` cannot be copied as bytes while its rare kinds hold
    // strings, so each one was copied in (about 75 instructions) and its
    // predecessor destroyed (about 38) through the type's value witnesses
    // (callgrind). These cases hold what those kinds hold and copy as
    // bytes; the kinds that hold strings (text, a controller connected or
    // remapped) are only `boxed` here, kept whole in `Scene.lastBoxed`.
    // Compared with `==`, as the events are: the same outcome as comparing
    // the events.
    struct LastOther: Equatable {
        var timestamp: Double
        var kind: Kind

        enum Kind: Equatable {
            case pointer(PointerEvent)
            case mouseHover(Point)
            case mouseButton(MouseButtonEvent)
            case mouseWheel(MouseWheelEvent)
            case key(KeyEvent)
            case controllerRemoved(controller: Int32)
            case controllerButton(controller: Int32, button: ControllerButton, isDown: Bool)
            case controllerAxis(controller: Int32, axis: ControllerAxis, value: Double)
            case controllerTouchpad(
                controller: Int32, touchpad: Int32, finger: Int32, phase: PointerEvent.Phase, location: Point, pressure: Double)
            case sensor(SensorSample)
            case remote(RemoteCommand)
            case interrupted(Interruption)
            /// Text, or a controller connected or remapped: the event is
            /// kept whole in `Scene.lastBoxed`.
            case boxed
        }

        // Borrowing: an initializer takes its arguments owned by default,
        // and the scene's event, borrowed, was copied to be handed in
        // (callgrind: about 77 instructions a key or axis).
        init(_ input: borrowing InputEvent) {
            timestamp = input.timestamp
            switch input.kind {
            case .pointer(let pointer): kind = .pointer(pointer)
            case .mouseHover(let location): kind = .mouseHover(location)
            case .mouseButton(let button): kind = .mouseButton(button)
            case .mouseWheel(let wheel): kind = .mouseWheel(wheel)
            case .key(let key): kind = .key(key)
            case .controller(.removed(let controller)): kind = .controllerRemoved(controller: controller)
            case .controller(.button(let controller, let button, let isDown)):
                kind = .controllerButton(controller: controller, button: button, isDown: isDown)
            case .controller(.axis(let controller, let axis, let value)):
                kind = .controllerAxis(controller: controller, axis: axis, value: value)
            case .controller(.touchpad(let controller, let touchpad, let finger, let phase, let location, let pressure)):
                kind = .controllerTouchpad(
                    controller: controller, touchpad: touchpad, finger: finger, phase: phase, location: location, pressure: pressure)
            case .sensor(let sample): kind = .sensor(sample)
            case .remote(let command): kind = .remote(command)
            case .interrupted(let reason): kind = .interrupted(reason)
            case .text, .controller(.added), .controller(.remapped): kind = .boxed
            }
        }
    }
}
