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

/// The held-out look of a chosen rule, as session 14's rounds print it: for
/// each held-out family, the share the nearest template gets right, what the
/// library's rule (`library`) and the chosen one (`chosen`) lose and let in,
/// then each family's losses by shape under both. `outcomes` gives a family's
/// matches for each rule: the same for a rule that only judges matches
/// differently, apart for one that matches differently (round 4).
func printHeldOutLook(header: String, outcomes: (String) -> (library: [Outcome], chosen: [Outcome]),
                      library: (Outcome) -> Bool, chosen: (Outcome) -> Bool) {
    print(header)
    print("|---|---|---|---|")
    var losses: [String] = []
    for family in heldOutFamilies {
        let (before, after) = outcomes(family)
        let real = before.filter { $0.shape != nil }
        let nearest = Double(real.filter(\.isCorrect).count) / Double(real.count)
        let old = Rejection(before, accept: library), new = Rejection(after, accept: chosen)
        print("| \(family) | \(percent(nearest)) | \(percent(old.lost)) / \(percent(old.falseAccepts)) | "
              + "\(percent(new.lost)) / \(percent(new.falseAccepts)) |")
        losses.append("\(family), library: " + lostByShape(before, accept: library))
        losses.append("\(family), chosen: " + lostByShape(after, accept: chosen))
    }
    print()
    losses.forEach { print($0) }
}

/// A candidate rule on session 15's four-part tuning criterion (`parts`:
/// the usual, widened, looping and cornering writers; rounds 6–9): its
/// threshold where ``scribbleBudget`` of the pooled scribbles pass, what it
/// loses pooled, and its table cells from the threshold on (threshold,
/// pooled loss, each part's loss, the first three parts' loss, each part's
/// scribbles let in).
struct FourPartScore {
    let threshold: Double
    let lost: Double
    let cells: String

    init(_ parts: [[Outcome]], value: (Outcome) -> Double) {
        let pooled = parts.flatMap { $0 }
        let values = pooled.filter { $0.shape == nil }.map(value).sorted()
        let limit = scribbleBudgetThreshold(values)
        let all = Rejection(pooled) { value($0) <= limit }
        let each = parts.map { part in Rejection(part) { value($0) <= limit } }
        let three = Rejection(parts[0] + parts[1] + parts[2]) { value($0) <= limit }
        threshold = limit
        lost = all.lost
        cells = String(format: "%.4f | %@ | %@ | %@ | %@ |", limit, percent(all.lost),
                       each.map { percent($0.lost) }.joined(separator: " / "), percent(three.lost),
                       each.map { percent($0.falseAccepts) }.joined(separator: " / "))
    }
}

/// Rounds 6–10's candidate table: each of `rules` scored on its four parts
/// (`parts`) by its `value` and printed as a row (`row`, the cells before
/// the score's), the first rule the baseline. Returns the baseline's pooled
/// loss and the candidate after it that loses least, with its threshold.
func scoreCandidates<Rule>(_ rules: [Rule], parts: (Rule) -> [[Outcome]], value: (Rule) -> (Outcome) -> Double,
                           row: (Rule) -> String)
    -> (baseline: Double, chosen: (rule: Rule, threshold: Double, lost: Double)?) {
    var baseline = Double.nan
    var chosen: (rule: Rule, threshold: Double, lost: Double)? = nil
    for rule in rules {
        let score = FourPartScore(parts(rule), value: value(rule))
        print(row(rule) + score.cells)
        if baseline.isNaN { baseline = score.lost; continue }
        if chosen == nil || score.lost < chosen!.lost { chosen = (rule, score.threshold, score.lost) }
    }
    return (baseline, chosen)
}
