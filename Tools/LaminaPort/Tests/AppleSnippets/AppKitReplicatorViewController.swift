import Cocoa

/// A macOS view controller, as Xcode's template makes it, that fills its layer-backed view
/// with a row of fading squares from a replicator and slides the row in once it appears.

class AppKitReplicatorViewController: NSViewController {
    private let replicatorLayer = CAReplicatorLayer()
    private let square = CALayer()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.wantsLayer = true
        view.layer?.backgroundColor = NSColor.windowBackgroundColor.cgColor

        square.backgroundColor = NSColor.white.cgColor
        square.frame = CGRect(x: 0, y: 0, width: 100, height: 100)

        let instanceCount = 5
        replicatorLayer.instanceCount = instanceCount
        replicatorLayer.instanceTransform = CATransform3DMakeTranslation(110, 0, 0)
        let offsetStep = -1 / Float(instanceCount)
        replicatorLayer.instanceBlueOffset = offsetStep
        replicatorLayer.instanceGreenOffset = offsetStep
        replicatorLayer.addSublayer(square)
        view.layer?.addSublayer(replicatorLayer)
    }

    override func viewDidLayout() {
        super.viewDidLayout()
        replicatorLayer.frame = view.bounds.insetBy(dx: 20, dy: 20)
    }

    override func viewDidAppear() {
        super.viewDidAppear()
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = -view.bounds.width
        slide.toValue = replicatorLayer.position.x
        slide.duration = 0.6
        slide.timingFunction = CAMediaTimingFunction(name: .easeOut)
        replicatorLayer.add(slide, forKey: "slide")
    }

    override var representedObject: Any? {
        didSet {
        // Update the view, if already loaded.
        }
    }
}
