#ifndef LAMINA_CPANGOCAIRO_SHIM_H
#define LAMINA_CPANGOCAIRO_SHIM_H

/*
 * The part of Pango's stable C API (1.44 and later; Debian's libpango1.0-dev) that
 * CATextLayer uses, declared here with Pango's own names and types.
 *
 * Why not `#include <pango/pangocairo.h>` with `pkgConfig: "pangocairo"`: GLib's
 * pkg-config file adds `-pthread`, which SwiftPM rejects with a "prohibited flag(s)"
 * warning on every build, and importing GLib's headers slows every QuartzCore compile.
 * These declarations follow the installed headers exactly (opaque objects, int-sized
 * enums, and the two public structs); the libraries are linked by name.
 */

typedef int pango_gboolean;

/* Opaque objects. */
typedef struct _PangoLayout PangoLayout;
typedef struct _PangoContext PangoContext;
typedef struct _PangoAttrList PangoAttrList;
typedef struct _PangoFontDescription PangoFontDescription;
struct _cairo;
struct _cairo_font_options;

/* Public structs (pango-types.h, pango-attributes.h). */
typedef struct {
    int x;
    int y;
    int width;
    int height;
} PangoRectangle;

typedef struct {
    const void *klass;
    unsigned int start_index;
    unsigned int end_index;
} PangoAttribute;

/* Enumerations (pango-layout.h, pango-direction.h). */
typedef enum { PANGO_WRAP_WORD, PANGO_WRAP_CHAR, PANGO_WRAP_WORD_CHAR } PangoWrapMode;
typedef enum { PANGO_ELLIPSIZE_NONE, PANGO_ELLIPSIZE_START, PANGO_ELLIPSIZE_MIDDLE, PANGO_ELLIPSIZE_END } PangoEllipsizeMode;
typedef enum { PANGO_ALIGN_LEFT, PANGO_ALIGN_CENTER, PANGO_ALIGN_RIGHT } PangoAlignment;
typedef enum {
    PANGO_DIRECTION_LTR, PANGO_DIRECTION_RTL, PANGO_DIRECTION_TTB_LTR, PANGO_DIRECTION_TTB_RTL,
    PANGO_DIRECTION_WEAK_LTR, PANGO_DIRECTION_WEAK_RTL, PANGO_DIRECTION_NEUTRAL
} PangoDirection;

/* PANGO_SCALE: Pango units per point. */
static inline int lamina_pango_scale(void) { return 1024; }

/* pangocairo.h */
PangoLayout *pango_cairo_create_layout(struct _cairo *cr);
void pango_cairo_show_layout(struct _cairo *cr, PangoLayout *layout);
void pango_cairo_context_set_font_options(PangoContext *context, const struct _cairo_font_options *options);

/* pango-context.h */
void pango_context_set_round_glyph_positions(PangoContext *context, pango_gboolean round_positions);

/* pango-layout.h */
PangoContext *pango_layout_get_context(PangoLayout *layout);
void pango_layout_context_changed(PangoLayout *layout);
void pango_layout_set_text(PangoLayout *layout, const char *text, int length);
void pango_layout_set_attributes(PangoLayout *layout, PangoAttrList *attrs);
void pango_layout_set_width(PangoLayout *layout, int width);
void pango_layout_set_height(PangoLayout *layout, int height);
void pango_layout_set_wrap(PangoLayout *layout, PangoWrapMode wrap);
void pango_layout_set_ellipsize(PangoLayout *layout, PangoEllipsizeMode ellipsize);
void pango_layout_set_alignment(PangoLayout *layout, PangoAlignment alignment);
void pango_layout_set_justify(PangoLayout *layout, pango_gboolean justify);
void pango_layout_set_auto_dir(PangoLayout *layout, pango_gboolean auto_dir);
void pango_layout_get_extents(PangoLayout *layout, PangoRectangle *ink_rect, PangoRectangle *logical_rect);
PangoDirection pango_layout_get_direction(PangoLayout *layout, int index);

/* pango-attributes.h */
PangoAttrList *pango_attr_list_new(void);
void pango_attr_list_insert(PangoAttrList *list, PangoAttribute *attr);
void pango_attr_list_unref(PangoAttrList *list);
PangoAttribute *pango_attr_font_desc_new(const PangoFontDescription *desc);
PangoAttribute *pango_attr_foreground_new(unsigned short red, unsigned short green, unsigned short blue);
PangoAttribute *pango_attr_foreground_alpha_new(unsigned short alpha);

/* pango-font.h */
PangoFontDescription *pango_font_description_from_string(const char *str);
void pango_font_description_set_absolute_size(PangoFontDescription *desc, double size);
int pango_font_description_get_size(const PangoFontDescription *desc);
void pango_font_description_free(PangoFontDescription *desc);

/* Font resolution (pango-fontmap.h, pango-font.h, pangocairo.h): which installed font
   fontconfig picks for a description. */
typedef struct _PangoFontMap PangoFontMap;
typedef struct _PangoFont PangoFont;
PangoFontMap *pango_cairo_font_map_get_default(void);
PangoContext *pango_font_map_create_context(PangoFontMap *fontmap);
PangoFont *pango_font_map_load_font(PangoFontMap *fontmap, PangoContext *context, const PangoFontDescription *desc);
PangoFontDescription *pango_font_describe(PangoFont *font);
const char *pango_font_description_get_family(const PangoFontDescription *desc);
/* glib-object.h */
void g_object_unref(void *object);

#endif
