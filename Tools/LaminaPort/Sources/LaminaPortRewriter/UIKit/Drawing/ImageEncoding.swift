import SwiftSyntax

/// UIKit's encoding of an image — `image.pngData()`, `image.jpegData(compressionQuality: q)`,
/// and the image renderer's `pngData(actions:)` and `jpegData(withCompressionQuality:actions:)`
/// — written as Image I/O's encoding of the `CGImage` the image is on Linux: a destination of
/// type `public.png` (or `public.jpeg` with `kCGImageDestinationLossyCompressionQuality`)
/// writing into an `NSMutableData`.
enum ImageEncoding {
    /// A PNG, or a JPEG of a compression quality (an expression).
    enum Format {
        case png
        case jpeg(quality: String)
    }

    /// The closure that encodes a `CGImage` (its parameter `image`) as `format`, giving `Data?`.
    static func encoder(_ format: Format) -> String {
        let type: String, properties: String
        switch format {
        case .png: (type, properties) = ("public.png", "nil")
        case .jpeg(let quality): (type, properties) = ("public.jpeg", "[kCGImageDestinationLossyCompressionQuality: \(quality)]")
        }
        return "{ image -> Data? in let data = NSMutableData(); "
            + "guard let destination = CGImageDestinationCreateWithData(data, \"\(type)\" as CFString, 1, nil) else { return nil }; "
            + "CGImageDestinationAddImage(destination, image, \(properties)); "
            + "return CGImageDestinationFinalize(destination) ? Data(referencing: data) : nil }"
    }

    /// `.pngData()` or `.jpegData(compressionQuality: q)` after `image` (a `CGImage?` on
    /// Linux): the call, and what takes the place of the text after `image`.
    static func encoding(after image: ExprSyntax) -> (FunctionCallExprSyntax, String)? {
        guard let access = image.parent?.as(MemberAccessExprSyntax.self), access.base?.id == image.id,
            let call = access.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == access.id,
            call.trailingClosure == nil, let format = format(of: call, method: access.declName.baseName.text)
        else { return nil }
        return (call, ".flatMap(\(encoder(format)))")
    }

    /// The format `call` (of UIImage's `method`) encodes, if it is `pngData()` or
    /// `jpegData(compressionQuality:)`.
    private static func format(of call: FunctionCallExprSyntax, method: String) -> Format? {
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        switch (method, labels) {
        case ("pngData", []): return .png
        case ("jpegData", ["compressionQuality"]): return .jpeg(quality: call.arguments.first!.expression.trimmedDescription)
        default: return nil
        }
    }
}
