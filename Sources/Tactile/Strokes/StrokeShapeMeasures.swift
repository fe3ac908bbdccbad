/// The measures that add up to a match's ``StrokeMatch/shapeDeviation``,
/// each before it is divided by its unit: what the evaluation harness
/// (`scripts/evaluate-strokes tune`) reads to derive the units and the
/// threshold. Not part of the stable surface (`@_spi(StrokeTuning)`).
@_spi(StrokeTuning)
public struct StrokeShapeMeasures: Hashable, Sendable {
    /// How far log(ink / spread) lies outside the template's samples' range.
    public var ink: Double
    /// How far a one-stroke drawing's end gap over its ink lies outside the
    /// template's samples' range (a drawing of a stroke count none of
    /// them has: its joined path's end gap and pen travel, against theirs
    /// joined; `StrokeMatchingParameters.joinsStrokesAcrossCounts`).
    public var closure: Double
    /// How far the strokes' net turning, in turns, lies outside the
    /// template's samples' range.
    public var winding: Double
    /// The root mean square difference of the sorted distances from the
    /// centroid, drawing against the matched sample.
    public var radial: Double
    /// The distance of the drawn point farthest from the matched sample.
    public var farthest: Double
    /// The 90th percentile of the drawn points' distances from the matched sample.
    public var percentile: Double

    /// The measures in the order of ``names``.
    public var values: [Double] { [ink, closure, winding, radial, farthest, percentile] }

    /// The names of ``values``, in order.
    public static let names = ["ink", "closure", "winding", "radial", "farthest", "percentile"]

    /// The most the winding adds to ``total``: 2 units. A corner that a
    /// hand went round the long way, or a loop left out, turns a whole turn
    /// more or less, about 8.6 units of winding, enough alone to reject a
    /// drawing whose points and other measures match its shape; capped, the
    /// winding still rejects together with the others (a spiral's ink and
    /// radial profile), not by itself. Chosen by `scripts/evaluate-strokes
    /// choose-winding-cap` (session 14) among 1, 2 and 3 on tuning writers
    /// (WindingCapChoice.swift).
    public static let windingShareCap = 2.0

    /// The sum of the measures, each divided by its unit, the winding's
    /// share at most ``windingShareCap``: the ``StrokeMatch/shapeDeviation``
    /// before the template's ``StrokeTemplate/deviationScale`` divides it.
    public var total: Double {
        let sum = ink / StrokeShapeCheck.inkUnit
            + closure / StrokeShapeCheck.closureUnit
            + min(winding / StrokeShapeCheck.windingUnit, Self.windingShareCap)
            + radial / StrokeShapeCheck.radialUnit
            + farthest / StrokeShapeCheck.farthestUnit
            + percentile / StrokeShapeCheck.percentileUnit
        return sum.isFinite ? sum : .infinity
    }

    /// The sum of the measures, each divided by its unit, the winding not
    /// capped: ``total`` up to session 13, for the evaluation's comparisons
    /// with earlier rules.
    public var uncappedTotal: Double {
        let sum = ink / StrokeShapeCheck.inkUnit
            + closure / StrokeShapeCheck.closureUnit
            + winding / StrokeShapeCheck.windingUnit
            + radial / StrokeShapeCheck.radialUnit
            + farthest / StrokeShapeCheck.farthestUnit
            + percentile / StrokeShapeCheck.percentileUnit
        return sum.isFinite ? sum : .infinity
    }
}
