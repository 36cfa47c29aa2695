import Foundation

/// A relation from one accessible to others (`AtspiRelationType`), as
/// `org.a11y.atspi.Accessible.GetRelationSet` answers it.
struct ATSPIRelation: Sendable, Equatable {
    /// What the relation says (`AtspiRelationType`'s numbers).
    enum Kind: UInt32, Sendable, Equatable {
        /// A tooltip describes its targets (`ATSPI_RELATION_TOOLTIP_FOR`).
        case tooltipFor = 6
        /// A popup (a menu) was opened for its targets (`ATSPI_RELATION_POPUP_FOR`).
        case popupFor = 15
    }

    var kind: Kind
    /// The nodes it relates to.
    var targets: [UInt64]
}
