import Foundation

/// The animations of one animated layer, when each is a plain basic animation of a geometry
/// or opacity value (any of Apple's from/to/by forms), reduced to typed writes: the key paths are parsed and the
/// committed values unboxed once per update, so a frame mixes numbers and stores them
/// without strings, boxing or a transform decomposition per write.
///
/// A frame's values equal what the general key-value path writes (the committed value, then
/// each animation's value over it, in order); layers whose animations are anything else
/// (keyframes, groups, additive or cumulative values, value functions, colours, shapes, two
/// animations of one transform, ends of different types) have no plan and take the general
/// path.
struct CARenderAnimationPlan: Sendable {
    /// The layer values the plan writes, one per animated property.
    private var properties: [Property]

    /// The plan for `evaluators` over the committed `baseValues`; nil when one of them is not
    /// a plain basic animation of a value the plan knows.
    init?<Evaluators: Sequence<CAAnimationEvaluator>>(
        baseValues: [(keyPath: String, value: CARenderAnimationValue)], evaluators: Evaluators
    ) {
        var properties: [Property] = []
        for base in baseValues {
            guard let key = CALayerProperty.named(base.keyPath), let register = Register(key, base.value.raw) else { return nil }
            properties.append(Property(key: key, base: register, steps: []))
        }
        for evaluator in evaluators {
            guard case .basic(let from, let to, let by) = evaluator.kind, from.isPresent || to.isPresent || by.isPresent,
                !evaluator.property.isAdditive, !evaluator.property.isCumulative, evaluator.property.valueFunction == nil
            else { return nil }
            let (keyName, rest) = CARenderLayer.splitKeyPath(evaluator.property.keyPath)
            guard let key = CALayerProperty.named(keyName), let slot = properties.firstIndex(where: { $0.key == key }),
                let step = Step(
                    evaluator, key: key, subPath: rest, of: properties[slot].base, from: from.animatable, to: to.animatable,
                    by: by.animatable)
            else { return nil }
            // Each write to a transform's component decomposes what the last one composed;
            // one animation per transform keeps the plan's values exactly the general path's.
            if case .transform = properties[slot].base, !properties[slot].steps.isEmpty { return nil }
            properties[slot].steps.append(step)
        }
        self.properties = properties
    }

    /// Writes the committed values with the animations applied at the layer's local time `local`.
    func apply(on node: inout CARenderLayer, atLocalTime local: CFTimeInterval) {
        // Properties and steps are read in place, through their buffers: a copy of each (a
        // transform and its components, timing, a timing function retained) for every
        // animated layer shows in a frame of a thousand.
        properties.withUnsafeBufferPointer { properties in
            for p in properties.indices {
                var register = properties[p].base
                var changed = false
                properties[p].steps.withUnsafeBufferPointer { steps in
                    for s in steps.indices {
                        guard case .active(let progress, _) = steps[s].timing.state(atParentTime: local, endInclusive: false)
                        else { continue }
                        let fraction = CAAnimationEvaluator.eased(
                            progress, duration: steps[s].timing.duration, timingFunction: steps[s].timingFunction,
                            spring: steps[s].spring)
                        steps[s].write(fraction: fraction, into: &register)
                        changed = true
                    }
                }
                register.store(properties[p].key, changed: changed, in: &node)
            }
        }
    }

    /// One animated property: its committed value, and the animations writing it, in order.
    private struct Property: Sendable {
        var key: Key
        var base: Register
        var steps: [Step]
    }

    /// The layer properties a plan writes: those whose ``CARenderLayer/plannedKind(of:)``
    /// (generated from the property table) is not nil.
    fileprivate typealias Key = CALayerProperty

    /// A property's value while a frame computes it.
    fileprivate enum Register: Sendable {
        case number(CGFloat)
        case point(CGPoint)
        case size(CGSize)
        case rect(CGRect)
        /// A transform, and its components for the animation that changes one of them.
        case transform(CATransform3D, CATransformComponents)

        /// The committed `value` of `key` unboxed; nil for a value of another type, or a
        /// key plans do not write.
        init?(_ key: Key, _ value: Any) {
            switch CARenderLayer.plannedKind(of: key) {
            case .point:
                guard let point = value as? CGPoint else { return nil }
                self = .point(point)
            case .rect:
                guard let rect = value as? CGRect else { return nil }
                self = .rect(rect)
            case .size:
                guard let size = value as? CGSize else { return nil }
                self = .size(size)
            case .transform:
                guard let transform = value as? CATransform3D else { return nil }
                self = .transform(transform, CATransformComponents(decomposing: transform))
            case .number, .float:
                guard let number = CAValueCoercion.coerce(value, to: CGFloat.self) else { return nil }
                self = .number(number)
            case nil:
                return nil
            }
        }

        /// Stores the value in `node`; a transform none of whose components `changed` is
        /// stored as committed (not recomposed).
        func store(_ key: Key, changed: Bool, in node: inout CARenderLayer) {
            switch self {
            case .number(let number): node.storePlanned(key, number: number)
            case .point(let point): node.storePlanned(key, point: point)
            case .size(let size): node.storePlanned(key, size: size)
            case .rect(let rect): node.storePlanned(key, rect: rect)
            case .transform(let transform, let components):
                node.storePlanned(key, transform: changed ? components.transform : transform)
            }
        }
    }

