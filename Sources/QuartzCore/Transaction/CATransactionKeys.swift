/// The key of ``CATransaction/animationDuration()`` for ``CATransaction/value(forKey:)``.
public let kCATransactionAnimationDuration = "animationDuration"
/// The key of ``CATransaction/disableActions()`` for ``CATransaction/value(forKey:)``.
public let kCATransactionDisableActions = "disableActions"
/// The key of ``CATransaction/animationTimingFunction()`` for ``CATransaction/value(forKey:)``.
public let kCATransactionAnimationTimingFunction = "animationTimingFunction"
/// The key of ``CATransaction/completionBlock()`` for ``CATransaction/value(forKey:)``.
public let kCATransactionCompletionBlock = "completionBlock"
