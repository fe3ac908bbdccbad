// SDL2's C API, re-exported: `import TactileSDL` is all a game needs to call
// SDL itself (SDL_PollEvent, SDL_CreateRenderer, SDL_RenderPresent, …).
//
// Why: a game that keeps its own loop and renderer calls SDL directly, and
// the types it hands Tactile (`SDL_Event` to `SDLEventPump.translate`, the
// window to the pump) must be the very types TactileSDL was compiled
// against. Before this, such a game compiled only because the internal
// `CSDL2` module happened to be visible to it, through a name that is no
// product and that the docs never mentioned. Re-exporting makes it part of
// TactileSDL's contract: the SDL2 the pump understands is the SDL2 the
// product gives you.
//
// CSDL2 is also where the `tactile_` shims live (SDL macros that Swift
// cannot import, such as `tactile_windowpos_centered()` for
// SDL_WINDOWPOS_CENTERED); see Sources/CSDL2/shim.h.
@_exported import CSDL2
