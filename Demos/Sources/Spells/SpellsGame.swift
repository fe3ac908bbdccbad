import DemoSupport
import Foundation
import Tactile
import TactileDebugDrawing
import TactileSDL

/// The spell-casting game: draw a shape over an enemy to cast that spell at
/// it. Each enemy falls to one shape, shown on it; other shapes are
/// resisted. Whatever draws (a finger, the mouse, the simulated pair, a
/// controller's cursor with its stick) goes through one
/// `StrokeGestureRecognizer` on the field, and where the drawing's centre
/// lands decides the target: the scene's hit-test, as for a tap.
///
/// ```
/// ┌──────────────────────────────────────────────┐
/// │ SCORE 2     last: circle 0.93 → 1 defeated    │
/// ├──────────────────────────────────────────────┤
/// │  ┌──────┐      ┌──────┐      ┌──────┐        │
/// │  │  ○   │      │  △   │      │  ⋀⋀  │        │
/// │  └──────┘      └──────┘      └──────┘        │
/// │            the drawing, and its best guess    │
/// └──────────────────────────────────────────────┘
/// ```
///
/// The recognizer learns the player's hand as they play (an adaptation,
/// on by default here): each spell recognized is kept as a sample of its
/// shape, the latest one a shape, and the header counts them ("your hand: 3
/// shapes"); a player whose stars lean far over gets them recognized more
/// often as the game goes on. The learning is the recognizer's, in the
/// frame that recognized the drawing, with no rebuild and no pause; a
/// replayed trace learns the same drawings.
///
/// What a cast did goes to ``log``: `cast circle at 1 circle: defeated`,
/// `cast star at 2 triangle: resisted`, `cast line at nothing`,
/// `fizzle (nearest zigzag 0.71)`.
@MainActor
final class SpellsGame: CanvasGame {
    let scene = Scene(size: Size(width: 800, height: 600))
    /// The field below the header, where drawings are made.
    let field = Layer(frame: Rect(x: 0, y: 44, width: 800, height: 556), name: "field")
    /// The spells: the built-in shapes. A shape drawn a line at a time
    /// casts as it does in one stroke (a star in five strokes, a
    /// triangle a side at a time): the built-in set measures a drawing
    /// whose stroke count its template's samples lack on its strokes joined
    /// (`StrokeMatchingParameters.joinsStrokesAcrossCounts`). Until session
    /// 32 this demo gave those shapes a sample drawn a side at a time.
    let spell = SpellRecognizer(classifier: StrokeClassifier())

    /// The enemy standing in each place, or the one defeated there last.
    private(set) var enemies: [Enemy] = []
    private(set) var score = 0
    /// One line per cast, in order (see the type's documentation).
    private(set) var log: [String] = []
    /// The last cast, for the header: its shape, score and what it did.
    private(set) var lastCast = ""
    private(set) var wantsToQuit = false
    private var now = 0.0
    /// The best guess while drawing, refreshed once a frame.
    private(set) var guess: StrokeMatch?

    /// The frame the headless run stops at by default, for its screenshot:
    /// two enemies defeated and a triangle being drawn over the second
    /// place's new enemy (see scripts/make-spells-trace.py).
    static let showcaseFrame = 330
    /// USB HID usage (SDL scancode) of Escape.
    static let escapeScancode: Int32 = 41

    private let cursorLocations: () -> [Point]

    init(cursorLocations: @escaping () -> [Point] = { [] }) {
        self.cursorLocations = cursorLocations
        scene.root.addChild(field)
        for place in Enemy.places.indices { stand(Enemy(place: place, generation: 0)) }
        // Learn the player's own drawings (StrokeAdaptation's defaults: the
        // latest recognized drawing of each shape, its threshold a little lower).
        spell.adaptation = StrokeAdaptation()
        field.addGestureRecognizer(spell)
        spell.addAction { [unowned self] recognizer in
            if let match = recognizer.match { self.cast(match) }
        }
        spell.fizzled = { [unowned self] nearest in
            self.log.append(String(format: "fizzle (nearest %@ %.2f)", nearest.name, nearest.score))
            self.lastCast = String(format: "fizzle: %@ %.2f?", nearest.name, nearest.score)
        }
    }

    private func stand(_ enemy: Enemy) {
        if enemies.indices.contains(enemy.place) {
            enemies[enemy.place].layer.removeFromParent()
            enemies[enemy.place] = enemy
        } else {
            enemies.append(enemy)
        }
        field.addChild(enemy.layer)
    }

    // MARK: Rules

    /// Casts `match`'s spell at whatever enemy its drawing's centre is over.
    func cast(_ match: StrokeMatch) {
        let hit = scene.root.hitTest(match.centroid, with: nil)
        let description = String(format: "%@ %.2f", match.name, match.score)
        guard let enemy = enemies.first(where: { $0.layer === hit && $0.defeatedAt == nil }) else {
            log.append("cast \(match.name) at nothing")
            lastCast = "\(description): missed" + learnedNote
            return
        }
        if match.name == enemy.weakness {
            enemy.defeatedAt = now
            enemy.layer.isHidden = true
            score += 1
            log.append("cast \(match.name) at \(enemy.label): defeated")
            lastCast = "\(description) -> \(enemy.place + 1) defeated" + learnedNote
        } else {
            log.append("cast \(match.name) at \(enemy.label): resisted")
            lastCast = "\(description) -> \(enemy.place + 1) resisted" + learnedNote
        }
    }

