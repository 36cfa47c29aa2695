import Foundation

/// Writes progressive JPEG files for the tests, from the JPEG specification (ITU T.81,
/// annex G): the same forward DCT and all-ones quantization as ``JPEGWriter``, then the
/// coefficients sent in scans — the DC coefficients of all components interleaved with their
/// lowest bit held back, then for each component AC bands 1–5 and 6–63 with two bits held
/// back (runs of blocks with nothing in the band sent as end-of-band runs), a refining scan
/// of each component's AC coefficients by one bit, the DC bit held back, and a last AC
/// refining scan: every kind of progressive scan, written independently of the decoder.
enum ProgressiveJPEGWriter {
    static func jpeg(width: Int, height: Int, pixels: [UInt8], subsampled: Bool = false) -> Data {
        var out: [UInt8] = [0xFF, 0xD8]
        out += segment(0xE0, Array("JFIF\0".utf8) + [1, 1, 1, 0, 72, 0, 72, 0, 0])
        out += segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
        var frame: [UInt8] = [8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 3]
        for index in 0..<3 { frame += [UInt8(index + 1), subsampled && index == 0 ? 0x22 : 0x11, 0] }
        out += segment(0xC2, frame)
        out += segment(0xC4, [0x00] + JPEGWriter.dcCounts + (0..<12).map { UInt8($0) })
        out += segment(0xC4, [0x10] + JPEGWriter.acCounts + (0...255).map { UInt8($0) })

        let factor = subsampled ? 2 : 1
        let mcusAcross = (width + 8 * factor - 1) / (8 * factor), mcusDown = (height + 8 * factor - 1) / (8 * factor)
        let blocks = JPEGWriter.coefficientBlocks(width: width, height: height, pixels: pixels, subsampled: subsampled)
        // Each component's blocks across the MCU grid, and across its own samples.
        let gridAcross = (0..<3).map { mcusAcross * ($0 == 0 ? factor : 1) }
        let ownAcross = (0..<3).map { (($0 == 0 ? width : (width + factor - 1) / factor) + 7) / 8 }
        let ownDown = (0..<3).map { (($0 == 0 ? height : (height + factor - 1) / factor) + 7) / 8 }

        func scan(_ components: [Int], _ band: ClosedRange<Int>, refinement: Int, bit: Int, _ body: (inout JPEGWriter.BitWriter) -> Void) {
            var header: [UInt8] = [UInt8(components.count)]
            for component in components { header += [UInt8(component + 1), 0x00] }
            out += segment(0xDA, header + [UInt8(band.lowerBound), UInt8(band.upperBound), UInt8(refinement << 4 | bit)])
            var writer = JPEGWriter.BitWriter()
            body(&writer)
            writer.flush()
            out += writer.bytes
        }
        // DC scans interleave the components MCU by MCU.
        func dcScan(refinement: Int, bit: Int) {
            scan([0, 1, 2], 0...0, refinement: refinement, bit: bit) { writer in
                var predictions = [0, 0, 0]
                for mcuY in 0..<mcusDown {
                    for mcuX in 0..<mcusAcross {
                        for component in 0..<3 {
                            let size = component == 0 ? factor : 1
                            for by in 0..<size {
                                for bx in 0..<size {
                                    let dc = blocks[component][(mcuY * size + by) * gridAcross[component] + mcuX * size + bx][0]
                                    if refinement == 0 {
                                        let value = dc >> bit  // arithmetic shift, as the specification's point transform
                                        let difference = value - predictions[component]
                                        predictions[component] = value
                                        let length = JPEGWriter.bitLength(difference)
                                        writer.write(length, bits: 4)
                                        writer.write(JPEGWriter.amplitude(difference, size: length), bits: length)
                                    } else {
                                        writer.write(dc >> bit & 1, bits: 1)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        // AC scans cover one component's own blocks.
        func acScan(_ component: Int, _ band: ClosedRange<Int>, refinement: Int, bit: Int) {
            scan([component], band, refinement: refinement, bit: bit) { writer in
                var encoder = BandEncoder(band: band, bit: bit)
                for by in 0..<ownDown[component] {
                    for bx in 0..<ownAcross[component] {
                        let block = blocks[component][by * gridAcross[component] + bx]
                        let zigzagged = (0..<64).map { block[JPEGWriter.zigzag[$0]] }
                        if refinement == 0 { encoder.first(zigzagged, &writer) } else { encoder.refine(zigzagged, &writer) }
                    }
                }
                encoder.endRun(&writer)
            }
        }
        dcScan(refinement: 0, bit: 1)
        for component in 0..<3 { acScan(component, 1...5, refinement: 0, bit: 2) }
        for component in 0..<3 { acScan(component, 6...63, refinement: 0, bit: 2) }
        for component in 0..<3 { acScan(component, 1...63, refinement: 2, bit: 1) }
        dcScan(refinement: 1, bit: 0)
        for component in 0..<3 { acScan(component, 1...63, refinement: 1, bit: 0) }
        out += [0xFF, 0xD9]
        return Data(out)
    }

    /// One AC scan's coding of a band, block after block, carrying the end-of-band run (and a
    /// refining scan's correction bits for the blocks in it) across blocks.
    private struct BandEncoder {
        let band: ClosedRange<Int>
        let bit: Int
        var run = 0
        /// Correction bits of the blocks in the run, sent after it.
        var pending: [Int] = []

        init(band: ClosedRange<Int>, bit: Int) {
            self.band = band
            self.bit = bit
        }

        /// The magnitude with `bit` bits dropped, its sign kept (the point transform).
        private func shifted(_ value: Int) -> Int { value < 0 ? -(-value >> bit) : value >> bit }

        mutating func endRun(_ writer: inout JPEGWriter.BitWriter) {
            guard run > 0 else { return }
            let bits = JPEGWriter.bitLength(run) - 1
            JPEGWriter.writeAC(bits << 4, into: &writer)
            writer.write(run & ((1 << bits) - 1), bits: bits)
            for bit in pending { writer.write(bit, bits: 1) }
            run = 0
            pending = []
        }

        mutating func first(_ block: [Int], _ writer: inout JPEGWriter.BitWriter) {
            var zeros = 0
            for k in band {
                let value = shifted(block[k])
                if value == 0 {
                    zeros += 1
                    continue
                }
                endRun(&writer)
                while zeros > 15 {
                    JPEGWriter.writeAC(0xF0, into: &writer)
                    zeros -= 16
                }
                let length = JPEGWriter.bitLength(value)
                JPEGWriter.writeAC(zeros << 4 | length, into: &writer)
                writer.write(JPEGWriter.amplitude(value, size: length), bits: length)
                zeros = 0
            }
            if zeros > 0 {
                run += 1
                if run == 0x7FFF { endRun(&writer) }
            }
        }

        mutating func refine(_ block: [Int], _ writer: inout JPEGWriter.BitWriter) {
            let magnitudes = band.map { abs(block[$0]) >> bit }
            // The last coefficient that becomes nonzero in this scan.
            let last = magnitudes.lastIndex(of: 1).map { $0 + band.lowerBound } ?? band.lowerBound - 1
            var zeros = 0
            var corrections: [Int] = []
            for k in band {
                let magnitude = magnitudes[k - band.lowerBound]
                if magnitude == 0 {
                    zeros += 1
                    continue
                }
                while zeros > 15 && k <= last {
                    endRun(&writer)
                    JPEGWriter.writeAC(0xF0, into: &writer)
                    zeros -= 16
                    for bit in corrections { writer.write(bit, bits: 1) }
                    corrections = []
                }
                if magnitude > 1 {
                    // Nonzero before this scan: its next bit, sent with the next symbol.
                    corrections.append(magnitude & 1)
                    continue
                }
                endRun(&writer)
                JPEGWriter.writeAC(zeros << 4 | 1, into: &writer)
                writer.write(block[k] < 0 ? 0 : 1, bits: 1)
                for bit in corrections { writer.write(bit, bits: 1) }
                corrections = []
                zeros = 0
            }
            if zeros > 0 || !corrections.isEmpty {
                run += 1
                pending += corrections
                if run == 0x7FFF || pending.count > 900 { endRun(&writer) }
            }
        }
    }

    private static func segment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] {
        [0xFF, marker, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body
    }
}
