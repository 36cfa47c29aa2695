import Dispatch

/// A Gaussian blur of premultiplied 8-bit ARGB pixels approximated by three box blurs
/// per axis (each a running sum: the cost does not grow with the radius).
package enum CIBoxBlur {
    /// Radii of three box blurs whose combined variance is `sigma²` (a box of width
    /// w = 2r + 1 has variance (w² − 1) / 12); none for a sigma below a tenth of a pixel.
    package static func radii(sigma: Double) -> [Int] {
        guard sigma >= 0.1, sigma.isFinite else { return [] }
        // Beyond this, the box is wider than any buffer.
        let clamped = min(sigma, 100_000)
        let ideal = (12 * clamped * clamped / 3 + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        lower = max(lower, 1)
        let upper = lower + 2
        let l = Double(lower)
        let passesAtLower = Int(((12 * clamped * clamped - 3 * l * l - 12 * l - 9) / (-4 * l - 4)).rounded())
        return (0..<3).map { ($0 < passesAtLower ? lower : upper) / 2 }.filter { $0 > 0 }
    }

    /// What lies outside the pixels blurred.
    package enum Edges: Sendable {
        /// Transparent (a layer's group, padded by the blur's reach).
        case transparent
        /// The nearest edge pixel repeated (a backdrop: what is behind the layer's bounds).
        case clamped
    }

    /// Blurs `width × height` pixels at `pixels` (`bytesPerRow` apart) in place with three
    /// box passes of each radius in `radii`, horizontally then vertically. Each output
    /// channel is the window's sum divided by its width, rounded to nearest. Large images
    /// are blurred on up to `threads` threads (rows, then columns, shared out; the result
    /// is the same).
    package static func blur(
        _ pixels: UnsafeMutableRawPointer, width: Int, height: Int, bytesPerRow: Int, radii: [Int], edges: Edges,
        threads: Int = 1
    ) {
        guard width > 0, height > 0, !radii.isEmpty else { return }
        let words = pixels.assumingMemoryBound(to: UInt32.self)
        let rowWords = bytesPerRow / 4
        let clamped: Bool
        switch edges {
        case .transparent: clamped = false
        case .clamped: clamped = true
        }
        // A copy of the image for the vertical passes (which read rows already overwritten),
        // and per column four running sums.
        let copy = UnsafeMutablePointer<UInt32>.allocate(capacity: width * height)
        let workers = width * height >= Self.parallelThreshold ? max(1, min(threads, 8, height, width)) : 1
        let sums = UnsafeMutablePointer<UInt64>.allocate(capacity: 4 * width)
        let lines = UnsafeMutablePointer<UInt32>.allocate(capacity: workers * width)
        defer {
            copy.deallocate()
            sums.deallocate()
            lines.deallocate()
        }
        let shared = Shared(words: words, copy: copy, sums: sums, lines: lines)
        for radius in radii {
            let divider = Divider(width: 2 * radius + 1)
            // Each worker its own rows, then its own columns (sums are per column).
            Self.perform(workers) { worker in
                for y in stride(from: worker, to: height, by: workers) {
                    horizontalPass(
                        shared.words + y * rowWords, count: width, radius: radius, clamped: clamped, divider: divider,
                        scratch: shared.lines + worker * width)
                    (shared.copy + y * width).update(from: shared.words + y * rowWords, count: width)
                }
            }
            Self.perform(workers) { worker in
                verticalPass(
                    shared.words, rowWords: rowWords, columns: width * worker / workers..<width * (worker + 1) / workers,
                    width: width, height: height, radius: radius, clamped: clamped, divider: divider, source: shared.copy,
                    sums: shared.sums)
            }
        }
    }

    /// Images smaller than this many pixels are blurred on one thread.
    static let parallelThreshold = 1 << 15

    /// Runs `body` for workers `0..<count`, at once when there are several.
    private static func perform(_ count: Int, _ body: @Sendable (Int) -> Void) {
        if count == 1 { return body(0) }
        DispatchQueue.concurrentPerform(iterations: count, execute: body)
    }

    /// The buffers the workers share: each writes only its own rows, columns and scratch line.
    private struct Shared: @unchecked Sendable {
        let words: UnsafeMutablePointer<UInt32>
        let copy: UnsafeMutablePointer<UInt32>
        let sums: UnsafeMutablePointer<UInt64>
        let lines: UnsafeMutablePointer<UInt32>
    }

    /// Division by a box's width as a multiplication and a shift: n / w = n · m >> s exactly
    /// for every n < 256·w (a window's sum of 8-bit values, plus half the width) when
    /// 256·w² < 2^s and m = ⌊2^s / w⌋ + 1.
    private struct Divider {
        let half: UInt64
        let multiplier: UInt64
        let shift: UInt64

        init(width: Int) {
            let w = UInt64(width)
            half = w / 2
            shift = UInt64(9 + 2 * (UInt64.bitWidth - w.leadingZeroBitCount))
            multiplier = (UInt64(1) << shift) / w + 1
        }

        /// The four channel sums, each rounded and divided, packed into a pixel.
        @inline(__always)
        func pixel(_ s0: UInt64, _ s1: UInt64, _ s2: UInt64, _ s3: UInt64) -> UInt32 {
            let r0 = ((s0 &+ half) &* multiplier) >> shift
            let r1 = ((s1 &+ half) &* multiplier) >> shift
            let r2 = ((s2 &+ half) &* multiplier) >> shift
            let r3 = ((s3 &+ half) &* multiplier) >> shift
            return UInt32(truncatingIfNeeded: r0 | r1 << 8 | r2 << 16 | r3 << 24)
        }
    }

    /// One box pass along a row of `count` pixels (copied to `scratch` first).
    private static func horizontalPass(
        _ row: UnsafeMutablePointer<UInt32>, count: Int, radius: Int, clamped: Bool, divider: Divider,
        scratch values: UnsafeMutablePointer<UInt32>
    ) {
        values.update(from: row, count: count)
        let first = clamped ? values[0] : 0, last = clamped ? values[count - 1] : 0
        var s0: UInt64 = 0, s1: UInt64 = 0, s2: UInt64 = 0, s3: UInt64 = 0
        // The first window, in time proportional to the row (a huge radius costs no more).
        for i in 0...min(radius, count - 1) {
            let p = values[i]
            s0 &+= UInt64(p & 0xFF)
            s1 &+= UInt64((p >> 8) & 0xFF)
            s2 &+= UInt64((p >> 16) & 0xFF)
            s3 &+= UInt64(p >> 24)
        }
        let before = UInt64(radius), after = radius > count - 1 ? UInt64(radius - (count - 1)) : 0
        s0 &+= UInt64(first & 0xFF) &* before &+ UInt64(last & 0xFF) &* after
        s1 &+= UInt64((first >> 8) & 0xFF) &* before &+ UInt64((last >> 8) & 0xFF) &* after
        s2 &+= UInt64((first >> 16) & 0xFF) &* before &+ UInt64((last >> 16) & 0xFF) &* after
        s3 &+= UInt64(first >> 24) &* before &+ UInt64(last >> 24) &* after
        for i in 0..<count {
            row[i] = divider.pixel(s0, s1, s2, s3)
            let leaving = i - radius, entering = i + radius + 1
            let l = leaving >= 0 ? values[leaving] : first
            let e = entering < count ? values[entering] : last
            s0 = s0 &- UInt64(l & 0xFF) &+ UInt64(e & 0xFF)
            s1 = s1 &- UInt64((l >> 8) & 0xFF) &+ UInt64((e >> 8) & 0xFF)
            s2 = s2 &- UInt64((l >> 16) & 0xFF) &+ UInt64((e >> 16) & 0xFF)
            s3 = s3 &- UInt64(l >> 24) &+ UInt64(e >> 24)
        }
    }

    /// One box pass down the `columns` at once, row by row (so memory is read in order):
    /// `source` holds the rows as they were (`width` words apart), `sums` four running sums
    /// per column.
    private static func verticalPass(
        _ words: UnsafeMutablePointer<UInt32>, rowWords: Int, columns: Range<Int>, width: Int, height: Int, radius: Int,
        clamped: Bool, divider: Divider, source: UnsafeMutablePointer<UInt32>, sums: UnsafeMutablePointer<UInt64>
    ) {
        guard !columns.isEmpty else { return }
        (sums + 4 * columns.lowerBound).update(repeating: 0, count: 4 * columns.count)
        func add(_ row: UnsafeMutablePointer<UInt32>, times: UInt64, sign add: Bool) {
            guard times > 0 else { return }
            for x in columns {
                let p = row[x]
                let c0 = UInt64(p & 0xFF) &* times, c1 = UInt64((p >> 8) & 0xFF) &* times
                let c2 = UInt64((p >> 16) & 0xFF) &* times, c3 = UInt64(p >> 24) &* times
                let s = sums + 4 * x
                if add {
                    s[0] &+= c0; s[1] &+= c1; s[2] &+= c2; s[3] &+= c3
                } else {
                    s[0] &-= c0; s[1] &-= c1; s[2] &-= c2; s[3] &-= c3
                }
            }
        }
        let firstRow = source, lastRow = source + (height - 1) * width
        for y in 0...min(radius, height - 1) { add(source + y * width, times: 1, sign: true) }
        if clamped {
            add(firstRow, times: UInt64(radius), sign: true)
            if radius > height - 1 { add(lastRow, times: UInt64(radius - (height - 1)), sign: true) }
        }
        for y in 0..<height {
            let out = words + y * rowWords
            for x in columns {
                let s = sums + 4 * x
                out[x] = divider.pixel(s[0], s[1], s[2], s[3])
            }
            let leaving = y - radius, entering = y + radius + 1
            if leaving >= 0 {
                add(source + leaving * width, times: 1, sign: false)
            } else if clamped {
                add(firstRow, times: 1, sign: false)
            }
            if entering < height {
                add(source + entering * width, times: 1, sign: true)
            } else if clamped {
                add(lastRow, times: 1, sign: true)
            }
        }
    }
}
