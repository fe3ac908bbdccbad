import TactileSDL
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SDL_image's PNG functions, found at run time rather than linked.
///
/// Screenshots are a debugging aid, so a machine without SDL_image must
/// still run the game: linking `libSDL2_image` would make the dynamic loader
/// refuse to start the program at all when the library is missing. Instead
/// the library is opened with `dlopen` the first time an image is saved or
/// loaded, and a missing library is an ``SDLImageError`` that says what to
/// install, thrown by that one call.
///
/// The two functions used, `IMG_SavePNG` and `IMG_Load`, have had the same
/// C signatures since SDL_image 2.0.0, so they are declared here rather than
/// taken from SDL_image's header (which would also make the header a build
/// requirement).
@MainActor
enum SDLImageLibrary {
    typealias SavePNG = @convention(c) (UnsafeMutablePointer<SDL_Surface>?, UnsafePointer<CChar>?) -> Int32
    typealias Load = @convention(c) (UnsafePointer<CChar>?) -> UnsafeMutablePointer<SDL_Surface>?

    /// The library's file names, most specific first: Debian's runtime
    /// package (`libsdl2-image-2.0-0`) ships only the versioned name; the
    /// `-dev` package adds the plain one; macOS (Homebrew) uses `.dylib`.
    static let defaultCandidates = [
        "libSDL2_image-2.0.so.0", "libSDL2_image.so",
        "libSDL2_image-2.0.0.dylib", "libSDL2_image.dylib",
    ]

    /// The names to try. Tests point it at a library that does not exist
    /// to see the missing-library error; nothing else should change it.
    static var candidates = defaultCandidates {
        didSet { loaded = nil }
    }

    struct Functions {
        let savePNG: SavePNG
        let load: Load
    }

    private static var loaded: Result<Functions, SDLImageError>?

    /// The functions, opening the library on first use. The outcome, found
    /// or not, is remembered: a missing library is reported the same way
    /// every time without searching again.
    static func functions() throws(SDLImageError) -> Functions {
        if let loaded { return try loaded.get() }
        let result = open()
        loaded = result
        return try result.get()
    }

    private static func open() -> Result<Functions, SDLImageError> {
        var reasons: [String] = []
        for name in candidates {
            guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
                reasons.append(dlerror().map { String(cString: $0) } ?? "\(name): not found")
                continue
            }
            guard let save = dlsym(handle, "IMG_SavePNG"), let load = dlsym(handle, "IMG_Load") else {
                reasons.append("\(name) has no IMG_SavePNG or IMG_Load")
                dlclose(handle)
                continue
            }
            // The handle stays open for the life of the process: the
            // function pointers point into it.
            return .success(Functions(
                savePNG: unsafeBitCast(save, to: SavePNG.self),
                load: unsafeBitCast(load, to: Load.self)))
        }
        return .failure(.libraryMissing(tried: candidates, reasons: reasons))
    }
}

/// A screenshot or image file that could not be written or read.
public enum SDLImageError: Error, CustomStringConvertible, Equatable {
    /// SDL_image could not be opened at run time: the game runs on, but it
    /// cannot save or load PNG files.
    case libraryMissing(tried: [String], reasons: [String])
    /// SDL or SDL_image failed on a file; `message` is SDL's reason.
    case failed(operation: String, path: String, message: String)

    public var description: String {
        switch self {
        case .libraryMissing(let tried, let reasons):
            "SDL_image is not installed, so PNG files cannot be saved or loaded "
                + "(install libsdl2-image-2.0-0 on Debian or Ubuntu, sdl2_image with Homebrew); "
                + "tried \(tried.joined(separator: ", ")): \(reasons.joined(separator: "; "))"
        case .failed(let operation, let path, let message):
            "\(operation) '\(path)' failed: \(message)"
        }
    }
}
