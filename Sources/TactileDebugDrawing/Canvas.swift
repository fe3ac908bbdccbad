import TactileSDL
import Tactile

/// Draws shapes and text into an SDL renderer, in window points.
///
/// Demos and debugging overlays draw touches, trails and labels with it; tests
/// draw into an offscreen renderer and read the result back with
/// ``readPixels()``.
///
/// Coordinates and sizes are window points (Tactile's `Point`), the space
/// Tactile's input events use, so a touch can be drawn exactly where it
/// landed. The canvas multiplies them by ``pixelsPerPoint`` itself; leave the
/// renderer's own scale (`SDL_RenderSetScale`) at 1, or they will be scaled
/// twice. Every shape is alpha blended over what is already there, whatever
/// blend mode other code left on the shared renderer.
///
/// Shapes are not antialiased: a pixel is lit when its centre is inside the
/// shape. Everything except one-pixel lines is drawn as axis-aligned
/// rectangles on whole pixels: rectangles and text have their edges rounded
/// to pixel boundaries, and circles, rings, thick lines and polygons are
/// filled one pixel row at a time (see `Scanline`). So every SDL renderer,
/// software or GPU, lights the same pixels, and a screenshot taken headless
/// in CI matches the screen. SDL's own triangle drawing, `SDL_RenderGeometry`,
/// would not: SDL 2.26's software renderer truncates vertex positions to
/// whole pixels (SW_QueueGeometry casts them to int), which makes small
/// circles lopsided there and only there. One-pixel lines are SDL's own
/// line drawing, whose pixels can differ slightly between renderers.
///
/// The renderer is borrowed, not owned: whoever made it (the app's window, or
/// a test) destroys it, after the canvas is gone (or after
/// ``releaseTextures()``: the canvas keeps lines of text it draws often as
/// textures of the renderer). Like SDL's renderer, a canvas is used only on
/// the thread that created the renderer.
///
/// ```swift
/// canvas.clear(.black)
/// canvas.drawLine(from: start, to: touch, color: .gray, thickness: 4)
/// canvas.fillCircle(center: touch, radius: 24, color: Color.orange.withAlpha(160))
/// canvas.drawText("2 touches", at: Point(x: 8, y: 8), color: .white)
/// SDL_RenderPresent(canvas.renderer)
/// ```
///
/// Each shape or string is one batch of rectangles, one SDL call, built in a
/// buffer the canvas keeps: drawing a frame allocates nothing once that
/// buffer has grown to the largest shape drawn. A filled circle costs one
/// rectangle per pixel row it covers, a thick line one per row of its height.
/// SDL draw calls fail only for a destroyed renderer or out of memory, and a
/// frame is redrawn from scratch a moment later anyway, so drawing methods do
/// not report errors; ``readPixels()``, whose result matters, throws.
///
/// Colours are Tactile's `Color`.
///
/// ## See Also
/// - ``Image``
public final class Canvas {
    /// The SDL_Renderer drawn into. Not owned: destroying it is its creator's job.
    public let renderer: OpaquePointer

    /// How many of the renderer's pixels make one window point: 1 on most
    /// displays, 2 on a typical high-density one (where the window's drawable
    /// size, `SDL_GetRendererOutputSize`, is twice its size in points).
    ///
    /// Set it again if the window moves to a display with another density.
    public var pixelsPerPoint: Double {
        didSet { Self.checkDensity(pixelsPerPoint) }
    }

    /// The rectangles of the shape being drawn, in pixels; kept between calls
    /// so that its storage is reused.
    ///
    /// These buffers are appended to inside closures (a row at a time, a
    /// glyph box at a time), where Swift checks exclusive access to a class's
    /// stored property at run time: about 30 instructions for each append,
    /// a sixth of the input debugger's overlay (issue 19, callgrind). Only
    /// the canvas's own drawing methods touch them, never re-entrantly, so
    /// the check is off.
    @exclusivity(unchecked) var rects: [SDL_FRect] = []
    /// Where the edges of the polygon being filled cross the current pixel
    /// row, in pixels; kept for reuse like ``rects`` (see `Canvas+Polygon`).
    @exclusivity(unchecked) var crossings: [Double] = []
    /// The inside edge of the polygon outline being drawn, in window points;
    /// kept for reuse like ``rects``.
    @exclusivity(unchecked) var insetPoints: [Point] = []
    /// Lines of text over opaque bands drawn before, kept as textures of
    /// the renderer (see `LineImages`); destroyed by ``releaseTextures()``
    /// and when the canvas goes.
    @exclusivity(unchecked) var lineImages = LineImages()
    /// Whether ``drawKeptText(ascii:at:scale:color:band:bandColor:)``
    /// keeps lines as textures; off, it leaves them to rectangles (the
    /// tests compare the two).
    var keepsLineImages = true

