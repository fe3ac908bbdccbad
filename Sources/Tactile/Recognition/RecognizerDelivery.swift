/// Which sub-events the gesture recognizers of a layer receive: the
/// event-recognition patent's skip, conditional-skip and stop properties of
/// a view.
///
/// A touch is offered to the recognizers of its hit layer and of every
/// ancestor (the actively involved layers); this property, set on one of
/// those layers, takes some of them out.
///
/// ## See Also
/// - ``Layer/recognizerDelivery``
public enum RecognizerDelivery: Hashable, Sendable {
    /// The layer's recognizers receive the touches that involve it.
    case normal
    /// The layer's recognizers receive nothing; other layers' recognizers
    /// still do (the patent's skip property).
    case skip
    /// The layer's recognizers receive a touch only when this layer is its
    /// hit layer (the patent's conditional skip).
    case skipUnlessHitLayer
    /// Neither this layer's recognizers nor its ancestors' receive anything
    /// (the patent's stop property).
    case stop
}
