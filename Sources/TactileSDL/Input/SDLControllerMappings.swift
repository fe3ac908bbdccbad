import CSDL2
import Foundation
import Tactile

/// Adds game-controller mappings to SDL, so that pads SDL does not know
/// become usable, after Tactile has checked every line.
///
/// A mapping tells SDL which of a pad model's raw buttons and axes is which
/// of its Xbox-style layout; the community `gamecontrollerdb.txt` has
/// thousands. Each line is checked by `ControllerMappingFile` first, so a
/// bad line gets an error with its line number and what is wrong, where
/// `SDL_GameControllerAddMapping` would take garbage such as `zzz,name,a:b0`
/// without complaint (checked on SDL 2.26.5).
///
/// ```swift
/// try SDLSetup.start()
/// let file = try SDLControllerMappings.add(contentsOfFile: "gamecontrollerdb.txt")
/// for error in file.errors { print(error) }          // "line 12: bad GUID 'zzz'…"
/// ```
///
/// Adding a mapping for a pad that is connected remaps it: the pump reports
/// `ControllerEvent.remapped(controller:identity:)`, and the pad keeps its
/// id and player.
///
/// ## SDL_GAMECONTROLLERCONFIG_FILE
///
/// SDL reads mappings by itself from the file named by the environment
/// variable `SDL_GAMECONTROLLERCONFIG_FILE`, and from the text of
/// `SDL_GAMECONTROLLERCONFIG`, when the game-controller subsystem starts
/// (`SDLSetup.start`). Those lines are not checked by Tactile: SDL skips
/// what it cannot read, silently. A player can point the variable at their
/// own file without the game's help; a game that ships a file loads it with
/// ``add(contentsOfFile:platform:)`` to get the errors.
///
/// Mappings are SDL's, for the whole process, and last until `SDL_Quit`.
/// Every call must come after `SDLSetup.start`, whose button-labels hint
/// decides which of a Nintendo pad's two lines SDL keeps.
public enum SDLControllerMappings {
    /// SDL's name for this platform (`SDL_GetPlatform`), as `platform:`
    /// fields write it: `Linux` here.
    public static var platform: String { String(cString: SDL_GetPlatform()) }

    /// Checks and adds one mapping line.
    ///
    /// - Returns: `true` when SDL added a pad it had no mapping for, `false`
    ///   when the line replaced one or its `hint:` does not apply.
    /// - Throws: `ControllerMappingError` (line 1) for a bad line, or when
    ///   SDL refuses it.
    @discardableResult
    public static func add(_ line: String) throws(ControllerMappingError) -> Bool {
        let mapping = try ControllerMapping.parse(line).get()
        return try add(mapping)
    }

    /// Adds every good line of `file`, in order, so a later line for a pad
    /// replaces an earlier one. Returns the file with the errors of any
    /// lines SDL refused added to its own.
    @discardableResult
    public static func add(_ file: ControllerMappingFile) -> ControllerMappingFile {
        var file = file
        for mapping in file.mappings {
            do throws(ControllerMappingError) {
                _ = try add(mapping)
            } catch {
                file.report(error)
            }
        }
        return file
    }

    /// Reads, checks and adds a mapping file; lines for other platforms than
    /// `platform` are left out.
    ///
    /// - Throws: `CocoaError` when the file cannot be read. Bad lines do not
    ///   throw: they are in the returned file's `errors`.
    @discardableResult
    public static func add(contentsOfFile path: String, platform: String = platform) throws -> ControllerMappingFile {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return add(ControllerMappingFile(parsing: String(decoding: data, as: UTF8.self), platform: platform))
    }

    private static func add(_ mapping: ControllerMapping) throws(ControllerMappingError) -> Bool {
        let result = SDL_GameControllerAddMapping(mapping.text)
        guard result >= 0 else {
            throw ControllerMappingError(line: mapping.line, problem: .refusedBySDL(String(cString: SDL_GetError())))
        }
        return result == 1
    }
}