    /// Said after a cast when the recognizer kept the drawing as a sample.
    private var learnedNote: String { spell.learnedLastDrawing ? ", learned" : "" }

    /// How many shapes the recognizer has learned a drawing of.
    var shapesLearned: Int { spell.adaptation?.drawings.count ?? 0 }

    func handle(_ event: InputEvent) {
        now = event.timestamp
        if case .key(let key) = event.kind, key.isDown, key.scancode == Self.escapeScancode { wantsToQuit = true }
    }

    func update(step: Double, now: Double) {
        self.now = now
        for enemy in enemies {
            if let defeated = enemy.defeatedAt, now - defeated >= Enemy.respawnDelay {
                stand(Enemy(place: enemy.place, generation: enemy.generation + 1))
            }
        }
        guess = spell.ink.isEmpty ? nil : spell.bestGuess()
    }

    // MARK: Drawing

    nonisolated static let background = Color(r: 20, g: 16, b: 34)
    nonisolated static let headerFill = Color(r: 44, g: 36, b: 70)
    nonisolated static let text = Color(r: 232, g: 226, b: 250)
    nonisolated static let enemyFill = Color(r: 120, g: 40, b: 60)
    nonisolated static let runeColor = Color(r: 255, g: 210, b: 120)
    nonisolated static let inkColor = Color(r: 120, g: 220, b: 255)
    nonisolated static let cursorColor = Color(r: 240, g: 100, b: 200)

    func render(on canvas: Canvas) {
        canvas.clear(Self.background)
        for enemy in enemies where enemy.defeatedAt == nil { draw(enemy, on: canvas) }
        drawInk(on: canvas)
        canvas.fillRect(x: 0, y: 0, width: 800, height: 44, color: Self.headerFill)
        canvas.drawText("SCORE \(score)", at: Point(x: 14, y: 12), scale: 3, color: Self.text)
        canvas.drawText(lastCast, at: Point(x: 180, y: 16), scale: 2, color: Self.text)
        if shapesLearned > 0 {
            canvas.drawText("your hand: \(shapesLearned) shape\(shapesLearned == 1 ? "" : "s")", at: Point(x: 640, y: 18),
                            scale: 1, color: Self.inkColor)
        }
        if let guess {
            canvas.drawText(String(format: "%@?", guess.name), at: Point(x: 14, y: 560), scale: 2, color: Self.inkColor)
        }
        canvas.drawText("draw an enemy's shape over it   mouse, touch or a pad's stick with A held   Esc: quit",
                        at: Point(x: 12, y: 588), scale: 1, color: Self.text.withAlpha(150))
        for cursor in cursorLocations() {
            canvas.strokeCircle(center: cursor, radius: 10, thickness: 3, color: Self.cursorColor)
        }
    }

    private func draw(_ enemy: Enemy, on canvas: Canvas) {
        let frame = Rect(origin: field.convert(enemy.layer.frame.origin, to: nil), size: enemy.layer.frame.size)
        canvas.fillRect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height, color: Self.enemyFill)
        canvas.strokeRect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height, thickness: 2,
                          color: Self.runeColor.withAlpha(120))
        // The weakness, drawn small from the shape's pen path in the middle.
        if let template = StrokeTemplate.builtIn.first(where: { $0.name == enemy.weakness }), let sample = template.samples.first {
            let points = sample.flatMap { $0 }
            let xs = points.map(\.x), ys = points.map(\.y)
            let span = max(xs.max()! - xs.min()!, ys.max()! - ys.min()!, 1)
            let scale = 60 / span
            let originX = frame.center.x - (xs.min()! + xs.max()!) / 2 * scale
            let originY = frame.center.y - (ys.min()! + ys.max()!) / 2 * scale
            for stroke in sample {
                for (a, b) in zip(stroke, stroke.dropFirst()) {
                    canvas.drawLine(from: Point(x: originX + a.x * scale, y: originY + a.y * scale),
                                    to: Point(x: originX + b.x * scale, y: originY + b.y * scale),
                                    color: Self.runeColor, thickness: 3)
                }
            }
        }
        canvas.drawText(enemy.weakness, at: Point(x: frame.minX + 8, y: frame.maxY - 20), scale: 1, color: Self.runeColor)
    }

    private func drawInk(on canvas: Canvas) {
        let ink = spell.ink
        var start = 0
        for end in ink.strokeEnds {
            if end - start >= 2 {
                for index in (start + 1)..<end {
                    canvas.drawLine(from: ink.points[index - 1], to: ink.points[index], color: Self.inkColor, thickness: 4)
                }
            }
            start = end
        }
    }
}

/// The field's recognizer, which also says when a finished drawing is
/// rejected (the base class only fails), so the game can show a fizzle.
@MainActor
final class SpellRecognizer: StrokeGestureRecognizer {
    /// Called with the nearest template when a finished drawing of some
    /// size is rejected.
    var fizzled: ((StrokeMatch) -> Void)?

    override func deadlineReached() {
        super.deadlineReached()
        if state == .failed, let match { fizzled?(match) }
    }
}
