import CoreGraphics
import Foundation

/// Writes baseline JPEG (ITU T.81): a JFIF header, YCbCr with chroma halved both ways (4:2:0,
/// as cameras and Apple's encoder write photographs), the specification's example
/// quantization tables scaled to the quality as the Independent JPEG Group's encoder scales
/// them, and Huffman tables made for the image's own symbols (shortest codes for the most
/// frequent, at most 16 bits long).
enum JPEGEncoder {
    /// The quality an image is written at when none is given: the IJG encoder's default (75).
    static let defaultQuality = 0.75

    /// The JPEG file for `image` (8-bit sRGB, premultiplied), composited over `background`
    /// (red, green, blue in 0…1; black when nil) where it is translucent: JPEG has no alpha.
    static func encode(_ image: CGImage, quality: Double, background: (Double, Double, Double)?) -> Data {
        let width = image.width, height = image.height
        let planes = makePlanes(image, background: background ?? (0, 0, 0))
        let tables = [quantization(luminanceBase, quality: quality), quantization(chrominanceBase, quality: quality)]

        // Every block's symbols first (the Huffman tables are made from their counts).
        let mcusAcross = (width + 15) / 16, mcusDown = (height + 15) / 16
        var blocks: [(component: Int, coefficients: [Int])] = []
        blocks.reserveCapacity(mcusAcross * mcusDown * 6)
        for mcuY in 0..<mcusDown {
            for mcuX in 0..<mcusAcross {
                for by in 0..<2 {
                    for bx in 0..<2 {
                        blocks.append((0, quantized(planes[0], x: (mcuX * 2 + bx) * 8, y: (mcuY * 2 + by) * 8, table: tables[0])))
                    }
                }
                for component in 1...2 {
                    blocks.append((component, quantized(planes[component], x: mcuX * 8, y: mcuY * 8, table: tables[1])))
                }
            }
        }
        // Symbol counts: DC and AC, luminance (0) and chrominance (1).
        var dcCounts = [[Int]](repeating: [Int](repeating: 0, count: 257), count: 2)
        var acCounts = dcCounts
        var predictions = [0, 0, 0]
        for block in blocks {
            let table = block.component == 0 ? 0 : 1
            let difference = block.coefficients[0] - predictions[block.component]
            predictions[block.component] = block.coefficients[0]
            dcCounts[table][bitLength(difference)] += 1
            forEachACSymbol(block.coefficients) { symbol, _, _ in acCounts[table][symbol] += 1 }
        }
        let dcTables = dcCounts.map(HuffmanCode.init(counts:))
        let acTables = acCounts.map(HuffmanCode.init(counts:))

        var out: [UInt8] = [0xFF, 0xD8]
        out += segment(0xE0, Array("JFIF\0".utf8) + [1, 1, 1, 0, 72, 0, 72, 0, 0])
        for (index, table) in tables.enumerated() { out += segment(0xDB, [UInt8(index)] + JPEGBlock.zigzag.map { UInt8(table[$0]) }) }
        out += segment(0xC0, [8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 3,
                              1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1])
        for (index, code) in dcTables.enumerated() { out += segment(0xC4, [UInt8(index)] + code.specification) }
        for (index, code) in acTables.enumerated() { out += segment(0xC4, [0x10 | UInt8(index)] + code.specification) }
        out += segment(0xDA, [3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 63, 0])

        var writer = BitWriter()
        predictions = [0, 0, 0]
        for block in blocks {
            let table = block.component == 0 ? 0 : 1
            let difference = block.coefficients[0] - predictions[block.component]
            predictions[block.component] = block.coefficients[0]
            let size = bitLength(difference)
            dcTables[table].write(size, into: &writer)
            writer.write(amplitude(difference, size: size), bits: size)
            forEachACSymbol(block.coefficients) { symbol, value, size in
                acTables[table].write(symbol, into: &writer)
                if size > 0 { writer.write(amplitude(value, size: size), bits: size) }
            }
        }
        writer.flush()
        out += writer.bytes
        out += [0xFF, 0xD9]
        return Data(out)
    }

    /// The specification's example tables (Annex K), in natural order.
    static let luminanceBase: [Int] = [
        16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56,
        14, 17, 22, 29, 51, 87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92,
        49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
    ]
    static let chrominanceBase: [Int] = [
        17, 18, 24, 47, 99, 99, 99, 99, 18, 21, 26, 66, 99, 99, 99, 99, 24, 26, 56, 99, 99, 99, 99, 99,
        47, 66, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99,
        99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99,
    ]

