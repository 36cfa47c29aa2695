import Foundation

/// `value` as a dictionary keyed by strings, as Core Text reads a settings or attributes
/// dictionary Apple code hands it: a Swift `[String: Any]`, or an `NSDictionary` whose string
/// keys are kept (others dropped); nil for anything else.
func stringKeyedDictionary(_ value: Any) -> [String: Any]? {
    if let dictionary = value as? [String: Any] { return dictionary }
    guard let dictionary = value as? NSDictionary else { return nil }
    var result: [String: Any] = [:]
    for (key, value) in dictionary { if let key = key as? String { result[key] = value } }
    return result
}
