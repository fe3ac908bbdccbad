/// How far a shape's path measures range over many drawings of it: the
/// ranges the shape check (``StrokeMatch/shapeDeviation``) measures a
/// drawing's ink, closure and winding against, learned from more drawings
/// than a template's few samples.
///
/// A template's own ranges span its samples alone: three drawings, often by
/// other writers than the one drawing now. Session 11 found that every
/// real drawing the built-in set rejects on the held-out families is
/// rejected by the shape check, most for winding (a pigtail or a circle
/// wound a little more or less than the three samples), and that with each
/// writer's own templates the same rule loses about a quarter as much. A
/// template with learned ranges measures against the union of its samples'
/// ranges and these, so that a shape's usual spread across writers is not
/// counted as straying.
///
/// Nothing ships ranges: the evaluation harness's `choose-ranges`
/// (`scripts/evaluate-strokes choose-ranges`, session 13) learned them from
/// simulated tuning writers and found no candidate that lost fewer real
/// drawings at the same false accepts, so the built-in set carries none and
/// the per-shape ``StrokeTemplate/deviationScale`` was shipped instead. Kept
/// so that the comparison reruns. Not part of the stable surface
/// (`@_spi(StrokeTuning)`).
@_spi(StrokeTuning)
public struct StrokeShapeRanges: Hashable, Sendable {
    /// log(ink length / spread), as ``StrokeShapeMeasures/ink`` measures it.
    public var ink: ClosedRange<Double>
    /// A one-stroke drawing's end gap over its ink (1 for several strokes,
    /// as the samples are measured apart).
    public var closure: ClosedRange<Double>
    /// The strokes' net turning, in turns.
    public var winding: ClosedRange<Double>

    public init(ink: ClosedRange<Double>, closure: ClosedRange<Double>, winding: ClosedRange<Double>) {
        self.ink = ink
        self.closure = closure
        self.winding = winding
    }
}
