import Foundation

/// The identifier of a Core Foundation type (Apple's `CFTypeID`), as `CFGetTypeID(_:)` gives
/// it and each type's `…GetTypeID()` function: Apple code compares the two to learn what a
/// `CFTypeRef` is (`CFGetTypeID(value) == CTFontGetTypeID()`).
///
/// Lamina's identifiers are its own numbers, not Apple's: compare them with the functions,
/// never with numbers written in the code.
public typealias CFTypeID = UInt

/// A Lamina class standing for a Core Foundation type: its identifier.
package protocol CoreFoundationTyped: AnyObject {
    /// The type's identifier.
    static var coreFoundationTypeID: CFTypeID { get }
}

/// Lamina's Core Foundation type identifiers, one a type.
package enum CoreFoundationTypeIDs {
    // Core Foundation.
    package static let string: CFTypeID = 7
    package static let array: CFTypeID = 19
    package static let dictionary: CFTypeID = 18
    package static let data: CFTypeID = 20
    package static let boolean: CFTypeID = 21
    package static let number: CFTypeID = 22
    package static let url: CFTypeID = 29
    package static let attributedString: CFTypeID = 61
    /// Any other object (a Swift value boxed as an object, a class of the application's).
    package static let other: CFTypeID = 1
    // Core Graphics.
    package static let color: CFTypeID = 300
    package static let colorSpace: CFTypeID = 301
    package static let context: CFTypeID = 302
    package static let dataProvider: CFTypeID = 303
    package static let font: CFTypeID = 304
    package static let function: CFTypeID = 305
    package static let gradient: CFTypeID = 306
    package static let image: CFTypeID = 307
    package static let layer: CFTypeID = 308
    package static let path: CFTypeID = 309
    package static let pattern: CFTypeID = 310
    package static let shading: CFTypeID = 311
    // Core Text.
    package static let ctFont: CFTypeID = 400
    package static let ctFontCollection: CFTypeID = 401
    package static let ctFontDescriptor: CFTypeID = 402
    package static let ctFrame: CFTypeID = 403
    package static let ctFramesetter: CFTypeID = 404
    package static let ctLine: CFTypeID = 405
    package static let ctParagraphStyle: CFTypeID = 406
    package static let ctRun: CFTypeID = 407
    package static let ctRunDelegate: CFTypeID = 408
    package static let ctTextTab: CFTypeID = 409
    package static let ctTypesetter: CFTypeID = 410
    package static let ctRubyAnnotation: CFTypeID = 411
}

/// The identifier of `cf`'s type (Apple's `CFGetTypeID`): a Core Graphics or Core Text
/// object's type, or the Core Foundation type a Foundation object bridges to — strings,
/// numbers (``kCFBooleanTrue`` and ``kCFBooleanFalse`` are booleans), arrays, dictionaries,
/// data, URLs and attributed strings, as `NSString`… or as the Swift values that bridge to
/// them. Any other object gives an identifier of no type's `…GetTypeID()`.
public func CFGetTypeID(_ cf: CFTypeRef?) -> CFTypeID {
    guard let cf else { return CoreFoundationTypeIDs.other }
    if let typed = cf as? CoreFoundationTyped { return type(of: typed).coreFoundationTypeID }
    if let number = cf as? NSNumber {
        return number === kCFBooleanTrue || number === kCFBooleanFalse ? CoreFoundationTypeIDs.boolean : CoreFoundationTypeIDs.number
    }
    switch cf {
    case is NSAttributedString: return CoreFoundationTypeIDs.attributedString
    case is NSString, is String: return CoreFoundationTypeIDs.string
    case is NSArray, is [Any]: return CoreFoundationTypeIDs.array
    case is NSDictionary, is [AnyHashable: Any]: return CoreFoundationTypeIDs.dictionary
    case is NSData, is Data: return CoreFoundationTypeIDs.data
    case is NSURL, is URL: return CoreFoundationTypeIDs.url
    case is Bool: return CoreFoundationTypeIDs.boolean
    case is Int, is Double, is Float, is CGFloat, is Int32, is Int64, is UInt32: return CoreFoundationTypeIDs.number
    default: return CoreFoundationTypeIDs.other
    }
}

