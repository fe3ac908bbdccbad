/// Recognizes a shape drawn with one or more strokes (a circle, a star, a
/// check mark) as one of a classifier's templates.
///
/// A discrete recognizer: it collects the strokes of a drawing, one pointer
/// at a time, until no pointer has been down for ``pause`` seconds of the
/// scene's clock; it then matches the drawing against its
/// ``classifier``'s templates and recognizes, its actions running once with
/// ``match`` telling which shape, how well, and where; or fails.
///
/// ```swift
/// let spells = StrokeGestureRecognizer(classifier: StrokeClassifier())
/// spells.addAction { [unowned spells] _ in
///     guard let match = spells.match else { return }
///     cast(match.name, at: match.centroid)
/// }
/// arena.addGestureRecognizer(spells)
/// ```
///
/// For a drawing of two strokes, with the default pause of 0.5 s:
///
/// - down-1, moves, up-1 at 1.0, down-2 at 1.2, moves, up-2 at 1.6:
///   recognized (or failed) at 2.1, from both strokes;
/// - down-1, moves, up-1 at 1.0, down-2 at 1.6: the drawing of stroke 1
///   is decided at 1.5; stroke 2 starts the next drawing.
///
/// A stroke drawn with a controller's cursor waits ``cursorPause`` (1 s)
/// instead: the stick carries the cursor to the next stroke's start at the
/// cursor's speed.
///
/// The recognizer fails when:
///
/// - the drawing's bounds are smaller than ``minimumSize`` on both sides
///   (a tap or a dot, not a shape);
/// - its nearest template scores below ``minimumScore``, or its shape strays
///   from the template's by more than ``maximumShapeDeviation`` times its
///   margin to the next nearest template (a scribble that resembles
///   nothing, or only a template's cloud of points, or lies about as near
///   two templates: see
///   ``StrokeMatch/isConfident(minimumScore:maximumShapeDeviation:)``);
/// - a second pointer lands while a stroke is being drawn (a pinch or a
///   two-finger gesture, not a drawing);
/// - a drawing has more strokes than ``GestureDefaults/strokeMaximumCount``;
/// - a touch is cancelled (a window losing focus, say).
///
/// While drawing, ``bestGuess()`` gives the nearest template so far, for a
/// hint on screen, without recognizing anything.
///
/// ## Points
///
/// The drawing is in window points, as the pointer went. Points that are not
/// finite are dropped; a very long stroke is thinned as it is drawn (see
/// ``StrokeInk``), so memory stays bounded and matching still answers.
///
/// ## Pointers
///
/// Fingers, the mouse, the mouse's simulated pair and the controller cursor
/// all draw: a stick draws shapes through the cursor's touch. Narrow it with
/// ``GestureRecognizer/allowedPointerKinds``.
///
/// ## Working with other recognizers
///
/// The drawing takes its time: a tap on the same layer recognizes as it
/// lifts and, by the arena's default exclusivity, stops the drawing; a pan
/// that should only move what is not drawn on requires this to fail
/// (``GestureRecognizer/require(toFail:)``) and begins once the drawing is
/// rejected.
///
/// ## Learning the player's hand
///
/// Set ``adaptation`` and the recognizer learns as it goes: each drawing it
/// recognizes (by ``StrokeAdaptation``'s rule: every one, by default)
/// becomes a sample of the template it matched, before the actions run,
/// and the next drawing is matched with it. A template holding learned
/// drawings decides at a lower threshold than ``maximumShapeDeviation``
/// (``StrokeAdaptation/maximumShapeDeviation(for:base:)``), since more
/// samples are nearer to scribbles too. Off by default.
///
/// ```swift
/// spells.adaptation = StrokeAdaptation()            // learn, one drawing a template
/// spells.addAction { [unowned spells] _ in
///     if spells.learnedLastDrawing { showHint("learned your \(spells.match!.name)") }
/// }
/// // Keep what was learned between sessions:
/// try StrokeTemplateFile.save(learned: spells.adaptation!, toFile: path)
/// spells.adaptation = try StrokeTemplateFile.learnedDrawings(contentsOfFile: path)
/// ```
///
/// ``classifier`` stays the game's, never changed (other recognizers may
/// share it): the recognizer matches with a classifier of its own, made
/// from it and the learned drawings (``matchingClassifier``). Learning a
/// drawing prepares that drawing alone (``StrokeClassifier/adapted(to:)``:
/// about 1/40 of preparing the built-in set again), so it fits in the
/// frame that recognized it. The learned drawings are saved in scene
/// snapshots: a rollback to a frame before a learning forgets it, and the
/// frames played again learn it again.
///
/// ## See Also
/// - ``StrokeClassifier``
/// - ``StrokeAdaptation``
/// - ``StrokeTemplateFile``
/// - ``GestureDefaults``
@MainActor
open class StrokeGestureRecognizer: GestureRecognizer {
    // MARK: Settings

