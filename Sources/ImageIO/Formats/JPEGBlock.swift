import Foundation

/// What JPEG's decoder and encoder share about an 8 × 8 block of samples (ITU T.81).
enum JPEGBlock {
    /// The natural position (row × 8 + column) of each coefficient in the order files send
    /// them: the zigzag from the DC coefficient to the highest frequencies.
    static let zigzag: [Int] = [
        0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21,
        28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61,
        54, 47, 55, 62, 63,
    ]

    /// The DCT's basis: cos((2x + 1) u π / 16) × (u == 0 ? 1/√2 : 1) / 2, by u × 8 + x.
    static let basis: [Double] = (0..<64).map { index in
        let u = index / 8, x = index % 8
        return cos(Double(2 * x + 1) * Double(u) * .pi / 16) * (u == 0 ? 1 / 2.0.squareRoot() : 1) / 2
    }
}
