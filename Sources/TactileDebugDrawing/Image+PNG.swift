import Tactile
import TactileSDL

extension Image {
    /// Saves the image as an 8-bit RGB PNG file with SDL_image's `IMG_SavePNG`.
    ///
    /// - Throws: ``SDLImageError/libraryMissing(tried:reasons:)`` when
    ///   SDL_image is not installed (nothing else is affected: the game runs
    ///   on), ``SDLImageError/failed(operation:path:message:)`` when the file
    ///   cannot be written.
    @MainActor
    public func writePNG(to path: String) throws(SDLImageError) {
        let library = try SDLImageLibrary.functions()
        var pixels = rgb
        let status: Int32 = pixels.withUnsafeMutableBytes { buffer in
            // A surface over the image's own bytes, no copy: RGB24 rows of
            // width × 3 bytes are exactly Image's layout.
            guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(
                buffer.baseAddress, Int32(width), Int32(height), 24, Int32(width * 3), tactile_pixelformat_rgb24())
            else { return -2 }
            defer { SDL_FreeSurface(surface) }
            return library.savePNG(surface, path)
        }
        guard status == 0 else {
            let reason = String(cString: SDL_GetError())
            SDL_ClearError()
            throw .failed(operation: status == -2 ? "SDL_CreateRGBSurfaceWithFormatFrom for" : "IMG_SavePNG",
                          path: path, message: reason.isEmpty ? "SDL gave no reason" : reason)
        }
    }

    /// Reads an image file (PNG, or any format SDL_image knows) with
    /// SDL_image's `IMG_Load`, converted to opaque RGB: how tests check a
    /// saved screenshot.
    ///
    /// - Throws: ``SDLImageError`` when SDL_image is missing or the file
    ///   cannot be read or decoded.
    @MainActor
    public init(contentsOfFile path: String) throws(SDLImageError) {
        let library = try SDLImageLibrary.functions()
        func failure(_ operation: String) -> SDLImageError {
            let reason = String(cString: SDL_GetError())
            SDL_ClearError()
            return .failed(operation: operation, path: path, message: reason.isEmpty ? "SDL gave no reason" : reason)
        }
        guard let loaded = library.load(path) else { throw failure("IMG_Load") }
        defer { SDL_FreeSurface(loaded) }
        guard let surface = SDL_ConvertSurfaceFormat(loaded, tactile_pixelformat_rgb24(), 0) else {
            throw failure("SDL_ConvertSurfaceFormat of")
        }
        defer { SDL_FreeSurface(surface) }
        let width = Int(surface.pointee.w)
        let height = Int(surface.pointee.h)
        let pitch = Int(surface.pointee.pitch)
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        if let pixels = surface.pointee.pixels?.assumingMemoryBound(to: UInt8.self) {
            // Rows may be padded to a multiple of 4 bytes: copy row by row.
            for row in 0..<height {
                for column in 0..<(width * 3) {
                    rgb[row * width * 3 + column] = pixels[row * pitch + column]
                }
            }
        }
        self.init(width: width, height: height, rgb: rgb)
    }
}
