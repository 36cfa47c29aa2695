import UIKit

/// Keyframe values loaded from a JSON data asset, as apps ship animation data in their asset catalog.
func keyframesFromAsset(named name: String) -> CAKeyframeAnimation? {
    guard let asset = NSDataAsset(name: name),
          let values = try? JSONDecoder().decode([Double].self, from: asset.data) else { return nil }
    let animation = CAKeyframeAnimation(keyPath: "opacity")
    animation.values = values
    animation.duration = Double(values.count) * 0.1
    return animation
}
