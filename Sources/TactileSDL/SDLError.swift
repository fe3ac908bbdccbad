import CSDL2

/// A failed SDL call: what TactileSDL was trying to do, and SDL's reason.
///
/// Made right after the call that failed, so that ``message`` is the text SDL
/// left for that failure:
///
/// ```swift
/// guard SDL_Init(UInt32(SDL_INIT_VIDEO)) == 0 else {
///     throw SDLError("SDL_Init")
/// }
/// // description: "SDL_Init failed: No available video device"
/// ```
public struct SDLError: Error, CustomStringConvertible {
    /// The SDL function or the step that failed, such as `"SDL_RenderReadPixels"`.
    public let operation: String
    /// SDL's own explanation, from `SDL_GetError()`.
    public let message: String

    /// Records the failure of `operation` with the reason SDL gives for it.
    ///
    /// SDL's error text is never cleared by a successful call, so after reading
    /// it this clears it: a later failure that sets no reason of its own then
    /// says so, instead of repeating this one's.
    public init(_ operation: String) {
        let reason = String(cString: SDL_GetError())
        SDL_ClearError()
        self.init(operation, message: reason.isEmpty ? "SDL gave no reason" : reason)
    }

    /// Records a failure whose reason TactileSDL found itself, not SDL.
    public init(_ operation: String, message: String) {
        self.operation = operation
        self.message = message
    }

    public var description: String { "\(operation) failed: \(message)" }
}
