#ifndef LAMINA_CGIO_SHIM_H
#define LAMINA_CGIO_SHIM_H

/*
 * The part of GLib's GIO (2.56 and later; Debian's libglib2.0-dev) that the accessibility
 * bridge uses to speak D-Bus (GDBus) and to read the desktop's settings (GSettings), declared here with GLib's own names and types.
 *
 * Why not `#include <gio/gio.h>` with `pkgConfig: "gio-2.0"`: GLib's pkg-config file adds
 * `-pthread`, which SwiftPM rejects with a "prohibited flag(s)" warning on every build (see
 * CPangoCairo). These declarations follow the installed headers exactly (opaque objects,
 * enums passed as the integers GCC gives them (`int`, or `unsigned int` for flags), the public structs); the libraries are linked by name.
 * The non-variadic GVariant constructors and accessors are used throughout: Swift cannot
 * call `g_variant_new` or `g_variant_get`.
 */

#include <stddef.h>
#include <stdint.h>

typedef int lamina_gboolean;

/* gerror.h */
#ifndef __G_ERROR_H__
typedef struct _GError {
    uint32_t domain;
    int code;
    char *message;
} GError;
#endif
void g_error_free(GError *error);
void g_set_error_literal(GError **err, uint32_t domain, int code, const char *message);

/* gmem.h */
void g_free(void *mem);
void *g_malloc0(size_t n_bytes);

/* gmain.h */
typedef struct _GMainContext GMainContext;
typedef struct _GMainLoop GMainLoop;
typedef lamina_gboolean (*lamina_GSourceFunc)(void *user_data);
typedef void (*lamina_GDestroyNotify)(void *data);
GMainContext *g_main_context_new(void);
void g_main_context_unref(GMainContext *context);
void g_main_context_push_thread_default(GMainContext *context);
void g_main_context_pop_thread_default(GMainContext *context);
lamina_gboolean g_main_context_iteration(GMainContext *context, lamina_gboolean may_block);
void g_main_context_invoke_full(GMainContext *context, int priority, lamina_GSourceFunc function, void *data,
                                lamina_GDestroyNotify notify);
GMainLoop *g_main_loop_new(GMainContext *context, lamina_gboolean is_running);
void g_main_loop_run(GMainLoop *loop);
void g_main_loop_quit(GMainLoop *loop);
void g_main_loop_unref(GMainLoop *loop);

/* gobject.h */
typedef struct _GObject GObject;
void g_object_unref(void *object);

/* gvariant.h, gvarianttype.h */
typedef struct _GVariant GVariant;
typedef struct _GVariantType GVariantType;
GVariant *g_variant_new_boolean(lamina_gboolean value);
GVariant *g_variant_new_int32(int32_t value);
GVariant *g_variant_new_uint32(uint32_t value);
GVariant *g_variant_new_double(double value);
GVariant *g_variant_new_string(const char *string);
GVariant *g_variant_new_object_path(const char *object_path);
GVariant *g_variant_new_variant(GVariant *value);
GVariant *g_variant_new_tuple(GVariant *const *children, size_t n_children);
GVariant *g_variant_new_array(const GVariantType *child_type, GVariant *const *children, size_t n_children);
GVariant *g_variant_new_dict_entry(GVariant *key, GVariant *value);
GVariant *g_variant_ref_sink(GVariant *value);
void g_variant_unref(GVariant *value);
const char *g_variant_get_type_string(GVariant *value);
size_t g_variant_n_children(GVariant *value);
GVariant *g_variant_get_child_value(GVariant *value, size_t index_);
lamina_gboolean g_variant_get_boolean(GVariant *value);
int32_t g_variant_get_int32(GVariant *value);
uint32_t g_variant_get_uint32(GVariant *value);
double g_variant_get_double(GVariant *value);
const char *g_variant_get_string(GVariant *value, size_t *length);
GVariant *g_variant_get_variant(GVariant *value);
GVariantType *g_variant_type_new(const char *type_string);
void g_variant_type_free(GVariantType *type);

