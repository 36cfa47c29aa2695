import Foundation

/// Decodes baseline, extended sequential and progressive JPEG (Huffman-coded, 8-bit
/// samples): gray, YCbCr (JFIF) or RGB (Adobe), any chroma subsampling, restart intervals;
/// progressive files' spectral selection and successive approximation scans in any order.
/// Arithmetic-coded, lossless, hierarchical, 12-bit and CMYK files are refused with a reason.
struct JPEGDecoder {
    struct DecodeError: Error {
        enum Kind: Sendable { case truncated, unsupported, invalid }
        var reason: String
        var kind: Kind = .invalid
    }

    /// What the markers before the image data say.
    struct Header: Sendable {
        var width: Int
        var height: Int
        var components: Int
        /// Dots per inch from a JFIF header, where it gives them.
        var dotsPerInch: (x: Int, y: Int)?
        /// The EXIF orientation (1 when none is given).
        var orientation: Int
    }

    private struct Component {
        var id: Int
        var h: Int
        var v: Int
        var quantTable: Int
        var dcTable = 0
        var acTable = 0
        var prediction = 0
        /// Samples, `blocksAcross × 8` wide.
        var samples: [UInt8] = []
        /// A progressive image's quantized coefficients as its scans build them, 64 a block
        /// in zigzag order, block by block across then down.
        var coefficients: [Int16] = []
        var blocksAcross = 0
        var blocksDown = 0
    }

    /// A Huffman table as canonical codes by length.
    fileprivate struct HuffmanTable {
        var maxCode = [Int](repeating: -1, count: 18)
        var valueOffset = [Int](repeating: 0, count: 18)
        var values: [UInt8] = []

        init(counts: [Int], values: [UInt8]) {
            self.values = values
            var code = 0, index = 0
            for length in 1...16 {
                valueOffset[length] = index - code
                code += counts[length - 1]
                index += counts[length - 1]
                maxCode[length] = counts[length - 1] > 0 ? code - 1 : -1
                code <<= 1
            }
        }
    }

    private let bytes: [UInt8]
    private var offset = 2
    private var header: Header?
    private var components: [Component] = []
    private var quantTables = [[Int]](repeating: [Int](repeating: 1, count: 64), count: 4)
    private var dcTables = [HuffmanTable?](repeating: nil, count: 4)
    private var acTables = [HuffmanTable?](repeating: nil, count: 4)
    private var restartInterval = 0
    private var adobeTransform: Int?
    private var sawJFIF = false
    private var hMax = 1, vMax = 1
    /// Whether the frame is progressive (its scans refine coefficients, drawn at the end).
    private var isProgressive = false
    /// Blocks left in a progressive AC scan's end-of-band run.
    private var endOfBandRun = 0
    /// What the application segments before the frame header say, for the header.
    private var pendingDensity: (Int, Int)?
    private var pendingOrientation = 1

    /// Reads the markers up to the first scan: the image's size and what the file says about it.
    static func header(of data: Data) -> Result<Header, DecodeError> {
        var decoder = JPEGDecoder(bytes: [UInt8](data))
        do {
            try decoder.readMarkers(stopAtScan: true)
            guard let header = decoder.header else {
                throw DecodeError(reason: "the data ends before the frame header", kind: .truncated)
            }
            return .success(header)
        } catch let error as DecodeError {
            return .failure(error)
        } catch {
            return .failure(DecodeError(reason: "\(error)"))
        }
    }

