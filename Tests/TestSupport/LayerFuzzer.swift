import Foundation
import QuartzCore

/// Random layer-tree mutations for fuzzing: tree edits, property values of every kind (extremes
/// often: NaN, infinities, 1e300, denormals, negative sizes), possibly wrongly typed
/// `setValue(_:forKey:)` calls, and random animations with hostile timing. Deterministic for a
/// seed, so a failure replays exactly.
@MainActor
public final class LayerFuzzer {
    /// The generator every choice is drawn from.
    public var rng: SplitMix64
    /// The layers mutations pick from; new layers are appended.
    public var layers: [CALayer]
    /// How many layers ``layers`` holds at most: at the limit, adding a new layer first retires
    /// a random one other than the root (out of its tree, unmasked, no longer picked), so a
    /// run of millions of steps keeps the cost of a step flat instead of growing with the tree.
    public var maxLayers = 64
    /// The media time animations may begin at.
    public var now: () -> Double

    /// A fuzzer over `layers` (the tree's root first), drawing from `seed`.
    public init(seed: UInt64, layers: [CALayer], now: @escaping () -> Double) {
        rng = SplitMix64(seed: seed)
        self.layers = layers
        self.now = now
    }

    /// Uniform in `0..<n` (0 when `n` is not positive).
    public func int(_ n: Int) -> Int { Int(rng.next() % UInt64(max(n, 1))) }
    /// True `percent` times in a hundred.
    public func chance(_ percent: Int) -> Bool { int(100) < percent }
    /// One of `items` (not empty).
    public func pick<T>(_ items: [T]) -> T { items[int(items.count)] }

    /// Ordinary values most of the time, extremes often.
    public func number() -> Double {
        switch int(14) {
        case 0: return .nan
        case 1: return .infinity
        case 2: return -.infinity
        case 3: return 1e300
        case 4: return -1e300
        case 5: return .greatestFiniteMagnitude
        case 6: return 1e-300
        case 7: return Double.leastNonzeroMagnitude * Double(int(1000) + 1)
        case 8: return -Double(int(100))
        case 9: return 0
        default: return Double(int(4001)) / 100 - 10
        }
    }

    /// A point, a size, a rectangle, a colour and a transform of such numbers.
    public func point() -> CGPoint { CGPoint(x: number(), y: number()) }
    public func size() -> CGSize { CGSize(width: number(), height: number()) }
    public func rect() -> CGRect { CGRect(origin: point(), size: size()) }
    public func color() -> CGColor {
        CGColor(red: CGFloat(int(3)) / 2, green: CGFloat(number()), blue: 0.5, alpha: chance(80) ? 1 : CGFloat(number()))
    }
    public func transform() -> CATransform3D {
        var t = pick([
            CATransform3DIdentity, CATransform3DMakeRotation(CGFloat(number()), 0, 1, 0),
            CATransform3DMakeScale(CGFloat(number()), CGFloat(number()), 1),
            CATransform3DMakeTranslation(CGFloat(number()), CGFloat(number()), CGFloat(number())),
        ])
        if chance(40) { t.m34 = pick([-1 / 500, 1e300, -1e300, CGFloat(number())]) }
        return t
    }

    /// A value of a random, possibly wrong, type for `setValue(_:forKey:)`.
    public func anyValue() -> Any? {
        switch int(11) {
        case 0: return nil
        case 1: return number()
        case 2: return NSNumber(value: number())
        case 3: return "not a number"
        case 4: return point()
        case 5: return rect()
        case 6: return color()
        case 7: return transform()
        case 8: return [number(), number()]
        case 9: return CALayer()
        default: return Float(number())
        }
    }

    // MARK: - Mutations

    /// Adds, inserts, removes, replaces or masks a layer with another (possibly its ancestor),
    /// or adds a new one.
    public func mutateTree() {
        let a = pick(layers), b = pick(layers)
        switch int(8) {
        case 0: a.addSublayer(b)
        case 1: a.insertSublayer(b, at: UInt32(int(5)))
        case 2: a.insertSublayer(b, below: a.sublayers?.first)
        case 3: a.insertSublayer(b, above: pick(layers))
        case 4: b.removeFromSuperlayer()
        case 5:
            if let old = a.sublayers?.first { a.replaceSublayer(old, with: b) }
        case 6: a.mask = chance(80) ? b : nil  // b may already have a superlayer, or be an ancestor
        default:
            if layers.count >= maxLayers { retireLayer() }
            let fresh = CALayer()
            fresh.frame = CGRect(x: int(20), y: int(20), width: int(20), height: int(20))
            fresh.backgroundColor = color()
            a.addSublayer(fresh)
            layers.append(fresh)
        }
    }

    /// Takes a random layer other than the root out of its tree and out of ``layers``; its
    /// sublayers stay in the pool (and in its subtree until a mutation moves them).
    private func retireLayer() {
        guard layers.count > 1 else { return }
        let victim = layers.remove(at: 1 + int(layers.count - 1))
        for owner in layers where owner.mask === victim { owner.mask = nil }
        victim.removeFromSuperlayer()
    }

