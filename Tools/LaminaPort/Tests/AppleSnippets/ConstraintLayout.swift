import Cocoa

/// A macOS layer tree laid out by constraints: a title centred above a box that fills the rest.
func makeConstrainedTree() -> CALayer {
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: 320, height: 200)
    root.layoutManager = CAConstraintLayoutManager()

    let title = CATextLayer()
    title.name = "title"
    title.string = "Constraints"
    title.fontSize = 18
    title.bounds = CGRect(x: 0, y: 0, width: 160, height: 24)
    title.addConstraint(CAConstraint(attribute: .midX, relativeTo: "superlayer", attribute: .midX))
    title.addConstraint(CAConstraint(attribute: .maxY, relativeTo: "superlayer", attribute: .maxY, offset: -10))
    root.addSublayer(title)

    let box = CALayer()
    box.backgroundColor = CGColor(gray: 0.8, alpha: 1)
    box.addConstraint(CAConstraint(attribute: .minX, relativeTo: "superlayer", attribute: .minX, offset: 10))
    box.addConstraint(CAConstraint(attribute: .maxX, relativeTo: "superlayer", attribute: .maxX, offset: -10))
    box.addConstraint(CAConstraint(attribute: .minY, relativeTo: "superlayer", attribute: .minY, offset: 10))
    box.addConstraint(CAConstraint(attribute: .maxY, relativeTo: "title", attribute: .minY, offset: -10))
    box.addConstraint(CAConstraint(attribute: .width, relativeTo: "superlayer", attribute: .width, scale: 0.5, offset: 0))
    root.addSublayer(box)
    root.layoutIfNeeded()
    return root
}
