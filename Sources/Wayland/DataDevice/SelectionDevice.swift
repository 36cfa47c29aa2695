/// A seat's device for one kind of selection — the clipboard (``DataDevice``) or the primary
/// selection (``PrimarySelectionDevice``): the content the compositor offers this client, and
/// setting it.
public protocol SelectionDevice: AnyObject {
    /// The selection's current content, nil when it is empty (or not known yet).
    var selection: DataOffer? { get }
    /// Called when the selection's content changed.
    var onSelectionChanged: ((DataOffer?) -> Void)? { get set }
    /// Makes `source` the selection's content (nil empties it); `serial` is that of the user's
    /// input event that asked for it. The source must be of this device's kind.
    func setSelection(_ source: DataSource?, serial: UInt32) throws(WaylandError)
}