    /// The templates and the matching; may be shared by recognizers on the
    /// main actor. With an ``adaptation``, drawings are matched against
    /// these templates and the learned drawings (``matchingClassifier``);
    /// setting another classifier keeps what was learned, for the
    /// templates of the same names.
    public var classifier: StrokeClassifier {
        didSet {
            adaptedClassifiers.removeAll()
            adaptedClassifier = nil
            if let learned { applyLearned(learned, from: classifier) }
        }
    }

    /// Learns the player's own drawings as samples (see "Learning the
    /// player's hand" above), or `nil` (the default): nothing learned, the
    /// ``classifier`` alone matches. Set it to start learning, or to a
    /// value holding drawings (saved from an earlier session, say) to match
    /// with them at once; `nil` forgets them. Read it to save what was
    /// learned.
    ///
    /// Learned drawings of a template that would then hold more than
    /// ``StrokeTemplate/maximumPointCount`` points are not matched with
    /// (the classifier alone is, until they are forgotten).
    public var adaptation: StrokeAdaptation? {
        get { learned }
        set {
            learned = newValue
            learnedLastDrawing = false
            if let newValue {
                if !applyLearned(newValue, from: adaptedClassifier ?? classifier) { adaptedClassifier = nil }
            } else {
                adaptedClassifier = nil
            }
        }
    }

    /// How long, in seconds on the scene's clock, no pointer may be down
    /// before the drawing is finished and matched; 0.5 by default
    /// (``GestureDefaults/strokePause``). With 0, less, NaN or infinity the
    /// drawing is finished as its last stroke lifts: one-stroke shapes only.
    public var pause = GestureDefaults.strokePause

    /// How long, in seconds, no pointer may be down after a stroke drawn
    /// with a controller cursor (``PointerKind/controllerCursor``) before
    /// the drawing is finished, when that is longer than ``pause``; 1 s by
    /// default (``GestureDefaults/strokeCursorPause``): the stick takes the
    /// cursor to the next stroke's start at the cursor's speed, longer than
    /// a finger takes to lift and come down elsewhere. It only lengthens
    /// the wait: with ``pause`` 0 (one-stroke shapes) every drawing is
    /// finished as its stroke lifts.
    public var cursorPause = GestureDefaults.strokeCursorPause

    /// The least score the nearest template needs for the drawing to be
    /// recognized; 0.6 by default (``GestureDefaults/strokeMinimumScore``).
    public var minimumScore = GestureDefaults.strokeMinimumScore

    /// The most ``StrokeMatch/shapeDeviation``, divided by its
    /// ``StrokeMatch/margin``, the nearest template may show for the
    /// drawing to be recognized
    /// (``GestureDefaults/strokeMaximumShapeDeviation`` by default). The
    /// classifier measures the margin only as far as it decides at this
    /// value (in place of its
    /// ``StrokeMatchingParameters/marginSearchDeviation``), so the decision
    /// is the exact margin's whatever this is set to. With an
    /// ``adaptation``, a template holding learned drawings decides at a
    /// share of it (``StrokeAdaptation/maximumShapeDeviation(for:base:)``).
    public var maximumShapeDeviation = GestureDefaults.strokeMaximumShapeDeviation

    /// The least length, in window points, of the longer side of the
    /// drawing's bounds; 18 by default (``GestureDefaults/strokeMinimumSize``).
    public var minimumSize = GestureDefaults.strokeMinimumSize

    // MARK: Results

    /// The drawing so far, in window points.
    public private(set) var ink = StrokeInk()

    /// How the last finished drawing matched: set before the actions run
    /// when the recognizer recognizes, and also when it fails on a low
    /// score or a shape that strays (then the nearest template, for a "did
    /// you mean" hint).
    /// `nil` from the moment the next drawing starts.
    public private(set) var match: StrokeMatch?