    /// Sets one property of a layer, or a key path through `setValue(_:forKey:)`.
    public func mutateProperty() {
        let l = pick(layers)
        switch int(28) {
        case 0: l.position = point()
        case 1: l.bounds = rect()
        case 2: l.frame = rect()
        case 3: l.anchorPoint = point()
        case 4: l.zPosition = CGFloat(number())
        case 5: l.transform = transform()
        case 6: l.sublayerTransform = transform()
        case 7: l.opacity = Float(number())
        case 8: l.cornerRadius = CGFloat(number())
        case 9: l.borderWidth = CGFloat(number())
        case 10: l.shadowRadius = CGFloat(number())
        case 11: l.shadowOpacity = Float(number())
        case 12: l.shadowOffset = size()
        case 13: l.contentsRect = rect()
        case 14: l.contentsCenter = rect()
        case 15: l.contentsScale = CGFloat(number())
        case 16: l.masksToBounds.toggle()
        case 17: l.isHidden = chance(20)
        case 18: l.speed = Float(number())
        case 19: l.timeOffset = number()
        case 20: l.beginTime = number()
        case 21: l.duration = number()
        case 22: l.repeatCount = Float(number())
        case 23: l.autoreverses.toggle()
        case 24: l.backgroundColor = chance(90) ? color() : nil
        case 25: l.borderColor = color()
        case 26: l.shadowColor = color()
        default:
            let key = pick([
                "position", "bounds", "opacity", "transform", "transform.rotation.z", "position.x", "bounds.size",
                "cornerRadius", "shadowRadius", "speed", "duration", "repeatCount", "contentsRect", "zPosition",
                "sublayers", "mask", "backgroundColor", "anchorPoint", "maskedCorners", "unknownKey",
            ])
            l.setValue(anyValue(), forKey: key)
        }
    }

    /// Gives an animation random, often hostile, timing.
    public func timing(_ animation: CAAnimation) {
        animation.duration = pick([0, 0.25, 1, 1e-300, Double.leastNonzeroMagnitude * 2000, 1e300, number()])
        animation.repeatCount = Float(pick([0, 1, 2.5, 1e300, .infinity, number()]))
        animation.repeatDuration = chance(20) ? number() : 0
        animation.beginTime = pick([0, now(), -1e308, 1e308, number()])
        animation.timeOffset = chance(30) ? pick([1e308, -1e308, number()]) : 0
        animation.speed = Float(pick([1, 0, -1, 1e308, 1e-300, number()]))
        animation.autoreverses = chance(30)
        animation.fillMode = pick([.removed, .forwards, .backwards, .both])
        if chance(30) {
            animation.timingFunction = CAMediaTimingFunction(
                controlPoints: Float(number()), Float(number()), Float(number()), Float(number()))
        }
    }

    /// A basic, keyframe, spring, transition or group animation of a random key path.
    public func randomAnimation(depth: Int = 0) -> CAAnimation {
        let keyPath = pick(["position", "opacity", "bounds", "transform", "transform.rotation.z", "cornerRadius", "position.x", "backgroundColor", "bogus"])
        let animation: CAAnimation
        switch int(depth < 2 ? 5 : 4) {
        case 0:
            let basic = CABasicAnimation(keyPath: keyPath)
            basic.fromValue = chance(70) ? anyValue() : nil
            basic.toValue = chance(70) ? anyValue() : nil
            basic.byValue = chance(30) ? anyValue() : nil
            basic.isAdditive = chance(20)
            basic.isCumulative = chance(20)
            animation = basic
        case 1:
            let keyframes = CAKeyframeAnimation(keyPath: keyPath)
            keyframes.values = (0..<int(5)).map { _ in anyValue() as Any }
            if chance(60) { keyframes.keyTimes = (0..<int(6)).map { _ in NSNumber(value: chance(50) ? number() : Double(int(11)) / 10) } }
            if chance(30) { keyframes.timingFunctions = (0..<int(4)).map { _ in CAMediaTimingFunction(name: .easeIn) } }
            keyframes.calculationMode = pick([.linear, .discrete, .paced, .cubic, .cubicPaced])
            if chance(20) {
                let path = CGMutablePath()
                path.move(to: point())
                path.addLine(to: point())
                path.addCurve(to: point(), control1: point(), control2: point())
                keyframes.path = path
                keyframes.rotationMode = chance(50) ? .rotateAuto : nil
            }
            animation = keyframes
        case 2:
            let spring = CASpringAnimation(keyPath: keyPath)
            spring.fromValue = anyValue()
            spring.toValue = anyValue()
            spring.mass = CGFloat(pick([1, 1e-300, 1e300, number()]))
            spring.stiffness = CGFloat(pick([100, 1e300, 1e-300, number()]))
            spring.damping = CGFloat(pick([10, 0, 1e300, number()]))
            spring.initialVelocity = CGFloat(number())
            animation = spring
        case 3:
            let transition = CATransition()
            transition.type = pick([.fade, .moveIn, .push, .reveal])
            transition.subtype = pick([.fromLeft, .fromRight, .fromTop, .fromBottom])
            transition.startProgress = Float(number())
            transition.endProgress = Float(number())
            animation = transition
        default:
            let group = CAAnimationGroup()
            group.animations = (0..<int(4)).map { _ in randomAnimation(depth: depth + 1) }
            animation = group
        }
        timing(animation)
        return animation
    }
}
