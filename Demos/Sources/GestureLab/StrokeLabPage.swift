import DemoSupport
import Foundation
import Tactile
import TactileDebugDrawing

/// The Gesture Lab's strokes page: a drawing board over the recognizer
/// panels, shown with S, where a ``StrokeGestureRecognizer`` shows its ink,
/// its live best guess while drawing and its result with the score; and a
/// "learn" mode (L) that adds the last drawing as a sample of a chosen
/// template and saves the set.
///
/// ```
/// ┌─────────────────────────────────┐
/// │ STROKES  learn: star (3 samples)│   ←/→ choose the name, Enter adds
/// │                                 │   the last drawing to it and saves
/// │        ink, as drawn            │
/// │                                 │
/// │ guess: circle? 0.84             │   while drawing
/// │ circle 0.91, deviation 1.2: yes │   the last drawing's result
/// └─────────────────────────────────┘
/// ```
///
/// A (adapt) turns on the recognizer's learning of the player's hand
/// (``StrokeGestureRecognizer/adaptation``): drawings recognized are
/// learned as they are made, the latest one a shape, and matched with at
/// once; the result line says "learned", the status counts the shapes. A
/// again forgets them.
///
/// The page's layer is hidden while the page is not shown, so the panels
/// under it get their touches as before (and the lab's trace and
/// screenshot do not change). Any pointer draws: a finger, the mouse, the
/// controller cursor (stick + A).
@MainActor
final class StrokeLabPage {
    /// The drawing board: the area of the recognizer panels.
    let layer = Layer(frame: Rect(x: 0, y: 40, width: 560, height: 540), name: "STROKES")
    let recognizer: StrokeGestureRecognizer
    /// The templates the recognizer matches against, learned samples included.
    private(set) var templates: [StrokeTemplate]
    /// Where "learn" saves the set; `nil` keeps it in memory.
    let savePath: String?

    /// Whether the learn keys are on.
    private(set) var isLearning = false
    /// The name learned drawings are added to: one of the templates' or a new one.
    private(set) var learnName: String
    /// The live best guess while drawing, refreshed once a frame.
    private(set) var guess: StrokeMatch?
    /// The last finished drawing's result: its nearest template (if it had
    /// size) and whether the recognizer took it.
    private(set) var result: (match: StrokeMatch?, recognized: Bool)?
    /// What the last learn did, for the page's status line.
    private(set) var status = ""

    /// Key scancodes (USB HID usages, as SDL's).
    static let showKey: Int32 = 22       // S
    static let learnKey: Int32 = 15      // L
    static let nextKey: Int32 = 79       // →
    static let previousKey: Int32 = 80   // ←
    static let addKey: Int32 = 40        // Enter
    static let adaptKey: Int32 = 4       // A

    var isShown: Bool { !layer.isHidden }

    /// A page matching `templates`; with none, the set saved at `savePath`
    /// if there is one that loads, else the built-in set.
    init(templates given: [StrokeTemplate]? = nil, savePath: String? = nil) {
        var templates = given ?? StrokeTemplate.builtIn
        var loading = ""
        if given == nil, let savePath, FileManager.default.fileExists(atPath: savePath) {
            do {
                templates = try StrokeTemplateFile.templates(contentsOfFile: savePath)
                loading = "loaded \(savePath)"
            } catch {
                loading = "not loaded: \(error); the built-in set"
            }
        }
        self.templates = templates
        self.savePath = savePath
        learnName = templates.first?.name ?? "shape-1"
        // Names are unique in a set that loaded, and the built-in set's are.
        recognizer = StrokeGestureRecognizer(classifier: try! StrokeClassifier(templates: templates))
        recognizer.name = "stroke"
        layer.isHidden = true
        status = loading
        layer.addGestureRecognizer(recognizer)
        _ = recognizer.addAction { [unowned self] recognizer in
            result = (recognizer.match, true)
        }
    }

    /// Keys: S shows and hides the page; on it, L turns learning on and
    /// off, and while learning ←/→ choose the name and Enter adds the last
    /// drawing. Returns whether the key was the page's.
    @discardableResult
    func handle(key: KeyEvent) -> Bool {
        guard key.isDown, !key.isRepeat else { return false }
        if key.scancode == Self.showKey {
            layer.isHidden.toggle()
            return true
        }
        guard isShown else { return false }
        switch key.scancode {
        case Self.learnKey:
            isLearning.toggle()
        case Self.adaptKey:
            toggleAdapting()
        case Self.nextKey where isLearning:
            chooseName(by: 1)
        case Self.previousKey where isLearning:
            chooseName(by: -1)
        case Self.addKey where isLearning:
            learnLastDrawing()
        default:
            return false
        }
        return true
    }

    /// Once a frame: the live guess while drawing.
    func update() {
        guard isShown else { return }
        guess = recognizer.ink.isEmpty ? nil : recognizer.bestGuess()
    }

