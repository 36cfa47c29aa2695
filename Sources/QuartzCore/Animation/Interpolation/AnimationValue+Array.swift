import CoreGraphics
import Foundation

/// Array values (`CAGradientLayer`'s `colors` and `locations`, or any array given to an
/// animation): an array of numbers, points, sizes, rectangles or colours interpolates
/// element by element with an array of the same length and element kinds (numbers of any
/// type count as one kind). Arrays of other lengths or kinds are not compatible: they
/// change half-way, as other values that cannot be blended do. Numbers come back as
/// `NSNumber`s, the type of Apple's number arrays.
extension AnimationValue {
    /// Unboxes an array whose elements are all small linear values; nil otherwise.
    init?(array: [Any]) {
        var kinds: [Kind] = []
        var components: [Double] = []
        kinds.reserveCapacity(array.count)
        for element in array {
            // An NSNumber of 0 or 1 would unbox as a Bool (which changes discretely).
            if let number = element as? NSNumber, Swift.type(of: element) is NSNumber.Type {
                kinds.append(.double)
                components.append(number.doubleValue)
                continue
            }
            guard let value = AnimationValue(element), Self.isSmallLinear(value.kind) else { return nil }
            kinds.append(Self.isNumber(value.kind) ? .double : value.kind)
            components.append(contentsOf: value.components)
        }
        self.init(kind: .array(kinds), components: components)
    }

    /// The array of `kinds`, taking their components in order from `components`.
    static func makeArray(kinds: [Kind], components: [Double]) -> [Any] {
        var result: [Any] = []
        result.reserveCapacity(kinds.count)
        var next = 0
        for kind in kinds {
            let count = componentCount(of: kind)
            guard next + count <= components.count else { break }
            func at(_ index: Int) -> Double { index < count ? components[next + index] : 0 }
            if isNumber(kind) {
                result.append(NSNumber(value: components[next]))
            } else {
                result.append(box(kind, at(0), at(1), at(2), at(3)))
            }
            next += count
        }
        return result
    }

    private static func isNumber(_ kind: Kind) -> Bool {
        switch kind {
        case .double, .float, .cgFloat, .int: true
        default: false
        }
    }

    private static func componentCount(of kind: Kind) -> Int {
        switch kind {
        case .point, .size: 2
        case .rect, .color: 4
        default: 1
        }
    }
}

extension AnimationValue.Kind {
    /// Whether the kind is an array (of any elements).
    var isArray: Bool {
        if case .array = self { return true }
        return false
    }
}
