/// The AT-SPI interfaces the bridge implements, as D-Bus introspection data: the methods
/// and properties of at-spi2-core's `xml/*.xml` that Lamina answers. GDBus checks every
/// incoming call against it, so a call with the wrong arguments gets
/// `org.freedesktop.DBus.Error.InvalidArgs` and one of a method not listed here
/// `UnknownMethod` before the bridge sees it.
enum ATSPIInterface: String, CaseIterable, Sendable {
    case accessible = "org.a11y.atspi.Accessible"
    case application = "org.a11y.atspi.Application"
    case component = "org.a11y.atspi.Component"
    case action = "org.a11y.atspi.Action"
    case text = "org.a11y.atspi.Text"
    case value = "org.a11y.atspi.Value"

    /// The introspection XML of every interface.
    static let introspectionXML = """
        <node>
          <interface name="org.a11y.atspi.Accessible">
            <property name="Name" type="s" access="read"/>
            <property name="Description" type="s" access="read"/>
            <property name="Parent" type="(so)" access="read"/>
            <property name="ChildCount" type="i" access="read"/>
            <property name="Locale" type="s" access="read"/>
            <property name="AccessibleId" type="s" access="read"/>
            <method name="GetChildAtIndex">
              <arg direction="in" name="index" type="i"/>
              <arg direction="out" type="(so)"/>
            </method>
            <method name="GetChildren"><arg direction="out" type="a(so)"/></method>
            <method name="GetIndexInParent"><arg direction="out" type="i"/></method>
            <method name="GetRelationSet"><arg direction="out" type="a(ua(so))"/></method>
            <method name="GetRole"><arg direction="out" type="u"/></method>
            <method name="GetRoleName"><arg direction="out" type="s"/></method>
            <method name="GetLocalizedRoleName"><arg direction="out" type="s"/></method>
            <method name="GetState"><arg direction="out" type="au"/></method>
            <method name="GetAttributes"><arg direction="out" type="a{ss}"/></method>
            <method name="GetApplication"><arg direction="out" type="(so)"/></method>
            <method name="GetInterfaces"><arg direction="out" type="as"/></method>
          </interface>
          <interface name="org.a11y.atspi.Application">
            <property name="ToolkitName" type="s" access="read"/>
            <property name="Version" type="s" access="read"/>
            <property name="AtspiVersion" type="s" access="read"/>
            <property name="Id" type="i" access="readwrite"/>
            <method name="GetLocale">
              <arg direction="in" name="lctype" type="u"/>
              <arg direction="out" type="s"/>
            </method>
          </interface>
          <interface name="org.a11y.atspi.Component">
            <method name="Contains">
              <arg direction="in" name="x" type="i"/>
              <arg direction="in" name="y" type="i"/>
              <arg direction="in" name="coord_type" type="u"/>
              <arg direction="out" type="b"/>
            </method>
            <method name="GetAccessibleAtPoint">
              <arg direction="in" name="x" type="i"/>
              <arg direction="in" name="y" type="i"/>
              <arg direction="in" name="coord_type" type="u"/>
              <arg direction="out" type="(so)"/>
            </method>
            <method name="GetExtents">
              <arg direction="in" name="coord_type" type="u"/>
              <arg direction="out" type="(iiii)"/>
            </method>
            <method name="GetPosition">
              <arg direction="in" name="coord_type" type="u"/>
              <arg direction="out" name="x" type="i"/>
              <arg direction="out" name="y" type="i"/>
            </method>
            <method name="GetSize">
              <arg direction="out" name="width" type="i"/>
              <arg direction="out" name="height" type="i"/>
            </method>
            <method name="GetLayer"><arg direction="out" type="u"/></method>
            <method name="GrabFocus"><arg direction="out" type="b"/></method>
            <method name="GetAlpha"><arg direction="out" type="d"/></method>
          </interface>
          <interface name="org.a11y.atspi.Action">
            <property name="NActions" type="i" access="read"/>
            <method name="GetDescription">
              <arg direction="in" name="index" type="i"/>
              <arg direction="out" type="s"/>
            </method>
            <method name="GetName">
              <arg direction="in" name="index" type="i"/>
              <arg direction="out" type="s"/>
            </method>
            <method name="GetLocalizedName">
              <arg direction="in" name="index" type="i"/>
              <arg direction="out" type="s"/>
            </method>
            <method name="GetKeyBinding">
              <arg direction="in" name="index" type="i"/>
              <arg direction="out" type="s"/>
            </method>
            <method name="GetActions"><arg direction="out" type="a(sss)"/></method>
            <method name="DoAction">
              <arg direction="in" name="index" type="i"/>
              <arg direction="out" type="b"/>
            </method>
          </interface>
          <interface name="org.a11y.atspi.Text">
            <property name="CharacterCount" type="i" access="read"/>
            <property name="CaretOffset" type="i" access="read"/>
            <method name="GetText">
              <arg direction="in" name="startOffset" type="i"/>
              <arg direction="in" name="endOffset" type="i"/>
              <arg direction="out" type="s"/>
            </method>
            <method name="GetCharacterAtOffset">
              <arg direction="in" name="offset" type="i"/>
              <arg direction="out" type="i"/>
            </method>
            <method name="GetStringAtOffset">
              <arg direction="in" name="offset" type="i"/>
              <arg direction="in" name="granularity" type="u"/>
              <arg direction="out" type="s"/>
              <arg direction="out" name="startOffset" type="i"/>
              <arg direction="out" name="endOffset" type="i"/>
            </method>
            <method name="GetNSelections"><arg direction="out" type="i"/></method>
          </interface>
          <interface name="org.a11y.atspi.Value">
            <property name="MinimumValue" type="d" access="read"/>
            <property name="MaximumValue" type="d" access="read"/>
            <property name="MinimumIncrement" type="d" access="read"/>
            <property name="CurrentValue" type="d" access="readwrite"/>
            <property name="Text" type="s" access="read"/>
          </interface>
        </node>
        """

    /// The interfaces a node implements: the application its own two; a top level or a group
    /// Accessible and Component; an element also Action, Text when it shows text, Value when
    /// adjustable or valued.
    static func implemented(by node: AccessibilitySnapshot.Node?) -> [ATSPIInterface] {
        guard let node else { return [.accessible, .application] }
        var interfaces: [ATSPIInterface] = [.accessible, .component]
        if !node.actions.isEmpty { interfaces.append(.action) }
        if node.text != nil { interfaces.append(.text) }
        if node.isAdjustable || node.value != nil { interfaces.append(.value) }
        return interfaces
    }
}
