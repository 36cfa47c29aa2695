// The fidelity harness's runner: one frame of a sample drawn as lottie-ios's snapshot tests
// draw it on iOS — a view at most 500 pt on a side showing the engine's root layer aspect-fit,
// paused at the frame, `CATransaction.flush()`, then the view layer's `presentation()` drawn
// with `render(in:)` at scale 2 into a context (extended-range sRGB by default, as the
// wide-colour device's image renderer), read back as sRGB (the reference PNGs' space).

import CoreGraphics
import Foundation
import QuartzCore

enum RenderError: Error, CustomStringConvertible {
    case noPresentation
    case context(String)

    var description: String {
        switch self {
        case .noPresentation: "the view layer has no presentation layer after CATransaction.flush()"
        case .context(let what): "cannot make \(what)"
        }
    }
}

/// The layers of one sample's view: a view layer holding the engine's root layer, as
/// `LottieAnimationView` holds it.
final class SnapshotScene {
    let view = CALayer()
    let root: CoreAnimationLayer
    let animation: LottieAnimation

    init(animation: LottieAnimation, setup: SampleSetup, logger: LottieLogger) throws {
        self.animation = animation
        root = try CoreAnimationLayer(
            animation: animation,
            imageProvider: setup.imageProvider ?? EmbeddedImageProvider(),
            textProvider: setup.textProvider ?? DefaultTextProvider(),
            fontProvider: setup.fontProvider ?? DefaultFontProvider(),
            maskAnimationToBounds: true,
            compatibilityTrackerMode: .track,
            logger: logger)
        // The view's layer, and the animation layer it holds filling it.
        let size = Self.snapshotSize(of: animation, maxDimension: setup.maxDimension)
        view.bounds = CGRect(origin: .zero, size: size)
        view.position = CGPoint(x: size.width / 2, y: size.height / 2)
        let holder = CALayer()
        holder.frame = view.bounds
        view.addSublayer(holder)
        root.renderScale = 2
        holder.addSublayer(root)
        root.currentFrame = animation.startFrame
        lay(out: setup.viewportFrame)
        for (keypath, provider) in setup.valueProviders {
            root.setValueProvider(provider, keypath: keypath)
        }
    }

    /// The view's size: the animation's, its longer side clamped to `maxDimension`.
    static func snapshotSize(of animation: LottieAnimation, maxDimension: CGFloat) -> CGSize {
        let width = CGFloat(animation.width), height = CGFloat(animation.height)
        if width > height {
            let newWidth = min(width, maxDimension)
            return CGSize(width: newWidth, height: newWidth * (height / width))
        }
        let newHeight = min(height, maxDimension)
        return CGSize(width: newHeight * (width / height), height: newHeight)
    }

    /// Places the root layer in the view: aspect fit (the view's content mode), or the
    /// viewport's rectangle of the animation filling the view.
    private func lay(out viewport: CGRect?) {
        let bounds = view.bounds
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        let transform: CATransform3D
        if let viewport {
            let compAspect = viewport.width / viewport.height
            let viewAspect = bounds.width / bounds.height
            let scale = compAspect > viewAspect ? bounds.width / viewport.width : bounds.height / viewport.height
            let offset = CGPoint(
                x: animation.bounds.midX - viewport.midX, y: animation.bounds.midY - viewport.midY)
            transform = CATransform3DTranslate(CATransform3DMakeScale(scale, scale, 1), offset.x, offset.y, 0)
        } else {
            let size = animation.size
            let compAspect = size.width / size.height
            let viewAspect = bounds.width / bounds.height
            let scale = compAspect > viewAspect ? bounds.width / size.width : bounds.height / size.height
            transform = CATransform3DMakeScale(scale, scale, 1)
        }
        CATransaction.begin()
        CATransaction.setAnimationDuration(0)
        root.position = center
        root.transform = transform
        CATransaction.commit()
    }

    /// The view drawn at `state`, `width` × `height` pixels (the reference image's size), in
    /// a context of the colour space named `space`, converted to sRGB.
    func render(at state: PausedState, width: Int, height: Int, space: String) throws -> CGImage {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.currentFrame = state.frame(in: animation)
        CATransaction.commit()
        CATransaction.flush()
        guard let presentation = view.presentation() else { throw RenderError.noPresentation }

        guard
            let wide = CGContext(
                data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpace(name: space) ?? CGColorSpaceCreateDeviceRGB(),
                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        else { throw RenderError.context("a \(width)×\(height) context in \(space)") }
        // UIKit's image renderer: origin top left, y down, 2 pixels per point.
        wide.translateBy(x: 0, y: CGFloat(height))
        wide.scaleBy(x: 2, y: -2)
        presentation.render(in: wide)
        guard let wideImage = wide.makeImage() else { throw RenderError.context("the frame's image") }
        return try Self.sRGB(wideImage)
    }

    /// `image` converted into sRGB (drawn into an sRGB context).
    static func sRGB(_ image: CGImage) throws -> CGImage {
        guard
            let context = CGContext(
                data: nil, width: image.width, height: image.height, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpace(name: CGColorSpace.sRGB) ?? CGColorSpaceCreateDeviceRGB(),
                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        else { throw RenderError.context("an sRGB context") }
        context.setBlendMode(.copy)
        context.draw(image, in: CGRect(x: 0, y: 0, width: image.width, height: image.height))
        guard let converted = context.makeImage() else { throw RenderError.context("an sRGB copy of the frame") }
        return converted
    }
}
