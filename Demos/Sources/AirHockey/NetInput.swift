import Tactile

/// One player's input for one frame, as the peers send it to each other: a
/// state (a finger down at a point, a stick's tilt, Start held), not an
/// edge, so repeating the last one is the prediction that nothing changed.
struct NetInput: Equatable {
    /// Where the player's finger is, in window points; `nil` when lifted.
    var finger: Point?
    /// The player's pad's left stick, −1…1 with +y down, as SDL reports it.
    var stick = Point.zero
    /// The pad's Start button is held.
    var start = false

    /// The pad each player plays with in a rollback match: seated before the
    /// match, so the roster's seating is not part of any frame.
    static func pad(of player: Int) -> Int32 { Int32(player + 1) }

    /// The input events that take the players from `previous` to `current`:
    /// a finger's down, move or up, a stick's axes, Start's press or release.
    static func events(frame: Int, step: Double, _ previous: [NetInput], _ current: [NetInput]) -> [InputEvent] {
        var events: [InputEvent] = []
        for player in previous.indices {
            // Each player's events a little into the frame, left first: the
            // same times on every peer, whatever arrived when.
            let time = Double(frame) * step + Double(player + 1) * step / 4
            let (was, now) = (previous[player], current[player])
            let id = PointerID(kind: .finger, device: Int64(player + 1), index: 1)
            switch (was.finger, now.finger) {
            case (nil, let point?):
                events.append(InputEvent(timestamp: time, .pointer(PointerEvent(.down, id: id, location: point))))
            case (let from?, let point?) where from != point:
                events.append(InputEvent(timestamp: time, .pointer(PointerEvent(.move, id: id, location: point))))
            case (let from?, nil):
                events.append(InputEvent(timestamp: time, .pointer(PointerEvent(.up, id: id, location: from))))
            default:
                break
            }
            let pad = pad(of: player)
            if was.stick.x != now.stick.x {
                events.append(InputEvent(timestamp: time, .controller(.axis(controller: pad, axis: .leftX, value: now.stick.x))))
            }
            if was.stick.y != now.stick.y {
                events.append(InputEvent(timestamp: time, .controller(.axis(controller: pad, axis: .leftY, value: now.stick.y))))
            }
            if was.start != now.start {
                events.append(InputEvent(timestamp: time, .controller(.button(controller: pad, button: .start, isDown: now.start))))
            }
        }
        return events
    }
}
