import Foundation
import QuartzCore
import XCTest

/// The Objective-C runtime's associated objects, as Apple code gives a class it extends a
/// stored property. Expectations are Apple's documented behaviour of `objc_setAssociatedObject`
/// and `objc_getAssociatedObject`, but where the type's documentation says Lamina differs
/// (an assigned object held weakly; values released at the next call once their object is gone).
final class AssociatedObjectTests: XCTestCase {
    private enum Keys {
        nonisolated(unsafe) static var completion: UInt8 = 0
        nonisolated(unsafe) static var label: UInt8 = 0
    }

    private final class Tracked: NSObject {
        let onDeinit: () -> Void
        init(onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
        deinit { onDeinit() }
    }

    func testValuesAreKeptByObjectAndKeyAndRemovedByNil() {
        let pulse = CABasicAnimation(keyPath: "opacity")
        let fade = CABasicAnimation(keyPath: "opacity")
        var calls: [String] = []
        let done: (Bool) -> Void = { calls.append("pulse \($0)") }
        objc_setAssociatedObject(pulse, &Keys.completion, done, .OBJC_ASSOCIATION_COPY_NONATOMIC)
        objc_setAssociatedObject(pulse, &Keys.label, "pulse", .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        (objc_getAssociatedObject(pulse, &Keys.completion) as? (Bool) -> Void)?(true)
        XCTAssertEqual(calls, ["pulse true"])
        XCTAssertEqual(objc_getAssociatedObject(pulse, &Keys.label) as? String, "pulse")
        XCTAssertNil(objc_getAssociatedObject(fade, &Keys.label), "another object has its own")
        objc_setAssociatedObject(pulse, &Keys.label, nil, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        XCTAssertNil(objc_getAssociatedObject(pulse, &Keys.label))
        XCTAssertNotNil(objc_getAssociatedObject(pulse, &Keys.completion), "another key is kept")
        objc_removeAssociatedObjects(pulse)
        XCTAssertNil(objc_getAssociatedObject(pulse, &Keys.completion))
    }

    func testPoliciesHaveTheRuntimesValues() {
        // <objc/runtime.h>: ASSIGN 0, RETAIN_NONATOMIC 1, COPY_NONATOMIC 3, RETAIN 01401, COPY
        // 01403 (octal: 769 and 771).
        XCTAssertEqual(
            [objc_AssociationPolicy.OBJC_ASSOCIATION_ASSIGN, .OBJC_ASSOCIATION_RETAIN_NONATOMIC, .OBJC_ASSOCIATION_COPY_NONATOMIC,
             .OBJC_ASSOCIATION_RETAIN, .OBJC_ASSOCIATION_COPY].map(\.rawValue),
            [0, 1, 3, 769, 771])
        XCTAssertNil(objc_AssociationPolicy(rawValue: 2))
    }

    func testCopyingPoliciesCopyAndAssignDoesNotRetain() {
        let layer = CALayer()
        let text = NSMutableString(string: "one")
        objc_setAssociatedObject(layer, &Keys.label, text, .OBJC_ASSOCIATION_COPY)
        text.append(" two")
        XCTAssertEqual((objc_getAssociatedObject(layer, &Keys.label) as? NSString) as String?, "one", "the copy taken when set")

        var released = false
        var marker: Tracked? = Tracked { released = true }
        objc_setAssociatedObject(layer, &Keys.completion, marker, .OBJC_ASSOCIATION_ASSIGN)
        XCTAssertTrue(objc_getAssociatedObject(layer, &Keys.completion) as AnyObject? === marker)
        marker = nil
        XCTAssertTrue(released, "the layer does not keep an assigned object")
        XCTAssertNil(objc_getAssociatedObject(layer, &Keys.completion))
    }

    func testAGoneObjectsValuesAreReleased() {
        var released = false
        do {
            let layer = CALayer()
            objc_setAssociatedObject(layer, &Keys.completion, Tracked { released = true }, .OBJC_ASSOCIATION_RETAIN)
            XCTAssertFalse(released)
        }
        // The next call, for any object, finds the layer gone and lets its values go.
        let other = CALayer()
        XCTAssertNil(objc_getAssociatedObject(other, &Keys.completion))
        for _ in 0..<200 { objc_setAssociatedObject(CALayer(), &Keys.label, "x", .OBJC_ASSOCIATION_RETAIN) }
        XCTAssertTrue(released)
    }

    func testEveryGoneObjectsValuesAreReleasedAsTheTableGrows() {
        // Shape layers whose memory the small objects made after them do not take over: their
        // values go when the table, grown to twice its size, drops the entries of gone objects.
        var released = 0
        do {
            let layers = (0..<100).map { _ in CAShapeLayer() }
            for layer in layers {
                objc_setAssociatedObject(layer, &Keys.completion, Tracked { released += 1 }, .OBJC_ASSOCIATION_RETAIN)
            }
        }
        XCTAssertEqual(released, 0, "still in the table")
        let kept = (0..<400).map { _ in NSObject() }
        for object in kept { objc_setAssociatedObject(object, &Keys.label, 1, .OBJC_ASSOCIATION_RETAIN) }
        XCTAssertEqual(released, 100)
        for object in kept { objc_removeAssociatedObjects(object) }
    }

    func testThreadsAssociatingAtOnceKeepEachObjectsValues() {
        let layers = (0..<16).map { _ in CALayer() }
        nonisolated(unsafe) let shared = layers
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for round in 0..<500 {
                let layer = shared[(thread + round) % shared.count]
                objc_setAssociatedObject(layer, &Keys.label, round, .OBJC_ASSOCIATION_RETAIN)
                _ = objc_getAssociatedObject(layer, &Keys.label)
                objc_setAssociatedObject(CALayer(), &Keys.completion, thread, .OBJC_ASSOCIATION_RETAIN)
            }
        }
        for layer in layers { XCTAssertNotNil(objc_getAssociatedObject(layer, &Keys.label) as? Int) }
    }
}
