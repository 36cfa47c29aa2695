// The cost of the layer model: commits, snapshots, hit tests, animation frames and memory,
// measured on displayed trees (the root has a `CARenderContext`) driven by a manual media
// clock, each figure printed against its goal. Uses QuartzCore's public API only. Run a
// release build:
//
//     swift build -c release --product model-benchmark && .build/release/model-benchmark [--layers N] [--animated-layers N]
//
// Each figure is the median over several timed runs after warm-up runs (the minimum is
// printed too). The goals are set for the default sizes (10,000 and 1,000 layers).

import Foundation
import Glibc
import QuartzCore

// MARK: - Arguments

let usage = """
    usage: model-benchmark [--layers N] [--animated-layers N]
      --layers N           layers in the flat trees of the commit, hit-test and memory figures (default 10000)
      --animated-layers N  layers with one animation each in the frame figure (default 1000)
    N is a whole number from 1 to 1000000. The goals are for the defaults.
    """

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("model-benchmark: \(message)\n\(usage)\n".utf8))
    exit(2)
}

func parseArguments() -> (layers: Int, animatedLayers: Int) {
    var layers = 10_000, animatedLayers = 1_000
    var rest = CommandLine.arguments.dropFirst()
    while let option = rest.popFirst() {
        switch option {
        case "-h", "--help":
            print(usage)
            exit(0)
        case "--layers", "--animated-layers":
            guard let text = rest.popFirst() else { fail("\(option) needs a value") }
            guard let value = Int(text), (1...1_000_000).contains(value) else {
                fail("\(option) \(text): not a whole number from 1 to 1000000")
            }
            if option == "--layers" { layers = value } else { animatedLayers = value }
        default:
            fail("unknown argument '\(option)'")
        }
    }
    return (layers, animatedLayers)
}

let (layerCount, animatedLayerCount) = parseArguments()

// MARK: - Measuring

/// Monotonic nanoseconds.
func nanoseconds() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}

struct Samples {
    var values: [Double]
    var median: Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
    var minimum: Double { values.min() ?? .nan }
}

/// Runs `body` `warmUp` times untimed, then at least `minRuns` and at most `maxRuns` times,
/// stopping after `minRuns` once `budget` seconds have passed. `body(run)` returns the
/// nanoseconds of its timed part, so set-up outside it is not counted.
@MainActor
func sample(warmUp: Int, minRuns: Int, maxRuns: Int, budget: Double, _ body: (Int) -> UInt64) -> Samples {
    for run in 0..<warmUp { _ = body(run) }
    var values: [Double] = []
    values.reserveCapacity(maxRuns)
    let deadline = nanoseconds() + UInt64(budget * 1e9)
    for run in 0..<maxRuns {
        values.append(Double(body(warmUp + run)))
        if values.count >= minRuns, nanoseconds() > deadline { break }
    }
    return Samples(values: values)
}

func report(_ name: String, _ samples: Samples, scale: Double, unit: String, goal: String, note: String = "") {
    let median = String(format: "%.3f", samples.median / scale)
    let minimum = String(format: "%.3f", samples.minimum / scale)
    let extra = note.isEmpty ? "" : ", \(note)"
    print("\(name): \(median) \(unit) (goal ≤ \(goal) \(unit)) [median of \(samples.values.count), min \(minimum) \(unit)\(extra)]")
}

/// A fixed-seed PRNG (SplitMix64), so every run hit-tests the same points.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }
}

/// Bytes in use, as a heap counter reads them.
///
/// glibc's `mallinfo2()` is declared in `<malloc.h>`, which Swift's `Glibc` module does not
/// import. `malloc_stats()` (same header, `void (void)`, so callable through `dlsym` with
/// no ABI guesswork) prints the same totals to stderr: its "Total (incl. mmap)" in-use
/// figure is the sum over arenas of `mallinfo2().uordblks` plus `hblkhd` (large blocks
/// mmapped on their own). The counter sends stderr to a temporary file for the call and
/// parses that line. Without `malloc_stats` it falls back to the resident set size from
/// /proc/self/statm (page-grained, and only grows when the heap does).
@MainActor
final class HeapCounter {
    private typealias MallocStats = @convention(c) () -> Void
    private let mallocStats: MallocStats?
    private let file: UnsafeMutablePointer<FILE>?
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    let source: String

    init() {
        var stats: MallocStats?
        if let program = dlopen(nil, RTLD_NOW), let symbol = dlsym(program, "malloc_stats") {
            stats = unsafeBitCast(symbol, to: MallocStats.self)
        }
        file = stats == nil ? nil : tmpfile()
        mallocStats = file == nil ? nil : stats
        source = mallocStats == nil
            ? "resident set size from /proc/self/statm"
            : "malloc_stats() in-use total = mallinfo2 uordblks + hblkhd"
        if mallocStats != nil, bytes() == nil { die("cannot read the output of malloc_stats()") }
    }

