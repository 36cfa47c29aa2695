import Foundation

/// Writes baseline JPEG files for the tests, from the JPEG specification (ITU T.81): a forward
/// DCT, quantization by all-ones tables (so the decoded image is the original within
/// rounding), Huffman tables built here (DC sizes as 4-bit codes, AC symbols as 8-bit codes
/// with one of 9 bits), byte stuffing, restart markers and JFIF and EXIF headers —
/// independent of the decoder under test.
enum JPEGWriter {
    /// Writes `rgb` (3 bytes a pixel; 1 for gray) of `width` × `height`; `subsampled` halves
    /// chroma both ways (luma 2×2, chroma 1×1).
    static func jpeg(
        width: Int, height: Int, pixels: [UInt8], gray: Bool = false, subsampled: Bool = false, restartInterval: Int = 0,
        orientation: Int? = nil
    ) -> Data {
        var out: [UInt8] = [0xFF, 0xD8]
        out += segment(0xE0, Array("JFIF\0".utf8) + [1, 1, 1, 0, 72, 0, 72, 0, 0])
        if let orientation {
            // A big-endian TIFF header and one directory entry: tag 0x0112, SHORT, count 1.
            out += segment(0xE1, Array("Exif\0\0".utf8) + [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, UInt8(orientation), 0, 0, 0, 0, 0, 0])
        }
        out += segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
        let components = gray ? 1 : 3
        var frame: [UInt8] = [8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), UInt8(components)]
        for index in 0..<components {
            let sampling: UInt8 = subsampled && index == 0 ? 0x22 : 0x11
            frame += [UInt8(index + 1), sampling, 0]
        }
        out += segment(0xC0, frame)
        out += segment(0xC4, [0x00] + dcCounts + (0..<12).map { UInt8($0) })
        out += segment(0xC4, [0x10] + acCounts + (0...255).map { UInt8($0) })
        if restartInterval > 0 { out += segment(0xDD, [UInt8(restartInterval >> 8), UInt8(restartInterval & 0xFF)]) }
        var scan: [UInt8] = [UInt8(components)]
        for index in 0..<components { scan += [UInt8(index + 1), 0x00] }
        out += segment(0xDA, scan + [0, 63, 0])