    /// The strokes of the last finished drawing, whether it was recognized
    /// or not (empty until one is finished): what a "learn" mode saves as a
    /// template's sample, live or from a replayed trace. Set as the drawing
    /// finishes, before the actions run; the only allocation of a drawing.
    public private(set) var lastDrawing: [[Point]] = []

    /// Whether the last finished drawing was learned (see
    /// ``adaptation``): set with ``match``, before the actions run.
    public private(set) var learnedLastDrawing = false

    /// The classifier drawings are matched with: ``classifier``, or with an
    /// ``adaptation`` that has learned something, the recognizer's own
    /// classifier of its templates and the learned drawings.
    public var matchingClassifier: StrokeClassifier { adaptedClassifier ?? classifier }

    /// The touch drawing the current stroke.
    private var drawingTouch: ObjectIdentifier?

    /// The adaptation's state (``adaptation`` is its face, which also
    /// prepares the classifier), and the recognizer's own classifier of
    /// `classifier`'s templates plus the learned drawings, `nil` when
    /// nothing is learned.
    private var learned: StrokeAdaptation?
    private var adaptedClassifier: StrokeClassifier?
    /// The last few learned sets and their classifiers, newest last: a
    /// rollback to a frame before a learning, and the frames played again
    /// that learn the same drawing, take theirs back instead of preparing
    /// it again (see `restoreState`).
    private var adaptedClassifiers: [(drawings: StrokeAdaptation, classifier: StrokeClassifier?)] = []
    private static let adaptedClassifiersKept = 4
    /// How a recognizer without an adaptation decides: every template at
    /// ``maximumShapeDeviation``.
    private static let learningNothing = StrokeAdaptation()

    public init(classifier: StrokeClassifier) {
        self.classifier = classifier
        super.init()
    }

    /// The nearest template to the drawing so far, or `nil` when it has no
    /// size yet: the nearest, however poorly it matches. It recognizes nothing;
    /// call it as often as the screen needs a hint (once a frame, say), not
    /// on every move.
    ///
    /// - Complexity: one classification (see ``StrokeClassifier``).
    public func bestGuess() -> StrokeMatch? {
        matchingClassifier.classify(ink, marginSearchDeviation: maximumShapeDeviation)
    }

    // MARK: Touches