    /// Bytes in use now; nil if the reading failed.
    func bytes() -> Int? {
        guard let mallocStats, let file else { return residentBytes() }
        let fd = fileno(file)
        fflush(nil)
        let saved = dup(2)
        guard saved >= 0, ftruncate(fd, 0) == 0, lseek(fd, 0, SEEK_SET) == 0, dup2(fd, 2) == 2 else { return nil }
        mallocStats()
        fflush(nil)
        dup2(saved, 2)
        close(saved)
        let count = pread(fd, &buffer, buffer.count, 0)
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[0..<count], as: UTF8.self)
        guard let total = text.range(of: "Total (incl. mmap):") else { return nil }
        for line in text[total.upperBound...].split(separator: "\n") where line.hasPrefix("in use bytes") {
            return line.split(separator: "=").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        }
        return nil
    }

    private func residentBytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}

func die(_ message: String) -> Never {
    FileHandle.standardError.write(Data("model-benchmark: \(message)\n".utf8))
    exit(1)
}

func check(_ condition: Bool, _ message: String) {
    if !condition { die("sanity check failed: \(message)") }
}

// MARK: - Trees

let pitch: CGFloat = 10, side: CGFloat = 8

/// The frame of layer `index` in a square grid: distinct, non-overlapping squares.
func gridFrame(_ index: Int, columns: Int) -> CGRect {
    CGRect(x: CGFloat(index % columns) * pitch, y: CGFloat(index / columns) * pitch, width: side, height: side)
}

func columns(for count: Int) -> Int { max(1, Int(Double(count).squareRoot().rounded(.up))) }

/// A displayed flat tree: a root with a context and `count` plain sublayers at distinct
/// grid positions, committed (so presentation copies exist).
@MainActor
func makeFlatTree(_ count: Int) -> (root: CALayer, context: CARenderContext, layers: [CALayer]) {
    let columns = columns(for: count)
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: CGFloat(columns) * pitch, height: CGFloat(columns) * pitch)
    let context = CARenderContext(rootLayer: root)
    var layers: [CALayer] = []
    layers.reserveCapacity(count)
    CATransaction.setDisableActions(true)
    for index in 0..<count {
        let layer = CALayer()
        layer.frame = gridFrame(index, columns: columns)
        root.addSublayer(layer)
        layers.append(layer)
    }
    CATransaction.flush()
    return (root, context, layers)
}

// MARK: - Run

