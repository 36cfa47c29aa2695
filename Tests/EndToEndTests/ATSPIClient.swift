import Foundation
import XCTest

/// A real AT-SPI client: a Python script on `python3-pyatspi` (Orca's own library, over
/// libatspi), run against an ``AccessibilityBus``. Each command prints one JSON object.
///
/// - `tree APP TITLE WIDTH`: waits until the registry lists the application named APP whose
///   first frame is named TITLE and WIDTH points wide, then describes the application's tree.
/// - `at APP X Y`: the accessible at (X, Y) of the first frame (window coordinates).
/// - `act APP NAME ACTION EVENT`: runs the action named ACTION of the accessible named NAME and
///   waits for an EVENT (an AT-SPI event type such as `object:property-change:accessible-value`).
/// - `focus APP COUNT FILE`: listens for `object:state-changed:focused`, creates FILE once
///   listening and adds a line to it for each accessible that gains the focus, and prints
///   the names of the first COUNT and whether the last one has the focused state.
/// - `active APP`: waits until the first frame of the application named APP is active (its
///   window has the keyboard) and prints its name.
/// - `relations APP COUNT`: waits until the application named APP has COUNT top levels, then
///   prints each accessible's name, role and relation set (`getRelationSet()`: each
///   relation's type and its targets' names and roles), depth first.
/// - `call ADDRESS DEST PATH INTERFACE METHOD SIGNATURE ARGUMENTS…`: a raw D-Bus call with the
///   arguments sent as SIGNATURE says (one basic type per argument, so wrong types can be
///   sent on purpose); prints the error's D-Bus name, if any.
/// - `items ADDRESS DEST`: calls `org.a11y.atspi.Cache.GetItems` on DEST (through GIO's own
///   D-Bus client, not libatspi) and prints the reply's D-Bus type and its items, each with
///   its references' paths, index, child count, interfaces, name, role, description and the
///   numbers of its states.
/// - `cache-signals ADDRESS FILE STOP`: listens for the `AddAccessible` and `RemoveAccessible`
///   signals on the accessibility bus, creates FILE once listening and adds a JSON line to it
///   for each signal heard (with its D-Bus type), until the file STOP exists; then prints
///   them all.
struct ATSPIClient {
    let bus: AccessibilityBus

