import Foundation

/// A GIF file's structure (GIF87a and GIF89a): the logical screen, colour tables, and each
/// frame's placement, timing, transparency and disposal, with its compressed data located
/// but not decoded.
struct GIFFile: Sendable {
    struct Frame: Sendable {
        var x: Int, y: Int, width: Int, height: Int
        var isInterlaced: Bool
        /// The frame's own colour table, else the file's (RGB triples).
        var colorTable: [UInt8]
        var transparentIndex: Int?
        /// The delay before the next frame, in hundredths of a second.
        var delay: Int
        /// 0–1 leave the frame, 2 clear its area to transparent, 3 restore what was there.
        var disposal: Int
        var minimumCodeSize: Int
        /// The concatenated data sub-blocks (LZW codes).
        var data: [UInt8]
    }

    var width = 0
    var height = 0
    var hasGlobalColorTable = false
    /// How many times the animation repeats (0: for ever), from the NETSCAPE2.0 extension.
    var loopCount: Int?
    var frames: [Frame] = []
    var completeness: DataCompleteness = .truncated(headerRead: false)

    init(_ data: Data) {
        var reader = Reader(bytes: [UInt8](data))
        do {
            try read(&reader)
        } catch let failure as Failure {
            completeness = failure.isTruncation ? .truncated(headerRead: width > 0) : .invalid(failure.reason)
        } catch {
            completeness = .invalid("\(error)")
        }
    }

    private struct Failure: Error {
        var reason: String
        var isTruncation: Bool
    }

    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        mutating func byte() throws -> UInt8 {
            guard offset < bytes.count else { throw Failure(reason: "the data ends early", isTruncation: true) }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func uint16() throws -> Int {
            let low = Int(try byte())
            return low | Int(try byte()) << 8
        }

        mutating func take(_ count: Int) throws -> ArraySlice<UInt8> {
            guard bytes.count - offset >= count else { throw Failure(reason: "the data ends early", isTruncation: true) }
            defer { offset += count }
            return bytes[offset..<(offset + count)]
        }

        /// Data sub-blocks up to their terminator, concatenated.
        mutating func subBlocks() throws -> [UInt8] {
            var data: [UInt8] = []
            while true {
                let size = Int(try byte())
                if size == 0 { return data }
                data += try take(size)
            }
        }
    }

    private mutating func read(_ reader: inout Reader) throws {
        let signature = String(decoding: try reader.take(6), as: UTF8.self)
        guard signature == "GIF87a" || signature == "GIF89a" else {
            throw Failure(reason: "the signature is not GIF87a or GIF89a", isTruncation: false)
        }
        let screenWidth = try reader.uint16(), screenHeight = try reader.uint16()
        let packed = try reader.byte()
        _ = try reader.take(2)  // background colour index, pixel aspect ratio
        guard screenWidth > 0, screenHeight > 0 else {
            throw Failure(reason: "the logical screen is \(screenWidth)×\(screenHeight)", isTruncation: false)
        }
        width = screenWidth
        height = screenHeight
        var global: [UInt8] = []
        if packed & 0x80 != 0 {
            hasGlobalColorTable = true
            global = Array(try reader.take(3 << (Int(packed & 0x07) + 1)))
        }
        var control: (delay: Int, disposal: Int, transparent: Int?) = (0, 0, nil)
        while true {
            switch try reader.byte() {
            case 0x3B:
                completeness = .complete
                return
            case 0x21:
                let label = try reader.byte()
                let body = try reader.subBlocks()
                if label == 0xF9, body.count >= 4 {
                    control = (Int(body[1]) | Int(body[2]) << 8, Int(body[0] >> 2) & 0x07, body[0] & 1 != 0 ? Int(body[3]) : nil)
                } else if label == 0xFF, body.count >= 14, String(decoding: body[0..<11], as: UTF8.self) == "NETSCAPE2.0",
                    body[11] == 1
                {
                    loopCount = Int(body[12]) | Int(body[13]) << 8
                }
            case 0x2C:
                let x = try reader.uint16(), y = try reader.uint16()
                let frameWidth = try reader.uint16(), frameHeight = try reader.uint16()
                let flags = try reader.byte()
                var table = global
                if flags & 0x80 != 0 { table = Array(try reader.take(3 << (Int(flags & 0x07) + 1))) }
                let codeSize = Int(try reader.byte())
                guard (1...11).contains(codeSize) else {
                    throw Failure(reason: "frame \(frames.count) has an LZW code size of \(codeSize)", isTruncation: false)
                }
                guard !table.isEmpty else {
                    throw Failure(reason: "frame \(frames.count) has no colour table", isTruncation: false)
                }
                let data = try reader.subBlocks()
                frames.append(
                    Frame(
                        x: x, y: y, width: frameWidth, height: frameHeight, isInterlaced: flags & 0x40 != 0, colorTable: table,
                        transparentIndex: control.transparent, delay: control.delay, disposal: control.disposal,
                        minimumCodeSize: codeSize, data: data))
                control = (0, 0, nil)
            case let other:
                throw Failure(reason: "a block starts with 0x\(String(other, radix: 16)), not an image, extension or trailer", isTruncation: false)
            }
        }
    }
}
