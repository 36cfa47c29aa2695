import Foundation
import QuartzCore

/// Makes an ``AccessibilitySnapshot`` of the app's windows and popups on the main thread,
/// reading each layer through its (overridable) accessibility properties, and remembers
/// which layer each node stands for, so actions can reach them.
///
/// The tree follows Apple's rules: hidden layers and the sublayers of a layer with
/// `accessibilityElementsHidden` are skipped; an element (`isAccessibilityElement`) hides
/// its sublayers; `accessibilityElements` replaces a layer's sublayers and their order; a
/// layer with `shouldGroupAccessibilityChildren` becomes a panel holding the elements inside
/// it; other layers are transparent (their elements become their nearest accessible
/// ancestor's children); while a layer with `accessibilityViewIsModal` is shown, its
/// siblings are skipped.
@MainActor
struct AccessibilitySnapshotBuilder {
    private(set) var snapshot: AccessibilitySnapshot
    /// The layer behind each top level, element and group, in the order visited (looked up
    /// only when an assistive technology acts, so not hashed on every snapshot).
    private(set) var layers: [(id: UInt64, layer: CALayer)] = []
    /// Layers visited so far (an `accessibilityElements` list may name a layer twice, or an
    /// ancestor).
    private var visited: Set<ObjectIdentifier> = []

    /// A builder for a snapshot of about `expectedCount` nodes (the last snapshot's count:
    /// its tables are sized once instead of growing node by node).
    init(applicationName: String, expectedCount: Int = 0) {
        snapshot = AccessibilitySnapshot(applicationName: applicationName)
        snapshot.nodes.reserveCapacity(expectedCount)
        layers.reserveCapacity(expectedCount)
        visited.reserveCapacity(expectedCount)
    }

    /// A top level in its own node: a window (a frame named by its title), a menu or a tooltip.
    /// `root` is the root of its surface's layer tree, whose coordinates are the surface's.
    /// `relations` are the top level's own (a popup's to what it was opened for).
    mutating func addTopLevel(
        root: CALayer, role: ATSPIRole, name: String, size: CGSize, states: ATSPIStateSet, focusedLayer: CALayer?,
        relations: [ATSPIRelation] = []
    ) {
        let id = root.accessibilityNodeID
        visited.insert(ObjectIdentifier(root))
        snapshot.topLevels.append(id)
        snapshot.nodes[id] = AccessibilitySnapshot.Node(
            id: id, parent: AccessibilitySnapshot.applicationID, role: role, name: name,
            states: states.union([.enabled, .sensitive, .showing, .visible]),
            frame: CGRect(origin: .zero, size: size), topLevel: id, relations: relations)
        layers.append((id, root))
        // Frames from the root down: each layer's drawn space from its parent's, with the
        // presentation tree evaluated once for the whole walk.
        let children = elements(
            in: root, space: CALayerDrawnSpace(root), parent: id, topLevel: id, focusedLayer: focusedLayer)
        snapshot.nodes[id]?.children = children
    }

    /// The node that stands for `layer` in the snapshot so far: the node of `layer` or of its
    /// nearest ancestor that has one, up to the top level whose root is `root`; nil when
    /// `layer` is nil or not in that tree.
    func nearestNode(of layer: CALayer?, under root: CALayer) -> UInt64? {
        var current = layer
        while let candidate = current {
            let id = candidate.accessibilityNodeID
            if snapshot.nodes[id] != nil { return id }
            if candidate === root { return nil }
            current = candidate.superlayer
        }
        return nil
    }

    /// The nodes for what `layer` contains (not `layer` itself).
    private mutating func elements(
        in layer: CALayer, space: CALayerDrawnSpace, parent: UInt64, topLevel: UInt64, focusedLayer: CALayer?
    ) -> [UInt64] {
        if layer.accessibilityElementsHidden { return [] }
        var candidates = layer.accessibilityElementLayers ?? layer.sublayers ?? []
        if let modal = candidates.last(where: { !$0.isHidden && $0.accessibilityViewIsModal }) {
            candidates = [modal]
        }
        var ids: [UInt64] = []
        for candidate in candidates {
            ids += visit(candidate, in: space, parent: parent, topLevel: topLevel, focusedLayer: focusedLayer)
        }
        return ids
    }

