import Foundation

/// Decodes a GIF's frames onto its logical screen, as image sources return them: frame `n`
/// is the screen after frames 0…n were drawn, each earlier one disposed of as it asks.
struct GIFDecoder {
    let file: GIFFile
    /// The screen after the last frame drawn (premultiplied BGRA), and its index.
    private(set) var canvas: [UInt8]
    private(set) var drawn = -1
    /// The last frame drawn, and the screen before it when it restores that ("to previous").
    private var pendingDisposal: (frame: GIFFile.Frame, saved: [UInt8]?)?

    init(_ file: GIFFile) {
        self.file = file
        canvas = [UInt8](repeating: 0, count: file.width * file.height * 4)
    }

    /// Draws frames up to `index` (from the start when `index` is not after the last drawn);
    /// fails when a frame's data is corrupt.
    mutating func advance(to index: Int) -> Result<Void, DecodeError> {
        if index <= drawn { self = GIFDecoder(file) }
        while drawn < index {
            let frame = file.frames[drawn + 1]
            dispose()
            let indices: [UInt8]
            switch LZW.decode(frame.data, minimumCodeSize: frame.minimumCodeSize, count: frame.width * frame.height) {
            case .success(let decoded): indices = decoded
            case .failure(let error): return .failure(error)
            }
            pendingDisposal = (frame, frame.disposal == 3 ? canvas : nil)
            draw(frame, indices)
            drawn += 1
        }
        return .success(())
    }

    /// Disposes of the last frame drawn, as it asked.
    private mutating func dispose() {
        guard let (frame, saved) = pendingDisposal else { return }
        switch frame.disposal {
        case 2:
            for y in frame.y..<max(frame.y, min(frame.y + frame.height, file.height)) {
                for x in frame.x..<max(frame.x, min(frame.x + frame.width, file.width)) {
                    let offset = (y * file.width + x) * 4
                    for channel in 0..<4 { canvas[offset + channel] = 0 }
                }
            }
        case 3: if let saved { canvas = saved }
        default: break
        }
        pendingDisposal = nil
    }

    private mutating func draw(_ frame: GIFFile.Frame, _ indices: [UInt8]) {
        let rows = Self.rowOrder(height: frame.height, interlaced: frame.isInterlaced)
        let table = frame.colorTable
        for (sourceRow, row) in rows.enumerated() {
            let y = frame.y + row
            guard y < file.height else { continue }
            for column in 0..<frame.width {
                let x = frame.x + column
                guard x < file.width else { continue }
                let index = Int(indices[sourceRow * frame.width + column])
                if index == frame.transparentIndex { continue }
                // An index beyond the table draws black, as decoders commonly do.
                let base = index * 3
                let (red, green, blue) = base + 2 < table.count ? (table[base], table[base + 1], table[base + 2]) : (0, 0, 0)
                let offset = (y * file.width + x) * 4
                canvas[offset] = blue
                canvas[offset + 1] = green
                canvas[offset + 2] = red
                canvas[offset + 3] = 255
            }
        }
    }

    /// The screen rows a frame's rows land on, in the order its data gives them: top to
    /// bottom, or the four interlaced passes (every 8th row from 0, every 8th from 4, every
    /// 4th from 2, every 2nd from 1).
    static func rowOrder(height: Int, interlaced: Bool) -> [Int] {
        guard interlaced else { return Array(0..<height) }
        return [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in Array(stride(from: start, to: height, by: step)) }
    }

    struct DecodeError: Error {
        var reason: String
    }
}

/// GIF's variable-length LZW (codes of 3 to 12 bits, least significant bit first).
enum LZW {
    /// The first `count` colour indices the codes give; fewer codes than pixels leave the
    /// rest 0, as decoders commonly do, but a code that names no table entry is an error.
    static func decode(_ data: [UInt8], minimumCodeSize: Int, count: Int) -> Result<[UInt8], GIFDecoder.DecodeError> {
        var output = [UInt8](repeating: 0, count: count)
        var written = 0
        let clear = 1 << minimumCodeSize, end = clear + 1
        var codeSize = minimumCodeSize + 1
        // Each entry: its prefix entry (-1: none), its last byte, its first byte and length.
        var prefix = [Int](repeating: -1, count: 4096)
        var suffix = [UInt8](repeating: 0, count: 4096)
        var first = [UInt8](repeating: 0, count: 4096)
        var length = [Int](repeating: 0, count: 4096)
        for code in 0..<clear {
            suffix[code] = UInt8(truncatingIfNeeded: code)
            first[code] = UInt8(truncatingIfNeeded: code)
            length[code] = 1
        }
        var next = end + 1
        var previous = -1
        var bits = 0, bitCount = 0, position = 0
        var stack = [UInt8](repeating: 0, count: 4096)
        while written < count {
            while bitCount < codeSize {
                guard position < data.count else { return .success(output) }
                bits |= Int(data[position]) << bitCount
                bitCount += 8
                position += 1
            }
            let code = bits & ((1 << codeSize) - 1)
            bits >>= codeSize
            bitCount -= codeSize
            if code == clear {
                codeSize = minimumCodeSize + 1
                next = end + 1
                previous = -1
                continue
            }
            if code == end { break }
            var entry = code
            var tail: UInt8?
            if code >= next || (code > end && length[code] == 0) {
                // The code being defined now: the previous string and its own first byte.
                guard code == next, previous >= 0 else {
                    return .failure(GIFDecoder.DecodeError(reason: "an LZW code (\(code)) names no table entry"))
                }
                entry = previous
                tail = first[previous]
            }
            // The entry's bytes, last first.
            var depth = 0
            var walk = entry
            while walk >= 0 {
                stack[depth] = suffix[walk]
                depth += 1
                walk = prefix[walk]
            }
            while depth > 0, written < count {
                depth -= 1
                output[written] = stack[depth]
                written += 1
            }
            if let tail, written < count {
                output[written] = tail
                written += 1
            }
            if previous >= 0, next < 4096 {
                prefix[next] = previous
                suffix[next] = tail ?? first[entry]
                first[next] = first[previous]
                length[next] = length[previous] + 1
                next += 1
                if next == 1 << codeSize, codeSize < 12 { codeSize += 1 }
            }
            previous = code
        }
        return .success(output)
    }
}
