import UIKit

/// Ring layers configured by a style struct made memberwise with colours.
struct ProgressRingStyle {
    var trackColor: UIColor
    var progressColor: UIColor
    var lineWidth: CGFloat = 6
}

func makeProgressRing(style: ProgressRingStyle, in rect: CGRect) -> CALayer {
    let container = CALayer()
    let path = UIBezierPath(ovalIn: rect.insetBy(dx: style.lineWidth / 2, dy: style.lineWidth / 2))
    let track = CAShapeLayer()
    track.path = path.cgPath
    track.strokeColor = style.trackColor.cgColor
    track.fillColor = nil
    track.lineWidth = style.lineWidth
    let progress = CAShapeLayer()
    progress.path = path.cgPath
    progress.strokeColor = style.progressColor.cgColor
    progress.fillColor = nil
    progress.lineWidth = style.lineWidth
    progress.strokeEnd = 0.3
    container.addSublayer(track)
    container.addSublayer(progress)
    return container
}

func makeDownloadRing() -> CALayer {
    makeProgressRing(
        style: ProgressRingStyle(trackColor: .systemGray5, progressColor: UIColor.systemGreen),
        in: CGRect(x: 0, y: 0, width: 60, height: 60))
}
