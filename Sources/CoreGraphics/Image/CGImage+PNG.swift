import CCairo

extension CGImage {
    /// Lamina: decodes a PNG image (any PNG colour type; converted to premultiplied BGRA).
    ///
    /// - Throws: ``CairoError`` when the bytes are not a complete, valid PNG (truncated or
    ///   corrupt data included), ``CGImageError`` when the decoded size is unsupported.
    public convenience init(pngData: Data) throws {
        let reader = PNGByteReader(pngData)
        let surface = cairo_image_surface_create_from_png_stream(
            { closure, buffer, length in
                guard let closure, let buffer else { return CAIRO_STATUS_READ_ERROR }
                let reader = Unmanaged<PNGByteReader>.fromOpaque(closure).takeUnretainedValue()
                return reader.read(into: buffer, count: Int(length))
                    ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_READ_ERROR
            },
            Unmanaged.passUnretained(reader).toOpaque())
        defer { cairo_surface_destroy(surface) }
        try CairoError.check(cairo_surface_status(surface), "decoding PNG data (\(pngData.count) bytes)")
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        _ = try CGImage.validate(width: width, height: height)
        let storage = try CGImage.allocate(width: width, height: height)
        try CGImage.copyARGB32(
            from: surface, width: width, height: height,
            into: UnsafeMutableRawBufferPointer(start: storage.base, count: storage.count))
        self.init(validatedWidth: width, height: height, storage: storage)
    }

    /// Lamina: decodes the PNG file at `url`.
    ///
    /// - Throws: Foundation's error when the file cannot be read, otherwise as
    ///   ``init(pngData:)``.
    public convenience init(contentsOfPNGFile url: URL) throws {
        try self.init(pngData: Data(contentsOf: url))
    }

    /// Lamina: encodes the image as a PNG (8-bit RGBA, colours un-premultiplied by cairo).
    ///
    /// - Throws: ``CairoError`` if cairo fails (e.g. out of memory).
    public func pngData() throws -> Data {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        defer { cairo_surface_destroy(surface) }
        try CairoError.check(cairo_surface_status(surface), "creating a \(width)×\(height) surface for PNG encoding")
        guard let data = cairo_image_surface_get_data(surface) else {
            throw CairoError(CAIRO_STATUS_NULL_POINTER, operation: "accessing the PNG encoding surface")
        }
        let stride = Int(cairo_image_surface_get_stride(surface))
        cairo_surface_flush(surface)
        withUnsafePixelBytes { source in
            guard let base = source.baseAddress else { return }
            for row in 0..<height {
                UnsafeMutableRawPointer(data + row * stride).copyMemory(
                    from: base + row * bytesPerRow, byteCount: bytesPerRow)
            }
        }
        cairo_surface_mark_dirty(surface)
        let writer = PNGByteWriter()
        let status = cairo_surface_write_to_png_stream(
            surface,
            { closure, buffer, length in
                guard let closure, let buffer else { return CAIRO_STATUS_WRITE_ERROR }
                let writer = Unmanaged<PNGByteWriter>.fromOpaque(closure).takeUnretainedValue()
                writer.data.append(buffer, count: Int(length))
                return CAIRO_STATUS_SUCCESS
            },
            Unmanaged.passUnretained(writer).toOpaque())
        try CairoError.check(status, "encoding a \(width)×\(height) image as PNG")
        return writer.data
    }

    /// Lamina: encodes the image as PNG and writes it atomically to the file at `url`.
    ///
    /// - Throws: ``CairoError`` if encoding fails, Foundation's error if writing fails.
    public func writePNG(to url: URL) throws {
        try pngData().write(to: url, options: .atomic)
    }

    /// Copies a cairo image surface of any format into tightly packed ARGB32 bytes,
    /// converting through cairo when the surface is not ARGB32.
    private static func copyARGB32(
        from surface: OpaquePointer?, width: Int, height: Int, into target: UnsafeMutableRawBufferPointer
    ) throws {
        var source = surface
        var converted: OpaquePointer?
        defer { if let converted { cairo_surface_destroy(converted) } }
        if cairo_image_surface_get_format(surface) != CAIRO_FORMAT_ARGB32 {
            let argb = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
            converted = argb
            try CairoError.check(cairo_surface_status(argb), "creating a surface to convert a PNG")
            let cr = cairo_create(argb)
            cairo_set_source_surface(cr, surface, 0, 0)
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_paint(cr)
            let status = cairo_status(cr)
            cairo_destroy(cr)
            try CairoError.check(status, "converting a decoded PNG to ARGB32")
            source = argb
        }
        cairo_surface_flush(source)
        guard let data = cairo_image_surface_get_data(source) else {
            throw CairoError(CAIRO_STATUS_NULL_POINTER, operation: "reading decoded PNG pixels")
        }
        let stride = Int(cairo_image_surface_get_stride(source))
        let rowBytes = width * 4
        guard let base = target.baseAddress, target.count >= rowBytes * height else { return }
        for row in 0..<height {
            (base + row * rowBytes).copyMemory(from: data + row * stride, byteCount: rowBytes)
        }
    }
}

/// Feeds PNG bytes to cairo's read callback.
private final class PNGByteReader {
    let data: Data
    var offset: Int

    init(_ data: Data) {
        self.data = data
        offset = data.startIndex
    }

    /// Copies exactly `count` bytes, or returns false when fewer remain.
    func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
        guard count >= 0, data.endIndex - offset >= count else { return false }
        data.copyBytes(to: buffer, from: offset..<(offset + count))
        offset += count
        return true
    }
}

/// Collects the PNG bytes cairo's write callback produces.
private final class PNGByteWriter {
    var data = Data()
}
