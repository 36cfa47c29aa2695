import CoreGraphics
import CoreText
import Foundation
import XCTest

final class CTFontCollectionTests: XCTestCase {
    /// `fc-list`'s families and styles: fontconfig's own list, which Pango reads. A variable
    /// font is listed by its named instances; the pattern fontconfig lists for the whole
    /// variable font (no style, `variable=True`) is not a face.
    private func fontconfigFaces() throws -> Set<String> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["fc-list", "--format", "%{family[0]}\t%{style[0]}\n", ":variable=False"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Set(String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init))
    }

    func testTheAvailableFontsAreEveryInstalledFaceByFamilyAndStyle() throws {
        let collection = CTFontCollectionCreateFromAvailableFonts(nil)
        let descriptors = try XCTUnwrap(CTFontCollectionCreateMatchingFontDescriptors(collection) as? [CTFontDescriptor])
        let faces = descriptors.map { descriptor in
            let family = CTFontDescriptorCopyAttribute(descriptor, kCTFontFamilyNameAttribute) as? String ?? "?"
            let style = CTFontDescriptorCopyAttribute(descriptor, kCTFontStyleNameAttribute) as? String ?? "?"
            return "\(family)\t\(style)"
        }
        XCTAssertEqual(faces, faces.sorted(), "sorted by family, then style")
        let installed = try fontconfigFaces()
        XCTAssertFalse(installed.isEmpty)
        for face in installed {
            XCTAssertTrue(faces.contains(face), "fontconfig's \(face) is missing")
        }
        let sans = CTFontCopyFamilyName(CTFontCreateWithName("sans-serif" as CFString, 12, nil))
        XCTAssertTrue(faces.contains { $0.hasPrefix(sans + "\t") })
    }

    func testACollectionOfDescriptorsReturnsThem() throws {
        let bold = CTFontDescriptorCreateWithNameAndSize("Helvetica-Bold" as CFString, 12)
        let collection = CTFontCollectionCreateWithFontDescriptors([bold], nil)
        XCTAssertEqual(CTFontCollectionCreateMatchingFontDescriptors(collection) as? [CTFontDescriptor], [bold])
        XCTAssertNil(CTFontCollectionCreateMatchingFontDescriptors(CTFontCollectionCreateWithFontDescriptors(nil, nil)))
    }

    func testAnAttributedStringFromCoreFoundationHasItsAttributesOverAllOfIt() {
        let font = CTFontCreateWithName("Menlo" as CFString, 16, nil)
        let string: CFAttributedString = CFAttributedStringCreate(nil, "héllo" as CFString, [kCTFontAttributeName: font])
        XCTAssertEqual(CFAttributedStringGetLength(string), 5)
        var range = NSRange()
        XCTAssertEqual(string.attribute(.font, at: 0, effectiveRange: &range) as? CTFont, font)
        XCTAssertEqual(range, NSRange(location: 0, length: 5))
    }
}
