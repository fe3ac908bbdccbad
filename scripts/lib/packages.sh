# Installs the Debian packages Tactile needs, if any is missing.
# Sourced by scripts/demo, scripts/test and scripts/bench.

# The C libraries and pkg-config, through which SwiftPM finds SDL2: SDL2 for
# everything; SDL_image for PNG screenshots (the TactileDebugDrawing product
# opens it at run time, so a game without it still runs).
TACTILE_PACKAGES=(libsdl2-dev libsdl2-image-dev pkg-config)

# What scripts/test needs on top: the X11 demo tests start their own X server
# (Xvfb, with xauth beside it) and drive the demos' windows with xdotool.
TACTILE_TEST_PACKAGES=("${TACTILE_PACKAGES[@]}" xvfb xauth xdotool)

ensure_packages() {
    local missing=()
    local package
    for package in "$@"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "Installing ${missing[*]} (apt-get)..." >&2
    local sudo=()
    [ "$(id -u)" -eq 0 ] || sudo=(sudo)
    "${sudo[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
}
