/// A transaction's completion block and the animations it waits for.
///
/// Apple's rule: the block runs once every animation added while it was the transaction's
/// completion block has finished or been removed; if none was added by the time the
/// transaction commits (or the block is replaced), it runs at once.
final class TransactionCompletion {
    private var block: (() -> Void)?
    private var pending: Set<ObjectIdentifier> = []
    private(set) var isSealed = false

    init(_ block: @escaping () -> Void) {
        self.block = block
    }

    /// The block, while it has not run.
    var body: (() -> Void)? { block }

    /// Counts `animation` as one more to wait for.
    func add(_ animation: AttachedAnimation) {
        pending.insert(ObjectIdentifier(animation))
    }

    /// No animation can be added any more (the transaction committed or the block was
    /// replaced); returns whether the block is due now.
    func seal() -> Bool {
        isSealed = true
        return isDue
    }

    /// `animation` finished or was removed; returns whether the block is due now.
    func animationEnded(_ animation: AttachedAnimation) -> Bool {
        pending.remove(ObjectIdentifier(animation)) != nil && isDue
    }

    private var isDue: Bool { isSealed && pending.isEmpty && block != nil }

    /// Runs the block (once).
    func run() {
        guard let body = block else { return }
        block = nil
        body()
    }
}

/// One level of the transaction stack: its values and its completion block.
final class TransactionFrame {
    /// Whether this is the implicit transaction (opened by a change, committed by the loop).
    let isImplicit: Bool
    /// Values set in this transaction (`kCATransaction…` keys and any others).
    var values: [String: Any] = [:]
    /// The completion block currently set in this transaction, if any.
    var completion: TransactionCompletion?

    init(isImplicit: Bool) {
        self.isImplicit = isImplicit
    }
}
