import CoreGraphics

extension CTFont: CoreFoundationTyped { package static var coreFoundationTypeID: CFTypeID { CoreFoundationTypeIDs.ctFont } }
extension CTFontCollection: CoreFoundationTyped {
    package static var coreFoundationTypeID: CFTypeID { CoreFoundationTypeIDs.ctFontCollection }
}
extension CTFontDescriptor: CoreFoundationTyped {
    package static var coreFoundationTypeID: CFTypeID { CoreFoundationTypeIDs.ctFontDescriptor }
}
extension CTFrame: CoreFoundationTyped { package static var coreFoundationTypeID: CFTypeID { CoreFoundationTypeIDs.ctFrame } }
extension CTFramesetter: CoreFoundationTyped {
    package static var coreFoundationTypeID: CFTypeID { CoreFoundationTypeIDs.ctFramesetter }
}
extension CTLine: CoreFoundationTyped { package static var coreFoundationTypeID: CFTypeID { CoreFoundationTypeIDs.ctLine } }
extension CTParagraphStyle: CoreFoundationTyped {
    package static var coreFoundationTypeID: CFTypeID { CoreFoundationTypeIDs.ctParagraphStyle }
}
extension CTRun: CoreFoundationTyped { package static var coreFoundationTypeID: CFTypeID { CoreFoundationTypeIDs.ctRun } }
extension CTRunDelegate: CoreFoundationTyped {
    package static var coreFoundationTypeID: CFTypeID { CoreFoundationTypeIDs.ctRunDelegate }
}
extension CTRubyAnnotation: CoreFoundationTyped {
    package static var coreFoundationTypeID: CFTypeID { CoreFoundationTypeIDs.ctRubyAnnotation }
}
extension CTTextTab: CoreFoundationTyped { package static var coreFoundationTypeID: CFTypeID { CoreFoundationTypeIDs.ctTextTab } }
extension CTTypesetter: CoreFoundationTyped {
    package static var coreFoundationTypeID: CFTypeID { CoreFoundationTypeIDs.ctTypesetter }
}

/// The identifier of fonts (Core Text's `CTFontGetTypeID`), to compare with
/// `CFGetTypeID(_:)`'s.
public func CTFontGetTypeID() -> CFTypeID { CoreFoundationTypeIDs.ctFont }
/// The identifier of font collections (Core Text's `CTFontCollectionGetTypeID`).
public func CTFontCollectionGetTypeID() -> CFTypeID { CoreFoundationTypeIDs.ctFontCollection }
/// The identifier of font descriptors (Core Text's `CTFontDescriptorGetTypeID`).
public func CTFontDescriptorGetTypeID() -> CFTypeID { CoreFoundationTypeIDs.ctFontDescriptor }
/// The identifier of frames (Core Text's `CTFrameGetTypeID`).
public func CTFrameGetTypeID() -> CFTypeID { CoreFoundationTypeIDs.ctFrame }
/// The identifier of framesetters (Core Text's `CTFramesetterGetTypeID`).
public func CTFramesetterGetTypeID() -> CFTypeID { CoreFoundationTypeIDs.ctFramesetter }
/// The identifier of lines (Core Text's `CTLineGetTypeID`).
public func CTLineGetTypeID() -> CFTypeID { CoreFoundationTypeIDs.ctLine }
/// The identifier of paragraph styles (Core Text's `CTParagraphStyleGetTypeID`).
public func CTParagraphStyleGetTypeID() -> CFTypeID { CoreFoundationTypeIDs.ctParagraphStyle }
/// The identifier of runs (Core Text's `CTRunGetTypeID`).
public func CTRunGetTypeID() -> CFTypeID { CoreFoundationTypeIDs.ctRun }
/// The identifier of run delegates (Core Text's `CTRunDelegateGetTypeID`).
public func CTRunDelegateGetTypeID() -> CFTypeID { CoreFoundationTypeIDs.ctRunDelegate }
/// The identifier of ruby annotations (Core Text's `CTRubyAnnotationGetTypeID`).
public func CTRubyAnnotationGetTypeID() -> CFTypeID { CoreFoundationTypeIDs.ctRubyAnnotation }
/// The identifier of tab stops (Core Text's `CTTextTabGetTypeID`).
public func CTTextTabGetTypeID() -> CFTypeID { CoreFoundationTypeIDs.ctTextTab }
/// The identifier of typesetters (Core Text's `CTTypesetterGetTypeID`).
public func CTTypesetterGetTypeID() -> CFTypeID { CoreFoundationTypeIDs.ctTypesetter }
