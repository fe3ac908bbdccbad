/// The arena's list of who listens to each ``InputSource``: the one owner of
/// which recognizers a key, button, axis or motion sub-event is gathered for.
///
/// The listeners of a source are the enabled or disabled recognizers (the
/// arena skips disabled ones as it delivers) attached to layers in the
/// scene whose ``GestureRecognizer/inputSources`` contain it. Their order is
/// the gather order of a non-touch sub-event, and so the order in which two
/// recognizers that would recognize on the same sub-event are decided:
/// higher ``GestureRecognizer/inputPriority`` first, then the deeper layer,
/// then, within a layer, the most recently added, then the layer drawn on
/// top (as hit-testing tries them), as for touches.
///
/// The list is built from the layer tree when first needed after anything
/// that could change it (a layer joining or leaving the scene, a recognizer
/// added, removed or given other sources or another priority), so a
/// sub-event costs one lookup, not a walk of the tree.
@MainActor
final class ArenaListeners {
    @exclusivity(unchecked) private var bySource: [InputSource: Listening]

    /// The rebuild's working lists, kept with their capacity between rebuilds.
    @exclusivity(unchecked) private var entries: [Entry] = []
    @exclusivity(unchecked) private var stack: [(layer: Layer, depth: Int)] = []

    /// Made with room in every list the first rebuild fills. Besides sparing
    /// the growth, this makes the scene pay, not its first key, button or
    /// motion reading, for the Swift runtime's one-time work on each generic
    /// storage type the rebuild uses (looking up its metadata by mangled
    /// name, about 6,000–18,000 instructions a type the first time it is
    /// allocated in the process): callgrind, the Gesture Lab's first motion
    /// sample rebuilt the list for 101,565 instructions, most of them that.
    init() {
        bySource = Dictionary(minimumCapacity: 4)
        entries.reserveCapacity(16)
        stack.reserveCapacity(16)
    }

    /// Who listens to one source: its listeners in gather order, and the
    /// players (``PlayerInput``) their command recognizers read, each once;
    /// the players read a sub-event of the source before any listener is
    /// handed it, whatever their recognizers' state. It also knows which
    /// listeners a sub-event can be left out for (see
    /// `ArenaListeners+Quiet.swift`).
    @MainActor
    final class Listening {
        @exclusivity(unchecked) var listeners: [GestureRecognizer] = []
        @exclusivity(unchecked) var players: [PlayerInput] = []
        /// Per listener: the changes of its player that its command can
        /// complete on (``Command/Screen/completingChanges``) for a
        /// ``CommandInputRecognizer`` of that very class, every bit for any
        /// other listener (a subclass may do anything in `receive`).
        @exclusivity(unchecked) var completing: [UInt64] = []
        /// Per listener: its player's place in `players`, 0 for another listener.
        @exclusivity(unchecked) var player: [Int] = []
        /// Per listener: the motion readings it does nothing with once it
        /// follows the source (`MotionGestureRecognizer.readingsIgnored(by:)`),
        /// 0 for any other listener.
        @exclusivity(unchecked) var ignoredReadings: [UInt8] = []
        /// Per listener, as of `checkedAt`: whether the arena must hand it
        /// every sub-event, whatever it changes.
        @exclusivity(unchecked) var isNeedy: [Bool] = []
        /// Per listener, as of `checkedAt`: whether it followed the source,
        /// enabled, with no delegate, in an attempt not finished. Until
        /// `stateVersion` moves, it still follows it with no delegate.
        @exclusivity(unchecked) var followsQuietly: [Bool] = []
        /// The ``ArenaListeners/stateVersion`` at which `isNeedy` was
        /// worked out; −1 for not yet.
        @exclusivity(unchecked) var checkedAt = -1

        /// With room for a few listeners (see ``ArenaListeners/init()``).
        init() {
            listeners.reserveCapacity(4)
            completing.reserveCapacity(4)
            player.reserveCapacity(4)
            isNeedy.reserveCapacity(4)
            followsQuietly.reserveCapacity(4)
            ignoredReadings.reserveCapacity(4)
        }

        func append(_ recognizer: GestureRecognizer) {
            listeners.append(recognizer)
            isNeedy.append(true)
            followsQuietly.append(false)
            ignoredReadings.append(MotionGestureRecognizer.readingsIgnored(by: recognizer))
            guard let command = recognizer as? CommandInputRecognizer else {
                completing.append(.max)
                player.append(0)
                return
            }
            completing.append(type(of: command) == CommandInputRecognizer.self ? command.command.screen.completingChanges : .max)
            if let index = players.firstIndex(where: { $0 === command.input }) {
                player.append(index)
            } else {
                player.append(players.count)
                players.append(command.input)
            }
        }
    }

    private static let nobody = Listening()

    @exclusivity(unchecked) private var isStale = true

