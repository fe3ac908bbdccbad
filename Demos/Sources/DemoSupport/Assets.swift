import Foundation

/// Finds the files the demos ship with in `Assets/`.
public enum Assets {
    /// A file or folder that should be there and is not.
    public struct MissingAsset: Error, CustomStringConvertible {
        public let name: String
        public let searched: [String]
        public var description: String {
            "missing asset '\(name)': looked in \(searched.joined(separator: ", ")). "
                + "Run the demo from the Tactile checkout or set TACTILE_ASSETS to its Demos/Assets folder."
        }
    }

    /// The path of `name` inside the Assets folder: `$TACTILE_ASSETS`, else
    /// `Assets/` or `Demos/Assets/` in the current folder or the nearest
    /// folder above it that has one (so a demo finds them run from the
    /// Demos package or from the repository root).
    public static func path(of name: String) throws(MissingAsset) -> String {
        var searched: [String] = []
        for folder in candidateFolders() {
            let path = "\(folder)/\(name)"
            searched.append(folder)
            if FileManager.default.fileExists(atPath: path) { return path }
        }
        throw MissingAsset(name: name, searched: searched)
    }

    private static func candidateFolders() -> [String] {
        if let folder = ProcessInfo.processInfo.environment["TACTILE_ASSETS"], !folder.isEmpty {
            return [folder]
        }
        var folders: [String] = []
        var directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        while true {
            folders.append(directory.appendingPathComponent("Assets").path)
            folders.append(directory.appendingPathComponent("Demos/Assets").path)
            let parent = directory.deletingLastPathComponent()
            if parent.path == directory.path { break }
            directory = parent
        }
        return folders
    }
}
