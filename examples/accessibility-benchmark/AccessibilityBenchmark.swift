// The main-thread cost of the accessibility snapshot Lamina publishes at commit while an
// assistive technology is present, against baselines measured in the same run on the same
// tree: a plain walk reading each layer's accessibility properties, and a commit of the
// tree with every element moved. Run a release build:
//
//     swift build -c release --product accessibility-benchmark && .build/release/accessibility-benchmark [--elements N ...]
//
// The tree is a window root holding groups of 10 labelled elements (buttons and text
// layers) in rows; one group in ten runs an endless position animation, so the
// presentation tree changes with the clock as it does in an app. Each figure is the median
// of several timed runs after warm-up runs.

import Foundation
import Glibc
import Lamina
import QuartzCore

let usage = """
    usage: accessibility-benchmark [--elements N ...]
      --elements N  accessible elements in the measured tree; repeat for several trees
                    (default: 1000 and 10000). N is a whole number from 10 to 1000000.
    """

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("accessibility-benchmark: \(message)\n\(usage)\n".utf8))
    exit(2)
}

func parseArguments() -> [Int] {
    var counts: [Int] = []
    var rest = CommandLine.arguments.dropFirst()
    while let option = rest.popFirst() {
        switch option {
        case "-h", "--help":
            print(usage)
            exit(0)
        case "--elements":
            guard let text = rest.popFirst() else { fail("--elements needs a value") }
            guard let value = Int(text), (10...1_000_000).contains(value) else {
                fail("--elements \(text): not a whole number from 10 to 1000000")
            }
            counts.append(value)
        default:
            fail("unknown argument '\(option)'")
        }
    }
    return counts.isEmpty ? [1_000, 10_000] : counts
}

/// Monotonic nanoseconds.
func nanoseconds() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}

/// The median of `runs` timed runs of `body` after `warmUp` untimed ones, in milliseconds.
@MainActor
func median(warmUp: Int = 3, runs: Int = 15, _ body: (Int) -> Void) -> Double {
    for run in 0..<warmUp { body(run) }
    var values: [Double] = []
    for run in 0..<runs {
        let start = nanoseconds()
        body(warmUp + run)
        values.append(Double(nanoseconds() - start) / 1e6)
    }
    values.sort()
    return values.count % 2 == 1 ? values[values.count / 2] : (values[values.count / 2 - 1] + values[values.count / 2]) / 2
}

func die(_ message: String) -> Never {
    FileHandle.standardError.write(Data("accessibility-benchmark: \(message)\n".utf8))
    exit(1)
}

/// A displayed window tree: `count` elements in groups of 10, one group in ten animated.
@MainActor
func makeTree(elements count: Int) -> (root: CALayer, context: CARenderContext, elements: [CALayer]) {
    let groups = (count + 9) / 10
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: 1000, height: CGFloat(groups) * 30)
    let context = CARenderContext(rootLayer: root)
    var elements: [CALayer] = []
    CATransaction.setDisableActions(true)
    for group in 0..<groups {
        let row = CALayer()
        row.frame = CGRect(x: 0, y: CGFloat(group) * 30, width: 1000, height: 30)
        root.addSublayer(row)
        for index in 0..<min(10, count - group * 10) {
            let element: CALayer
            if index % 2 == 0 {
                element = CALayer()
                element.isAccessibilityElement = true
                element.accessibilityLabel = "Button \(group * 10 + index)"
                element.accessibilityTraits = .button
            } else {
                let text = CATextLayer()
                text.string = "Text \(group * 10 + index)"
                element = text
            }
            element.frame = CGRect(x: CGFloat(index) * 100 + 5, y: 5, width: 90, height: 20)
            row.addSublayer(element)
            elements.append(element)
        }
        if group % 10 == 0 {
            let move = CABasicAnimation(keyPath: "position")
            move.fromValue = row.position
            move.toValue = CGPoint(x: row.position.x + 40, y: row.position.y)
            move.duration = 2
            move.autoreverses = true
            move.repeatCount = .infinity
            row.add(move, forKey: "move")
        }
    }
    CATransaction.flush()
    return (root, context, elements)
}

/// Reads what a snapshot reads of each layer, without frames: the floor of any walk.
@MainActor
func plainWalk(_ layer: CALayer, _ sink: inout Int) {
    guard !layer.isHidden else { return }
    if layer.isAccessibilityElement {
        sink &+= (layer.accessibilityLabel?.utf8.count ?? 0) &+ Int(layer.accessibilityTraits.rawValue)
        return
    }
    for sublayer in layer.sublayers ?? [] { plainWalk(sublayer, &sink) }
}

MainActor.assumeIsolated {
    #if DEBUG
    print("WARNING: debug build, not optimised: these figures mean nothing. Build with -c release.")
    #else
    print("build: release (optimised)")
    #endif
    var sink = 0
    for count in parseArguments() {
        let tree = makeTree(elements: count)
        let size = tree.root.bounds.size
        let nodes = AccessibilitySnapshotProbe.nodeCount(ofWindowRoot: tree.root, size: size)
        guard nodes == count + 1 else { die("the snapshot has \(nodes) accessibles, not \(count + 1)") }
        // Each snapshot after the first, as the bridge makes them: sized by the one before.
        let snapshot = median { _ in
            sink &+= AccessibilitySnapshotProbe.nodeCount(ofWindowRoot: tree.root, size: size, expectedCount: nodes)
        }
        let walk = median { _ in plainWalk(tree.root, &sink) }
        // Frames as each element's default computes them alone: a walk up to the root, the
        // presentation tree evaluated again at the clock's new time.
        let perElement = median(runs: 5) { _ in
            for element in tree.elements { sink &+= Int(element.accessibilityFrame.minX) }
        }
        let commit = median { run in
            let offset: CGFloat = run % 2 == 0 ? 1 : 0
            CATransaction.setDisableActions(true)
            for (index, element) in tree.elements.enumerated() {
                element.position = CGPoint(x: CGFloat(index % 10) * 100 + 50 + offset, y: 15)
            }
            CATransaction.flush()
        }
        print("\(count) elements (\(count / 10) groups, \(count / 100) animated):")
        print(String(format: "  snapshot:                      %8.3f ms", snapshot))
        print(String(format: "  baseline, plain walk:          %8.3f ms  (snapshot %.1f×)", walk, snapshot / walk))
        print(String(format: "  baseline, commit, all moved:   %8.3f ms  (snapshot %.2f×)", commit, snapshot / commit))
        print(String(format: "  frames one element at a time:  %8.3f ms  (snapshot %.3f×)", perElement, snapshot / perElement))
        withExtendedLifetime(tree) {}
    }
    if sink == 42 { print("") }
}
