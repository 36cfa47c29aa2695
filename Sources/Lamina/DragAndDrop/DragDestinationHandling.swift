import QuartzCore

/// A layer that takes drops, in the spirit of AppKit's `NSDraggingDestination`.
///
/// While a drag from any application moves over a window, the window hit-tests its
/// presentation tree at each position; the first layer from the hit one up its superlayers
/// that adopts this protocol is the destination. It says which operations it takes, Lamina
/// negotiates them with the source through the compositor, and on a drop it reads the data
/// (through a pipe, without blocking the main thread) and tells the source the drop is done.
///
/// ```swift
/// final class DropWell: CALayer, DragDestinationHandling {
///     func draggingEntered(_ info: DraggingInfo) -> DragOperation {
///         info.types.contains(.string) ? .copy : .none
///     }
///     func performDragOperation(_ info: DraggingInfo) async -> Bool {
///         guard let text = try? await info.string() else { return false }
///         show(text)
///         return true
///     }
/// }
/// ```
@MainActor
public protocol DragDestinationHandling: AnyObject {
    /// A drag entered the layer: the operations it takes (``DragOperation/none`` refuses the
    /// drop). It is offered the first of the drag's types.
    func draggingEntered(_ info: DraggingInfo) -> DragOperation
    /// The drag moved within the layer: the operations it takes now. Default: what
    /// ``draggingEntered(_:)`` answered.
    func draggingUpdated(_ info: DraggingInfo) -> DragOperation
    /// The drag left the layer, was cancelled, or was dropped elsewhere. Default: nothing.
    func draggingExited(_ info: DraggingInfo)
    /// The user dropped on the layer (after it took an operation): read the data and return
    /// whether the drop succeeded. The source hears the drop is finished once this returns
    /// true; false refuses it (the source hears it was cancelled).
    func performDragOperation(_ info: DraggingInfo) async -> Bool
}

extension DragDestinationHandling {
    public func draggingUpdated(_ info: DraggingInfo) -> DragOperation { info.acceptedOperations }
    public func draggingExited(_ info: DraggingInfo) {}
}
