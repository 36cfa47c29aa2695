import Foundation

/// A value each thread has its own copy of, starting from `initial` (a pthread key).
///
/// Core Animation keeps its transaction state per thread: what one thread opens, sets or
/// records is invisible to the others, so no lock is needed for it. The value lives in a
/// box owned by the thread and released when the thread exits (after `atThreadExit`, if
/// given, had a last look at it).
final class ThreadLocal<Value>: @unchecked Sendable {
    /// One thread's value. Only that thread touches it.
    final class Box {
        var value: Value
        let atThreadExit: ((Box) -> Void)?

        init(_ value: Value, atThreadExit: ((Box) -> Void)?) {
            self.value = value
            self.atThreadExit = atThreadExit
        }
    }

    private let key: pthread_key_t
    private let initial: () -> Value
    private let atThreadExit: ((Box) -> Void)?

    /// Creates the slot. `initial` makes each thread's first value; `atThreadExit` runs on
    /// the exiting thread before its box is released (the box still reachable as ``box``).
    init(_ initial: @escaping () -> Value, atThreadExit: ((Box) -> Void)? = nil) {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            let box = Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue()
            (box as? ThreadExitHandling)?.threadWillExit(pointer)
        }
        precondition(status == 0, "pthread_key_create failed (\(status)): the process is out of thread-local keys")
        self.key = key
        self.initial = initial
        self.atThreadExit = atThreadExit
    }

    /// This thread's box, made on first use.
    var box: Box {
        if let pointer = pthread_getspecific(key) {
            return (Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue() as! ExitAwareBox).box
        }
        let holder = ExitAwareBox(Box(initial(), atThreadExit: atThreadExit), key: key)
        pthread_setspecific(key, Unmanaged<AnyObject>.passRetained(holder).toOpaque())
        return holder.box
    }

    /// This thread's value.
    var value: Value {
        get { box.value }
        set { box.value = newValue }
    }

    /// Holds a thread's box in the pthread slot and releases it when the thread exits.
    private final class ExitAwareBox: ThreadExitHandling {
        let box: Box
        let key: pthread_key_t

        init(_ box: Box, key: pthread_key_t) {
            self.box = box
            self.key = key
        }

        func threadWillExit(_ pointer: UnsafeMutableRawPointer) {
            if let atThreadExit = box.atThreadExit {
                // The slot was cleared before this call: put the box back while the last
                // look runs, so code it calls finds this thread's value, not a new one.
                pthread_setspecific(key, pointer)
                atThreadExit(box)
                pthread_setspecific(key, nil)
            }
            Unmanaged<AnyObject>.fromOpaque(pointer).release()
        }
    }
}

/// What the pthread destructor calls on a thread's box (generic classes cannot be named
/// from a C function pointer, so the call goes through this protocol).
private protocol ThreadExitHandling: AnyObject {
    func threadWillExit(_ pointer: UnsafeMutableRawPointer)
}