        // Planes in YCbCr (or gray), chroma averaged over 2×2 when subsampled.
        let planes = makePlanes(width: width, height: height, pixels: pixels, gray: gray, subsampled: subsampled)
        let factor = subsampled ? 2 : 1
        let mcuSize = 8 * factor
        let mcusAcross = (width + mcuSize - 1) / mcuSize, mcusDown = (height + mcuSize - 1) / mcuSize
        var writer = BitWriter()
        var predictions = [Int](repeating: 0, count: components)
        var mcu = 0
        for mcuY in 0..<mcusDown {
            for mcuX in 0..<mcusAcross {
                if restartInterval > 0, mcu > 0, mcu % restartInterval == 0 {
                    writer.flush()
                    writer.bytes += [0xFF, UInt8(0xD0 + (mcu / restartInterval - 1) % 8)]
                    predictions = [Int](repeating: 0, count: components)
                }
                for component in 0..<components {
                    let blocks = component == 0 ? factor : 1
                    for by in 0..<blocks {
                        for bx in 0..<blocks {
                            let plane = planes[component]
                            let originX = (mcuX * blocks + bx) * 8, originY = (mcuY * blocks + by) * 8
                            let block = (0..<64).map { index -> Double in
                                // Edges repeat the last sample, as encoders pad.
                                let x = min(originX + index % 8, plane.width - 1), y = min(originY + index / 8, plane.height - 1)
                                return plane.samples[y * plane.width + x] - 128
                            }
                            encode(block, prediction: &predictions[component], into: &writer)
                        }
                    }
                }
                mcu += 1
            }
        }
        writer.flush()
        out += writer.bytes
        out += [0xFF, 0xD9]
        return Data(out)
    }

    /// Each component's quantized coefficient blocks (natural order) over the MCU grid, row
    /// by row: what ``jpeg(width:height:pixels:gray:subsampled:restartInterval:orientation:)``
    /// encodes for three colour components.
    static func coefficientBlocks(width: Int, height: Int, pixels: [UInt8], subsampled: Bool) -> [[[Int]]] {
        let planes = makePlanes(width: width, height: height, pixels: pixels, gray: false, subsampled: subsampled)
        let factor = subsampled ? 2 : 1
        let mcusAcross = (width + 8 * factor - 1) / (8 * factor), mcusDown = (height + 8 * factor - 1) / (8 * factor)
        return (0..<3).map { component in
            let size = component == 0 ? factor : 1
            let plane = planes[component]
            var blocks: [[Int]] = []
            for by in 0..<(mcusDown * size) {
                for bx in 0..<(mcusAcross * size) {
                    blocks.append(forwardDCT((0..<64).map { index in
                        let x = min(bx * 8 + index % 8, plane.width - 1), y = min(by * 8 + index / 8, plane.height - 1)
                        return plane.samples[y * plane.width + x] - 128
                    }))
                }
            }
            return blocks
        }
    }

    private struct Plane {
        var width: Int
        var height: Int
        var samples: [Double]
    }

    private static func makePlanes(width: Int, height: Int, pixels: [UInt8], gray: Bool, subsampled: Bool) -> [Plane] {
        if gray { return [Plane(width: width, height: height, samples: pixels.map(Double.init))] }
        var y = [Double](), cb = [Double](), cr = [Double]()
        for index in 0..<(width * height) {
            let r = Double(pixels[index * 3]), g = Double(pixels[index * 3 + 1]), b = Double(pixels[index * 3 + 2])
            y.append(0.299 * r + 0.587 * g + 0.114 * b)
            cb.append(-0.168736 * r - 0.331264 * g + 0.5 * b + 128)
            cr.append(0.5 * r - 0.418688 * g - 0.081312 * b + 128)
        }
        guard subsampled else {
            return [Plane(width: width, height: height, samples: y), Plane(width: width, height: height, samples: cb), Plane(width: width, height: height, samples: cr)]
        }
        let halfWidth = (width + 1) / 2, halfHeight = (height + 1) / 2
        func half(_ full: [Double]) -> Plane {
            var samples = [Double]()
            for hy in 0..<halfHeight {
                for hx in 0..<halfWidth {
                    var sum = 0.0, count = 0.0
                    for dy in 0..<2 {
                        for dx in 0..<2 where hx * 2 + dx < width && hy * 2 + dy < height {
                            sum += full[(hy * 2 + dy) * width + hx * 2 + dx]
                            count += 1
                        }
                    }
                    samples.append(sum / count)
                }
            }
            return Plane(width: halfWidth, height: halfHeight, samples: samples)
        }
        return [Plane(width: width, height: height, samples: y), half(cb), half(cr)]
    }

    static let zigzag: [Int] = [
        0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21,
        28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61,
        54, 47, 55, 62, 63,
    ]

    /// 12 DC sizes, each a 4-bit code.
    static let dcCounts: [UInt8] = [0, 0, 0, 12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    /// 256 AC symbols: 255 as 8-bit codes, the last as a 9-bit one (no code of all ones).
    static let acCounts: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 255, 1, 0, 0, 0, 0, 0, 0, 0]

    /// The forward DCT of a level-shifted block, rounded (quantized by 1), natural order.
    private static func forwardDCT(_ block: [Double]) -> [Int] {
        var coefficients = [Int](repeating: 0, count: 64)
        for v in 0..<8 {
            for u in 0..<8 {
                var sum = 0.0
                for y in 0..<8 {
                    for x in 0..<8 {
                        sum += block[y * 8 + x] * cos(Double(2 * x + 1) * Double(u) * .pi / 16) * cos(Double(2 * y + 1) * Double(v) * .pi / 16)
                    }
                }
                let cu = u == 0 ? 1 / 2.0.squareRoot() : 1, cv = v == 0 ? 1 / 2.0.squareRoot() : 1
                coefficients[v * 8 + u] = Int((sum * cu * cv / 4).rounded())
            }
        }
        return coefficients
    }

    private static func encode(_ block: [Double], prediction: inout Int, into writer: inout BitWriter) {
        let coefficients = forwardDCT(block)
        let dc = coefficients[0]
        let difference = dc - prediction
        prediction = dc
        let size = bitLength(difference)
        writer.write(size, bits: 4)
        writer.write(amplitude(difference, size: size), bits: size)
        var run = 0
        for k in 1..<64 {
            let value = coefficients[zigzag[k]]
            if value == 0 {
                run += 1
                continue
            }
            while run >= 16 {
                writeAC(0xF0, into: &writer)
                run -= 16
            }
            let size = bitLength(value)
            writeAC(run << 4 | size, into: &writer)
            writer.write(amplitude(value, size: size), bits: size)
            run = 0
        }
        if run > 0 { writeAC(0x00, into: &writer) }
    }

    static func writeAC(_ symbol: Int, into writer: inout BitWriter) {
        // Canonical codes: symbols 0…254 are 0…254 in 8 bits; 255 is 0b111111110.
        if symbol < 255 { writer.write(symbol, bits: 8) } else { writer.write(0b1_1111_1110, bits: 9) }
    }

    static func bitLength(_ value: Int) -> Int {
        var magnitude = abs(value), bits = 0
        while magnitude > 0 {
            bits += 1
            magnitude >>= 1
        }
        return bits
    }

    static func amplitude(_ value: Int, size: Int) -> Int {
        value >= 0 ? value : value + (1 << size) - 1
    }

    private static func segment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] {
        [0xFF, marker, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body
    }

    struct BitWriter {
        var bytes: [UInt8] = []
        var buffer = 0
        var count = 0

        mutating func write(_ value: Int, bits: Int) {
            for shift in stride(from: bits - 1, through: 0, by: -1) {
                buffer = buffer << 1 | (value >> shift & 1)
                count += 1
                if count == 8 { emit() }
            }
        }

        /// Pads the last byte with ones.
        mutating func flush() {
            while count != 0 {
                buffer = buffer << 1 | 1
                count += 1
                if count == 8 { emit() }
            }
        }

        private mutating func emit() {
            bytes.append(UInt8(buffer & 0xFF))
            if buffer & 0xFF == 0xFF { bytes.append(0) }
            buffer = 0
            count = 0
        }
    }
}
