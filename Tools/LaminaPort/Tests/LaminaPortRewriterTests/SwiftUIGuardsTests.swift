import LaminaPortRewriter
import XCTest

final class SwiftUIGuardsTests: XCTestCase {
    func testAViewFilesSwiftUIWrapperAndPreviewAreCompiledWhereSwiftUIExists() {
        // A UIKit view file that also shows the view in SwiftUI and previews it, as Xcode's
        // templates write it: SwiftUI's part, import included, goes in #if canImport(SwiftUI),
        // which Linux skips and Apple's platforms compile; the passes leave it as it is.
        let source = """
            import UIKit
            import SwiftUI

            final class PulseView: UIView {
                override init(frame: CGRect) {
                    super.init(frame: frame)
                    layer.cornerRadius = 8
                }

                required init?(coder: NSCoder) {
                    fatalError("init(coder:) has not been implemented")
                }
            }

            struct PulseViewRepresentable: UIViewRepresentable {
                var tint: UIColor = .red

                func makeUIView(context: Context) -> PulseView {
                    let view = PulseView(frame: .zero)
                    view.backgroundColor = tint
                    return view
                }

                func updateUIView(_ uiView: PulseView, context: Context) {}
            }

            #Preview {
                PulseViewRepresentable()
                    .frame(width: 40, height: 40)
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.hasPrefix("""
            import QuartzCore
            #if canImport(SwiftUI)
            import SwiftUI
            #endif

            final class PulseView: CALayer {
            """), ported.ported)
        XCTAssertTrue(ported.ported.hasSuffix("""
            #if canImport(SwiftUI)
            struct PulseViewRepresentable: UIViewRepresentable {
                var tint: UIColor = .red

                func makeUIView(context: Context) -> PulseView {
                    let view = PulseView(frame: .zero)
                    view.backgroundColor = tint
                    return view
                }

                func updateUIView(_ uiView: PulseView, context: Context) {}
            }

            #Preview {
                PulseViewRepresentable()
                    .frame(width: 40, height: 40)
            }
            #endif
            """), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing in the clause is reported")
        assertSecondRunChangesNothing([ported])
    }

    func testAPreviewInsideIfDebugIsGuardedInsideTheClause() {
        // Xcode's templates before the #Preview macro put a PreviewProvider in `#if DEBUG`,
        // which a Linux debug build compiles.
        let source = """
            import UIKit
            import SwiftUI

            final class DotView: UIView {}

            #if DEBUG
            struct DotView_Previews: PreviewProvider {
                static var previews: some View {
                    Text("dot")
                }
            }
            #endif
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore
            #if canImport(SwiftUI)
            import SwiftUI
            #endif

            final class DotView: CALayer {
                /// Changes to the layer itself do not animate, as a view's own layer's do not.
                override func action(forKey event: String) -> (any CAAction)? {
                    nil
                }
            }

            #if DEBUG
            #if canImport(SwiftUI)
            struct DotView_Previews: PreviewProvider {
                static var previews: some View {
                    Text("dot")
                }
            }
            #endif
            #endif
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])
    }

    func testSwiftUIUsedOutsideItsOwnTypesIsLeftAndReported() {
        // A controller that hosts the SwiftUI view needs SwiftUI itself: nothing is guarded.
        let hosted = """
            import UIKit
            import SwiftUI

            struct Badge: View {
                var body: some View { Text("1") }
            }

            func badgeController() -> UIViewController {
                UIHostingController(rootView: Badge())
            }
            """
        let ported = Porter.port(hosted)
        XCTAssertFalse(ported.ported.contains("#if canImport(SwiftUI)"), ported.ported)
        XCTAssertTrue(ported.notes.contains { $0.construct == "import SwiftUI" }, ported.notes.map(\.construct).joined(separator: ", "))
        // A SwiftUI type another ported file names stays too.
        let wrapper = Porter.Source(path: "Wrapper.swift", text: """
            import UIKit
            import SwiftUI

            final class Dot: UIView {}

            struct DotView: UIViewRepresentable {
                func makeUIView(context: Context) -> Dot { Dot() }
                func updateUIView(_ uiView: Dot, context: Context) {}
            }
            """)
        let user = Porter.Source(path: "Screen.swift", text: "import SwiftUI\n\nlet shown = DotView()\n")
        let both = Porter(sources: [wrapper, user], addsMissingImports: false).port()
        XCTAssertFalse(both[0].ported.contains("#if canImport(SwiftUI)"), both[0].ported)
    }
}
