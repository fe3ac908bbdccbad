import TactileSDL
import Tactile
// cos and sin. Not Foundation, whose own AffineTransform would make
// Tactile's ambiguous here.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Draws a tree of layers onto a ``Canvas``, each as its `Appearance` says:
/// what a demo or a prototype needs to see its scene without a renderer of
/// its own.
///
/// A layer is drawn, then its children in order, so a child covers its
/// parent and the last child is on top, as hit-testing assumes. Each layer
/// is placed by its whole chain of transforms down from the window
/// (`position`, `anchorPoint`, `bounds` and `transform`, rotation and scale
/// included). A hidden layer is skipped with everything under it, and a
/// layer's `alpha` multiplies its children's, down the tree, into every
/// colour it draws with.
///
/// ```swift
/// let renderer = LayerRenderer(canvas: canvas, imageFolder: "Assets")
/// // each frame:
/// canvas.clear(.black)
/// try renderer.draw(scene)
/// SDL_RenderPresent(canvas.renderer)
/// ```
///
/// ## What a layer draws
///
/// In this order, each over the last:
///
/// 1. `fill`, inside the shape: rectangle, ellipse or rounded rectangle,
///    rotated and scaled with the layer (``Canvas/fillPolygon(_:color:)``;
///    curves become polygons fine enough to be within a quarter pixel).
/// 2. `image`, stretched over the bounds and turned with the layer (see
///    *Images* below).
/// 3. `stroke`, an outline `strokeWidth` of the layer's points wide, inside
///    the shape, so it scales with the layer; any positive width shows at
///    least one pixel. An ellipse's inside edge is the ellipse with both
///    radii `strokeWidth` shorter, which is exact for a circle and slightly
///    uneven in width for a long, thin ellipse.
/// 4. `text`, in `textColor`, in the canvas's bitmap font at its default
///    scale, centred on where the layer's centre lands. Text is **not**
///    rotated or scaled with the layer: the font is drawn on the pixel grid
///    (``Canvas/drawText(_:at:scale:color:)``), which keeps labels sharp,
///    and a label on a spinning layer stays upright.
///
/// Children that stick out of their parent are drawn whole; nothing is
/// clipped. (Hit-testing does cut them off: see `Layer.hitTest(_:with:)`.)
/// A layer scaled to zero, whose points all land on a line, draws nothing,
/// nor do its children, text included, as it cannot be hit either.
///
/// ## Images
///
/// An image's name is a BMP file in ``imageFolder``: `"ball"` is
/// `ball.bmp`, and a name that already ends in `.bmp` is used as it is.
/// Each is loaded through SDL once, the first time a layer shows it (or
/// ahead of time with ``loadImage(named:)``), and kept as a texture of the
/// canvas's renderer until ``unloadImages()``.
///
/// An image is drawn with `SDL_RenderCopyExF`, turned and stretched with
/// the layer and mirrored if the layer is. A shear (a child turned inside
/// a parent stretched more one way than the other) is left out: such an
/// image keeps right angles where the layer's fill does not. The
/// alternative, two textured triangles with `SDL_RenderGeometry`, would
/// follow a shear too, but SDL 2.26.5's software renderer, which headless
/// tests and CI draw with, samples a textured triangle as if its image were
/// one pixel narrower and shorter (texel u · (w − 1), rounded down): a 2×2
/// image turned by any angle comes out as its first pixel.
/// How an image is filtered when stretched follows SDL's
/// `SDL_HINT_RENDER_SCALE_QUALITY` (nearest pixel unless the game sets it),
/// and its edge pixels, when turned, can differ between renderers.
///
/// An image that cannot be loaded (no folder, no such file, not a BMP) never
/// stops a frame: the rest of the tree is drawn, the layer without its
/// image, and then ``draw(_:)-(Layer)`` throws an ``ImageError`` naming the
/// file. The failure is remembered, so the disk is not read again, but it is
/// thrown on every frame that shows that layer, so it cannot go unnoticed.
/// To fail at start-up instead, call ``loadImage(named:)`` for each asset.
///
/// ## Cost
///
/// O(layers + pixels covered). The outlines, like the canvas's rectangles,
/// are built in buffers that are kept, so the renderer's own code allocates
/// nothing per frame once they have grown (loading an image does). SDL 2.26
/// does allocate below it: `SDL_RenderFillRectsF` copies every batch of 8
/// or more rectangles to scale it (`SDL_small_alloc` keeps only smaller
/// ones on the stack), one malloc for most shapes and strings, and
/// the software renderer builds temporary surfaces to turn an image (about
/// 8 mallocs each). The renderer is borrowed
/// from the canvas: destroy the SDL renderer only after the last
/// `LayerRenderer` drawing into it is gone, or after ``unloadImages()``,
/// since its textures belong to that renderer.
///
/// It draws Tactile's `Layer` tree, each node as its `Appearance` says.
///
/// ## See Also
/// - ``Canvas``
@MainActor
public final class LayerRenderer {
    /// An image that a layer names but that cannot be drawn.
    public struct ImageError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The name the layer gave (`Appearance.image`).
        public let name: String
        /// The file it was looked for in, or `nil` when the renderer has no
        /// image folder.
        public let path: String?
        /// Why it cannot be drawn, in words, with SDL's reason where it gave one.
        public let reason: String