    /// The arena's word that the drawing failed (a recognized one comes
    /// through the recognizer's action): the result is its nearest
    /// template, rejected. A new drawing clears the result.
    func arenaDecided(_ decision: ArenaDecision) {
        switch decision {
        case .failed(let failed, _) where failed === recognizer, .entered(let failed, .failed, _) where failed === recognizer:
            result = (recognizer.match, false)
        case .listening(let listening, _) where listening === recognizer:
            result = nil
        default:
            break
        }
    }

    /// Whether the recognizer learns the player's hand by itself.
    var isAdapting: Bool { recognizer.adaptation != nil }

    /// Turns the recognizer's adaptation on (nothing learned yet) or off
    /// (what it learned forgotten).
    func toggleAdapting() {
        recognizer.adaptation = isAdapting ? nil : StrokeAdaptation()
        status = isAdapting ? "adapting to your hand: drawings recognized clearly are learned" : "adapting off: learned drawings forgotten"
    }

    /// The names learn can add to: the set's, then one new name.
    var learnableNames: [String] {
        let names = templates.map(\.name)
        var index = names.count + 1
        while names.contains("shape-\(index)") { index += 1 }
        return names + ["shape-\(index)"]
    }

    private func chooseName(by step: Int) {
        let names = learnableNames
        let index = names.firstIndex(of: learnName) ?? 0
        learnName = names[(index + step + names.count) % names.count]
    }

    /// Adds the last finished drawing as a sample of ``learnName`` (a new
    /// template if no template has that name), remakes the classifier and
    /// saves the set to ``savePath``.
    func learnLastDrawing() {
        let drawing = recognizer.lastDrawing
        guard !drawing.isEmpty else {
            status = "draw something first"
            return
        }
        var updated = templates
        do {
            if let index = updated.firstIndex(where: { $0.name == learnName }) {
                let old = updated[index]
                updated[index] = try StrokeTemplate(name: old.name, isRotationInvariant: old.isRotationInvariant,
                                                    deviationScale: old.deviationScale, samples: old.samples + [drawing])
            } else {
                updated.append(try StrokeTemplate(name: learnName, samples: [drawing]))
            }
            recognizer.classifier = try StrokeClassifier(templates: updated)
        } catch {
            status = "not learned: \(error)"
            return
        }
        templates = updated
        let samples = templates.first { $0.name == learnName }?.samples.count ?? 0
        status = "learned \(learnName) (\(samples) samples)"
        if let savePath {
            do {
                try StrokeTemplateFile.text(of: templates).write(toFile: savePath, atomically: true, encoding: .utf8)
                status += ", saved"
            } catch {
                status += ", not saved: \(error.localizedDescription)"
            }
        }
    }

    // MARK: Drawing

    nonisolated static let inkColor = Color(r: 120, g: 220, b: 255)
    nonisolated static let acceptColor = Color(r: 90, g: 220, b: 110)
    nonisolated static let rejectColor = Color(r: 235, g: 70, b: 80)

    /// The lines the page prints, top to bottom (also what the tests read).
    var lines: [String] {
        var lines = [isLearning
            ? "learn: \(learnName) (\(templates.first { $0.name == learnName }?.samples.count ?? 0) samples)  </>: name  enter: add last drawing  L: stop"
            : "\(templates.count) templates  L: learn  A: adapt \(isAdapting ? "off" : "on")  S: back to the panels"]
        if let guess { lines.append("guess: \(guess.name)? \(fixedDecimal(guess.score, decimals: 2))") }
        if let result {
            if let match = result.match {
                lines.append("\(match.name) \(fixedDecimal(match.score, decimals: 2)), deviation \(fixedDecimal(match.shapeDeviation, decimals: 1)): "
                    + (result.recognized ? "recognized" : "rejected") + (result.recognized && recognizer.learnedLastDrawing ? ", learned" : ""))
            } else {
                lines.append("no shape: rejected")
            }
        }
        if !status.isEmpty { lines.append(status) }
        if let adaptation = recognizer.adaptation {
            lines.append("adapting: \(adaptation.drawings.count) shape\(adaptation.drawings.count == 1 ? "" : "s") learned  A: forget and stop")
        }
        return lines
    }

    func render(on canvas: Canvas) {
        let frame = layer.frame
        canvas.fillRect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height, color: GestureLabGame.panelFill)
        let border = result.map { $0.recognized ? Self.acceptColor : Self.rejectColor } ?? GestureLabGame.color(for: recognizer.state)
        canvas.strokeRect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height, thickness: 2, color: border)
        canvas.drawText("STROKES", at: Point(x: frame.minX + 8, y: frame.minY + 7), scale: 2, color: GestureLabGame.text)
        for (index, line) in lines.enumerated() {
            canvas.drawText(line, at: Point(x: frame.minX + 8, y: frame.minY + 30 + Double(index) * 12), scale: 1,
                            color: GestureLabGame.text.withAlpha(210))
        }
        // The ink being drawn, or the last drawing.
        let strokes = recognizer.ink.isEmpty ? recognizer.lastDrawing : recognizer.ink.strokes
        for stroke in strokes {
            for index in stroke.indices.dropFirst() {
                canvas.drawLine(from: stroke[index - 1], to: stroke[index], color: Self.inkColor, thickness: 4)
            }
        }
    }
}
