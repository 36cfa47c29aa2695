import Foundation

/// An object each thread has its own of, made on the thread's first use (a pthread key).
///
/// Core Animation keeps its transaction state per thread: what one thread opens, sets or
/// records is invisible to the others, so no lock is needed for it. The slot holds the
/// object itself, so reading it costs one `pthread_getspecific`; the object is released
/// when the thread exits, after ``ThreadExitObserving/threadWillExit()`` if it conforms.
final class ThreadLocalObject<Object: AnyObject>: @unchecked Sendable {
    private let key: pthread_key_t
    private let make: () -> Object

    /// Creates the slot; `make` makes each thread's object.
    init(_ make: @escaping () -> Object) {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            let object = Unmanaged<AnyObject>.fromOpaque(pointer)
            if let observer = object.takeUnretainedValue() as? any ThreadExitObserving {
                // The slot was cleared before this call: put the object back while it has
                // its last look, so code it calls finds this thread's object, not a new one.
                let key = type(of: observer).threadLocalKey
                pthread_setspecific(key, pointer)
                observer.threadWillExit()
                pthread_setspecific(key, nil)
            }
            object.release()
        }
        precondition(status == 0, "pthread_key_create failed (\(status)): the process is out of thread-local keys")
        self.key = key
        self.make = make
    }

    /// The pthread key (for ``ThreadExitObserving/threadLocalKey``).
    var pthreadKey: pthread_key_t { key }

    /// The calling thread's object.
    var object: Object {
        if let pointer = pthread_getspecific(key) {
            // Only objects of this type are stored under this key.
            return Unmanaged<Object>.fromOpaque(pointer).takeUnretainedValue()
        }
        return makeObject()
    }

    /// Runs `body` with the calling thread's object, without retaining it (the thread's
    /// slot keeps it alive): for paths taken on every layer change.
    @inline(__always)
    func withObject<Result>(_ body: (Object) -> Result) -> Result {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<Object>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
        }
        return body(makeObject())
    }

    private func makeObject() -> Object {
        let object = make()
        pthread_setspecific(key, Unmanaged.passRetained(object).toOpaque())
        return object
    }
}

/// A thread-local object that has a last look at the thread's state when it exits.
protocol ThreadExitObserving: AnyObject {
    /// The key its ``ThreadLocalObject`` slot uses.
    static var threadLocalKey: pthread_key_t { get }
    /// Called on the exiting thread, before the object is released.
    func threadWillExit()
}

/// A value each thread has its own copy of, starting from `initial`.
final class ThreadLocal<Value>: @unchecked Sendable {
    /// One thread's value. Only that thread touches it.
    final class Box {
        var value: Value

        init(_ value: Value) {
            self.value = value
        }
    }

    private let slot: ThreadLocalObject<Box>

    /// Creates the slot; `initial` makes each thread's first value.
    init(_ initial: @escaping () -> Value) {
        slot = ThreadLocalObject { Box(initial()) }
    }

    /// This thread's box (to read and write its value without looking it up twice).
    var box: Box { slot.object }

    /// This thread's value.
    var value: Value {
        get { slot.object.value }
        set { slot.object.value = newValue }
    }
}