/* gioenums.h (values as there) */
enum {
    LAMINA_G_BUS_TYPE_SESSION = 2,
    LAMINA_G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT = 1 << 0,
    LAMINA_G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION = 1 << 3,
    LAMINA_G_DBUS_CALL_FLAGS_NONE = 0,
    LAMINA_G_DBUS_CALL_FLAGS_NO_AUTO_START = 1 << 0,
    LAMINA_G_DBUS_SUBTREE_FLAGS_DISPATCH_TO_UNENUMERATED_NODES = 1 << 0,
    LAMINA_G_DBUS_SIGNAL_FLAGS_NONE = 0,
    LAMINA_G_BUS_NAME_WATCHER_FLAGS_NONE = 0,
    LAMINA_G_DBUS_ERROR_FAILED = 0,
    LAMINA_G_DBUS_ERROR_INVALID_ARGS = 16,
    LAMINA_G_DBUS_ERROR_UNKNOWN_PROPERTY = 43,
    LAMINA_G_DBUS_ERROR_PROPERTY_READ_ONLY = 44,
};

/* gdbus*.h */
typedef struct _GCancellable GCancellable;
typedef struct _GAsyncResult GAsyncResult;
typedef struct _GDBusConnection GDBusConnection;
typedef struct _GDBusAuthObserver GDBusAuthObserver;
typedef struct _GDBusMethodInvocation GDBusMethodInvocation;
typedef struct _GDBusNodeInfo GDBusNodeInfo;
typedef struct _GDBusInterfaceInfo GDBusInterfaceInfo;

typedef void (*lamina_GAsyncReadyCallback)(GObject *source_object, GAsyncResult *res, void *user_data);
typedef void (*lamina_GDBusSignalCallback)(GDBusConnection *connection, const char *sender_name,
                                           const char *object_path, const char *interface_name,
                                           const char *signal_name, GVariant *parameters, void *user_data);
typedef void (*lamina_GBusNameAppearedCallback)(GDBusConnection *connection, const char *name,
                                                const char *name_owner, void *user_data);
typedef void (*lamina_GBusNameVanishedCallback)(GDBusConnection *connection, const char *name, void *user_data);

typedef void (*lamina_GDBusInterfaceMethodCallFunc)(GDBusConnection *connection, const char *sender,
                                                    const char *object_path, const char *interface_name,
                                                    const char *method_name, GVariant *parameters,
                                                    GDBusMethodInvocation *invocation, void *user_data);
typedef GVariant *(*lamina_GDBusInterfaceGetPropertyFunc)(GDBusConnection *connection, const char *sender,
                                                          const char *object_path, const char *interface_name,
                                                          const char *property_name, GError **error,
                                                          void *user_data);
typedef lamina_gboolean (*lamina_GDBusInterfaceSetPropertyFunc)(GDBusConnection *connection, const char *sender,
                                                                const char *object_path,
                                                                const char *interface_name,
                                                                const char *property_name, GVariant *value,
                                                                GError **error, void *user_data);
#ifndef __G_DBUS_CONNECTION_H__
typedef struct _GDBusInterfaceVTable {
    lamina_GDBusInterfaceMethodCallFunc method_call;
    lamina_GDBusInterfaceGetPropertyFunc get_property;
    lamina_GDBusInterfaceSetPropertyFunc set_property;
    void *padding[8];
} GDBusInterfaceVTable;
#endif

typedef char **(*lamina_GDBusSubtreeEnumerateFunc)(GDBusConnection *connection, const char *sender,
                                                    const char *object_path, void *user_data);
typedef GDBusInterfaceInfo **(*lamina_GDBusSubtreeIntrospectFunc)(GDBusConnection *connection,
                                                                   const char *sender, const char *object_path,
                                                                   const char *node, void *user_data);
typedef const GDBusInterfaceVTable *(*lamina_GDBusSubtreeDispatchFunc)(GDBusConnection *connection,
                                                                       const char *sender,
                                                                       const char *object_path,
                                                                       const char *interface_name,
                                                                       const char *node, void **out_user_data,
                                                                       void *user_data);
#ifndef __G_DBUS_CONNECTION_H__
typedef struct _GDBusSubtreeVTable {
    lamina_GDBusSubtreeEnumerateFunc enumerate;
    lamina_GDBusSubtreeIntrospectFunc introspect;
    lamina_GDBusSubtreeDispatchFunc dispatch;
    void *padding[8];
} GDBusSubtreeVTable;
#endif

uint32_t g_dbus_error_quark(void);
char *g_dbus_address_get_for_bus_sync(int bus_type, GCancellable *cancellable, GError **error);
GDBusConnection *g_dbus_connection_new_for_address_sync(const char *address, unsigned int flags,
                                                        GDBusAuthObserver *observer, GCancellable *cancellable,
                                                        GError **error);
lamina_gboolean g_dbus_connection_close_sync(GDBusConnection *connection, GCancellable *cancellable,
                                             GError **error);
