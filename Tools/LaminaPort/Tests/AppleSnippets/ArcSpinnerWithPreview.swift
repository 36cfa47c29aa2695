import UIKit
import SwiftUI

/// A spinning arc drawn by a shape layer, with the SwiftUI wrapper and preview Xcode's
/// templates add to a UIKit view file.

final class ArcSpinnerView: UIView {
    private let arc = CAShapeLayer()

    override init(frame: CGRect) {
        super.init(frame: frame)
        arc.fillColor = UIColor.clear.cgColor
        arc.strokeColor = UIColor.systemBlue.cgColor
        arc.lineWidth = 3
        arc.lineCap = .round
        arc.strokeEnd = 0.75
        layer.addSublayer(arc)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        arc.frame = bounds
        arc.path = UIBezierPath(ovalIn: bounds.insetBy(dx: 2, dy: 2)).cgPath
    }

    func startSpinning() {
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.toValue = CGFloat.pi * 2
        spin.duration = 0.9
        spin.repeatCount = .infinity
        arc.add(spin, forKey: "spin")
    }
}

struct ArcSpinner: UIViewRepresentable {
    func makeUIView(context: Context) -> ArcSpinnerView {
        let spinner = ArcSpinnerView(frame: CGRect(x: 0, y: 0, width: 32, height: 32))
        spinner.startSpinning()
        return spinner
    }

    func updateUIView(_ uiView: ArcSpinnerView, context: Context) {}
}

#Preview {
    ArcSpinner()
        .frame(width: 32, height: 32)
}
