import LaminaPortRewriter
import XCTest

final class DataAssetRewriterTests: XCTestCase {
    func testADataAssetIsReadFromTheBundlesFileOfThatName() {
        let source = """
            import UIKit

            func load(in bundle: Bundle) throws -> Data {
                if let asset = NSDataAsset(name: "confetti", bundle: bundle) {
                    return asset.data
                }
                return NSDataAsset(name: "fallback")?.data ?? Data()
            }
            """
        let ported = Porter.port(source)
        let reader = "{ (name: String, bundle: Bundle) in (bundle.url(forResource: name, withExtension: nil) ?? bundle.urls(forResourcesWithExtension: nil, subdirectory: nil)?.lazy.map({ $0 as URL }).first(where: { $0.deletingPathExtension().lastPathComponent == name })).flatMap({ url in (try? Data(contentsOf: url)).map({ (data: $0, name: name) }) }) }"
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            func load(in bundle: Bundle) throws -> Data {
                if let asset = \(reader)("confetti", bundle) {
                    return asset.data
                }
                return \(reader)("fallback", Bundle.main)?.data ?? Data()
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testAnAssetKeptAsItsTypeIsLeft() {
        let source = "let asset: NSDataAsset? = nil\n"
        XCTAssertEqual(Porter.port(source).ported, source)
        XCTAssertEqual(Porter.port(source).notes.map(\.construct), ["NSDataAsset"])
    }

    func testTheWrittenReaderFindsTheFileWithOrWithoutItsExtension() throws {
        // The expression the command writes (the test above checks it is this text), run on a
        // bundle holding `confetti.json`: Apple's asset of that name gives the file's bytes.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("data-asset-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("{\"v\":1}".utf8).write(to: folder.appendingPathComponent("confetti.json"))
        let bundle = try XCTUnwrap(Bundle(path: folder.path))
        func asset(_ n: String) -> (data: Data, name: String)? {
            { (name: String, bundle: Bundle) in (bundle.url(forResource: name, withExtension: nil) ?? bundle.urls(forResourcesWithExtension: nil, subdirectory: nil)?.lazy.map({ $0 as URL }).first(where: { $0.deletingPathExtension().lastPathComponent == name })).flatMap({ url in (try? Data(contentsOf: url)).map({ (data: $0, name: name) }) }) }(n, bundle)
        }
        XCTAssertEqual(asset("confetti").map { String(decoding: $0.data, as: UTF8.self) }, "{\"v\":1}")
        XCTAssertEqual(asset("confetti")?.name, "confetti")
        XCTAssertNotNil(asset("confetti.json"))
        XCTAssertNil(asset("balloons"), "no such file: nil, as Apple's initializer gives for no such asset")
    }
}