    /// The nodes `layer` stands for: itself as an element or a group, or the elements inside it.
    private mutating func visit(
        _ layer: CALayer, in parentSpace: CALayerDrawnSpace, parent: UInt64, topLevel: UInt64, focusedLayer: CALayer?
    ) -> [UInt64] {
        guard !layer.isHidden, visited.insert(ObjectIdentifier(layer)).inserted else { return [] }
        let space = parentSpace.sublayer(layer)
        if layer.isAccessibilityElement {
            let id = layer.accessibilityNodeID
            snapshot.nodes[id] = Self.element(
                layer, id: id, parent: parent, topLevel: topLevel, focusedLayer: focusedLayer,
                frame: layer.accessibilityFrame(in: space))
            layers.append((id, layer))
            return [id]
        }
        if layer.shouldGroupAccessibilityChildren {
            let id = layer.accessibilityNodeID
            let children = elements(in: layer, space: space, parent: id, topLevel: topLevel, focusedLayer: focusedLayer)
            snapshot.nodes[id] = AccessibilitySnapshot.Node(
                id: id, parent: parent, children: children, role: .panel, name: layer.accessibilityLabel ?? "",
                description: layer.accessibilityHint ?? "", identifier: layer.accessibilityIdentifier,
                language: layer.accessibilityLanguage, states: [.enabled, .sensitive, .showing, .visible],
                frame: Self.finite(layer.accessibilityFrame(in: space)), topLevel: topLevel)
            layers.append((id, layer))
            return [id]
        }
        return elements(in: layer, space: space, parent: parent, topLevel: topLevel, focusedLayer: focusedLayer)
    }

    /// An element's node: role and states from its traits, its frame (`frame`: its
    /// `accessibilityFrame`), its actions.
    static func element(
        _ layer: CALayer, id: UInt64, parent: UInt64, topLevel: UInt64, focusedLayer: CALayer?, frame: CGRect
    ) -> AccessibilitySnapshot.Node {
        let traits = layer.accessibilityTraits
        let role = ATSPIRole(traits: traits)
        var states: ATSPIStateSet = [.showing, .visible]
        if !traits.contains(.notEnabled) { states.formUnion([.enabled, .sensitive]) }
        let interactive: UIAccessibilityTraits = [.button, .link, .keyboardKey, .adjustable, .searchField, .toggleButton]
        if !traits.isDisjoint(with: interactive) { states.insert(.focusable) }
        if layer === focusedLayer { states.formUnion([.focusable, .focused]) }
        if traits.contains(.selected) { states.formUnion(traits.contains(.toggleButton) ? [.checked] : [.selectable, .selected]) }
        if layer.accessibilityViewIsModal { states.insert(.modal) }
        if traits.contains(.staticText) { states.insert(.readOnly) }
        let isAdjustable = traits.contains(.adjustable)
        // The label once: a text layer's default reads its string through a cast.
        let name = layer.accessibilityLabel ?? ""
        let text = layer is CATextLayer ? name : nil
        if let text, text.utf8.contains(UInt8(ascii: "\n")) { states.insert(.multiLine) }
        return AccessibilitySnapshot.Node(
            id: id, parent: parent, role: role, name: name,
            description: layer.accessibilityHint ?? "", value: layer.accessibilityValue, text: text,
            identifier: layer.accessibilityIdentifier, language: layer.accessibilityLanguage, states: states,
            frame: finite(frame), topLevel: topLevel,
            actions: isAdjustable ? [.activate, .increment, .decrement] : [.activate], isAdjustable: isAdjustable)
    }

    /// A frame with finite coordinates (a layer with NaN or infinite geometry has none).
    static func finite(_ rect: CGRect) -> CGRect {
        guard !rect.isNull, rect.origin.x.isFinite, rect.origin.y.isFinite, rect.width.isFinite, rect.height.isFinite
        else { return .zero }
        return rect.standardized
    }
}

extension AccessibilitySnapshotBuilder {
    /// The enabled, focusable elements of a window's layer tree (`root`, its surface
    /// `size`), in reading order: the order of a depth-first walk of its snapshot.
    static func focusableLayers(inWindowRoot root: CALayer, size: CGSize) -> [CALayer] {
        var builder = AccessibilitySnapshotBuilder(applicationName: "")
        builder.addTopLevel(root: root, role: .frame, name: "", size: size, states: [], focusedLayer: nil)
        let layers = Dictionary(builder.layers.map { ($0.id, $0.layer) }) { first, _ in first }
        var order: [CALayer] = []
        var pending = builder.snapshot.children(of: root.accessibilityNodeID).reversed() as [UInt64]
        while let id = pending.popLast() {
            guard let node = builder.snapshot.nodes[id] else { continue }
            if node.states.isSuperset(of: [.focusable, .enabled]), let layer = layers[id] { order.append(layer) }
            pending += node.children.reversed()
        }
        return order
    }
}