    /// Decodes the image into premultiplied BGRA bytes (opaque).
    static func decode(_ data: Data) -> Result<(header: Header, pixels: [UInt8]), DecodeError> {
        var decoder = JPEGDecoder(bytes: [UInt8](data))
        do {
            try decoder.readMarkers(stopAtScan: false)
            guard let header = decoder.header else { throw DecodeError(reason: "the data has no frame header") }
            if decoder.isProgressive { decoder.drawCoefficients() }
            return .success((header, try decoder.pixels()))
        } catch let error as DecodeError {
            return .failure(error)
        } catch {
            return .failure(DecodeError(reason: "\(error)"))
        }
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private func byte(_ at: Int) throws -> Int {
        guard at < bytes.count else { throw DecodeError(reason: "the data ends early", kind: .truncated) }
        return Int(bytes[at])
    }

    private func uint16(_ at: Int) throws -> Int {
        try byte(at) << 8 | byte(at + 1)
    }

    private mutating func readMarkers(stopAtScan: Bool) throws {
        guard bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xD8 else { throw DecodeError(reason: "the data does not start with a JPEG start-of-image marker") }
        while true {
            // Markers may be preceded by any number of fill bytes.
            guard try byte(offset) == 0xFF else {
                throw DecodeError(reason: "expected a marker at byte \(offset), found 0x\(String(try byte(offset), radix: 16))")
            }
            var marker = try byte(offset + 1)
            offset += 2
            while marker == 0xFF {
                marker = try byte(offset)
                offset += 1
            }
            if marker == 0xD9 { return }
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { continue }
            let length = try uint16(offset)
            guard length >= 2, offset + length <= bytes.count else { throw DecodeError(reason: "the data ends early", kind: .truncated) }
            let body = offset + 2, end = offset + length
            switch marker {
            case 0xC0, 0xC1: try readFrame(body, end)
            case 0xC2:
                try readFrame(body, end)
                isProgressive = true
            case 0xC6, 0xCA, 0xCE:
                throw DecodeError(reason: "hierarchical and arithmetic-coded progressive JPEG are not decoded", kind: .unsupported)
            case 0xC3, 0xC5, 0xC7, 0xC9, 0xCB, 0xCD, 0xCF:
                throw DecodeError(reason: "lossless, hierarchical and arithmetic-coded JPEG are not decoded", kind: .unsupported)
            case 0xC4: try readHuffmanTables(body, end)
            case 0xDB: try readQuantTables(body, end)
            case 0xDD: restartInterval = try uint16(body)
            case 0xE0:
                if end - body >= 12, Array(bytes[body..<(body + 5)]) == Array("JFIF\0".utf8) {
                    sawJFIF = true
                    let units = bytes[body + 7], x = try uint16(body + 8), y = try uint16(body + 10)
                    if units == 1 { pendingDensity = (x, y) }
                    if units == 2 { pendingDensity = (Int((Double(x) * 2.54).rounded()), Int((Double(y) * 2.54).rounded())) }
                }
            case 0xE1: pendingOrientation = Self.exifOrientation(Array(bytes[body..<end])) ?? pendingOrientation
            case 0xEE:
                if end - body >= 12, Array(bytes[body..<(body + 5)]) == Array("Adobe".utf8) { adobeTransform = Int(bytes[body + 11]) }
            case 0xDA:
                if stopAtScan { return }
                try readScan(body, end)
                continue
            default: break
            }
            offset = end
        }
    }

    private mutating func readFrame(_ body: Int, _ end: Int) throws {
        guard header == nil else { throw DecodeError(reason: "the data has two frame headers") }
        guard try byte(body) == 8 else { throw DecodeError(reason: "\(try byte(body))-bit samples are not decoded (8-bit are)", kind: .unsupported) }
        let height = try uint16(body + 1), width = try uint16(body + 3), count = try byte(body + 5)
        guard width > 0, height > 0 else { throw DecodeError(reason: "the image size \(width)×\(height) is not decoded (a height given later is not supported)") }
        guard count == 1 || count == 3 else { throw DecodeError(reason: "\(count)-component (CMYK or other) JPEG is not decoded", kind: .unsupported) }
        guard body + 6 + count * 3 <= end else { throw DecodeError(reason: "the frame header is short") }
        for index in 0..<count {
            let at = body + 6 + index * 3
            let sampling = try byte(at + 1)
            let component = Component(id: try byte(at), h: sampling >> 4, v: sampling & 15, quantTable: try byte(at + 2) & 3)
            guard (1...4).contains(component.h), (1...4).contains(component.v) else {
                throw DecodeError(reason: "a sampling factor of \(component.h)×\(component.v) is not allowed")
            }
            components.append(component)
        }
        hMax = components.map(\.h).max() ?? 1
        vMax = components.map(\.v).max() ?? 1
        let mcusAcross = (width + 8 * hMax - 1) / (8 * hMax), mcusDown = (height + 8 * vMax - 1) / (8 * vMax)
        guard mcusAcross * mcusDown * components.reduce(0, { $0 + $1.h * $1.v }) <= (1 << 26) / 64 else {
            throw DecodeError(reason: "the image size \(width)×\(height) is larger than Lamina decodes", kind: .unsupported)
        }
        for index in components.indices {
            components[index].blocksAcross = mcusAcross * components[index].h
            components[index].blocksDown = mcusDown * components[index].v
        }
        header = Header(width: width, height: height, components: count, dotsPerInch: pendingDensity, orientation: pendingOrientation)
    }

    private mutating func readHuffmanTables(_ body: Int, _ end: Int) throws {
        var at = body
        while at < end {
            let info = try byte(at)
            let counts = try (0..<16).map { try byte(at + 1 + $0) }
            let total = counts.reduce(0, +)
            guard total <= 256, at + 17 + total <= end else { throw DecodeError(reason: "a Huffman table is malformed") }
            let table = HuffmanTable(counts: counts, values: Array(bytes[(at + 17)..<(at + 17 + total)]))
            if info >> 4 == 0 { dcTables[info & 3] = table } else { acTables[info & 3] = table }
            at += 17 + total
        }
    }

    private mutating func readQuantTables(_ body: Int, _ end: Int) throws {
        var at = body
        while at < end {
            let info = try byte(at)
            let wide = info >> 4 != 0
            var table = [Int](repeating: 0, count: 64)
            for k in 0..<64 { table[k] = wide ? try uint16(at + 1 + 2 * k) : try byte(at + 1 + k) }
            quantTables[info & 3] = table
            at += 1 + (wide ? 128 : 64)
        }
    }

    /// Reads a scan's header and its entropy-coded data, leaving `offset` at the next marker.
    private mutating func readScan(_ body: Int, _ end: Int) throws {
        guard header != nil else { throw DecodeError(reason: "a scan comes before the frame header") }
        // Sample planes are made with the first scan (reading the header alone makes none).
        for index in components.indices where components[index].samples.isEmpty {
            components[index].samples = [UInt8](
                repeating: 0, count: components[index].blocksAcross * components[index].blocksDown * 64)
        }
        let count = try byte(body)
        var scan: [Int] = []
        for index in 0..<count {
            let id = try byte(body + 1 + index * 2), tables = try byte(body + 2 + index * 2)
            guard let component = components.firstIndex(where: { $0.id == id }) else {
                throw DecodeError(reason: "a scan names component \(id), which the frame does not have")
            }
            components[component].dcTable = tables >> 4 & 3
            components[component].acTable = tables & 3
            components[component].prediction = 0
            scan.append(component)
        }
        let spectralStart = try byte(body + 1 + count * 2), spectralEnd = try byte(body + 2 + count * 2)
        let approximation = try byte(body + 3 + count * 2)
        let refinement = approximation >> 4, bit = approximation & 15
        if isProgressive {
            // DC scans (0...0) may interleave components; a band of AC coefficients is one
            // component's.
            guard spectralStart <= spectralEnd, spectralEnd <= 63, (spectralStart == 0) == (spectralEnd == 0),
                spectralStart == 0 || scan.count == 1, bit <= 13, refinement == 0 || refinement == bit + 1
            else {
                throw DecodeError(reason: "a progressive scan's band \(spectralStart)…\(spectralEnd) or bit \(refinement)→\(bit) is not allowed")
            }
            for index in components.indices where components[index].coefficients.isEmpty {
                components[index].coefficients = [Int16](
                    repeating: 0, count: components[index].blocksAcross * components[index].blocksDown * 64)
            }
            endOfBandRun = 0
        }
        var reader = BitReader(bytes: bytes, offset: end)
        let mcuBlocks: [(component: Int, dx: Int, dy: Int)]
        let mcusAcross: Int, mcusDown: Int
        if scan.count == 1 {
            // One component: its own blocks in order, as many as its samples need.
            let component = components[scan[0]]
            let width = (header!.width * component.h + hMax - 1) / hMax, height = (header!.height * component.v + vMax - 1) / vMax
            mcuBlocks = [(scan[0], 0, 0)]
            mcusAcross = (width + 7) / 8
            mcusDown = (height + 7) / 8
        } else {
            mcuBlocks = scan.flatMap { index in
                (0..<components[index].v).flatMap { dy in (0..<components[index].h).map { dx in (index, dx, dy) } }
            }
            mcusAcross = components[0].blocksAcross / components[0].h
            mcusDown = components[0].blocksDown / components[0].v
        }
        var coefficients = [Int](repeating: 0, count: 64)
        var decoded = 0
        for mcuY in 0..<mcusDown {
            for mcuX in 0..<mcusAcross {
                if restartInterval > 0, decoded > 0, decoded % restartInterval == 0 {
                    reader.restart()
                    for index in scan { components[index].prediction = 0 }
                    endOfBandRun = 0
                }
                for block in mcuBlocks {
                    let component = components[block.component]
                    let blockX = scan.count == 1 ? mcuX : mcuX * component.h + block.dx
                    let blockY = scan.count == 1 ? mcuY : mcuY * component.v + block.dy
                    if isProgressive {
                        guard blockX < component.blocksAcross, blockY < component.blocksDown else { continue }
                        let at = (blockY * component.blocksAcross + blockX) * 64
                        if spectralStart == 0 {
                            try refineDC(component: block.component, at: at, first: refinement == 0, bit: bit, reader: &reader)
                        } else if refinement == 0 {
                            try firstAC(component: block.component, at: at, band: spectralStart...spectralEnd, bit: bit, reader: &reader)
                        } else {
                            try refineAC(component: block.component, at: at, band: spectralStart...spectralEnd, bit: bit, reader: &reader)
                        }
                        continue
                    }
                    try decodeBlock(component: block.component, into: &coefficients, reader: &reader)
                    store(coefficients, component: block.component, blockX: blockX, blockY: blockY)
                }
                decoded += 1
            }
        }
        offset = reader.nextMarker()
    }

    private mutating func decodeBlock(component index: Int, into coefficients: inout [Int], reader: inout BitReader) throws {
        guard let dc = dcTables[components[index].dcTable], let ac = acTables[components[index].acTable] else {
            throw DecodeError(reason: "a scan uses a Huffman table the file does not define")
        }
        let quant = quantTables[components[index].quantTable]
        for k in 0..<64 { coefficients[k] = 0 }
        let size = try reader.decode(dc)
        guard size <= 11 else { throw DecodeError(reason: "a DC difference of \(size) bits is not allowed") }
        components[index].prediction += reader.receiveExtend(size)
        coefficients[0] = components[index].prediction * quant[0]
        var k = 1
        while k < 64 {
            let symbol = try reader.decode(ac)
            let run = symbol >> 4, size = symbol & 15
            if size == 0 {
                if run != 15 { break }
                k += 16
                continue
            }
            k += run
            guard k < 64 else { throw DecodeError(reason: "a block has more than 64 coefficients") }
            coefficients[JPEGBlock.zigzag[k]] = reader.receiveExtend(size) * quant[k]
            k += 1
        }
    }

    /// A progressive DC scan's part of one block: the first scan's difference from the
    /// prediction (shifted up to its bit), or a refining scan's next bit.
    private mutating func refineDC(component index: Int, at: Int, first: Bool, bit: Int, reader: inout BitReader) throws {
        if first {
            guard let dc = dcTables[components[index].dcTable] else {
                throw DecodeError(reason: "a scan uses a Huffman table the file does not define")
            }
            let size = try reader.decode(dc)
            guard size <= 11 else { throw DecodeError(reason: "a DC difference of \(size) bits is not allowed") }
            components[index].prediction += reader.receiveExtend(size)
            components[index].coefficients[at] = Int16(truncatingIfNeeded: components[index].prediction << bit)
        } else if reader.bits(1) == 1 {
            components[index].coefficients[at] |= Int16(truncatingIfNeeded: 1 << bit)
        }
    }

    /// A progressive AC scan's first pass over `band` of one block: each coefficient's value
    /// down to `bit`, zero runs, and runs of blocks with nothing more in the band.
    private mutating func firstAC(component index: Int, at: Int, band: ClosedRange<Int>, bit: Int, reader: inout BitReader) throws {
        if endOfBandRun > 0 {
            endOfBandRun -= 1
            return
        }
        guard let ac = acTables[components[index].acTable] else {
            throw DecodeError(reason: "a scan uses a Huffman table the file does not define")
        }
        var k = band.lowerBound
        while k <= band.upperBound {
            let symbol = try reader.decode(ac)
            let run = symbol >> 4, size = symbol & 15
            if size != 0 {
                k += run
                guard k <= band.upperBound else { throw DecodeError(reason: "a block's coefficients run past their band") }
                components[index].coefficients[at + k] = Int16(truncatingIfNeeded: reader.receiveExtend(size) << bit)
                k += 1
            } else if run == 15 {
                k += 16
            } else {
                // This block and `2^run − 1 + more` after it have nothing more in the band.
                endOfBandRun = (1 << run) - 1 + (run > 0 ? reader.bits(run) : 0)
                return
            }
        }
    }

    /// A progressive AC scan refining `band` of one block by `bit`: a correction bit for each
    /// coefficient already nonzero, and coefficients that become nonzero (±2^bit) placed after
    /// the zero runs their symbols give.
    private mutating func refineAC(component index: Int, at: Int, band: ClosedRange<Int>, bit: Int, reader: inout BitReader) throws {
        let plus = Int16(1 << bit), minus = Int16(-1) << Int16(bit)
        var k = band.lowerBound
        // A correction bit for the coefficient at `k`, if it is nonzero; whether it was.
        func correct(_ k: Int, _ reader: inout BitReader, _ coefficients: inout [Int16]) -> Bool {
            let value = coefficients[at + k]
            guard value != 0 else { return false }
            if reader.bits(1) == 1, value & plus == 0 { coefficients[at + k] = value >= 0 ? value &+ plus : value &+ minus }
            return true
        }
        if endOfBandRun == 0 {
            guard let ac = acTables[components[index].acTable] else {
                throw DecodeError(reason: "a scan uses a Huffman table the file does not define")
            }
            while k <= band.upperBound {
                let symbol = try reader.decode(ac)
                var run = symbol >> 4
                let size = symbol & 15
                var value: Int16 = 0
                if size != 0 {
                    guard size == 1 else { throw DecodeError(reason: "a refining scan gives a coefficient of \(size) bits") }
                    value = reader.bits(1) == 1 ? plus : minus
                } else if run != 15 {
                    endOfBandRun = (1 << run) + (run > 0 ? reader.bits(run) : 0)
                    break
                }
                // Past the coefficients already nonzero (each with its correction bit) and
                // `run` zero ones, to the zero coefficient the new value goes to.
                while k <= band.upperBound {
                    if !correct(k, &reader, &components[index].coefficients) {
                        if run == 0 { break }
                        run -= 1
                    }
                    k += 1
                }
                if value != 0 {
                    guard k <= band.upperBound else { throw DecodeError(reason: "a block's coefficients run past their band") }
                    components[index].coefficients[at + k] = value
                }
                k += 1
            }
        }
        if endOfBandRun > 0 {
            // The rest of the band: correction bits only.
            while k <= band.upperBound {
                _ = correct(k, &reader, &components[index].coefficients)
                k += 1
            }
            endOfBandRun -= 1
        }
    }

    /// A progressive image's blocks, from the coefficients its scans built, into the
    /// components' samples.
    private mutating func drawCoefficients() {
        var natural = [Int](repeating: 0, count: 64)
        for index in components.indices where !components[index].coefficients.isEmpty {
            let quant = quantTables[components[index].quantTable]
            for blockY in 0..<components[index].blocksDown {
                for blockX in 0..<components[index].blocksAcross {
                    let at = (blockY * components[index].blocksAcross + blockX) * 64
                    for k in 0..<64 { natural[JPEGBlock.zigzag[k]] = Int(components[index].coefficients[at + k]) * quant[k] }
                    store(natural, component: index, blockX: blockX, blockY: blockY)
                }
            }
        }
    }

    /// The inverse DCT of `coefficients` (natural order), level-shifted into the component's samples.
    private mutating func store(_ coefficients: [Int], component index: Int, blockX: Int, blockY: Int) {
        guard blockX < components[index].blocksAcross, blockY < components[index].blocksDown else { return }
        var rows = [Double](repeating: 0, count: 64)
        for y in 0..<8 {
            for x in 0..<8 {
                var sum = 0.0
                for u in 0..<8 where coefficients[y * 8 + u] != 0 { sum += JPEGBlock.basis[u * 8 + x] * Double(coefficients[y * 8 + u]) }
                rows[y * 8 + x] = sum
            }
        }
        let stride = components[index].blocksAcross * 8
        for x in 0..<8 {
            for y in 0..<8 {
                var sum = 0.0
                for v in 0..<8 { sum += JPEGBlock.basis[v * 8 + y] * rows[v * 8 + x] }
                let value = Int((sum + 128).rounded())
                components[index].samples[(blockY * 8 + y) * stride + blockX * 8 + x] = UInt8(clamping: value)
            }
        }
    }

    /// The image in premultiplied BGRA (opaque), subsampled components brought to full
    /// resolution by ``plane(_:width:height:)``.
    private func pixels() throws -> [UInt8] {
        guard let header else { throw DecodeError(reason: "the data has no frame header") }
        let (width, height) = (header.width, header.height)
        var out = [UInt8](repeating: 255, count: width * height * 4)
        // Adobe's marker says whether three components are YCbCr (1) or RGB (0); JFIF files and
        // files with neither are YCbCr.
        let isRGB = components.count == 3 && adobeTransform == 0 && !sawJFIF
        let planes = components.indices.map { plane($0, width: width, height: height) }
        for at in 0..<(width * height) {
            if components.count == 1 {
                let gray = UInt8(clamping: Int(planes[0][at].rounded()))
                out[at * 4] = gray; out[at * 4 + 1] = gray; out[at * 4 + 2] = gray
                continue
            }
            let (a, b, c) = (planes[0][at], planes[1][at], planes[2][at])
            let (r, g, bl) = isRGB
                ? (a, b, c)
                : (a + 1.402 * (c - 128), a - 0.344136 * (b - 128) - 0.714136 * (c - 128), a + 1.772 * (b - 128))
            out[at * 4] = UInt8(clamping: Int(bl.rounded()))
            out[at * 4 + 1] = UInt8(clamping: Int(g.rounded()))
            out[at * 4 + 2] = UInt8(clamping: Int(r.rounded()))
        }
        return out
    }

    /// One component's samples at the image's full resolution. A subsampled component's
    /// samples sit at the centres of the pixels each covers (JFIF's centred siting); a pixel
    /// between them takes their linear interpolation across and down (libjpeg's "fancy"
    /// upsampling: for 2×2 subsampling, 9/16 of the nearest sample, 3/16 of each of the next
    /// two, 1/16 of the diagonal one), the nearest sample past the outermost ones.
    private func plane(_ index: Int, width: Int, height: Int) -> [Float] {
        let component = components[index]
        let stride = component.blocksAcross * 8
        if component.h == hMax && component.v == vMax {
            var plane = [Float](repeating: 0, count: width * height)
            for y in 0..<height {
                for x in 0..<width { plane[y * width + x] = Float(component.samples[y * stride + x]) }
            }
            return plane
        }
        // The samples the component has (the rest of its blocks pad them).
        let across = (width * component.h + hMax - 1) / hMax, down = (height * component.v + vMax - 1) / vMax
        // For each output column (row): the two samples it lies between and the second's weight.
        func taps(_ count: Int, _ factor: Int, _ maximum: Int, _ samples: Int) -> [(Int, Int, Float)] {
            (0..<count).map { position in
                let at = (Double(position) + 0.5) * Double(factor) / Double(maximum) - 0.5
                let first = Int(at.rounded(.down))
                let weight = Float(at - Double(first))
                return (min(max(first, 0), samples - 1), min(max(first + 1, 0), samples - 1), weight)
            }
        }
        let columns = taps(width, component.h, hMax, across), rows = taps(height, component.v, vMax, down)
        var plane = [Float](repeating: 0, count: width * height)
        for y in 0..<height {
            let (top, bottom, lowerWeight) = rows[y]
            for x in 0..<width {
                let (left, right, rightWeight) = columns[x]
                let upper = Float(component.samples[top * stride + left]) * (1 - rightWeight) + Float(component.samples[top * stride + right]) * rightWeight
                let lower = Float(component.samples[bottom * stride + left]) * (1 - rightWeight) + Float(component.samples[bottom * stride + right]) * rightWeight
                plane[y * width + x] = upper * (1 - lowerWeight) + lower * lowerWeight
            }
        }
        return plane
    }

    /// The orientation tag (0x0112) of an EXIF APP1 segment's first image directory.
    static func exifOrientation(_ segment: [UInt8]) -> Int? {
        guard segment.count >= 14, Array(segment[0..<6]) == Array("Exif\0\0".utf8) else { return nil }
        let tiff = Array(segment[6...])
        let little = tiff[0] == 0x49
        func u16(_ at: Int) -> Int? {
            guard at + 2 <= tiff.count else { return nil }
            return little ? Int(tiff[at]) | Int(tiff[at + 1]) << 8 : Int(tiff[at]) << 8 | Int(tiff[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let high = u16(little ? at + 2 : at), let low = u16(little ? at : at + 2) else { return nil }
            return high << 16 | low
        }
        guard let directory = u32(4), let entries = u16(directory) else { return nil }
        for entry in 0..<min(entries, 512) {
            let at = directory + 2 + entry * 12
            guard let tag = u16(at) else { return nil }
            if tag == 0x0112, let value = u16(at + 8), (1...8).contains(value) { return value }
        }
        return nil
    }
}

/// Reads entropy-coded bits, skipping stuffed zero bytes and stopping at markers.
private struct BitReader {
    let bytes: [UInt8]
    var offset: Int
    private var buffer = 0
    private var count = 0

    init(bytes: [UInt8], offset: Int) {
        self.bytes = bytes
        self.offset = offset
    }

    /// The next bit; past a marker or the data's end, zeros (as decoders commonly do).
    private mutating func bit() -> Int {
        if count == 0 {
            guard offset < bytes.count else { return 0 }
            let value = bytes[offset]
            if value == 0xFF {
                let next = offset + 1 < bytes.count ? bytes[offset + 1] : 0
                if next != 0 { return 0 }  // a marker: the data stops here
                offset += 2
            } else {
                offset += 1
            }
            buffer = Int(value)
            count = 8
        }
        count -= 1
        return buffer >> count & 1
    }

    mutating func bits(_ n: Int) -> Int {
        var value = 0
        for _ in 0..<n { value = value << 1 | bit() }
        return value
    }

    /// `size` more bits as a signed difference (JPEG's EXTEND).
    mutating func receiveExtend(_ size: Int) -> Int {
        guard size > 0 else { return 0 }
        let value = bits(size)
        return value < 1 << (size - 1) ? value - (1 << size) + 1 : value
    }

    /// The next symbol of `table`.
    fileprivate mutating func decode(_ table: JPEGDecoder.HuffmanTable) throws -> Int {
        var code = 0
        for length in 1...16 {
            code = code << 1 | bit()
            if code <= table.maxCode[length] {
                let index = table.valueOffset[length] + code
                guard table.values.indices.contains(index) else { break }
                return Int(table.values[index])
            }
        }
        throw JPEGDecoder.DecodeError(reason: "a Huffman code matches no symbol")
    }

    /// Drops the bits left of the byte and steps over the restart marker, if it is there.
    mutating func restart() {
        count = 0
        if offset + 1 < bytes.count, bytes[offset] == 0xFF, (0xD0...0xD7).contains(bytes[offset + 1]) { offset += 2 }
    }

    /// Where the marker after the scan's data starts.
    func nextMarker() -> Int {
        var at = offset
        while at + 1 < bytes.count {
            if bytes[at] == 0xFF, bytes[at + 1] != 0, !(0xD0...0xD7).contains(bytes[at + 1]) { return at }
            at += 1
        }
        return bytes.count
    }
}