    /// A canvas over `renderer`, whose output has `pixelsPerPoint` pixels per window point.
    public init(renderer: OpaquePointer, pixelsPerPoint: Double = 1) {
        Self.checkDensity(pixelsPerPoint)
        self.renderer = renderer
        self.pixelsPerPoint = pixelsPerPoint
        rects.reserveCapacity(1024)
        crossings.reserveCapacity(16)
        insetPoints.reserveCapacity(16)
        // The font's tables, made at load rather than in the first render
        // (see `BitmapFont.makeTables()`).
        BitmapFont.makeTables()
    }

    deinit {
        lineImages.removeAll()
    }

    /// Destroys the textures the canvas has made on its renderer; they are
    /// made again as they are needed.
    ///
    /// The canvas keeps a line of text that it draws over an opaque band
    /// (the input debugger's overlay draws each of its lines so) as a
    /// texture of the renderer, so that the next frame copies it instead
    /// of drawing it again. Those textures belong to the renderer, and the
    /// canvas destroys them when it goes: destroy the renderer after the
    /// canvas is gone, or after calling this. Call it too when SDL reports
    /// `SDL_RENDER_DEVICE_RESET` (the textures' contents are lost);
    /// `SDLApp.run(_:)` does for a ``CanvasGame``. A window resized or moved
    /// to another density needs nothing: the textures do not depend on
    /// the window's size, and a line at another density is another texture.
    public func releaseTextures() {
        lineImages.removeAll()
    }

    // MARK: Filling and clearing