/// The identifier of strings (Apple's `CFStringGetTypeID`).
public func CFStringGetTypeID() -> CFTypeID { CoreFoundationTypeIDs.string }
/// The identifier of arrays (Apple's `CFArrayGetTypeID`).
public func CFArrayGetTypeID() -> CFTypeID { CoreFoundationTypeIDs.array }
/// The identifier of dictionaries (Apple's `CFDictionaryGetTypeID`).
public func CFDictionaryGetTypeID() -> CFTypeID { CoreFoundationTypeIDs.dictionary }
/// The identifier of data (Apple's `CFDataGetTypeID`).
public func CFDataGetTypeID() -> CFTypeID { CoreFoundationTypeIDs.data }
/// The identifier of booleans (Apple's `CFBooleanGetTypeID`).
public func CFBooleanGetTypeID() -> CFTypeID { CoreFoundationTypeIDs.boolean }
/// The identifier of numbers (Apple's `CFNumberGetTypeID`).
public func CFNumberGetTypeID() -> CFTypeID { CoreFoundationTypeIDs.number }
/// The identifier of URLs (Apple's `CFURLGetTypeID`).
public func CFURLGetTypeID() -> CFTypeID { CoreFoundationTypeIDs.url }
/// The identifier of attributed strings (Apple's `CFAttributedStringGetTypeID`).
public func CFAttributedStringGetTypeID() -> CFTypeID { CoreFoundationTypeIDs.attributedString }

extension CGColor: CoreFoundationTyped { package static var coreFoundationTypeID: CFTypeID { CoreFoundationTypeIDs.color } }
extension CGColorSpace: CoreFoundationTyped { package static var coreFoundationTypeID: CFTypeID { CoreFoundationTypeIDs.colorSpace } }
extension CGContext: CoreFoundationTyped { package static var coreFoundationTypeID: CFTypeID { CoreFoundationTypeIDs.context } }
extension CGDataProvider: CoreFoundationTyped {
    package static var coreFoundationTypeID: CFTypeID { CoreFoundationTypeIDs.dataProvider }
}
extension CGFont: CoreFoundationTyped { package static var coreFoundationTypeID: CFTypeID { CoreFoundationTypeIDs.font } }
extension CGFunction: CoreFoundationTyped { package static var coreFoundationTypeID: CFTypeID { CoreFoundationTypeIDs.function } }
extension CGGradient: CoreFoundationTyped { package static var coreFoundationTypeID: CFTypeID { CoreFoundationTypeIDs.gradient } }
extension CGImage: CoreFoundationTyped { package static var coreFoundationTypeID: CFTypeID { CoreFoundationTypeIDs.image } }
extension CGLayer: CoreFoundationTyped { package static var coreFoundationTypeID: CFTypeID { CoreFoundationTypeIDs.layer } }
extension CGPath: CoreFoundationTyped { package static var coreFoundationTypeID: CFTypeID { CoreFoundationTypeIDs.path } }
extension CGPattern: CoreFoundationTyped { package static var coreFoundationTypeID: CFTypeID { CoreFoundationTypeIDs.pattern } }
extension CGShading: CoreFoundationTyped { package static var coreFoundationTypeID: CFTypeID { CoreFoundationTypeIDs.shading } }

/// The identifier of colours (Apple's `CGColorGetTypeID`).
public func CGColorGetTypeID() -> CFTypeID { CoreFoundationTypeIDs.color }
/// The identifier of colour spaces (Apple's `CGColorSpaceGetTypeID`).
public func CGColorSpaceGetTypeID() -> CFTypeID { CoreFoundationTypeIDs.colorSpace }
/// The identifier of contexts (Apple's `CGContextGetTypeID`).
public func CGContextGetTypeID() -> CFTypeID { CoreFoundationTypeIDs.context }
/// The identifier of data providers (Apple's `CGDataProviderGetTypeID`).
public func CGDataProviderGetTypeID() -> CFTypeID { CoreFoundationTypeIDs.dataProvider }
/// The identifier of graphics fonts (Apple's `CGFontGetTypeID`).
public func CGFontGetTypeID() -> CFTypeID { CoreFoundationTypeIDs.font }
/// The identifier of functions (Apple's `CGFunctionGetTypeID`).
public func CGFunctionGetTypeID() -> CFTypeID { CoreFoundationTypeIDs.function }
/// The identifier of gradients (Apple's `CGGradientGetTypeID`).
public func CGGradientGetTypeID() -> CFTypeID { CoreFoundationTypeIDs.gradient }
/// The identifier of images (Apple's `CGImageGetTypeID`).
public func CGImageGetTypeID() -> CFTypeID { CoreFoundationTypeIDs.image }
/// The identifier of layers (Apple's `CGLayerGetTypeID`).
public func CGLayerGetTypeID() -> CFTypeID { CoreFoundationTypeIDs.layer }
/// The identifier of paths, mutable or not (Apple's `CGPathGetTypeID`).
public func CGPathGetTypeID() -> CFTypeID { CoreFoundationTypeIDs.path }
/// The identifier of patterns (Apple's `CGPatternGetTypeID`).
public func CGPatternGetTypeID() -> CFTypeID { CoreFoundationTypeIDs.pattern }
/// The identifier of shadings (Apple's `CGShadingGetTypeID`).
public func CGShadingGetTypeID() -> CFTypeID { CoreFoundationTypeIDs.shading }
