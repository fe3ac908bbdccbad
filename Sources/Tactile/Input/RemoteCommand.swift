/// A command from multimedia transport controls: media keys, a headset's
/// buttons, a remote.
///
/// These are the remote-control event subtypes of the event-handling guide's
/// chapter 5. Like the guide's, they go to the first responder and up the
/// responder chain, not to a hit-tested layer.
public enum RemoteCommand: String, Hashable, Sendable, CaseIterable {
    case play
    case pause
    case stop
    case togglePlayPause = "toggle-play-pause"
    case nextTrack = "next-track"
    case previousTrack = "previous-track"
    case beginSeekingBackward = "begin-seeking-backward"
    case endSeekingBackward = "end-seeking-backward"
    case beginSeekingForward = "begin-seeking-forward"
    case endSeekingForward = "end-seeking-forward"
}
