import Foundation
import QuartzCore
import XCTest

// Layers kept in arrays, sets and dictionaries as Apple code keeps them: `firstIndex(of:)`,
// `Set<CALayer>` and layer-keyed dictionaries, which rely on CALayer being Equatable and
// Hashable by identity (through NSObject on Apple platforms).

/// A deck of cards that a tap brings to the front.
final class CardDeck {
    private(set) var cards: [CALayer] = []
    private var selected = Set<CALayer>()
    private var titles: [CALayer: String] = [:]
    let container = CALayer()

    func add(title: String) -> CALayer {
        let card = CALayer()
        card.bounds = CGRect(x: 0, y: 0, width: 120, height: 80)
        card.position = CGPoint(x: 80 + CGFloat(cards.count) * 20, y: 60)
        cards.append(card)
        titles[card] = title
        container.addSublayer(card)
        return card
    }

    func bringToFront(_ card: CALayer) {
        guard let index = cards.firstIndex(of: card) else { return }
        cards.remove(at: index)
        cards.append(card)
        card.zPosition = CGFloat(cards.count)
    }

    func toggleSelection(_ card: CALayer) {
        if selected.contains(card) { selected.remove(card) } else { selected.insert(card) }
        card.borderWidth = selected.contains(card) ? 2 : 0
    }

    func title(of card: CALayer) -> String? { titles[card] }
    var selectedCount: Int { selected.count }
}

final class LayerCollectionTests: XCTestCase {
    func testADeckFindsSelectsAndReordersItsCardsByIdentity() {
        let deck = CardDeck()
        let ace = deck.add(title: "ace"), king = deck.add(title: "king"), queen = deck.add(title: "queen")
        deck.bringToFront(ace)
        XCTAssertEqual(deck.cards, [king, queen, ace])
        XCTAssertEqual(ace.zPosition, 3)
        deck.toggleSelection(queen)
        deck.toggleSelection(king)
        deck.toggleSelection(queen)
        XCTAssertEqual(deck.selectedCount, 1)
        XCTAssertEqual(king.borderWidth, 2)
        XCTAssertEqual(queen.borderWidth, 0)
        XCTAssertEqual(deck.title(of: king), "king")
        XCTAssertNil(deck.title(of: CALayer()), "a layer like a card is not one of them")
    }
}
