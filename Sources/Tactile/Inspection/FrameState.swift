/// What the scene looked like at the end of one frame's input: its touches
/// and the recognizers in play, as the input debugger records it each frame.
public struct FrameState: Hashable {
    /// A touch at the end of the frame.
    public struct TouchSample: Hashable, Sendable {
        public var pointer: PointerID
        public var phase: Touch.Phase
        /// In window points.
        public var location: Point
        public var tapCount: Int
    }

    /// A recognizer in play (following touches, waiting, or finished and
    /// not yet reset) at the end of the frame.
    public struct RecognizerSample: Hashable {
        public var recognizer: RecognizerIdentity
        public var state: GestureRecognizer.State
        /// Whether it asked to leave possible and waits for others to fail.
        public var isWaiting: Bool
    }

    /// The game loop's frame (`GameLoop.frameCount`).
    public var frame: Int
    /// The scene's time, in seconds of game time.
    public var time: Double
    public var touches: [TouchSample] = []
    public var recognizers: [RecognizerSample] = []
    /// Touches and recognizers past the debugger's limit per frame, counted
    /// but not listed (see ``InputDebugger/Limits``).
    public var omittedTouches = 0
    public var omittedRecognizers = 0
}
