/// What a pad reads when opposing directions are held at once
/// (simultaneous opposing cardinal directions, SOCD): left with right, or
/// up with down, which keyboards and all-button controllers allow.
///
/// Only digital directions (d-pad buttons, keys) can oppose; a stick
/// cannot. The cases are the conventions of fighting-game controllers and
/// tournament rules:
public enum SOCDCleaning: String, Hashable, Sendable, CaseIterable {
    /// Left + right and up + down both read neutral.
    case neutral
    /// The direction pressed last wins, on both axes ("last input priority").
    case lastInputWins
    /// The direction pressed first wins, on both axes ("first input priority").
    case firstInputWins
    /// Left + right reads neutral, up + down reads up: the all-button
    /// controllers' convention, and the one several tournament rule sets
    /// require.
    case neutralHorizontalUpWins

    /// The component, −1…1, of an axis with its negative (`negative`) and
    /// positive (`positive`) directions held, each with the order it was
    /// pressed in (`nil` when not held). `isVertical` says whether positive is up.
    func component(negative: Int?, positive: Int?, isVertical: Bool) -> Int {
        switch (negative, positive) {
        case (nil, nil): return 0
        case (.some, nil): return -1
        case (nil, .some): return 1
        case (.some(let negativeOrder), .some(let positiveOrder)):
            switch self {
            case .neutral: return 0
            case .lastInputWins: return positiveOrder > negativeOrder ? 1 : -1
            case .firstInputWins: return positiveOrder < negativeOrder ? 1 : -1
            case .neutralHorizontalUpWins: return isVertical ? 1 : 0
            }
        }
    }
}
