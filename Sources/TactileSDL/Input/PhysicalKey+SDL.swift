import CSDL2
import Tactile

extension PhysicalKey {
    /// What the player's keyboard layout calls the key, for prompts and
    /// settings screens: "Z" for `PhysicalKey.w` on AZERTY, "W" on QWERTY;
    /// "Left Shift", "Space", ";". Empty for a key the layout does not have.
    ///
    /// SDL maps the scancode to the layout's keycode
    /// (`SDL_GetKeyFromScancode`) and names that (`SDL_GetKeyName`), so the
    /// answer follows the layout the video subsystem read at start-up (with
    /// the dummy driver, SDL's default US layout). Needs `SDLSetup.start`.
    public var displayName: String {
        String(cString: SDL_GetKeyName(SDL_GetKeyFromScancode(SDL_Scancode(UInt32(bitPattern: scancode)))))
    }
}