    /// The part of a property one animation writes.
    fileprivate enum Component: Sendable {
        case whole
        case x, y, width, height
        case origin, size, originX, originY, sizeWidth, sizeHeight
        case scale, scaleX, scaleY, scaleZ, rotationX, rotationY, rotationZ, translationX, translationY, translationZ

        /// The part `subPath` names of a value like `base`, written with values of `kind`
        /// (`count` components); nil when the key path or the values' type do not fit.
        init?(_ subPath: String, of base: Register, kind: AnimationValue.Kind, count: Int) {
            let number = count == 1 && [.double, .float, .cgFloat, .int].contains(kind)
            switch (base, subPath) {
            case (.number, ""): guard number else { return nil }; self = .whole
            case (.point, ""): guard kind == .point else { return nil }; self = .whole
            case (.size, ""): guard kind == .size else { return nil }; self = .whole
            case (.rect, ""): guard kind == .rect else { return nil }; self = .whole
            case (.point, "x"), (.size, "width"), (.rect, "origin.x"), (.rect, "size.width"),
                (.point, "y"), (.size, "height"), (.rect, "origin.y"), (.rect, "size.height"):
                guard number else { return nil }
                switch subPath {
                case "x": self = .x
                case "y": self = .y
                case "width": self = .width
                case "height": self = .height
                case "origin.x": self = .originX
                case "origin.y": self = .originY
                case "size.width": self = .sizeWidth
                default: self = .sizeHeight
                }
            case (.rect, "origin"): guard kind == .point else { return nil }; self = .origin
            case (.rect, "size"): guard kind == .size else { return nil }; self = .size
            case (.transform, _):
                guard number else { return nil }
                switch subPath {
                case "scale": self = .scale
                case "scale.x": self = .scaleX
                case "scale.y": self = .scaleY
                case "scale.z": self = .scaleZ
                case "rotation.x": self = .rotationX
                case "rotation.y": self = .rotationY
                case "rotation.z", "rotation": self = .rotationZ
                case "translation.x": self = .translationX
                case "translation.y": self = .translationY
                case "translation.z": self = .translationZ
                default: return nil
                }
            default:
                return nil
            }
        }
    }

    /// One animation's write: its timing, the component, and its ends by Apple's rules: from
    /// and to (a by value beside both is ignored); from and from + by; to − by and to; the
    /// value there before (the committed value, or what an earlier animation wrote) and
    /// from, to, or itself + by, for the end not given.
    private struct Step: Sendable {
        var timing: CAMediaTimingParameters
        var timingFunction: CAMediaTimingFunction?
        var spring: CASpringSolution?
        var component: Component
        var start: SIMD4<Double>?
        var end: SIMD4<Double>?
        /// With neither end given: what the animation adds to the value there before.
        var by: SIMD4<Double>?
        /// Whether the mixed value is rounded to `Float`: the general path boxes it as its
        /// start's type, which is the given start's (to's for to − by), or the property's
        /// for a start not given.
        var roundsToFloat: Bool

        init?(
            _ evaluator: CAAnimationEvaluator, key: Key, subPath: String, of base: Register, from: AnimationValue?,
            to: AnimationValue?, by: AnimationValue?
        ) {
            // A by value beside both ends is ignored.
            let by = from != nil && to != nil ? nil : by
            let given = [from, to, by].compactMap { $0 }
            guard let first = given.first,
                let component = Component(subPath, of: base, kind: first.kind, count: first.components.count),
                given.allSatisfy({ $0.kind == first.kind && $0.components.count == first.components.count })
            else { return nil }
            func lanes(_ value: AnimationValue?) -> SIMD4<Double>? {
                guard let c = value?.components else { return nil }
                return SIMD4(c.count > 0 ? c[0] : 0, c.count > 1 ? c[1] : 0, c.count > 2 ? c[2] : 0, c.count > 3 ? c[3] : 0)
            }
            timing = evaluator.timing
            timingFunction = evaluator.timingFunction
            spring = evaluator.spring
            self.component = component
            switch (lanes(from), lanes(to), lanes(by)) {
            case (let f?, nil, let b?): (start, end, self.by) = (f, f + b, nil)
            case (nil, let t?, let b?): (start, end, self.by) = (t - b, t, nil)
            case (let f, let t, let b): (start, end, self.by) = (f, t, b)
            }
            let startKind = from?.kind ?? (by != nil ? to?.kind : nil)
            roundsToFloat = startKind.map { $0 == .float } ?? (CARenderLayer.plannedKind(of: key) == .float)
        }

