import Foundation
import Synchronization

// `CALayerStorage` and `CALayerRareValues` — one field per declared property, with Apple's
// default — are generated from `CALayerProperties.txt`; here is what they do with them.

extension CALayerStorage {
    /// The box of rare values (shared between storages with the same ones).
    var rareBox: CALayerRareValues.Box { rare }

    /// Changes the rare values, copying the shared box first (copy on write).
    mutating func mutateRare(_ change: (inout CALayerRareValues) -> Void) {
        if !isKnownUniquelyReferenced(&rare) { rare = CALayerRareValues.Box(rare.values) }
        change(&rare.values)
    }

    /// Apple's defaults.
    static var appleDefaults: CALayerStorage { CALayerStorage() }

    /// Sets the value of a key outside the table, giving ``extrasRevision`` a number no
    /// other contents of any layer's extras had (and recording the one it had, and the key).
    mutating func setExtra(_ key: String, _ value: Any) {
        extras[key] = value
        extrasRevisionBeforeLastSet = extrasRevision
        extrasLastSetKey = key
        extrasRevision = Self.extrasRevisions.wrappingAdd(1, ordering: .relaxed).newValue
    }

    /// The last revision given to extras.
    private static let extrasRevisions = Atomic<UInt64>(0)

    /// Sets a field and marks its property as set, in one access.
    @inline(__always)
    mutating func set<T>(_ field: WritableKeyPath<CALayerStorage, T>, _ value: T, bit: UInt64) {
        self[keyPath: field] = value
        explicitlySet |= bit
    }

    /// Whether `property` was set explicitly.
    @inline(__always)
    func isSet(_ property: CALayerProperty) -> Bool {
        explicitlySet & property.bit != 0
    }
}

extension CALayerRareValues {
    /// Shared rare values; mutated only while uniquely referenced (``CALayerStorage``
    /// copies it first otherwise).
    final class Box: @unchecked Sendable {
        // Changed only while uniquely referenced, in one statement: unchecked for exclusivity.
        @exclusivity(unchecked) var values: CALayerRareValues

        init(_ values: CALayerRareValues) { self.values = values }

        /// The one box of Apple's defaults that every new layer starts with.
        static let appleDefaults = Box(CALayerRareValues())
    }
}

/// A ``CALayerStorage`` held by reference, for values most layers do not have.
final class CALayerStorageBox {
    let storage: CALayerStorage

    init(_ storage: CALayerStorage) { self.storage = storage }
}
