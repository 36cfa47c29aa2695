extension CIColorMatrixValues {
    /// Applies the matrix to `width × height` premultiplied 8-bit ARGB pixels in place:
    /// each pixel unpremultiplied, multiplied, clamped to `0...1`, premultiplied again and
    /// rounded to nearest. Transparent pixels stay transparent unless the alpha row adds
    /// alpha from nothing (a bias).
    package func apply(to pixels: UnsafeMutableRawPointer, width: Int, height: Int, bytesPerRow: Int) {
        guard rows.count == 4, rows.allSatisfy({ $0.count == 5 }) else { return }
        let m = rows.flatMap { $0 }
        let words = pixels.assumingMemoryBound(to: UInt32.self)
        let rowWords = bytesPerRow / 4
        func clamp(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }
        for y in 0..<height {
            let row = words + y * rowWords
            for x in 0..<width {
                let p = row[x]
                let a = Double(p >> 24) / 255
                var r = 0.0, g = 0.0, b = 0.0
                if a > 0 {
                    r = Double((p >> 16) & 0xFF) / 255 / a
                    g = Double((p >> 8) & 0xFF) / 255 / a
                    b = Double(p & 0xFF) / 255 / a
                }
                let nr = clamp(m[0] * r + m[1] * g + m[2] * b + m[3] * a + m[4])
                let ng = clamp(m[5] * r + m[6] * g + m[7] * b + m[8] * a + m[9])
                let nb = clamp(m[10] * r + m[11] * g + m[12] * b + m[13] * a + m[14])
                let na = clamp(m[15] * r + m[16] * g + m[17] * b + m[18] * a + m[19])
                func byte(_ v: Double) -> UInt32 { UInt32((v * na * 255).rounded()) }
                row[x] = UInt32((na * 255).rounded()) << 24 | byte(nr) << 16 | byte(ng) << 8 | byte(nb)
            }
        }
    }
}
