// The peer benchmark's scene in Qt Quick, written as a Qt developer would: a Repeater of N
// Rectangles (64×64, radius 8, a 1-pixel border, translucent colours with alpha 0.8) over a
// 1280×720 window, each moving 40 pixels along x and back forever with NumberAnimations
// (0.5 s each way, eased with Core Animation's ease-in-ease-out curve as a Bézier, its
// start delayed by (i % 50) / 100 s), so every frame lands on sub-pixel positions. The
// placement, colours and motion are those of frame-timing's `peer` scene (examples/scenes,
// gridCentre and makePeerBenchmarkLayer) and of peer-items.c beside this folder.
//
//     QT_QUICK_BACKEND=software /usr/lib/qt6/bin/qml PeerItems.qml -- N
import QtQuick

Window {
    id: window
    // N is the last command-line argument (after `--`).
    readonly property int count: {
        const args = Qt.application.arguments
        const n = parseInt(args[args.length - 1])
        return n >= 1 && n <= 100000 ? n : 0
    }
    readonly property int columns: Math.max(1, Math.ceil(Math.sqrt(count)))
    readonly property int rows: Math.max(1, Math.ceil(count / columns))

    width: 1280
    height: 720
    visible: true
    title: "Qt Quick peer items"
    color: Qt.rgba(0.1, 0.1, 0.12, 1)

    Component.onCompleted: if (count === 0) {
        console.error("PeerItems.qml: give N (1...100000) after --, as in: qml PeerItems.qml -- 1000")
        Qt.exit(2)
    }

    Repeater {
        model: window.count

        Rectangle {
            id: item
            required property int index
            readonly property real restX: Math.floor((index % window.columns) / window.columns * (1280 - 112))

            x: restX
            y: Math.floor(Math.floor(index / window.columns) / window.rows * (720 - 64))
            width: 64
            height: 64
            radius: 8
            color: Qt.rgba((index % 7) / 7, (index % 5) / 5, (index % 3) / 3, 0.8)
            border.width: 1
            border.color: Qt.rgba(0.13, 0.13, 0.13, 0.8)

            SequentialAnimation on x {
                PauseAnimation { duration: (item.index % 50) * 10 }
                SequentialAnimation {
                    loops: Animation.Infinite
                    NumberAnimation {
                        from: item.restX; to: item.restX + 40; duration: 500
                        easing.type: Easing.Bezier; easing.bezierCurve: [0.42, 0, 0.58, 1, 1, 1]
                    }
                    NumberAnimation {
                        from: item.restX + 40; to: item.restX; duration: 500
                        easing.type: Easing.Bezier; easing.bezierCurve: [0.42, 0, 0.58, 1, 1, 1]
                    }
                }
            }
        }
    }
}
