/// The choice the rejection protocols since session 10 commit to before any
/// of their figures (`choose-margin`, `choose-spread`, `choose-ranges`,
/// `choose-scales`): the candidate losing the fewest pooled tuning drawings
/// is chosen only if it beats the baseline, the shipped rule, by 0.1 point.
let requiredImprovement = 0.001

/// Whether the best candidate's pooled loss `lost` beats `baseline` by
/// ``requiredImprovement``; when it does not (or there is no candidate),
/// prints the protocols' "nothing chosen" line, and no held-out look follows.
func beatsBaseline(best name: String?, lost: Double?, baseline: Double) -> Bool {
    if let lost, lost <= baseline - requiredImprovement { return true }
    print("nothing chosen: the best candidate, \(name ?? "none"), loses \(percent(lost ?? .nan)) "
          + "against the baseline's \(percent(baseline)) (it must beat it by 0.1 point); no held-out look")
    return false
}
