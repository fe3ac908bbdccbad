extension StrokeClassifier {
    /// The path ranges the shape check measures drawings matched to the
    /// template at `index` against: its samples' ranges joined with its
    /// ``StrokeTemplate/learnedRanges``. A template of one sample gives
    /// that drawing's own path measures, as a drawing is measured when it
    /// is matched to it: what the evaluation harness learns ranges from.
    @_spi(StrokeTuning)
    public func shapeRanges(ofTemplate index: Int) -> StrokeShapeRanges {
        // The ranges are a buffer: an index out of range traps here, as the
        // arrays they were did.
        precondition(templates.indices.contains(index), "no template at index \(index)")
        let ink = templateInkRange[index], closure = templateClosureRange[index], winding = templateWindingRange[index]
        return StrokeShapeRanges(ink: ink.0...ink.1, closure: closure.0...closure.1, winding: winding.0...winding.1)
    }
}