    /// Runs a command; throws with the script's errors when it fails.
    func run(_ arguments: [String]) throws -> [String: Any] {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-atspi-client-\(UUID().uuidString).py")
        try Self.script.write(to: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }
        // Debian's python3 (where python3-pyatspi is installed), not another one on PATH.
        let python = try AccessibilityBus.tool("python3", package: "python3-pyatspi")
        var env = bus.environment
        env["PYTHONNOUSERSITE"] = "1"
        let output = try AccessibilityBus.run(python, [script.path] + arguments, environment: env)
        guard let object = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any] else {
            throw AccessibilityBus.BusError("the client printed no JSON object: \(output)")
        }
        return object
    }

    static let script = #"""
        import json, sys, time
        try:
            import pyatspi
            from gi.repository import GLib
        except ImportError as error:
            sys.exit("python3-pyatspi is not installed: run scripts/setup-debian.sh (%s)" % error)

        def find_application(name, deadline, ready=lambda app: True):
            while time.time() < deadline:
                desktop = pyatspi.Registry.getDesktop(0)
                for index in range(desktop.childCount):
                    app = desktop.getChildAtIndex(index)
                    if app is not None and app.name == name and ready(app):
                        return app
                time.sleep(0.1)
            sys.exit("no application %r in the registry within the deadline" % name)

        def first_frame(app):
            return app.getChildAtIndex(0) if app.childCount > 0 else None

        def describe(accessible):
            node = {
                "name": accessible.name,
                "description": accessible.description,
                "role": int(accessible.getRole()),
                "roleName": accessible.getRoleName(),
                "states": sorted(int(state) for state in accessible.getState().getStates()),
                "interfaces": sorted(pyatspi.utils.listInterfaces(accessible)),
                "attributes": accessible.getAttributes(),
                "indexInParent": accessible.getIndexInParent(),
                "children": [describe(accessible.getChildAtIndex(i)) for i in range(accessible.childCount)],
            }
            if "Component" in node["interfaces"]:
                box = accessible.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
                node["extents"] = [box.x, box.y, box.width, box.height]
            if "Action" in node["interfaces"]:
                action = accessible.queryAction()
                node["actions"] = [action.getName(i) for i in range(action.nActions)]
            if "Text" in node["interfaces"]:
                node["text"] = accessible.queryText().getText(0, -1)
            if "Value" in node["interfaces"]:
                node["value"] = accessible.queryValue().currentValue
            return node

        def find(accessible, name):
            if accessible.name == name:
                return accessible
            for index in range(accessible.childCount):
                found = find(accessible.getChildAtIndex(index), name)
                if found is not None:
                    return found
            return None

        def cache_item(item):
            accessible, application, parent, index, count, interfaces, name, role, description, states = item
            return {
                "bus": accessible[0], "path": accessible[1], "application": application[1], "parent": parent[1],
                "index": index, "childCount": count, "interfaces": sorted(interfaces), "name": name, "role": role,
                "description": description,
                "states": [n for n in range(32 * len(states)) if states[n // 32] >> (n % 32) & 1],
            }

        def connect(address):
            from gi.repository import Gio
            flags = Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION
            return Gio.DBusConnection.new_for_address_sync(address, flags, None, None)

        command, app_name = sys.argv[1], sys.argv[2]
        if command == "items":
            from gi.repository import Gio
            reply = connect(sys.argv[2]).call_sync(
                sys.argv[3], "/org/a11y/atspi/cache", "org.a11y.atspi.Cache", "GetItems", None, None,
                Gio.DBusCallFlags.NONE, 10000, None)
            print(json.dumps({"signature": reply.get_type_string(), "items": [cache_item(i) for i in reply.unpack()[0]]}))
            sys.exit(0)
        if command == "cache-signals":
            from gi.repository import Gio
            import os
            connection, progress, stop = connect(sys.argv[2]), sys.argv[3], sys.argv[4]
            heard = []
            def signal(connection, sender, path, interface, member, parameters):
                entry = {"member": member, "signature": parameters.get_type_string(), "objectPath": path}
                value = parameters.unpack()[0]
                if member == "AddAccessible":
                    entry["item"] = cache_item(value)
                else:
                    entry["path"] = value[1]
                heard.append(entry)
                with open(progress, "a") as out:
                    out.write(json.dumps(entry) + "\n")
            for member in ("AddAccessible", "RemoveAccessible"):
                connection.signal_subscribe(None, "org.a11y.atspi.Cache", member, None, None, Gio.DBusSignalFlags.NONE, signal)
            loop = GLib.MainLoop()
            def check():
                if os.path.exists(stop):
                    loop.quit()
                return True
            def ready():
                # The subscriptions' match rules reach the bus before this round trip returns.
                connection.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetId",
                                     None, None, Gio.DBusCallFlags.NONE, 5000, None)
                open(progress, "a").close()
                return False
            GLib.idle_add(ready)
            GLib.timeout_add(100, check)
            GLib.timeout_add(60000, lambda: loop.quit() or False)
            loop.run()
            print(json.dumps({"signals": heard}))
            sys.exit(0)
        if command == "call":
            import dbus
            address, destination, path, interface, method, signature = sys.argv[2:8]
            converters = {"i": int, "u": int, "s": str}
            arguments = [converters[kind](value) for kind, value in zip(signature, sys.argv[8:])]
            connection = dbus.bus.BusConnection(address)
            remote = connection.get_object(destination, path, introspect=False)
            try:
                reply = remote.get_dbus_method(method, interface)(*arguments, signature=signature)
                print(json.dumps({"error": None, "reply": str(reply)}))
            except dbus.DBusException as error:
                print(json.dumps({"error": error.get_dbus_name(), "reply": None}))
            sys.exit(0)
        deadline = time.time() + 30
        if command == "tree":
            title, width = sys.argv[3], int(sys.argv[4])
            def ready(app):
                frame = first_frame(app)
                if frame is None or frame.name != title:
                    return False
                return frame.queryComponent().getExtents(pyatspi.WINDOW_COORDS).width == width
            app = find_application(app_name, deadline, ready)
            print(json.dumps(describe(app)))
        elif command == "at":
            app = find_application(app_name, deadline)
            hit = first_frame(app).queryComponent().getAccessibleAtPoint(int(sys.argv[3]), int(sys.argv[4]), pyatspi.WINDOW_COORDS)
            print(json.dumps({"name": None if hit is None else hit.name}))
        elif command == "act":
            name, action_name, event_type = sys.argv[3], sys.argv[4], sys.argv[5]
            app = find_application(app_name, deadline)
            target = find(app, name)
            if target is None:
                sys.exit("no accessible named %r" % name)
            action = target.queryAction()
            names = [action.getName(i) for i in range(action.nActions)]
            events = []
            def heard(event):
                events.append({"type": str(event.type), "source": event.source.name, "data": str(event.any_data)})
                pyatspi.Registry.stop()
            pyatspi.Registry.registerEventListener(heard, event_type)
            def act():
                action.doAction(names.index(action_name))
                return False
            GLib.timeout_add(200, act)
            GLib.timeout_add(15000, lambda: pyatspi.Registry.stop() or False)
            pyatspi.Registry.start()
            print(json.dumps({"actions": names, "events": events}))
        elif command == "relations":
            count = int(sys.argv[3])
            app = find_application(app_name, deadline, lambda app: app.childCount == count)
            found = []
            def walk(accessible):
                found.append({
                    "name": accessible.name, "role": int(accessible.getRole()),
                    "relations": [{"type": int(relation.getRelationType()),
                                   "targets": [[relation.getTarget(i).name, int(relation.getTarget(i).getRole())]
                                               for i in range(relation.getNTargets())]}
                                  for relation in accessible.getRelationSet()],
                })
                for index in range(accessible.childCount):
                    walk(accessible.getChildAtIndex(index))
            walk(app)
            print(json.dumps({"accessibles": found}))
        elif command == "active":
            app = find_application(app_name, deadline, lambda app: first_frame(app) is not None
                                   and first_frame(app).getState().contains(pyatspi.STATE_ACTIVE))
            print(json.dumps({"name": first_frame(app).name}))
        elif command == "focus":
            count, ready_file = int(sys.argv[3]), sys.argv[4]
            # Ready once the window has the keyboard (its frame is active), so no key is lost.
            app = find_application(app_name, deadline, lambda app: first_frame(app) is not None
                                   and first_frame(app).getState().contains(pyatspi.STATE_ACTIVE))
            gained = []
            def heard(event):
                if event.detail1 == 1 and event.source is not None:
                    gained.append(event.source.name)
                    with open(ready_file, "a") as progress:
                        progress.write(event.source.name + "\n")
                    if len(gained) >= count:
                        pyatspi.Registry.stop()
            pyatspi.Registry.registerEventListener(heard, "object:state-changed:focused")
            def ready():
                open(ready_file, "w").close()
                return False
            GLib.timeout_add(200, ready)
            GLib.timeout_add(20000, lambda: pyatspi.Registry.stop() or False)
            pyatspi.Registry.start()
            last = find(app, gained[-1]) if gained else None
            focused = last is not None and last.getState().contains(pyatspi.STATE_FOCUSED)
            print(json.dumps({"gained": gained, "lastHasFocusedState": focused}))
        else:
            sys.exit("unknown command %r" % command)
        """#
}