const char *g_dbus_connection_get_unique_name(GDBusConnection *connection);
GVariant *g_dbus_connection_call_sync(GDBusConnection *connection, const char *bus_name, const char *object_path,
                                      const char *interface_name, const char *method_name, GVariant *parameters,
                                      const GVariantType *reply_type, unsigned int flags, int timeout_msec,
                                      GCancellable *cancellable, GError **error);
void g_dbus_connection_call(GDBusConnection *connection, const char *bus_name, const char *object_path,
                            const char *interface_name, const char *method_name, GVariant *parameters,
                            const GVariantType *reply_type, unsigned int flags, int timeout_msec, GCancellable *cancellable,
                            lamina_GAsyncReadyCallback callback, void *user_data);
GVariant *g_dbus_connection_call_finish(GDBusConnection *connection, GAsyncResult *res, GError **error);
lamina_gboolean g_dbus_connection_emit_signal(GDBusConnection *connection, const char *destination_bus_name,
                                              const char *object_path, const char *interface_name,
                                              const char *signal_name, GVariant *parameters, GError **error);
unsigned int g_dbus_connection_signal_subscribe(GDBusConnection *connection, const char *sender,
                                                const char *interface_name, const char *member,
                                                const char *object_path, const char *arg0, unsigned int flags,
                                                lamina_GDBusSignalCallback callback, void *user_data,
                                                lamina_GDestroyNotify user_data_free_func);
void g_dbus_connection_signal_unsubscribe(GDBusConnection *connection, unsigned int subscription_id);
unsigned int g_dbus_connection_register_subtree(GDBusConnection *connection, const char *object_path,
                                                const GDBusSubtreeVTable *vtable, unsigned int flags, void *user_data,
                                                lamina_GDestroyNotify user_data_free_func, GError **error);
lamina_gboolean g_dbus_connection_unregister_subtree(GDBusConnection *connection, unsigned int registration_id);
unsigned int g_dbus_connection_register_object(GDBusConnection *connection, const char *object_path,
                                               GDBusInterfaceInfo *interface_info, const GDBusInterfaceVTable *vtable,
                                               void *user_data, lamina_GDestroyNotify user_data_free_func,
                                               GError **error);
lamina_gboolean g_dbus_connection_unregister_object(GDBusConnection *connection, unsigned int registration_id);
unsigned int g_bus_watch_name_on_connection(GDBusConnection *connection, const char *name, unsigned int flags,
                                            lamina_GBusNameAppearedCallback name_appeared_handler,
                                            lamina_GBusNameVanishedCallback name_vanished_handler,
                                            void *user_data, lamina_GDestroyNotify user_data_free_func);
void g_bus_unwatch_name(unsigned int watcher_id);
GDBusNodeInfo *g_dbus_node_info_new_for_xml(const char *xml_data, GError **error);
void g_dbus_node_info_unref(GDBusNodeInfo *info);
GDBusInterfaceInfo *g_dbus_node_info_lookup_interface(GDBusNodeInfo *info, const char *name);
GDBusInterfaceInfo *g_dbus_interface_info_ref(GDBusInterfaceInfo *info);
void g_dbus_method_invocation_return_value(GDBusMethodInvocation *invocation, GVariant *parameters);
void g_dbus_method_invocation_return_dbus_error(GDBusMethodInvocation *invocation, const char *error_name,
                                                const char *error_message);

/* gsettings.h, gsettingsschema.h, gsettingsbackend.h: the desktop's settings (the reduce-motion
 * preference is read from them). */
typedef struct _GSettings GSettings;
typedef struct _GSettingsBackend GSettingsBackend;
typedef struct _GSettingsSchema GSettingsSchema;
typedef struct _GSettingsSchemaSource GSettingsSchemaSource;
GSettingsSchemaSource *g_settings_schema_source_get_default(void);
GSettingsSchema *g_settings_schema_source_lookup(GSettingsSchemaSource *source, const char *schema_id,
                                                 lamina_gboolean recursive);
lamina_gboolean g_settings_schema_has_key(GSettingsSchema *schema, const char *name);
void g_settings_schema_unref(GSettingsSchema *schema);
GSettings *g_settings_new_full(GSettingsSchema *schema, GSettingsBackend *backend, const char *path);
lamina_gboolean g_settings_get_boolean(GSettings *settings, const char *key);
GSettingsBackend *g_keyfile_settings_backend_new(const char *filename, const char *root_path, const char *root_group);

#endif