    /// `base` scaled for `quality` (0…1) as the IJG encoder scales for 1…100: 5000/q percent
    /// below 50, 200 − 2q above; each entry 1…255. Quality 1 gives all ones.
    static func quantization(_ base: [Int], quality: Double) -> [Int] {
        let q = min(max(Int((quality * 100).rounded()), 1), 100)
        let scale = q < 50 ? 5000 / q : 200 - 2 * q
        return base.map { min(max(($0 * scale + 50) / 100, 1), 255) }
    }

    private struct Plane {
        var width: Int
        var height: Int
        var samples: [Float]

        /// The sample at (x, y), the edge repeated past it (as encoders pad partial blocks).
        func sample(_ x: Int, _ y: Int) -> Float { samples[min(y, height - 1) * width + min(x, width - 1)] }
    }

    /// Y at full size, Cb and Cr averaged over 2 × 2 pixels, from the premultiplied pixels
    /// composited over the background.
    private static func makePlanes(_ image: CGImage, background: (Double, Double, Double)) -> [Plane] {
        let width = image.width, height = image.height
        var y = [Float](repeating: 0, count: width * height), cb = y, cr = y
        image.withUnsafePixelBytes { bytes in
            for index in 0..<(width * height) {
                // Premultiplied BGRA: colour + background × (1 − alpha).
                let cover = 1 - Double(bytes[index * 4 + 3]) / 255
                let b = Double(bytes[index * 4]) + background.2 * 255 * cover
                let g = Double(bytes[index * 4 + 1]) + background.1 * 255 * cover
                let r = Double(bytes[index * 4 + 2]) + background.0 * 255 * cover
                y[index] = Float(0.299 * r + 0.587 * g + 0.114 * b)
                cb[index] = Float(-0.168736 * r - 0.331264 * g + 0.5 * b + 128)
                cr[index] = Float(0.5 * r - 0.418688 * g - 0.081312 * b + 128)
            }
        }
        let halfWidth = (width + 1) / 2, halfHeight = (height + 1) / 2
        func half(_ full: [Float]) -> Plane {
            var samples = [Float](repeating: 0, count: halfWidth * halfHeight)
            for hy in 0..<halfHeight {
                for hx in 0..<halfWidth {
                    var sum: Float = 0, count: Float = 0
                    for dy in 0..<2 where hy * 2 + dy < height {
                        for dx in 0..<2 where hx * 2 + dx < width {
                            sum += full[(hy * 2 + dy) * width + hx * 2 + dx]
                            count += 1
                        }
                    }
                    samples[hy * halfWidth + hx] = sum / count
                }
            }
            return Plane(width: halfWidth, height: halfHeight, samples: samples)
        }
        return [Plane(width: width, height: height, samples: y), half(cb), half(cr)]
    }

    /// The forward DCT of the 8 × 8 block at (x, y), quantized by `table`, in zigzag order.
    private static func quantized(_ plane: Plane, x: Int, y: Int, table: [Int]) -> [Int] {
        var rows = [Double](repeating: 0, count: 64)
        // Across each row, then down each column (separable).
        for row in 0..<8 {
            for u in 0..<8 {
                var sum = 0.0
                for column in 0..<8 { sum += JPEGBlock.basis[u * 8 + column] * Double(plane.sample(x + column, y + row) - 128) }
                rows[row * 8 + u] = sum
            }
        }
        var out = [Int](repeating: 0, count: 64)
        for k in 0..<64 {
            let position = JPEGBlock.zigzag[k], v = position / 8, u = position % 8
            var sum = 0.0
            for row in 0..<8 { sum += JPEGBlock.basis[v * 8 + row] * rows[row * 8 + u] }
            out[k] = Int((sum / Double(table[position])).rounded())
        }
        return out
    }

    /// The AC symbols of a zigzag-ordered block: (run << 4 | size, value, size), with runs of
    /// 16 zeros (0xF0) and an end of block (0x00) where zeros close it.
    private static func forEachACSymbol(_ block: [Int], _ body: (Int, Int, Int) -> Void) {
        var run = 0
        for k in 1..<64 {
            let value = block[k]
            if value == 0 {
                run += 1
                continue
            }
            while run >= 16 {
                body(0xF0, 0, 0)
                run -= 16
            }
            let size = bitLength(value)
            body(run << 4 | size, value, size)
            run = 0
        }
        if run > 0 { body(0x00, 0, 0) }
    }

