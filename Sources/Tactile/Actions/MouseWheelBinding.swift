/// The mouse wheel's two axes, for a binding that reads how far it turned.
///
/// A ``ActionBinding/wheel(_:scale:)`` binding adds the notches turned
/// during the frame, times its scale, to its action's value, the way a
/// gesture's rotation is added: a per-frame change, not a level, so the
/// action is not pressed by it. Vertical is positive away from the user,
/// horizontal positive to the right (``MouseWheelEvent``).
public enum WheelAxis: String, Hashable, Sendable, CaseIterable {
    case vertical, horizontal
}

/// One way of turning the mouse wheel, for a binding that counts notches
/// as presses.
///
/// A ``ActionBinding/wheelStep(_:)`` binding presses and releases its action
/// once per notch turned that way (three notches in a frame: ``ActionSnapshot/pressCount``
/// 3), as Godot's wheel "buttons" and Unity's `scroll/up` do. Smooth wheels
/// and touchpads report fractions of a notch: they add up, and a step is
/// counted each time a whole notch has been turned one way; turning back
/// starts the count over.
public enum WheelDirection: String, Hashable, Sendable, CaseIterable {
    /// Away from the user.
    case up
    /// Towards the user.
    case down
    case left, right
}
