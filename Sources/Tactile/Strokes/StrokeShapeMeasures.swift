/// The measures that add up to a match's ``StrokeMatch/shapeDeviation``,
/// each before it is divided by its unit: what the evaluation harness
/// (`scripts/evaluate-strokes tune`) reads to derive the units and the
/// threshold. Not part of the stable surface (`@_spi(StrokeTuning)`).
@_spi(StrokeTuning)
public struct StrokeShapeMeasures: Hashable, Sendable {
    /// How far log(ink / spread) lies outside the template's samples' range.
    public var ink: Double
    /// How far a one-stroke drawing's end gap over its ink lies outside the
    /// template's samples' range.
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

    /// The sum of the measures, each divided by its unit: the
    /// ``StrokeMatch/shapeDeviation`` before the template's
    /// ``StrokeTemplate/deviationScale`` divides it.
    public var total: Double {
        let sum = ink / StrokeShapeCheck.inkUnit
            + closure / StrokeShapeCheck.closureUnit
            + winding / StrokeShapeCheck.windingUnit
            + radial / StrokeShapeCheck.radialUnit
            + farthest / StrokeShapeCheck.farthestUnit
            + percentile / StrokeShapeCheck.percentileUnit
        return sum.isFinite ? sum : .infinity
    }
}
