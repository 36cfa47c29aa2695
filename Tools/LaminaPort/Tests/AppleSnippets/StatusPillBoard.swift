import UIKit

/// Pills of StatusPillLayer.swift, coloured and haloed here.
final class StatusPillBoard {
    let root = CALayer()
    private let pill = StatusPillLayer()
    private let halo = CAShapeLayer()

    func show(online: Bool) {
        pill.pillColor = online ? .systemGreen : .systemGray
        pill.outline = .white
        pill.frame = CGRect(x: 20, y: 20, width: 80, height: 20)
        halo.path = UIBezierPath(roundedRect: pill.frame.insetBy(dx: -4, dy: -4), cornerRadius: 14).cgPath
        halo.fillColor = nil
        halo.strokeColor = pill.pillColor.withAlphaComponent(0.4).cgColor
        root.addSublayer(halo)
        root.addSublayer(pill)
    }
}

final class PulsingPillLayer: StatusPillLayer {
    func pulse() {
        borderWidth = 2
        borderColor = outline?.cgColor ?? pillColor.cgColor
    }
}