        func write(fraction: Double, into register: inout Register) {
            let before = start == nil || end == nil ? register.lanes(component) : .zero
            let s = start ?? before, e = end ?? (before + (by ?? .zero))
            var value = s + (e - s) * fraction
            if roundsToFloat { value[0] = Double(Float(value[0])) }
            register.set(component, value)
        }
    }
}

extension CARenderAnimationPlan.Register {
    /// The part `component` of the value, as components.
    fileprivate func lanes(_ component: CARenderAnimationPlan.Component) -> SIMD4<Double> {
        func one(_ value: CGFloat) -> SIMD4<Double> { SIMD4(Double(value), 0, 0, 0) }
        func two(_ a: CGFloat, _ b: CGFloat) -> SIMD4<Double> { SIMD4(Double(a), Double(b), 0, 0) }
        switch self {
        case .number(let n): return one(n)
        case .point(let p):
            switch component {
            case .x: return one(p.x)
            case .y: return one(p.y)
            default: return two(p.x, p.y)
            }
        case .size(let s):
            switch component {
            case .width: return one(s.width)
            case .height: return one(s.height)
            default: return two(s.width, s.height)
            }
        case .rect(let r):
            switch component {
            case .origin: return two(r.origin.x, r.origin.y)
            case .size: return two(r.size.width, r.size.height)
            case .originX: return one(r.origin.x)
            case .originY: return one(r.origin.y)
            case .sizeWidth: return one(r.size.width)
            case .sizeHeight: return one(r.size.height)
            default: return SIMD4(Double(r.origin.x), Double(r.origin.y), Double(r.size.width), Double(r.size.height))
            }
        case .transform(_, let c):
            switch component {
            case .scale: return one((c.scale.x + c.scale.y + c.scale.z) / 3)
            case .scaleX: return one(c.scale.x)
            case .scaleY: return one(c.scale.y)
            case .scaleZ: return one(c.scale.z)
            case .rotationX: return one(c.rotation.x)
            case .rotationY: return one(c.rotation.y)
            case .rotationZ: return one(c.rotation.z)
            case .translationX: return one(c.translation.x)
            case .translationY: return one(c.translation.y)
            default: return one(c.translation.z)
            }
        }
    }

    /// Sets the part `component` of the value from components.
    fileprivate mutating func set(_ component: CARenderAnimationPlan.Component, _ v: SIMD4<Double>) {
        let n = CGFloat(v[0])
        switch self {
        case .number:
            self = .number(n)
        case .point(var p):
            switch component {
            case .x: p.x = n
            case .y: p.y = n
            default: p = CGPoint(x: v[0], y: v[1])
            }
            self = .point(p)
        case .size(var s):
            switch component {
            case .width: s.width = n
            case .height: s.height = n
            default: s = CGSize(width: v[0], height: v[1])
            }
            self = .size(s)
        case .rect(var r):
            switch component {
            case .origin: r.origin = CGPoint(x: v[0], y: v[1])
            case .size: r.size = CGSize(width: v[0], height: v[1])
            case .originX: r.origin.x = n
            case .originY: r.origin.y = n
            case .sizeWidth: r.size.width = n
            case .sizeHeight: r.size.height = n
            default: r = CGRect(x: v[0], y: v[1], width: v[2], height: v[3])
            }
            self = .rect(r)
        case .transform(let transform, var c):
            switch component {
            case .scale: c.scale = (n, n, n)
            case .scaleX: c.scale.x = n
            case .scaleY: c.scale.y = n
            case .scaleZ: c.scale.z = n
            case .rotationX: c.rotation.x = n
            case .rotationY: c.rotation.y = n
            case .rotationZ: c.rotation.z = n
            case .translationX: c.translation.x = n
            case .translationY: c.translation.y = n
            default: c.translation.z = n
            }
            self = .transform(transform, c)
        }
    }
}

/// How an animation plan holds a property's value while a frame computes it (the property
/// table says which properties take which).
enum PlannedValueKind: Sendable {
    /// A `CGFloat` (or `Double`).
    case number
    /// A `Float`: mixed as a number, rounded to `Float` as the general path boxes it.
    case float
    case point, size, rect, transform
}