    open override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        for touch in touches {
            guard drawingTouch == nil else {
                state = .failed   // a second pointer while drawing
                return
            }
            if ink.isEmpty { match = nil }
            cancelDeadline()   // the next stroke came within the pause
            guard ink.beginStroke(at: touch.location) else {
                state = .failed   // too many strokes
                return
            }
            drawingTouch = ObjectIdentifier(touch)
        }
    }

    open override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        for touch in touches where ObjectIdentifier(touch) == drawingTouch {
            ink.addPoint(touch.location)
        }
    }

    open override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        var drawnWithCursor = false
        for touch in touches where ObjectIdentifier(touch) == drawingTouch {
            ink.endStroke(at: touch.location)
            drawingTouch = nil
            drawnWithCursor = touch.kind == .controllerCursor
        }
        guard numberOfTouches == 0 else { return }
        if pause > 0, pause.isFinite {
            // Also keeps the arena from failing a recognizer with no touch down.
            let longer = drawnWithCursor && cursorPause > pause && cursorPause.isFinite
            setDeadline(after: longer ? cursorPause : pause)
        } else {
            finish()
        }
    }

    open override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        state = .failed
    }

    /// No pointer came down within the pause: the drawing is finished.
    open override func deadlineReached() {
        finish()
    }

    open override func reset() {
        ink.removeAll()
        drawingTouch = nil
    }

    /// Matches the finished drawing and decides.
    private func finish() {
        lastDrawing = ink.strokes
        learnedLastDrawing = false
        let bounds = ink.bounds
        let matcher = matchingClassifier
        guard max(bounds.width, bounds.height) >= minimumSize else {
            state = .failed
            return
        }
        // With an adaptation, each template decides at its own threshold
        // (with nothing learned, all at maximumShapeDeviation).
        guard let (nearest, threshold, recognized) = (learned ?? Self.learningNothing).decide(
            ink, with: matcher, templates: classifier.templates, minimumScore: minimumScore, maximumShapeDeviation: maximumShapeDeviation) else {
            state = .failed
            return
        }
        match = nearest
        if recognized { learnIfConfident(nearest, decidedAt: threshold, matchedBy: matcher) }
        state = recognized ? .recognized : .failed
    }

    /// Learns the finished drawing, recognized as `match` at `threshold`,
    /// when the adaptation's rule says so, and prepares it into the
    /// recognizer's classifier.
    private func learnIfConfident(_ match: StrokeMatch, decidedAt threshold: Double, matchedBy matcher: StrokeClassifier) {
        guard var adaptation = learned else { return }
        let learningThreshold = threshold * adaptation.learningShare
        var confident = adaptation.learns(match, minimumScore: minimumScore, maximumShapeDeviation: threshold)
        // Told a threshold, the classifier measured the margin of an
        // accepted drawing only as far as that decision: a lower bound (or
        // 1, not searched, within the threshold), so a drawing the rule
        // would learn at a share below 1 may look as if it would not.
        // Measured again as far as the share decides, the rule is the exact
        // margin's (as the evaluation applies it); the match is the same,
        // the nearest. One more classification, only for a recognized
        // drawing the bound does not settle.
        if !confident,
           let exact = matcher.classify(ink, marginSearchDeviation: learningThreshold) {
            confident = adaptation.learns(exact, minimumScore: minimumScore, maximumShapeDeviation: threshold)
        }
        guard confident, adaptation.learn(lastDrawing, as: match.name) else { return }
        if applyLearned(adaptation, from: matcher) {
            learned = adaptation
            learnedLastDrawing = true
        }
    }

    /// Makes the recognizer's classifier for `adaptation`'s drawings, from
    /// one of the last few made or by `StrokeClassifier.adapted(to:)` from
    /// `source` (which prepares only the drawings `source` lacks).
    /// Returns false, leaving the classifier as it was, when a template
    /// with its drawings would hold too many points.
    @discardableResult
    private func applyLearned(_ adaptation: StrokeAdaptation, from source: StrokeClassifier) -> Bool {
        if let kept = adaptedClassifiers.lastIndex(where: { $0.drawings == adaptation }) {
            adaptedClassifier = adaptedClassifiers[kept].classifier
            return true
        }
        let made: StrokeClassifier?
        if adaptation.drawings.isEmpty {
            made = nil
        } else {
            do {
                made = try source.adapted(to: adaptation.templates(adding: classifier.templates))
            } catch {
                return false
            }
        }
        adaptedClassifier = made
        adaptedClassifiers.append((adaptation, made))
        if adaptedClassifiers.count > Self.adaptedClassifiersKept { adaptedClassifiers.removeFirst() }
        return true
    }

    /// Forgets every learned drawing: the ``classifier`` alone matches
    /// again, and learning starts over (a new player, say). Does nothing
    /// without an ``adaptation``.
    public func forgetLearnedDrawings() {
        guard var adaptation = learned else { return }
        adaptation.removeAll()
        self.adaptation = adaptation
    }

    // MARK: Rollback

    /// Saves its own progress in scene snapshots (see ``SceneSnapshot``):
    /// the ink, the touch drawing, the match and the last drawing, and,
    /// with an ``adaptation``, the drawings learned (kept as a value, shared
    /// with the snapshot: Rollback/StrokeAdaptation+Snapshot.swift). The pause's deadline is the
    /// arena's, which the scene saves itself.
    open override var savedStateClass: GestureRecognizer.Type? { StrokeGestureRecognizer.self }

    open override func saveState(to writer: inout RecognizerStateWriter) {
        ink.save(to: &writer)
        writer.write(touch: drawingTouch)
        StrokeMatch.save(match, to: &writer)
        StrokeInk.save(drawing: lastDrawing, to: &writer)
        writer.write(learnedLastDrawing)
        StrokeAdaptation.save(learned, to: &writer)
    }

    open override func restoreState(from reader: inout RecognizerStateReader) {
        ink.restore(from: &reader)
        drawingTouch = reader.readTouch()
        match = StrokeMatch.restore(from: &reader, classifier: classifier)
        StrokeInk.restore(drawing: &lastDrawing, from: &reader)
        learnedLastDrawing = reader.readBool()
        // The setting (whether it learns, k, the share) is the game's; the
        // drawings are progress. Unchanged since the snapshot (as they are
        // unless a drawing was learned since), the two share their storage
        // and nothing is done.
        guard let current = learned else {
            StrokeAdaptation.skip(from: &reader)
            return
        }
        guard let restored = StrokeAdaptation.restore(current, of: classifier.templates, from: &reader) else { return }
        learned = restored
        if !applyLearned(restored, from: adaptedClassifier ?? classifier) { adaptedClassifier = nil }
    }
}