    /// Something that decides who listens changed; the list is rebuilt on
    /// the next sub-event.
    func invalidate() {
        isStale = true
        generation &+= 1
    }

    /// Counts the changes, so that a delivery under way can tell that a
    /// recognizer it is about to hand a sub-event to may have left.
    @exclusivity(unchecked) private(set) var generation = 0

    /// The listeners of `source`, in gather order, as of now.
    func listeners(of source: InputSource, in root: Layer) -> [GestureRecognizer] {
        if isStale { rebuild(from: root) }
        return bySource[source]?.listeners ?? []
    }

    /// Who listens to `source`, as of now; `root` is read only if the list
    /// must be rebuilt.
    func listening(to source: InputSource, in root: @autoclosure () -> Layer) -> Listening {
        listeningUnretained(to: source, in: root()).takeUnretainedValue()
    }

    /// ``listening(to:in:)``, not retained: for a delivery, which holds it
    /// between ``beginDelivery()`` and ``endDelivery()``, during which a
    /// rebuild keeps the listings it replaces (`retired`). Retaining and
    /// releasing the listing and its list was about 80 instructions of a
    /// motion reading's 500 through the arena (callgrind, Tilt Maze).
    @inline(__always)
    func listeningUnretained(to source: InputSource, in root: @autoclosure () -> Layer) -> Unmanaged<Listening> {
        if isStale { rebuild(from: root()) }
        // The source of the last sub-event, most often this one's again:
        // the dictionary's lookup hashes the source (callgrind: about 250
        // instructions, a sixteenth of a button through 20 commands).
        if lastSource == source, let last = lastListening { return last }
        return lookUp(source)
    }

    private func lookUp(_ source: InputSource) -> Unmanaged<Listening> {
        let listening = Unmanaged.passUnretained(bySource[source] ?? Self.nobody)
        lastSource = source
        lastListening = listening
        return listening
    }

    /// The last lookup of ``listeningUnretained(to:in:)``, emptied by a
    /// rebuild: `bySource` (or `nobody`) holds the listing.
    @exclusivity(unchecked) private var lastSource: InputSource?
    @exclusivity(unchecked) private var lastListening: Unmanaged<Listening>?

    /// How many deliveries are under way (a handler's sub-event nests one).
    @exclusivity(unchecked) private var deliveries = 0
    /// Listings a rebuild replaced while a delivery was under way, which
    /// may still be walking one of them unretained; let go when the
    /// outermost delivery ends.
    @exclusivity(unchecked) private var retired: [Listening] = []

    /// A delivery begins: the listings it borrows stay alive until
    /// ``endDelivery()``.
    @inline(__always)
    func beginDelivery() {
        deliveries += 1
    }

    @inline(__always)
    func endDelivery() {
        deliveries -= 1
        if deliveries == 0 && !retired.isEmpty { retired.removeAll() }
    }

    /// The listings are about to be replaced: kept while a delivery may be
    /// walking one.
    private func retireListings() {
        guard deliveries > 0 else { return }
        retired.append(contentsOf: bySource.values)
    }

    func removeAll() {
        retireListings()
        bySource.removeAll()
        lastSource = nil
        lastListening = nil
        isStale = true
    }

    private struct Entry {
        let recognizer: GestureRecognizer
        let priority: Int
        let depth: Int
        /// Its place in a walk from the top layer down, most recent first.
        let order: Int

        /// Gather order. Not a closure of the main-actor class: one checked
        /// the executor at every comparison (callgrind: about 390
        /// instructions a comparison).
        nonisolated static func precedes(_ a: Entry, _ b: Entry) -> Bool {
            if a.priority != b.priority { return a.priority > b.priority }
            if a.depth != b.depth { return a.depth > b.depth }
            return a.order < b.order
        }
    }

    private func rebuild(from root: Layer) {
        isStale = false
        lastSource = nil
        lastListening = nil
        entries.removeAll(keepingCapacity: true)
        stack.append((root, 0))
        while let (layer, depth) = stack.popLast() {
            for recognizer in layer.gestureRecognizers.reversed() where !recognizer.inputSources.isEmpty {
                entries.append(Entry(recognizer: recognizer, priority: recognizer.inputPriority, depth: depth, order: entries.count))
            }
            // Pushed bottom first, so the top child is visited first.
            for child in layer.children { stack.append((child, depth + 1)) }
        }
        entries.sort(by: Entry.precedes)
        retireListings()
        bySource.removeAll(keepingCapacity: true)
        for entry in entries {
            for source in entry.recognizer.inputSources {
                let listening = bySource[source] ?? Listening()
                bySource[source] = listening
                listening.append(entry.recognizer)
            }
        }
        // Not kept: the recognizers of layers that may leave the scene.
        entries.removeAll(keepingCapacity: true)
    }
}
