import CSDL2
import Tactile

extension ControllerType {
    /// The type SDL gives a pad (`SDL_GameControllerGetType`), which SDL 2.26
    /// works out from the USB vendor and product ids, or from the name for
    /// pads that have none. A value newer than SDL 2.26's list is unknown.
    public init(_ type: SDL_GameControllerType) {
        switch type {
        case SDL_CONTROLLER_TYPE_XBOX360: self = .xbox360
        case SDL_CONTROLLER_TYPE_XBOXONE: self = .xboxOne
        case SDL_CONTROLLER_TYPE_PS3: self = .ps3
        case SDL_CONTROLLER_TYPE_PS4: self = .ps4
        case SDL_CONTROLLER_TYPE_PS5: self = .ps5
        case SDL_CONTROLLER_TYPE_NINTENDO_SWITCH_PRO: self = .switchPro
        case SDL_CONTROLLER_TYPE_NINTENDO_SWITCH_JOYCON_LEFT: self = .joyConLeft
        case SDL_CONTROLLER_TYPE_NINTENDO_SWITCH_JOYCON_RIGHT: self = .joyConRight
        case SDL_CONTROLLER_TYPE_NINTENDO_SWITCH_JOYCON_PAIR: self = .joyConPair
        case SDL_CONTROLLER_TYPE_VIRTUAL: self = .virtual
        case SDL_CONTROLLER_TYPE_AMAZON_LUNA: self = .amazonLuna
        case SDL_CONTROLLER_TYPE_GOOGLE_STADIA: self = .googleStadia
        case SDL_CONTROLLER_TYPE_NVIDIA_SHIELD: self = .nvidiaShield
        default: self = .unknown
        }
    }
}
