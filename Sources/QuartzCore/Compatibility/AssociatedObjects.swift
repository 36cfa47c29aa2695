import Foundation

// The Objective-C runtime's associated objects, which Apple code uses to give a class it
// extends a stored property (`extension CAAnimation { var completion: … { get {
// objc_getAssociatedObject(self, &Keys.completion) … } } }`). Linux has no Objective-C
// runtime; these keep the values in a table of Lamina's, by object and key, with the same calls.

/// How an associated value is held (the Objective-C runtime's `objc_AssociationPolicy`).
///
/// Lamina holds every value strongly but for ``OBJC_ASSOCIATION_ASSIGN``, which holds an
/// object weakly (Apple's holds it unretained: reading it after it is gone is undefined there,
/// and `nil` here). The copying policies copy an `NSCopying` value, as Apple's call `copy`.
/// Atomicity needs no choice: the table is always locked.
public enum objc_AssociationPolicy: UInt, Sendable {
    /// The value is not retained (Lamina holds an object weakly, any other value strongly).
    case OBJC_ASSOCIATION_ASSIGN = 0
    /// The value is retained.
    case OBJC_ASSOCIATION_RETAIN_NONATOMIC = 1
    /// The value is copied (an `NSCopying` one), else retained.
    case OBJC_ASSOCIATION_COPY_NONATOMIC = 3
    /// The value is retained (`<objc/runtime.h>`'s octal `01401`).
    case OBJC_ASSOCIATION_RETAIN = 0o1401
    /// The value is copied (an `NSCopying` one), else retained (`<objc/runtime.h>`'s octal `01403`).
    case OBJC_ASSOCIATION_COPY = 0o1403
}

/// Associates `value` with `object` under `key` (the Objective-C runtime's
/// `objc_setAssociatedObject`); `nil` removes the association.
///
/// `key` is an address that stays put, as Apple code gives it: `&Keys.completion` of a static
/// or global variable. `object` is an instance of a class (a value of another type has no
/// identity to hold values by, as on Apple platforms). The values an object holds are released
/// once it is gone, at the next association made or read (Apple's runtime releases them as the
/// object is deallocated).
public func objc_setAssociatedObject(_ object: Any, _ key: UnsafeRawPointer, _ value: Any?, _ policy: objc_AssociationPolicy) {
    AssociatedObjects.shared.set(value, for: object as AnyObject, key: key, policy: policy)
}

/// The value associated with `object` under `key`, or `nil` (the Objective-C runtime's
/// `objc_getAssociatedObject`).
public func objc_getAssociatedObject(_ object: Any, _ key: UnsafeRawPointer) -> Any? {
    AssociatedObjects.shared.value(for: object as AnyObject, key: key)
}

/// Removes every value associated with `object` (the Objective-C runtime's
/// `objc_removeAssociatedObjects`).
public func objc_removeAssociatedObjects(_ object: Any) {
    AssociatedObjects.shared.removeAll(for: object as AnyObject)
}

/// The associated values of every object, by object identity and key, behind one lock.
final class AssociatedObjects: @unchecked Sendable {
    static let shared = AssociatedObjects()

    /// A value held for an object: strongly, or weakly for `OBJC_ASSOCIATION_ASSIGN`'s objects.
    private enum Held {
        case strong(Any)
        case weak(WeakObject)

        var value: Any? {
            switch self {
            case .strong(let value): value
            case .weak(let box): box.object
            }
        }
    }

    private final class WeakObject {
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }

    /// An object's values, with a weak reference to the object: once it is gone, its
    /// identifier may be another object's, and its values are released.
    private final class Entry {
        weak var owner: AnyObject?
        var values: [UnsafeRawPointer: Held] = [:]
        init(owner: AnyObject) { self.owner = owner }
    }

    private let lock = NSLock()
    /// Guarded by `lock`.
    private var entries: [ObjectIdentifier: Entry] = [:]
    /// The number of entries after the last sweep: the next sweeps when it doubles. Guarded by `lock`.
    private var sweptCount = 0

    /// `object`'s entry, if it is the one held for it; a gone object's entry of the same
    /// identifier is taken out and added to `released`. Called with `lock` held.
    private func entry(for object: AnyObject, released: inout [Entry]) -> Entry? {
        let id = ObjectIdentifier(object)
        guard let entry = entries[id] else { return nil }
        guard entry.owner === object else {
            entries[id] = nil
            released.append(entry)
            return nil
        }
        return entry
    }

    /// Takes out the entries of gone objects, when the table has doubled since the last sweep,
    /// adding them to `released`. Called with `lock` held.
    private func sweepIfGrown(released: inout [Entry]) {
        guard entries.count >= max(64, sweptCount * 2) else { return }
        for (id, entry) in entries where entry.owner == nil {
            entries[id] = nil
            released.append(entry)
        }
        sweptCount = entries.count
    }

    func set(_ value: Any?, for object: AnyObject, key: UnsafeRawPointer, policy: objc_AssociationPolicy) {
        let held: Held? = value.map { value in
            if policy == .OBJC_ASSOCIATION_ASSIGN, type(of: value) is AnyClass {
                return .weak(WeakObject(value as AnyObject))
            }
            if policy == .OBJC_ASSOCIATION_COPY || policy == .OBJC_ASSOCIATION_COPY_NONATOMIC, let copying = value as? NSCopying {
                return .strong(copying.copy(with: nil))
            }
            return .strong(value)
        }
        // What is replaced or released goes after the lock is let go: a deinitializer may
        // associate values itself.
        var released: [Entry] = []
        var replaced: Held?
        lock.lock()
        if let entry = entry(for: object, released: &released) {
            replaced = entry.values.removeValue(forKey: key)
            entry.values[key] = held
        } else if let held {
            let entry = Entry(owner: object)
            entry.values[key] = held
            entries[ObjectIdentifier(object)] = entry
        }
        sweepIfGrown(released: &released)
        lock.unlock()
        withExtendedLifetime((released, replaced)) {}
    }

    func value(for object: AnyObject, key: UnsafeRawPointer) -> Any? {
        var released: [Entry] = []
        lock.lock()
        let value = entry(for: object, released: &released)?.values[key]?.value
        lock.unlock()
        withExtendedLifetime(released) {}
        return value
    }

    func removeAll(for object: AnyObject) {
        var released: [Entry] = []
        lock.lock()
        if let entry = entry(for: object, released: &released) {
            entries[ObjectIdentifier(object)] = nil
            released.append(entry)
        }
        lock.unlock()
        withExtendedLifetime(released) {}
    }
}