    static func bitLength(_ value: Int) -> Int {
        var magnitude = abs(value), bits = 0
        while magnitude > 0 {
            bits += 1
            magnitude >>= 1
        }
        return bits
    }

    private static func amplitude(_ value: Int, size: Int) -> Int {
        value >= 0 ? value : value + (1 << size) - 1
    }

    private static func segment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] {
        [0xFF, marker, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body
    }

    /// A Huffman code made for symbol counts (the specification's Annex K.2): code lengths by
    /// repeatedly joining the two least frequent subtrees, limited to 16 bits, then canonical
    /// codes by length. A reserved symbol (256) of count 1 keeps any code from being all ones.
    struct HuffmanCode {
        /// Counts of codes of each length 1…16, then the symbols by length.
        var specification: [UInt8] = []
        var codes = [Int](repeating: 0, count: 256)
        var lengths = [Int](repeating: 0, count: 256)

        init(counts symbolCounts: [Int]) {
            var frequency = symbolCounts.map { $0 }
            frequency[256] = 1
            var size = [Int](repeating: 0, count: 257)
            var others = [Int](repeating: -1, count: 257)
            while true {
                // The two least frequent (the larger symbol first on ties) still apart.
                var first = -1, second = -1
                for symbol in 0...256 where frequency[symbol] > 0 {
                    if first < 0 || frequency[symbol] <= frequency[first] {
                        second = first
                        first = symbol
                    } else if second < 0 || frequency[symbol] <= frequency[second] {
                        second = symbol
                    }
                }
                guard second >= 0 else { break }
                frequency[first] += frequency[second]
                frequency[second] = 0
                var node = first
                size[node] += 1
                while others[node] >= 0 {
                    node = others[node]
                    size[node] += 1
                }
                others[node] = second
                node = second
                size[node] += 1
                while others[node] >= 0 {
                    node = others[node]
                    size[node] += 1
                }
            }
            var bits = [Int](repeating: 0, count: 33)
            for symbol in 0...256 where size[symbol] > 0 { bits[size[symbol]] += 1 }
            // Lengths over 16 moved up the tree (Annex K, figure K.3), then the reserved code dropped.
            var length = 32
            while length > 16 {
                while bits[length] > 0 {
                    var shorter = length - 2
                    while bits[shorter] == 0 { shorter -= 1 }
                    bits[length] -= 2
                    bits[length - 1] += 1
                    bits[shorter + 1] += 2
                    bits[shorter] -= 1
                }
                length -= 1
            }
            while bits[length] == 0 { length -= 1 }
            bits[length] -= 1
            // Symbols by code length, then by value.
            var symbols: [Int] = []
            for codeLength in 1...32 {
                for symbol in 0..<256 where size[symbol] == codeLength { symbols.append(symbol) }
            }
            specification = (1...16).map { UInt8(bits[$0]) } + symbols.map { UInt8($0) }
            var code = 0, index = 0
            for codeLength in 1...16 {
                for _ in 0..<bits[codeLength] {
                    codes[symbols[index]] = code
                    lengths[symbols[index]] = codeLength
                    code += 1
                    index += 1
                }
                code <<= 1
            }
        }

        func write(_ symbol: Int, into writer: inout BitWriter) {
            writer.write(codes[symbol], bits: lengths[symbol])
        }
    }

    struct BitWriter {
        var bytes: [UInt8] = []
        private var buffer = 0
        private var count = 0

        mutating func write(_ value: Int, bits: Int) {
            for shift in stride(from: bits - 1, through: 0, by: -1) {
                buffer = buffer << 1 | (value >> shift & 1)
                count += 1
                if count == 8 { emit() }
            }
        }

        /// Pads the last byte with ones.
        mutating func flush() {
            while count != 0 { write(1, bits: 1) }
        }

        private mutating func emit() {
            bytes.append(UInt8(buffer & 0xFF))
            if buffer & 0xFF == 0xFF { bytes.append(0) }  // byte stuffing
            buffer = 0
            count = 0
        }
    }
}
