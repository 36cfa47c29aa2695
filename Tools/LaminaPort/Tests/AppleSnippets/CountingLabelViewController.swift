import UIKit

/// A view controller that counts a label up from 0 to 100 over two seconds, on a display link.

class CountingLabelViewController: UIViewController {
    var label: UILabel!
    var displayLink: CADisplayLink!
    var startNumber: Double = 0.0
    var endNumber: Double = 100.0
    var countDuration: Double = 2.0
    var startTime: CFTimeInterval = 0.0

    override func viewDidLoad() {
        super.viewDidLoad()
        label = UILabel(frame: CGRect(x: 100, y: 200, width: 200, height: 50))
        label.textAlignment = .center
        label.font = UIFont.systemFont(ofSize: 24)
        view.addSubview(label)
        animateLabelText(from: startNumber, to: endNumber, duration: countDuration)
    }

    func animateLabelText(from start: Double, to end: Double, duration: Double) {
        displayLink?.invalidate()
        displayLink = CADisplayLink(target: self, selector: #selector(updateLabel))
        displayLink.add(to: .current, forMode: .default)
        startNumber = start
        endNumber = end
        countDuration = duration
        startTime = CACurrentMediaTime()
    }

    @objc func updateLabel() {
        let elapsedTime = CACurrentMediaTime() - startTime
        if elapsedTime > countDuration {
            displayLink.invalidate()
            label.text = "\(Int(endNumber))"
        } else {
            let progress = elapsedTime / countDuration
            label.text = "\(Int(startNumber + (endNumber - startNumber) * progress))"
        }
    }
}