MainActor.assumeIsolated {
    #if DEBUG
    print("WARNING: debug build, not optimised: these figures mean nothing. Build with -c release.")
    #else
    print("build: release (optimised)")
    #endif
    print("layers: \(layerCount) flat (figures 1-3, 5), \(animatedLayerCount) animated (figure 4); manual media clock")
    if layerCount != 10_000 || animatedLayerCount != 1_000 {
        print("note: the goals are for 10000 and 1000 layers")
    }

    let clock = CAManualMediaClock(start: 1000)
    CAMediaClock.use(clock)
    var sink = 0

    // 5 first, on the least used heap. The delta of malloc'd bytes across building N
    // committed, presented and snapshotted layers (the tree's root and context included),
    // per layer; the tree is released before the next run. The warm-up run pays for
    // one-time caches. Across runs a few kilobytes stay allocated or are freed late, which
    // is noise at N = 10,000 but dominates with a handful of layers.
    let heap = HeapCounter()
    let memory = sample(warmUp: 1, minRuns: 3, maxRuns: 5, budget: 3) { _ in
        guard let before = heap.bytes() else { die("cannot read the heap size") }
        let (root, context, layers) = makeFlatTree(layerCount)
        let presentation = root.presentation()
        let snapshot = context.makeRenderTree(at: clock.now())
        guard let after = heap.bytes() else { die("cannot read the heap size") }
        check(presentation?.sublayers?.count == layerCount && snapshot.sublayers.count == layerCount,
              "the memory tree is not presented and snapshotted whole")
        withExtendedLifetime((root, context, layers, presentation, snapshot)) {}
        return UInt64(max(0, after - before))
    }

    // 1 and 2: commit + snapshot in a displayed flat tree, actions disabled.
    let (root, context, layers) = makeFlatTree(layerCount)
    let columns = columns(for: layerCount)
    let allChanged = sample(warmUp: 3, minRuns: 5, maxRuns: 30, budget: 4) { run in
        let offset: CGFloat = run % 2 == 0 ? 1 : 0
        let start = nanoseconds()
        CATransaction.setDisableActions(true)
        for (index, layer) in layers.enumerated() {
            let frame = gridFrame(index, columns: columns)
            layer.position = CGPoint(x: frame.midX + offset, y: frame.midY)
        }
        CATransaction.flush()
        let tree = context.makeRenderTree(at: clock.now())
        let elapsed = nanoseconds() - start
        let last = layerCount - 1
        check(tree.sublayers[last].position.x == gridFrame(last, columns: columns).midX + offset,
              "the snapshot does not show the committed positions")
        sink &+= tree.sublayers.count
        return elapsed
    }
    var generator = SplitMix64(state: 0x5EED)
    let oneChanged = sample(warmUp: 10, minRuns: 15, maxRuns: 500, budget: 3) { run in
        let index = Int(generator.next() % UInt64(layerCount))
        let frame = gridFrame(index, columns: columns)
        let x = frame.midX + (run % 2 == 0 ? 1 : 0)
        let start = nanoseconds()
        CATransaction.setDisableActions(true)
        layers[index].position = CGPoint(x: x, y: frame.midY)
        CATransaction.flush()
        let tree = context.makeRenderTree(at: clock.now())
        let elapsed = nanoseconds() - start
        check(tree.sublayers[index].position.x == x, "the snapshot does not show the changed position")
        sink &+= tree.sublayers.count
        return elapsed
    }
    withExtendedLifetime((root, context)) {}

    // 3: hit tests on the presentation tree at random points over the grid (some fall in
    // the gaps between layers and hit the root), each call timed. A call's cost depends on
    // the point (the front-most, last, sublayers are tested first), so every run uses the
    // same points: the same 20 warm-up and 200 timed ones, and more while within budget.
    let hitTree = makeFlatTree(layerCount)
    let extent = Double(columns) * Double(pitch)
    let probe = 5 * layerCount / 7 // a layer's centre must hit that layer
    let probeFrame = gridFrame(probe, columns: columns)
    check(hitTree.root.presentation()?.hitTest(CGPoint(x: probeFrame.midX, y: probeFrame.midY))?.model() === hitTree.layers[probe],
          "hit-testing a layer's centre does not return that layer")
    var points = SplitMix64(state: 0xC0FFEE)
    var hits = 0, calls = 0
    let hitTest = sample(warmUp: 20, minRuns: 200, maxRuns: 5000, budget: 1) { _ in
        let point = CGPoint(x: points.unit() * extent, y: points.unit() * extent)
        let start = nanoseconds()
        let hit = hitTree.root.presentation()!.hitTest(point)
        let elapsed = nanoseconds() - start
        calls += 1
        if let hit, hit.model() !== hitTree.root { hits += 1 }
        return elapsed
    }
    withExtendedLifetime(hitTree) {}

    // 4: frames of a tree whose layers each run one endless position animation.
    let animated = makeFlatTree(animatedLayerCount)
    for layer in animated.layers {
        let move = CABasicAnimation(keyPath: "position")
        move.fromValue = layer.position
        move.toValue = CGPoint(x: layer.position.x + 40, y: layer.position.y + 20)
        move.duration = 10
        move.autoreverses = true
        move.repeatCount = .infinity
        layer.add(move, forKey: "move")
    }
    CATransaction.flush()
    var moved = 0
    let frame = sample(warmUp: 30, minRuns: 60, maxRuns: 600, budget: 3) { run in
        let time = 1000 + Double(run + 1) / 60
        clock.set(time)
        let start = nanoseconds()
        animated.context.advanceAnimations(to: time)
        let presentation = animated.root.presentation()
        let tree = animated.context.makeRenderTree(at: time)
        let elapsed = nanoseconds() - start
        if tree.sublayers[0].position != animated.layers[0].position { moved += 1 }
        sink &+= (presentation?.sublayers?.count ?? 0) &+ tree.sublayers.count
        return elapsed
    }
    check(moved > 0, "the animations do not move the snapshot")
    withExtendedLifetime(animated) {}

    report("1. commit + snapshot, \(layerCount) of \(layerCount) layers changed", allChanged,
           scale: 1e6, unit: "ms", goal: "5")
    report("2. commit + snapshot, 1 of \(layerCount) layers changed", oneChanged,
           scale: 1e6, unit: "ms", goal: "0.05")
    report("3. presentation hitTest, \(layerCount) flat layers, random points", hitTest,
           scale: 1e3, unit: "µs", goal: "20",
           note: "\(100 * hits / max(1, calls))% hit a sublayer")
    report("4. advance + evaluate + snapshot, \(animatedLayerCount) animated layers", frame,
           scale: 1e6, unit: "ms/frame", goal: "1.5", note: "60 Hz frame times")
    report("5. memory per plain layer (model + presentation + snapshot)", memory,
           scale: Double(1024 * layerCount), unit: "KiB", goal: "2",
           note: "\(heap.source), over \(layerCount) layers")
    if sink == 42 { print("") }
}
