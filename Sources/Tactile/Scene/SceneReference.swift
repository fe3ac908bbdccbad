/// What the library's own parts hold when they must not keep a scene
/// alive (a motion manager's receiver, the input debugger's scene): a
/// small object the scene owns, which points back at it until the scene
/// goes.
///
/// Why not a `weak` reference to the scene: a weak reference gives its
/// target a side table for good, and from then on every retain and
/// release of the target takes the Swift runtime's slow path. A scene is
/// retained and released several times an event, so a game whose scene
/// was a motion manager's receiver paid that on every event (callgrind,
/// Tilt Maze over the ten-contact trace: about 70 instructions a retain
/// and 90 a release on the slow path, about 20 each on the fast path; the
/// slow releases went from 12,327 to 7,954, the rest being the game's own
/// object, a weak action target). A holder keeps this object strongly instead,
/// which keeps nothing else alive: the scene is held by the game, and
/// this points back at it `unowned(unsafe)`, cleared as the scene's
/// deinitialization begins (`Scene.deinit`), so that ``scene`` reads `nil`
/// from then on, as a weak reference would.
///
/// The scene's own objects (its arena, its layers) point at it the same
/// way, for the same reason (see `GestureArena.scene`).
@MainActor
final class SceneReference {
    /// The scene, until its deinitialization begins; `nil` after. Set only
    /// by the scene itself.
    unowned(unsafe) var scene: Scene?

    init() {}
}
