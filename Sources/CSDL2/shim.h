// The one place Swift meets SDL2's headers.
//
// Swift imports SDL's functions and structs directly, but not function-like
// macros or macros whose value is a cast expression. Each such macro that
// TactileSDL needs is wrapped here in a static inline function or constant
// with the same meaning, named with a `tactile_` prefix so it is clear at the
// call site that it is a shim and not SDL's own API.
#ifndef TACTILE_CSDL2_SHIM_H
#define TACTILE_CSDL2_SHIM_H

#include <SDL2/SDL.h>

/// SDL_WINDOWPOS_CENTERED is `SDL_WINDOWPOS_CENTERED_DISPLAY(0)`, a macro call.
static inline int tactile_windowpos_centered(void) { return SDL_WINDOWPOS_CENTERED; }

/// SDL_BUTTON(X) turns a button index into its bit in a mouse state mask.
static inline Uint32 tactile_button_mask(Uint32 button) { return SDL_BUTTON(button); }

/// The `which` of a mouse event that SDL synthesised from a touch
/// (SDL_TOUCH_MOUSEID is `((Uint32)-1)`, which Swift does not import).
static inline Uint32 tactile_touch_mouse_id(void) { return SDL_TOUCH_MOUSEID; }

/// The `touchId` of a finger event that SDL synthesised from the mouse
/// (SDL_MOUSE_TOUCHID is `((Sint64)-1)`).
static inline SDL_TouchID tactile_mouse_touch_id(void) { return SDL_MOUSE_TOUCHID; }

/// SDL_SaveBMP is a macro over SDL_SaveBMP_RW.
static inline int tactile_save_bmp(SDL_Surface *surface, const char *file) {
    return SDL_SaveBMP(surface, file);
}

/// SDL_VIRTUAL_JOYSTICK_DESC_VERSION must be written into the descriptor
/// before SDL_JoystickAttachVirtualEx accepts it.
static inline Uint16 tactile_virtual_joystick_desc_version(void) {
    return SDL_VIRTUAL_JOYSTICK_DESC_VERSION;
}

/// SDL_PIXELFORMAT_* values are built by the SDL_DEFINE_PIXELFORMAT macro.
static inline Uint32 tactile_pixelformat_rgb24(void) { return SDL_PIXELFORMAT_RGB24; }
static inline Uint32 tactile_pixelformat_argb8888(void) { return SDL_PIXELFORMAT_ARGB8888; }
static inline Uint32 tactile_pixelformat_rgb888(void) { return SDL_PIXELFORMAT_RGB888; }

#endif
