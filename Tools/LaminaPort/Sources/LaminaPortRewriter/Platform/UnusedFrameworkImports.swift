import SwiftSyntax

/// Whether a file uses an Apple framework it imports that Linux lacks (``ImportRewriter``'s
/// unavailable frameworks): an import nothing in the file uses — `import Combine` left from a
/// template, `import AVFoundation` in a file that plays nothing — goes, as it compiles nowhere
/// on Linux and does nothing on Apple's platforms.
///
/// A file uses such a framework where it names a type, function or member of the framework's
/// that Core Animation code reaches for (Combine's `AnyCancellable`, `sink`, `@Published` and the
/// `$property` it projects), or a name with the framework's prefix followed by a capital
/// (`AVPlayer`, `AVMakeRect`, `CMTime`). Frameworks whose names cannot be told so (SwiftUI's
/// `View` and `Text`, RealityKit's) are taken as used.
enum UnusedFrameworkImports {
    /// The names and the name prefixes that tell a use of each framework.
    static let markers: [String: (prefixes: [String], names: Set<String>)] = [
        "Combine": ([], [
            "Publisher", "Publishers", "AnyPublisher", "Subscriber", "Subscribers", "Subscription", "Subject", "PassthroughSubject",
            "CurrentValueSubject", "Cancellable", "AnyCancellable", "Just", "Future", "Deferred", "Empty", "Fail", "Record",
            "ConnectablePublisher", "ObservableObject", "ObservableObjectPublisher", "Published", "Scheduler", "ImmediateScheduler",
            "sink", "assign", "store", "eraseToAnyPublisher", "publisher", "publish", "autoconnect", "objectWillChange", "debounce",
            "throttle", "removeDuplicates", "combineLatest", "receive", "subscribe", "send",
        ]),
        "os": ([], ["Logger", "OSLog", "os_log", "OSLogType", "os_signpost", "OSSignposter", "OSSignpostID", "OSLogStore", "os_unfair_lock", "OSAllocatedUnfairLock"]),
        "OSLog": ([], ["Logger", "OSLog", "os_log", "OSLogType", "os_signpost", "OSSignposter", "OSSignpostID", "OSLogStore", "OSLogEntry"]),
        "AVFoundation": (["AV", "CM"], []), "AVKit": (["AV", "CM"], []),
        "CoreMedia": (["CM"], []), "CoreVideo": (["CV"], []), "CoreMotion": (["CM"], []), "CoreHaptics": (["CH"], []),
        "Metal": (["MTL"], []), "MetalKit": (["MTK", "MTL"], []), "SpriteKit": (["SK"], []), "SceneKit": (["SCN"], []),
        "GameplayKit": (["GK"], []), "MapKit": (["MK", "CL"], []), "WebKit": (["WK"], []), "Photos": (["PH"], []),
        "PhotosUI": (["PH"], []), "ARKit": (["AR"], []), "GLKit": (["GLK"], []),
        "AudioToolbox": (["Audio", "kAudio", "SystemSound"], []),
    ]

    /// Whether `file` uses `module` (an unavailable framework it imports): false only where the
    /// framework's names are known and the file names none of them.
    static func uses(_ module: String, in file: SourceFileSyntax) -> Bool {
        guard let (prefixes, names) = markers[module] else { return true }
        for token in file.tokens(viewMode: .sourceAccurate) where token.parent?.is(ImportPathComponentSyntax.self) != true {
            let name: String
            switch token.tokenKind {
            case .identifier(let text), .dollarIdentifier(let text): name = text
            default: continue
            }
            // `$value` (`model.$value` too), a property wrapper's projection (`@Published`'s
            // publisher); not `$0`.
            if name.hasPrefix("$") {
                if module == "Combine", name.dropFirst().first?.isLetter == true { return true }
                continue
            }
            if names.contains(name) || prefixes.contains(where: { isName(name, withPrefix: $0) }) { return true }
        }
        return false
    }

    /// Whether `name` starts with `prefix` followed by a capital (`AVPlayer` for `AV`, not
    /// `Avatar`).
    static func isName(_ name: String, withPrefix prefix: String) -> Bool {
        name.hasPrefix(prefix) && name.dropFirst(prefix.count).first?.isUppercase == true
    }
}
