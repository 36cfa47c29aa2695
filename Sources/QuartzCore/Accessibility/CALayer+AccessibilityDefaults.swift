import Foundation
import Synchronization

// What a layer tells assistive technologies when the app did not say: the defaults behind
// the accessibility properties declared in CALayer.swift, and the storage they read.
extension CALayer {
    /// The layer's accessibility storage, made on first use.
    final var accessibility: CALayerAccessibility {
        if let accessibilityStorage { return accessibilityStorage }
        let made = CALayerAccessibility()
        accessibilityStorage = made
        return made
    }

    /// Changes an accessibility value and, when it changed, records the layer in the current
    /// transaction, so the commit that carries it publishes it to assistive technologies.
    final func setAccessibility<Value: Equatable>(
        _ keyPath: ReferenceWritableKeyPath<CALayerAccessibility, Value>, _ newValue: Value
    ) {
        let storage = accessibility
        guard storage[keyPath: keyPath] != newValue else { return }
        storage[keyPath: keyPath] = newValue
        didChange()
    }

    /// The text a `CATextLayer` shows (its `string`, plain or attributed), or nil. Lamina's
    /// own class without a ``style`` reads its stored string, as its snapshot for the
    /// renderer does (one look-up, where the getter goes through the managed property's key
    /// path and type coercion); an app's subclass, which may override `string`, or a layer
    /// with a style asks the getter.
    final var displayedAccessibilityText: String? {
        guard let text = self as? CATextLayer else { return nil }
        let shown: Any? = snapshotReadsStorage ? storage.extras["string"] : text.string
        switch shown {
        case let string as String: return string
        case let attributed as NSAttributedString: return attributed.string
        default: return nil
        }
    }

    /// Whether the layer is an element by default: a `CATextLayer` that shows some text.
    final var defaultIsAccessibilityElement: Bool {
        guard let text = displayedAccessibilityText else { return false }
        return !text.isEmpty
    }

    /// The default traits: ``UIAccessibilityTraits/staticText`` for a `CATextLayer`, else none.
    final var defaultAccessibilityTraits: UIAccessibilityTraits {
        self is CATextLayer ? .staticText : .none
    }

    /// The default frame: the layer's bounds as drawn (its presentation copy once committed,
    /// else the model) in the space its tree's root is positioned in — for a window's
    /// layers, the window's surface. Inside a walk (``accessibilityFrame(in:)``) the walk's
    /// space is used; otherwise one walk up to the root.
    final var defaultAccessibilityFrame: CGRect {
        (accessibilityWalkSpace ?? CALayerDrawnSpace(self)).frame
    }

    /// Lamina: the number the accessibility bridge names this layer by on the bus, given the
    /// first time it is asked for (main thread only); never reused in the process.
    package var accessibilityNodeID: UInt64 {
        let storage = accessibility
        if storage.nodeID == 0 {
            storage.nodeID = CALayer.accessibilityNodeCounter.wrappingAdd(1, ordering: .relaxed).newValue
        }
        return storage.nodeID
    }

    /// The last node number given.
    private static let accessibilityNodeCounter = Atomic<UInt64>(0)

    /// Lamina: the layer's accessibility elements as the app listed them: the layers in
    /// ``accessibilityElements`` (other objects are not layers Lamina can describe).
    package var accessibilityElementLayers: [CALayer]? {
        accessibilityElements.map { $0.compactMap { $0 as? CALayer } }
    }
}
