import CoreGraphics

/// What a filter does to layer pixels, as the layer renderer applies it: a value (the
/// filter's inputs read once), safe to hand to the render thread.
package enum CIFilterEffect: Sendable, Equatable {
    /// A Gaussian blur of standard deviation `radius` points (`CIGaussianBlur`).
    case gaussianBlur(radius: Double)
    /// A colour matrix on unpremultiplied components (`CIColorMatrix`, and
    /// `CIColorControls` and `CIColorMonochrome` expressed as one): rows for red, green,
    /// blue and alpha, each four coefficients (of red, green, blue, alpha) and a bias;
    /// results are clamped to `0...1`.
    case colorMatrix(CIColorMatrixValues)
    /// The layer composited onto what is behind it with a blend mode or compositing formula
    /// (the compositing filters, `CIMultiplyBlendMode` …).
    case blend(CompositingOperator)

    /// How far the effect moves colour, in device pixels for `deviceScale` pixels per point:
    /// the reach of the blur's three box passes (0 for other effects).
    package func reach(deviceScale: Double) -> Int {
        guard case .gaussianBlur(let radius) = self else { return 0 }
        return CIBoxBlur.radii(sigma: radius * deviceScale).reduce(0, +)
    }
}

/// The 4 × 5 coefficients of a colour matrix, row by row (red, green, blue, alpha), each
/// row four weights of (red, green, blue, alpha) and a bias.
package struct CIColorMatrixValues: Sendable, Equatable {
    package var rows: [[Double]]

    package init(rows: [[Double]]) { self.rows = rows }

    /// The identity.
    package static let identity = CIColorMatrixValues(rows: [
        [1, 0, 0, 0, 0], [0, 1, 0, 0, 0], [0, 0, 1, 0, 0], [0, 0, 0, 1, 0],
    ])
}
