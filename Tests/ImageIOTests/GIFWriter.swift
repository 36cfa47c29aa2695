import Foundation

/// Writes GIF89a files for the tests, from the GIF89a specification: the logical screen, a
/// global colour table, the looping extension, and frames with their graphic control
/// extension, each compressed by a plain LZW encoder written here (a dictionary of strings),
/// independent of the decoder under test.
enum GIFWriter {
    struct Frame {
        var x = 0, y = 0, width: Int, height: Int
        var indices: [UInt8]
        var delay = 0
        var disposal = 0
        var transparentIndex: Int?
        var interlaced = false
        var localColors: [UInt8]?
    }

    static func gif(width: Int, height: Int, colors: [UInt8], loopCount: Int? = nil, frames: [Frame]) -> Data {
        var bytes = Array("GIF89a".utf8) + le16(width) + le16(height)
        let tableBits = tableSizeBits(colors.count / 3)
        bytes += [0x80 | UInt8(tableBits - 1), 0, 0]
        bytes += padded(colors, bits: tableBits)
        if let loopCount {
            bytes += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1] + le16(loopCount) + [0]
        }
        for frame in frames {
            let packed = UInt8(frame.disposal << 2) | (frame.transparentIndex == nil ? 0 : 1)
            bytes += [0x21, 0xF9, 4, packed] + le16(frame.delay) + [UInt8(frame.transparentIndex ?? 0), 0]
            bytes += [0x2C] + le16(frame.x) + le16(frame.y) + le16(frame.width) + le16(frame.height)
            var flags: UInt8 = frame.interlaced ? 0x40 : 0
            var codeBits = tableBits
            if let local = frame.localColors {
                codeBits = tableSizeBits(local.count / 3)
                flags |= 0x80 | UInt8(codeBits - 1)
                bytes.append(flags)
                bytes += padded(local, bits: codeBits)
            } else {
                bytes.append(flags)
            }
            let minimum = max(2, codeBits)
            bytes.append(UInt8(minimum))
            let data = lzw(frame.indices, minimumCodeSize: minimum)
            var offset = 0
            while offset < data.count {
                let count = min(255, data.count - offset)
                bytes.append(UInt8(count))
                bytes += data[offset..<(offset + count)]
                offset += count
            }
            bytes.append(0)
        }
        bytes.append(0x3B)
        return Data(bytes)
    }

    /// GIF's LZW: a clear code first, codes growing from `minimumCodeSize + 1` bits to 12,
    /// a clear code when the table is full, the end code last; bits packed least significant first.
    static func lzw(_ indices: [UInt8], minimumCodeSize: Int) -> [UInt8] {
        let clear = 1 << minimumCodeSize, end = clear + 1
        var table: [[UInt8]: Int] = [:]
        var next = 0, width = 0
        var out: [UInt8] = []
        var buffer = 0, filled = 0
        func emit(_ code: Int) {
            buffer |= code << filled
            filled += width
            while filled >= 8 {
                out.append(UInt8(buffer & 0xFF))
                buffer >>= 8
                filled -= 8
            }
        }
        func reset() {
            table = [:]
            for code in 0..<clear { table[[UInt8(code)]] = code }
            next = end + 1
            width = minimumCodeSize + 1
        }
        reset()
        emit(clear)
        var current: [UInt8] = []
        for index in indices {
            let longer = current + [index]
            if table[longer] != nil {
                current = longer
                continue
            }
            emit(table[current]!)
            if next < 4096 {
                table[longer] = next
                next += 1
                if next > 1 << width, width < 12 { width += 1 }
            } else {
                // The table is full: start again.
                emit(clear)
                reset()
            }
            current = [index]
        }
        if !current.isEmpty { emit(table[current]!) }
        emit(end)
        if filled > 0 { out.append(UInt8(buffer & 0xFF)) }
        return out
    }

    private static func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }

    private static func tableSizeBits(_ colors: Int) -> Int {
        var bits = 1
        while 1 << bits < colors { bits += 1 }
        return bits
    }

    private static func padded(_ colors: [UInt8], bits: Int) -> [UInt8] {
        colors + [UInt8](repeating: 0, count: 3 * (1 << bits) - colors.count)
    }
}