        public var description: String {
            "image \"\(name)\"\(path.map { " (\($0))" } ?? ""): \(reason)"
        }
    }

    /// What the layers are drawn onto.
    public let canvas: Canvas
    /// The folder image names are looked up in; `nil` for a renderer that
    /// draws no images.
    public let imageFolder: String?

    /// Loaded images by name: textures of `canvas.renderer`, owned here.
    private var textures: [String: OpaquePointer] = [:]
    /// Images that could not be loaded, so that a missing file is looked
    /// for once, not every frame.
    private var failedImages: [String: ImageError] = [:]
    /// The first image failure of the frame being drawn, thrown at its end.
    private var frameFailure: ImageError?
    /// The shape being drawn, in window points; kept so that its storage is reused.
    private var outline: [Point] = []
    /// The inside edge of its stroke, in window points; kept likewise.
    private var strokeInside: [Point] = []
    /// The most segments a curve is cut into: a circle as big as a large
    /// screen is within a quarter pixel at 256.
    private static let maximumCurveSegments = 256.0

    /// A renderer that draws onto `canvas`, with images from the BMP files
    /// in `imageFolder`.
    public init(canvas: Canvas, imageFolder: String? = nil) {
        self.canvas = canvas
        self.imageFolder = imageFolder
        outline.reserveCapacity(64)
        strokeInside.reserveCapacity(64)
    }

    isolated deinit {
        unloadImages()
    }

    // MARK: Drawing

    /// Draws the scene's whole layer tree, from its root layer.
    ///
    /// - Throws: ``ImageError`` for the first image of the frame that cannot
    ///   be drawn, after drawing everything else.
    public func draw(_ scene: Scene) throws(ImageError) {
        try draw(scene.root)
    }

    /// Draws `layer` and its descendants where they are in the window: the
    /// transforms of the layer's ancestors place it and their alpha fades
    /// it, though the ancestors themselves are not drawn. A hidden ancestor
    /// hides it.
    ///
    /// Does not clear the canvas first; call ``Canvas/clear(_:)`` to start
    /// a frame.
    ///
    /// - Throws: ``ImageError`` for the first image of the frame that cannot
    ///   be drawn, after drawing everything else.
    public func draw(_ layer: Layer) throws(ImageError) {
        var parentToWindow = AffineTransform.identity
        var alpha = 1.0
        var ancestor = layer.parent
        while let current = ancestor {
            if current.isHidden { return }
            parentToWindow = parentToWindow.concatenating(current.transformToParent)
            alpha *= Self.opacity(current.alpha)
            ancestor = current.parent
        }
        frameFailure = nil
        drawTree(layer, parentToWindow: parentToWindow, parentAlpha: alpha)
        if let failure = frameFailure {
            frameFailure = nil
            throw failure
        }
    }

    /// Draws `layer` with the transform from its parent's space to the
    /// window composed down the tree, one matrix product per layer rather
    /// than a walk up to the root for each.
    private func drawTree(_ layer: Layer, parentToWindow: AffineTransform, parentAlpha: Double) {
        guard !layer.isHidden else { return }
        let alpha = parentAlpha * Self.opacity(layer.alpha)
        guard alpha > 0 else { return }
        let toWindow = layer.transformToParent.concatenating(parentToWindow)
        let determinant = toWindow.a * toWindow.d - toWindow.b * toWindow.c
        // Squashed flat (or broken by a NaN): nothing of it, or of its
        // children, has any area to draw.
        guard determinant != 0, determinant.isFinite else { return }
        drawAppearance(of: layer, toWindow: toWindow, alpha: alpha)
        for child in layer.children {
            drawTree(child, parentToWindow: toWindow, parentAlpha: alpha)
        }
    }

    private func drawAppearance(of layer: Layer, toWindow: AffineTransform, alpha: Double) {
        let appearance = layer.appearance
        let bounds = layer.bounds
        let hasArea = bounds.width > 0 && bounds.height > 0 && bounds.width.isFinite && bounds.height.isFinite
        let stretch = Stretch(toWindow)
        let pixelsPerPoint = canvas.pixelsPerPoint
        let segments = curveSegments(for: appearance.shape, in: bounds, stretch: stretch)

        if hasArea {
            if appearance.fill != nil || appearance.stroke != nil {
                outline.removeAll(keepingCapacity: true)
                Self.trace(appearance.shape, in: bounds, segments: segments, into: &outline)
                Self.apply(toWindow, to: &outline)
            }
            if let fill = appearance.fill.map({ Self.fade($0, by: alpha) }), fill.a > 0 {
                canvas.fillPolygon(outline, color: fill)
            }
            if let image = appearance.image {
                drawImage(named: image, over: bounds, toWindow: toWindow, alpha: alpha)
            }
            if let stroke = appearance.stroke.map({ Self.fade($0, by: alpha) }), stroke.a > 0,
               appearance.strokeWidth > 0, appearance.strokeWidth.isFinite {
                // At least one pixel across in the direction the layer is squeezed most.
                let width = max(appearance.strokeWidth, 1 / (stretch.least * pixelsPerPoint))
                strokeInside.removeAll(keepingCapacity: true)
                if let inside = Self.inset(appearance.shape, in: bounds, by: width) {
                    Self.trace(inside.shape, in: inside.rect, segments: segments, into: &strokeInside)
                    Self.apply(toWindow, to: &strokeInside)
                    canvas.fillPolygon(outline, excluding: strokeInside, color: stroke)
                } else {
                    canvas.fillPolygon(outline, color: stroke)
                }
            }
        }

        if let text = appearance.text, !text.isEmpty {
            let color = Self.fade(appearance.textColor, by: alpha)
            guard color.a > 0 else { return }
            let size = canvas.textSize(text)
            let center = toWindow.apply(to: bounds.center)
            canvas.drawText(text, at: Point(x: center.x - size.width / 2, y: center.y - size.height / 2), color: color)
        }
    }

    // MARK: Shapes

    /// How much a transform stretches lengths: the most and the least, over
    /// every direction (its singular values). A rotation stretches nothing,
    /// a scale by (2, 3) stretches by 2 at least and 3 at most.
    private struct Stretch {
        var most: Double
        var least: Double

        init(_ transform: AffineTransform) {
            let (a, b, c, d) = (transform.a, transform.b, transform.c, transform.d)
            let sumOfSquares = a * a + b * b + c * c + d * d
            let determinant = abs(a * d - b * c)
            let spread = max(0, sumOfSquares * sumOfSquares - 4 * determinant * determinant).squareRoot()
            most = ((sumOfSquares + spread) / 2).squareRoot()
            least = most > 0 ? determinant / most : 0
        }
    }

    /// How many segments a full turn of `shape`'s curves is cut into, so
    /// that no segment strays more than a quarter pixel from the curve: a
    /// chord across an angle θ of radius R pixels is R (1 − cos(θ/2)) ≈
    /// R θ² / 8 from it, at most 1/4 when θ ≤ √(2 / R), so 2π / θ = π √(2R)
    /// segments. A multiple of four, so that a circle is symmetric about
    /// both axes, and each corner of a rounded rectangle gets a quarter.
    private func curveSegments(for shape: Appearance.Shape, in bounds: Rect, stretch: Stretch) -> Int {
        let radius: Double
        switch shape {
        case .rectangle:
            return 0
        case .ellipse:
            radius = max(bounds.width, bounds.height) / 2
        case .roundedRectangle(let cornerRadius):
            radius = cornerRadius
        }
        let pixels = max(0, radius) * stretch.most * canvas.pixelsPerPoint
        let segments = min(max((Double.pi * (2 * pixels).squareRoot()).rounded(.up), 8), Self.maximumCurveSegments)
        return segments.isFinite ? (Int(segments) + 3) / 4 * 4 : 8
    }

    /// Appends the outline of `shape` filling `rect`, clockwise on screen
    /// from the top-left, in the rect's own coordinates. Curves are cut into
    /// `segments` segments per full turn.
    private static func trace(_ shape: Appearance.Shape, in rect: Rect, segments: Int, into points: inout [Point]) {
        switch shape {
        case .rectangle:
            traceRectangle(rect, into: &points)
        case .ellipse:
            let center = rect.center
            let (radiusX, radiusY) = (rect.width / 2, rect.height / 2)
            for step in 0..<segments {
                let angle = 2 * Double.pi * Double(step) / Double(segments)
                points.append(Point(x: center.x + radiusX * cos(angle), y: center.y + radiusY * sin(angle)))
            }
        case .roundedRectangle(let cornerRadius):
            let radius = min(max(cornerRadius, 0), rect.width / 2, rect.height / 2)
            guard radius > 0, radius.isFinite else {
                traceRectangle(rect, into: &points)
                return
            }
            let perCorner = max(segments / 4, 1)
            // Each corner's quarter circle, top-left first, from the angle it
            // starts at; angles grow clockwise on screen, since y grows down.
            for corner in 0..<4 {
                let center = Point(
                    x: corner == 1 || corner == 2 ? rect.maxX - radius : rect.minX + radius,
                    y: corner >= 2 ? rect.maxY - radius : rect.minY + radius)
                let start = Double.pi / 2 * Double((corner + 2) % 4)
                for step in 0...perCorner {
                    let angle = start + Double.pi / 2 * Double(step) / Double(perCorner)
                    points.append(Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle)))
                }
            }
        }
    }

    private static func traceRectangle(_ rect: Rect, into points: inout [Point]) {
        points.append(Point(x: rect.minX, y: rect.minY))
        points.append(Point(x: rect.maxX, y: rect.minY))
        points.append(Point(x: rect.maxX, y: rect.maxY))
        points.append(Point(x: rect.minX, y: rect.maxY))
    }

    /// The inside edge of a stroke `width` wide along `shape` in `rect`: the
    /// same kind of shape, `width` in from every side, a rounded corner's
    /// radius shrinking with it. `nil` when the stroke covers the whole shape.
    private static func inset(_ shape: Appearance.Shape, in rect: Rect, by width: Double) -> (shape: Appearance.Shape, rect: Rect)? {
        guard 2 * width < rect.width, 2 * width < rect.height else { return nil }
        let inner = Rect(x: rect.minX + width, y: rect.minY + width, width: rect.width - 2 * width, height: rect.height - 2 * width)
        switch shape {
        case .rectangle, .ellipse:
            return (shape, inner)
        case .roundedRectangle(let cornerRadius):
            let radius = min(max(cornerRadius, 0), rect.width / 2, rect.height / 2)
            return (.roundedRectangle(cornerRadius: max(radius - width, 0)), inner)
        }
    }

    private static func apply(_ transform: AffineTransform, to points: inout [Point]) {
        for index in points.indices {
            points[index] = transform.apply(to: points[index])
        }
    }

    /// A layer's alpha as a factor: 0…1, with NaN as 0.
    private static func opacity(_ alpha: Double) -> Double {
        alpha > 0 ? min(alpha, 1) : 0
    }

    private static func fade(_ color: Color, by alpha: Double) -> Color {
        alpha >= 1 ? color : color.withAlpha(UInt8((Double(color.a) * alpha).rounded()))
    }

    // MARK: Images

    /// Loads the image `name` now, if it is not loaded yet, rather than the
    /// first time a layer shows it: to find a missing asset at start-up,
    /// or to keep the first frame that shows it from reading the disk.
    ///
    /// - Throws: ``ImageError`` naming the file and why it cannot be used.
    ///   The failure is remembered until ``unloadImages()``.
    public func loadImage(named name: String) throws(ImageError) {
        if textures[name] != nil { return }
        if let failure = failedImages[name] { throw failure }
        do {
            textures[name] = try makeTexture(named: name)
        } catch {
            failedImages[name] = error
            throw error
        }
    }

    /// Destroys every loaded image's texture and forgets the images that
    /// could not be loaded, so that the next frame loads them again (after
    /// the files change, say).
    public func unloadImages() {
        for texture in textures.values {
            SDL_DestroyTexture(texture)
        }
        textures.removeAll()
        failedImages.removeAll()
    }

    private func makeTexture(named name: String) throws(ImageError) -> OpaquePointer {
        guard let imageFolder else {
            throw ImageError(name: name, path: nil, reason: "the renderer has no image folder to look for it in")
        }
        let file = name.lowercased().hasSuffix(".bmp") ? name : name + ".bmp"
        let path = imageFolder.hasSuffix("/") ? imageFolder + file : imageFolder + "/" + file
        // SDL_LoadBMP is a macro over these two calls. Opening the file
        // first tells a missing file apart from one that is not a BMP.
        guard let stream = SDL_RWFromFile(path, "rb") else {
            throw ImageError(name: name, path: path, reason: "the file cannot be opened (\(SDLError("SDL_RWFromFile").message))")
        }
        // With freesrc 1, SDL closes the stream whether or not it succeeds.
        guard let surface = SDL_LoadBMP_RW(stream, 1) else {
            throw ImageError(name: name, path: path, reason: "SDL cannot read it as a BMP (\(SDLError("SDL_LoadBMP_RW").message))")
        }
        defer { SDL_FreeSurface(surface) }
        guard let texture = SDL_CreateTextureFromSurface(canvas.renderer, surface) else {
            throw ImageError(name: name, path: path, reason: "SDL cannot make a texture of it (\(SDLError("SDL_CreateTextureFromSurface").message))")
        }
        // SDL blends a texture only if its surface had an alpha channel or a
        // colour key; a layer's alpha needs blending for every image.
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        return texture
    }

    /// The texture for `name`, loading it the first time; `nil` when it
    /// cannot be loaded, noting the failure for the end of the frame.
    private func texture(named name: String) -> OpaquePointer? {
        if let texture = textures[name] { return texture }
        do {
            try loadImage(named: name)
            return textures[name]
        } catch {
            if frameFailure == nil { frameFailure = error }
            return nil
        }
    }

    /// Draws image `name` stretched over `bounds`, whose points `toWindow`
    /// takes to the window: its top-left pixel at the bounds' top-left
    /// corner, however the layer is turned.
    ///
    /// `SDL_RenderCopyExF` takes an upright rectangle, an angle and a flip,
    /// so the transform is split into a rotation, a scale along each of the
    /// layer's own axes and a shear, and the shear is left out (exact
    /// whenever there is none). Its x axis gives the angle and the width's
    /// scale; how far its y axis reaches across the x axis gives the
    /// height's scale, negative for a mirrored layer (a vertical flip).
    private func drawImage(named name: String, over bounds: Rect, toWindow: AffineTransform, alpha: Double) {
        let opacity = UInt8((255 * alpha).rounded())
        guard opacity > 0, let texture = texture(named: name), let target = canvas.targetSize() else { return }
        let pixelsPerPoint = canvas.pixelsPerPoint
        let (a, b, c, d) = (toWindow.a, toWindow.b, toWindow.c, toWindow.d)
        let scaleX = (a * a + b * b).squareRoot()
        guard scaleX > 0 else { return }
        let scaleY = (a * d - b * c) / scaleX
        let width = bounds.width * scaleX * pixelsPerPoint
        let height = bounds.height * abs(scaleY) * pixelsPerPoint
        let center = toWindow.apply(to: bounds.center)
        let (centerX, centerY) = (center.x * pixelsPerPoint, center.y * pixelsPerPoint)
        // Off the target: nothing to draw. SDL's software renderer converts
        // positions to int, so an image reaching absurdly far (past float's
        // whole-number precision) is not handed over at all.
        let reach = (width + height) / 2
        let limit = Double(1 << 24)
        guard centerX + reach > 0, centerY + reach > 0,
              centerX - reach < Double(target.width), centerY - reach < Double(target.height),
              abs(centerX) + reach < limit, abs(centerY) + reach < limit
        else { return }
        var area = SDL_FRect(x: Float(centerX - width / 2), y: Float(centerY - height / 2), w: Float(width), h: Float(height))
        // SDL's angle is in degrees, clockwise on screen, as Tactile's is.
        let degrees = atan2(b, a) * 180 / Double.pi
        SDL_SetTextureAlphaMod(texture, opacity)
        _ = SDL_RenderCopyExF(canvas.renderer, texture, nil, &area, degrees, nil, scaleY < 0 ? SDL_FLIP_VERTICAL : SDL_FLIP_NONE)
    }
}