    /// Sets every pixel of the render target to `color`, replacing what was
    /// there rather than blending: this is how a frame starts.
    public func clear(_ color: Color) {
        SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a)
        SDL_RenderClear(renderer)
    }

    /// Fills the rectangle whose top-left corner is (`x`, `y`).
    ///
    /// A negative width or height extends the rectangle left or up from
    /// (`x`, `y`), so a rectangle dragged from one touch to another can be
    /// drawn whichever way the finger went.
    public func fillRect(x: Double, y: Double, width: Double, height: Double, color: Color) {
        guard let size = targetSize(), let box = pixelBox(x: x, y: y, width: width, height: height) else { return }
        rects.removeAll(keepingCapacity: true)
        appendBox(box, within: size)
        fillRects(color)
    }

    /// Outlines a rectangle with a border `thickness` points wide.
    ///
    /// The border lies inside the rectangle, so the outline covers exactly
    /// the edge of what ``fillRect(x:y:width:height:color:)`` would fill; a
    /// border thicker than half the rectangle fills it.
    public func strokeRect(x: Double, y: Double, width: Double, height: Double, thickness: Double = 1, color: Color) {
        guard thickness.isFinite, thickness > 0, let size = targetSize(),
              let outer = pixelBox(x: x, y: y, width: width, height: height)
        else { return }
        // Any positive thickness shows at least one pixel.
        let border = max(1, (thickness * pixelsPerPoint).rounded())
        rects.removeAll(keepingCapacity: true)
        if 2 * border >= outer.right - outer.left || 2 * border >= outer.bottom - outer.top {
            appendBox(outer, within: size)
        } else {
            // Four rectangles that do not overlap, so a translucent border is
            // evenly translucent, corners included. Each is cut to the screen
            // on its own: cutting the outline first would draw a border along
            // the screen's edge.
            let innerTop = outer.top + border
            let innerBottom = outer.bottom - border
            appendBox(PixelBox(left: outer.left, top: outer.top, right: outer.right, bottom: innerTop), within: size)
            appendBox(PixelBox(left: outer.left, top: innerBottom, right: outer.right, bottom: outer.bottom), within: size)
            appendBox(PixelBox(left: outer.left, top: innerTop, right: outer.left + border, bottom: innerBottom), within: size)
            appendBox(PixelBox(left: outer.right - border, top: innerTop, right: outer.right, bottom: innerBottom), within: size)
        }
        fillRects(color)
    }

    // MARK: Lines and circles

    /// Draws a straight line `thickness` points wide, with round ends.
    ///
    /// Round ends let a trail of short lines through a touch's positions
    /// join without notches (where translucent segments overlap, the joint
    /// is darker). A line one pixel wide or thinner is SDL's own line, one
    /// crisp pixel wide, from the pixel `start` falls in to the one `end`
    /// falls in; a wider one covers the pixels whose centres are within
    /// `thickness / 2` of the segment.
    public func drawLine(from start: Point, to end: Point, color: Color, thickness: Double = 1) {
        guard start.isFinite, end.isFinite, thickness.isFinite else { return }
        let radius = max(0, thickness) * pixelsPerPoint / 2
        let a = pixelPoint(start)
        let b = pixelPoint(end)
        guard let size = targetSize() else { return }
        guard radius > 0.5 else {
            // SDL converts line ends to int before clipping them, which for
            // a point far off screen overflows; only the visible part is passed.
            guard let (visibleA, visibleB) = Self.clip(from: a, to: b, within: size) else { return }
            drawing(in: color) {
                _ = SDL_RenderDrawLineF(
                    renderer,
                    Float(visibleA.x.rounded(.down)), Float(visibleA.y.rounded(.down)),
                    Float(visibleB.x.rounded(.down)), Float(visibleB.y.rounded(.down))
                )
            }
            return
        }
        rects.removeAll(keepingCapacity: true)
        appendLine(from: a, to: b, radius: radius, within: size)
        fillRects(color)
    }

    /// Draws lines `thickness` points wide through `points`, one after
    /// another, in one SDL call: the same pixels as ``drawLine(from:to:color:thickness:)``
    /// for each pair in turn (translucent joints blend twice, as theirs do),
    /// for a trail of many short segments at the cost of one.
    func drawPolyline(_ points: some Collection<Point>, color: Color, thickness: Double) {
        let radius = max(0, thickness) * pixelsPerPoint / 2
        guard radius > 0.5, thickness.isFinite else {
            for (start, end) in zip(points, points.dropFirst()) { drawLine(from: start, to: end, color: color, thickness: thickness) }
            return
        }
        guard let size = targetSize() else { return }
        rects.removeAll(keepingCapacity: true)
        for (start, end) in zip(points, points.dropFirst()) where start.isFinite && end.isFinite {
            appendLine(from: pixelPoint(start), to: pixelPoint(end), radius: radius, within: size)
        }
        fillRects(color)
    }

    /// Appends the rows of a line from `a` to `b` (in pixels) `radius` pixels
    /// either side, with round ends.
    private func appendLine(from a: Point, to b: Point, radius: Double, within size: (width: Int32, height: Int32)) {
        let top = min(a.y, b.y)
        let bottom = max(a.y, b.y)
        // Rows of another line drawn before are not merged with this one's.
        let first = rects.count
        // A vertical line's rows farther than `radius` from both ends (so
        // past either end's disc) are all the same stretch, the band beside
        // the segment, which does not depend on the row: it is worked out
        // once, and those rows are added in one step. A layer's outline is
        // mostly such rows: 180 of them cost about 30,000 instructions one
        // at a time (issue 19's overlay draws ten such outlines a frame).
        let middle = a.x == b.x ? Self.rows(strictlyBetween: top + radius, and: bottom - radius) : nil
        appendRows(from: top - radius, through: bottom + radius, within: size, mergingFrom: first, sameRows: middle) { y in
            Scanline.capsule(from: a, to: b, radius: radius, atY: y)
        }
    }

    /// The pixel rows whose centres are strictly between `low` and `high`:
    /// the rows a vertical line covers beside its segment, not near its ends.
    private static func rows(strictlyBetween low: Double, and high: Double) -> ClosedRange<Int>? {
        guard low.isFinite, high.isFinite, high - low > 1, high - low < 1e9, abs(low) < 1e9 else { return nil }
        // Row r's centre is r + 0.5; the estimates are nudged until exact.
        var firstRow = Int((low - 0.5).rounded(.down))
        while Double(firstRow) + 0.5 <= low { firstRow += 1 }
        while Double(firstRow - 1) + 0.5 > low { firstRow -= 1 }
        var lastRow = Int((high - 0.5).rounded(.up))
        while Double(lastRow) + 0.5 >= high { lastRow -= 1 }
        while Double(lastRow + 1) + 0.5 < high { lastRow += 1 }
        return firstRow <= lastRow ? firstRow...lastRow : nil
    }

    /// Fills a circle of `radius` points around `center`: the pixels whose
    /// centres are within `radius` of it.
    public func fillCircle(center: Point, radius: Double, color: Color) {
        guard center.isFinite, radius.isFinite, radius > 0, let size = targetSize() else { return }
        let middle = pixelPoint(center)
        let outer = radius * pixelsPerPoint
        rects.removeAll(keepingCapacity: true)
        appendRows(from: middle.y - outer, through: middle.y + outer, within: size) { y in
            Scanline.disc(center: middle, radius: outer, atY: y)
        }
        fillRects(color)
    }

    /// Outlines a circle of `radius` points around `center` with a ring
    /// `thickness` points wide.
    ///
    /// The ring lies inside the circle, from `radius - thickness` out to
    /// `radius`, so it covers exactly the edge of what
    /// ``fillCircle(center:radius:color:)`` would fill; a ring at least as
    /// thick as the radius is the filled circle.
    public func strokeCircle(center: Point, radius: Double, thickness: Double = 1, color: Color) {
        guard center.isFinite, radius.isFinite, thickness.isFinite, radius > 0, thickness > 0,
              let size = targetSize()
        else { return }
        let middle = pixelPoint(center)
        let outer = radius * pixelsPerPoint
        let inner = max(0, outer - thickness * pixelsPerPoint)
        rects.removeAll(keepingCapacity: true)
        // Left side first, then right, so each pass has one run per row and
        // rows can merge. Rows that miss the hole are whole in the left pass.
        appendRows(from: middle.y - outer, through: middle.y + outer, within: size) { y in
            guard let ring = Scanline.disc(center: middle, radius: outer, atY: y) else { return nil }
            guard let hole = Self.hole(center: middle, radius: inner, atY: y) else { return ring }
            return ring.lowerBound...hole.lowerBound
        }
        appendRows(from: middle.y - inner, through: middle.y + inner, within: size) { y in
            guard let ring = Scanline.disc(center: middle, radius: outer, atY: y),
                  let hole = Self.hole(center: middle, radius: inner, atY: y)
            else { return nil }
            return hole.upperBound...ring.upperBound
        }
        fillRects(color)
    }

    // MARK: Text

    /// Draws `string` in the built-in 5×7 pixel font, its top-left corner at `origin`.
    ///
    /// `scale` is the size of one font pixel in points: at the default 2 a
    /// capital letter is 10 by 14 points. Newlines start new lines. Characters
    /// outside printable ASCII draw as a hollow box (see `BitmapFont`).
    /// Each glyph is a few rectangles (a run of lit font pixels, extended down
    /// the rows where the same columns are lit), and the whole string is one
    /// SDL call.
    public func drawText(_ string: String, at origin: Point, scale: Double = 2, color: Color) {
        guard origin.isFinite, scale.isFinite, scale > 0, let size = targetSize() else { return }
        let unit = scale * pixelsPerPoint
        let left = origin.x * pixelsPerPoint
        let top = origin.y * pixelsPerPoint
        // Font pixel edges are rounded to whole device pixels, so letters stay
        // sharp and neighbouring runs neither overlap nor leave hairline gaps
        // when the scale is fractional.
        // On whole pixels (the usual case) every edge is already whole, and
        // rounding, a libm call four times a rectangle, is skipped.
        rects.removeAll(keepingCapacity: true)
        if isOnWholePixels(unit: unit, left: left, top: top) {
            BitmapFont.layOut(string) { glyph, x, y in
                appendGlyph(glyph, x: x, y: y, unit: unit, left: left, top: top, within: size)
            }
        } else {
            func edge(_ start: Double, _ fontPixels: Int) -> Double {
                (start + Double(fontPixels) * unit).rounded()
            }
            BitmapFont.layOut(string) { glyph, glyphX, glyphY in
                for box in BitmapFont.boxes(glyph: glyph) {
                    let x = glyphX + Int(box.x)
                    let y = glyphY + Int(box.y)
                    let run = PixelBox(
                        left: edge(left, x), top: edge(top, y),
                        right: edge(left, x + Int(box.width)), bottom: edge(top, y + Int(box.height))
                    )
                    appendBox(run, within: size)
                }
            }
        }
        fillRects(color)
    }

    /// Whether text at this unit and corner has every edge on a whole pixel
    /// (the usual case), so rounding them, a libm call four times a
    /// rectangle, can be skipped: the edges are the same either way.
    func isOnWholePixels(unit: Double, left: Double, top: Double) -> Bool {
        unit.rounded() == unit && left.rounded() == left && top.rounded() == top
    }

    /// Appends glyph `glyph`'s boxes at font pixel (`x`, `y`) of text whose
    /// corner (`left`, `top`) and `unit` are whole pixels. Kept apart from
    /// the rounding path: with the rounding only behind a condition, the
    /// optimiser called `round` for every edge anyway and threw the result
    /// away (a tenth of the overlay's instructions, callgrind).
    private func appendGlyph(_ glyph: Int, x: Int, y: Int, unit: Double, left: Double, top: Double, within size: (width: Int32, height: Int32)) {
        for box in BitmapFont.boxes(glyph: glyph) {
            let boxLeft = left + Double(x + Int(box.x)) * unit
            let boxTop = top + Double(y + Int(box.y)) * unit
            appendBox(
                PixelBox(left: boxLeft, top: boxTop, right: boxLeft + Double(box.width) * unit, bottom: boxTop + Double(box.height) * unit),
                within: size)
        }
    }

    /// Appends the boxes of ASCII text `bytes` in the built-in font (as
    /// ``drawText(_:at:scale:color:)`` lays it out) to the rectangles of the
    /// batch being built, to be filled by ``fillBatch(_:)``. Text on whole
    /// pixels only; returns `false`, appending nothing, otherwise.
    func appendText(ascii bytes: UnsafeBufferPointer<UInt8>, at origin: Point, scale: Double) -> Bool {
        guard origin.isFinite, scale.isFinite, scale > 0, let size = targetSize() else { return true }
        let unit = scale * pixelsPerPoint
        let left = origin.x * pixelsPerPoint
        let top = origin.y * pixelsPerPoint
        guard isOnWholePixels(unit: unit, left: left, top: top) else { return false }
        guard !bytes.isEmpty else { return true }
        BitmapFont.layOut(ascii: bytes) { glyph, x, y in
            appendGlyph(glyph, x: x, y: y, unit: unit, left: left, top: top, within: size)
        }
        return true
    }

    /// Whether text drawn at `origin` at `scale` has all its edges on whole
    /// pixels (what ``appendText(ascii:at:scale:)`` draws).
    func isTextOnWholePixels(at origin: Point, scale: Double) -> Bool {
        isOnWholePixels(unit: scale * pixelsPerPoint, left: origin.x * pixelsPerPoint, top: origin.y * pixelsPerPoint)
    }

    /// Appends the rectangle ``fillRect(x:y:width:height:color:)`` would
    /// fill to the batch being built, to be filled by ``fillBatch(_:)``.
    func appendRect(x: Double, y: Double, width: Double, height: Double) {
        guard let size = targetSize(), let box = pixelBox(x: x, y: y, width: width, height: height) else { return }
        appendBox(box, within: size)
    }

    /// Starts a batch of rectangles (``appendRect(x:y:width:height:)``,
    /// ``appendText(ascii:at:scale:)``) that one SDL call fills.
    func beginBatch() {
        rects.removeAll(keepingCapacity: true)
    }

    /// Fills the batch's rectangles in `color`, in the order appended.
    func fillBatch(_ color: Color) {
        fillRects(color)
        rects.removeAll(keepingCapacity: true)
    }

    /// The size ``drawText(_:at:scale:color:)`` gives `string`, in points:
    /// from the top-left of the first letter to the bottom-right of the last
    /// pixel column and row, with no spacing after. An empty string is zero
    /// wide and one line tall.
    public func textSize(_ string: String, scale: Double = 2) -> Size {
        let size = BitmapFont.size(of: string)
        let unit = max(0, scale)
        return Size(width: Double(size.width) * unit, height: Double(size.height) * unit)
    }

    // MARK: Reading back

    /// Copies what has been drawn so far out of the renderer: the current
    /// render target if one is set, otherwise the whole window.
    ///
    /// The image is in pixels, so its size is the renderer's output size
    /// (`SDL_GetRendererOutputSize`) or the target texture's size, not the
    /// window's size in points. Call it after drawing and before
    /// `SDL_RenderPresent`: SDL leaves the back buffer's contents undefined
    /// once it has been presented. Pixels outside the renderer's viewport, if
    /// one was set, stay black.
    ///
    /// This stalls until the GPU has finished the frame, so it is for
    /// screenshots and tests, not for every frame. O(pixels).
    ///
    /// - Throws: `SDLError` if SDL cannot report the size or read the pixels.
    public func readPixels() throws -> Image {
        guard let size = targetSize() else {
            throw SDLError(SDL_GetRenderTarget(renderer) == nil ? "SDL_GetRendererOutputSize" : "SDL_QueryTexture")
        }
        let (width, height) = size
        guard width > 0, height > 0 else {
            return Image(width: 0, height: 0, rgb: [])
        }
        // RGB24 rows packed with no padding are exactly Image's layout; SDL
        // converts from whatever format the target really has.
        let pitch = Int(width) * 3
        var rgb = [UInt8](repeating: 0, count: pitch * Int(height))
        // An explicit rect rather than NULL: SDL 2 reads NULL as "the
        // viewport", and a viewport smaller than the output would land at
        // the buffer's top-left corner instead of where it is.
        var area = SDL_Rect(x: 0, y: 0, w: width, h: height)
        let status = rgb.withUnsafeMutableBytes { buffer in
            SDL_RenderReadPixels(renderer, &area, tactile_pixelformat_rgb24(), buffer.baseAddress, Int32(pitch))
        }
        guard status == 0 else {
            throw SDLError("SDL_RenderReadPixels")
        }
        return Image(width: Int(width), height: Int(height), rgb: rgb)
    }

    // MARK: Internals

    private static func checkDensity(_ pixelsPerPoint: Double) {
        precondition(
            pixelsPerPoint.isFinite && pixelsPerPoint > 0,
            "pixelsPerPoint \(pixelsPerPoint) is not a positive number"
        )
    }

    /// The hole of a ring where it crosses height `y`, or nil where the row
    /// passes above or below it. Only rows strictly inside the hole count, so
    /// the row through its very top or bottom, where the hole is one point
    /// wide, is drawn whole by the left pass instead of twice at that point.
    private static func hole(center: Point, radius: Double, atY y: Double) -> ClosedRange<Double>? {
        guard abs(y - center.y) < radius else { return nil }
        return Scanline.disc(center: center, radius: radius, atY: y)
    }

    private func pixelPoint(_ point: Point) -> Point {
        Point(x: point.x * pixelsPerPoint, y: point.y * pixelsPerPoint)
    }

    /// A rectangle in pixels, by its edges, before it is cut to the screen
    /// and handed to SDL as floats.
    struct PixelBox {
        var left: Double
        var top: Double
        var right: Double
        var bottom: Double
    }

    /// The rectangle in pixels, with its edges rounded to whole pixels and a
    /// negative width or height flipped; nil if it is empty or not finite.
    /// Rounding the edges, rather than the origin and the size, keeps
    /// rectangles that share an edge in points sharing it in pixels, with
    /// neither a gap nor an overlap.
    func pixelBox(x: Double, y: Double, width: Double, height: Double) -> PixelBox? {
        guard x.isFinite, y.isFinite, width.isFinite, height.isFinite else { return nil }
        let box = PixelBox(
            left: (min(x, x + width) * pixelsPerPoint).rounded(),
            top: (min(y, y + height) * pixelsPerPoint).rounded(),
            right: (max(x, x + width) * pixelsPerPoint).rounded(),
            bottom: (max(y, y + height) * pixelsPerPoint).rounded()
        )
        return box.left < box.right && box.top < box.bottom ? box : nil
    }

    /// Appends the part of `box` that is on the render target, if any.
    ///
    /// Empty rectangles are never passed on: SDL 2.26's software renderer
    /// draws a rect of width or height 0 one pixel wide (SW_QueueFillRects
    /// clamps the size up to 1). Cutting to the target also keeps far-off
    /// coordinates out of SDL, which converts them to int.
    private func appendBox(_ box: PixelBox, within size: (width: Int32, height: Int32)) {
        let left = max(box.left, 0)
        let top = max(box.top, 0)
        let right = min(box.right, Double(size.width))
        let bottom = min(box.bottom, Double(size.height))
        guard left < right, top < bottom else { return }
        rects.append(SDL_FRect(x: Float(left), y: Float(top), w: Float(right - left), h: Float(bottom - top)))
    }

    /// The size of the render target in pixels, which bounds the rows and
    /// columns worth computing; nil if SDL cannot say.
    func targetSize() -> (width: Int32, height: Int32)? {
        var width: Int32 = 0
        var height: Int32 = 0
        if let target = SDL_GetRenderTarget(renderer) {
            // SDL_GetRendererOutputSize reports the window even while a
            // texture is the target (SDL 2.26), which would be the wrong size.
            guard SDL_QueryTexture(target, nil, nil, &width, &height) == 0 else { return nil }
        } else {
            guard SDL_GetRendererOutputSize(renderer, &width, &height) == 0 else { return nil }
        }
        return (width, height)
    }

    /// Appends one rectangle per pixel row from `top` through `bottom` (in
    /// pixels), covering the pixels whose centres lie in `stretch(y)` for the
    /// row's centre height y. A row with the same run as the row above it
    /// extends that rectangle instead, so a circle's straight-sided middle
    /// or a horizontal line is a few rectangles, not one per row.
    private func appendRows(
        from top: Double,
        through bottom: Double,
        within size: (width: Int32, height: Int32),
        mergingFrom first: Int = 0,
        sameRows: ClosedRange<Int>? = nil,
        _ stretch: (Double) -> ClosedRange<Double>?
    ) {
        guard let rows = Scanline.rows(from: top, through: bottom, limit: Int(size.height)) else { return }
        // Rows known to share one stretch (`sameRows`) give the rectangles
        // row-by-row appending would: the first extends the rectangle above
        // or starts one, and each next one extends that.
        let same = sameRows.flatMap { $0.overlaps(rows) ? $0.clamped(to: rows) : nil }
        var row = rows.lowerBound
        while row <= rows.upperBound {
            var count = 1
            if let same, row == same.lowerBound { count = same.count }
            defer { row += count }
            guard let covered = stretch(Double(row) + 0.5),
                  let columns = Scanline.columns(in: covered, limit: Int(size.width))
            else { continue }
            let x = Float(columns.lowerBound)
            let width = Float(columns.count)
            if rects.count > first, let last = rects.last, last.x == x, last.w == width, last.y + last.h == Float(row) {
                rects[rects.count - 1].h += Float(count)
            } else {
                rects.append(SDL_FRect(x: x, y: Float(row), w: width, h: Float(count)))
            }
        }
    }

    /// The part of the segment from `a` to `b` (in pixels) inside the render
    /// target, or nil if it misses it: Liang and Barsky's clipping, which
    /// narrows the segment's parameter range [0, 1] edge by edge.
    private static func clip(from a: Point, to b: Point, within size: (width: Int32, height: Int32)) -> (Point, Point)? {
        let (dx, dy) = (b.x - a.x, b.y - a.y)
        var (enter, exit) = (0.0, 1.0)
        // Keeps the part of the segment where `direction * t <= room`.
        func keep(direction: Double, room: Double) -> Bool {
            guard direction != 0 else { return room >= 0 }
            let t = room / direction
            if direction < 0 {
                enter = max(enter, t)
            } else {
                exit = min(exit, t)
            }
            return enter <= exit
        }
        guard keep(direction: -dx, room: a.x),
              keep(direction: dx, room: Double(size.width) - a.x),
              keep(direction: -dy, room: a.y),
              keep(direction: dy, room: Double(size.height) - a.y)
        else { return nil }
        return (Point(x: a.x + enter * dx, y: a.y + enter * dy), Point(x: a.x + exit * dx, y: a.y + exit * dy))
    }

    /// Runs `draw` with `color` as the draw colour, blended.
    ///
    /// An opaque colour blended gives the colour itself, so it is drawn
    /// unblended: the same pixels, and SDL's software renderer then fills
    /// rows instead of blending pixel by pixel, which it does in BLEND mode
    /// whatever the alpha (SDL 2.26, SDL_BlendFillRects). Blending is set
    /// back afterwards, as the canvas has always left it for other drawing.
    private func drawing(in color: Color, _ draw: () -> Void) {
        let opaque = color.a == 255
        SDL_SetRenderDrawBlendMode(renderer, opaque ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a)
        draw()
        if opaque { SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND) }
    }

    func fillRects(_ color: Color) {
        guard !rects.isEmpty else { return }
        drawing(in: color) {
            rects.withUnsafeBufferPointer { buffer in
                _ = SDL_RenderFillRectsF(renderer, buffer.baseAddress, Int32(buffer.count))
            }
        }
    }
}
