#ifndef LAMINA_CPANGOCAIRO_SHIM_H
#define LAMINA_CPANGOCAIRO_SHIM_H

/*
 * The part of Pango's stable C API (1.50 and later; Debian's libpango1.0-dev) that
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
void pango_context_set_base_dir(PangoContext *context, PangoDirection direction);

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
void pango_layout_set_justify_last_line(PangoLayout *layout, pango_gboolean justify); /* 1.50 */
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
/* A font's traits (pango-font.h): Core Text's symbolic traits of the installed face. */
typedef enum { PANGO_STYLE_NORMAL, PANGO_STYLE_OBLIQUE, PANGO_STYLE_ITALIC } PangoStyle;
typedef enum {
    PANGO_WEIGHT_THIN = 100, PANGO_WEIGHT_ULTRALIGHT = 200, PANGO_WEIGHT_LIGHT = 300, PANGO_WEIGHT_SEMILIGHT = 350,
    PANGO_WEIGHT_BOOK = 380, PANGO_WEIGHT_NORMAL = 400, PANGO_WEIGHT_MEDIUM = 500, PANGO_WEIGHT_SEMIBOLD = 600,
    PANGO_WEIGHT_BOLD = 700, PANGO_WEIGHT_ULTRABOLD = 800, PANGO_WEIGHT_HEAVY = 900, PANGO_WEIGHT_ULTRAHEAVY = 1000
} PangoWeight;
typedef enum {
    PANGO_STRETCH_ULTRA_CONDENSED, PANGO_STRETCH_EXTRA_CONDENSED, PANGO_STRETCH_CONDENSED,
    PANGO_STRETCH_SEMI_CONDENSED, PANGO_STRETCH_NORMAL, PANGO_STRETCH_SEMI_EXPANDED, PANGO_STRETCH_EXPANDED,
    PANGO_STRETCH_EXTRA_EXPANDED, PANGO_STRETCH_ULTRA_EXPANDED
} PangoStretch;
typedef struct _PangoFontFace PangoFontFace;
typedef struct _PangoFontFamily PangoFontFamily;
PangoStyle pango_font_description_get_style(const PangoFontDescription *desc);
PangoWeight pango_font_description_get_weight(const PangoFontDescription *desc);
PangoStretch pango_font_description_get_stretch(const PangoFontDescription *desc);
PangoFontFace *pango_font_get_face(PangoFont *font);
PangoFontFamily *pango_font_face_get_family(PangoFontFace *face);
pango_gboolean pango_font_family_is_monospace(PangoFontFamily *family);
/* The installed families and their faces (pango-fontmap.h, pango-font.h): Core Text's font
   collections. The arrays are freed with g_free. */
void pango_font_map_list_families(PangoFontMap *fontmap, PangoFontFamily ***families, int *n_families);
const char *pango_font_family_get_name(PangoFontFamily *family);
void pango_font_family_list_faces(PangoFontFamily *family, PangoFontFace ***faces, int *n_faces);
const char *pango_font_face_get_face_name(PangoFontFace *face);
/* glib-object.h, gmem.h */
void g_object_unref(void *object);
void g_free(void *mem);

/* Line-by-line access to a layout (pango-layout.h, pango-item.h, pango-glyph.h,
   pango-glyph-item.h): Core Text's lines and runs, with Pango's public struct layouts. */
typedef struct _PangoLayoutIter PangoLayoutIter;
typedef struct _GSList { void *data; struct _GSList *next; } GSList;
typedef struct {
    void *shape_engine;
    void *lang_engine;
    PangoFont *font;
    unsigned char level;
    unsigned char gravity;
    unsigned char flags;
    unsigned char script;
    void *language;
    GSList *extra_attrs;
} PangoAnalysis;
/* PangoAnalysis.flags: the run holds the ellipsis of a shortened line. */
#define PANGO_ANALYSIS_FLAG_IS_ELLIPSIS (1 << 1)
typedef struct {
    int offset;
    int length;
    int num_chars;
    PangoAnalysis analysis;
} PangoItem;
typedef struct {
    int width;
    int x_offset;
    int y_offset;
} PangoGlyphGeometry;
typedef struct {
    unsigned int glyph;
    PangoGlyphGeometry geometry;
    unsigned int attr;
} PangoGlyphInfo;
typedef struct {
    int num_glyphs;
    PangoGlyphInfo *glyphs;
    int *log_clusters;
    int space;
} PangoGlyphString;
typedef struct {
    PangoItem *item;
    PangoGlyphString *glyphs;
    int y_offset;
    int start_x_offset;
    int end_x_offset;
} PangoGlyphItem;
typedef struct {
    PangoLayout *layout;
    int start_index;
    int length;
    GSList *runs;
    unsigned int flags;
} PangoLayoutLine;
pango_gboolean pango_layout_line_is_paragraph_start(PangoLayoutLine *line); /* 1.50 */
void pango_layout_set_indent(PangoLayout *layout, int indent);

/* pango-tabs.h: tab stops (alignments other than left since 1.50). */
typedef struct _PangoTabArray PangoTabArray;
typedef enum { PANGO_TAB_LEFT, PANGO_TAB_RIGHT, PANGO_TAB_CENTER, PANGO_TAB_DECIMAL } PangoTabAlign;
PangoTabArray *pango_tab_array_new(int initial_size, pango_gboolean positions_in_pixels);
void pango_tab_array_free(PangoTabArray *tab_array);
void pango_tab_array_set_tab(PangoTabArray *tab_array, int tab_index, PangoTabAlign alignment, int location);
void pango_layout_set_tabs(PangoLayout *layout, PangoTabArray *tabs);

void pango_layout_set_single_paragraph_mode(PangoLayout *layout, pango_gboolean setting);
void pango_layout_set_spacing(PangoLayout *layout, int spacing);
void pango_layout_set_line_spacing(PangoLayout *layout, float factor);
int pango_layout_get_line_count(PangoLayout *layout);
const char *pango_layout_get_text(PangoLayout *layout);
PangoLayoutIter *pango_layout_get_iter(PangoLayout *layout);
void pango_layout_iter_free(PangoLayoutIter *iter);
pango_gboolean pango_layout_iter_next_line(PangoLayoutIter *iter);
PangoLayoutLine *pango_layout_iter_get_line_readonly(PangoLayoutIter *iter);
int pango_layout_iter_get_baseline(PangoLayoutIter *iter);
void pango_layout_iter_get_line_extents(PangoLayoutIter *iter, PangoRectangle *ink_rect, PangoRectangle *logical_rect);
void pango_layout_line_get_extents(PangoLayoutLine *line, PangoRectangle *ink_rect, PangoRectangle *logical_rect);
void pango_layout_line_index_to_x(PangoLayoutLine *line, int index, pango_gboolean trailing, int *x_pos);
pango_gboolean pango_layout_line_x_to_index(PangoLayoutLine *line, int x_pos, int *index, int *trailing);
PangoAttribute *pango_attr_letter_spacing_new(int letter_spacing);
PangoAttribute *pango_attr_rise_new(int rise);
PangoAttribute *pango_attr_shape_new(const PangoRectangle *ink_rect, const PangoRectangle *logical_rect);
PangoAttribute *pango_attr_insert_hyphens_new(pango_gboolean insert_hyphens);
PangoAttribute *pango_attr_font_features_new(const char *features);
/* A run's language (pango-language.h, pango-attributes.h): localized glyphs and fallback order. */
typedef struct _PangoLanguage PangoLanguage;
PangoLanguage *pango_language_from_string(const char *language);
PangoAttribute *pango_attr_language_new(PangoLanguage *language);

/* A font's own figures (pango-font.h, pangocairo.h, HarfBuzz's hb-font.h, hb-face.h,
   hb-blob.h, hb-ot-metrics.h): Core Text's font metrics and glyphs. */
typedef struct hb_font_t hb_font_t;
typedef struct hb_face_t hb_face_t;
typedef struct hb_blob_t hb_blob_t;
typedef struct {
    int ascender;
    int descender;
    int line_gap;
    int reserved[9];
} hb_font_extents_t;
typedef struct {
    int x_bearing;
    int y_bearing;
    int width;
    int height;
} hb_glyph_extents_t;
hb_font_t *pango_font_get_hb_font(PangoFont *font);
/* A font's underline, in Pango units (pango-font.h); Core Text's underlines are drawn from it. */
typedef struct _PangoFontMetrics PangoFontMetrics;
PangoFontMetrics *pango_font_get_metrics(PangoFont *font, PangoLanguage *language);
int pango_font_metrics_get_underline_position(PangoFontMetrics *metrics);
int pango_font_metrics_get_underline_thickness(PangoFontMetrics *metrics);
void pango_font_metrics_unref(PangoFontMetrics *metrics);
struct _cairo_scaled_font *pango_cairo_font_get_scaled_font(PangoFont *font);
void pango_font_get_glyph_extents(PangoFont *font, unsigned int glyph, PangoRectangle *ink_rect, PangoRectangle *logical_rect);
hb_face_t *hb_font_get_face(hb_font_t *font);
hb_font_t *hb_font_create(hb_face_t *face);
void hb_font_destroy(hb_font_t *font);
unsigned int hb_face_get_upem(hb_face_t *face);
unsigned int hb_face_get_glyph_count(hb_face_t *face);
hb_blob_t *hb_face_reference_table(hb_face_t *face, unsigned int tag);
unsigned int hb_face_get_table_tags(const hb_face_t *face, unsigned int start_offset, unsigned int *table_count, unsigned int *table_tags);
const char *hb_blob_get_data(hb_blob_t *blob, unsigned int *length);
void hb_blob_destroy(hb_blob_t *blob);
void hb_font_get_h_extents(hb_font_t *font, hb_font_extents_t *extents);
pango_gboolean hb_ot_metrics_get_position(hb_font_t *font, unsigned int metrics_tag, int *position);
pango_gboolean hb_font_get_nominal_glyph(hb_font_t *font, unsigned int unicode, unsigned int *glyph);
int hb_font_get_glyph_h_advance(hb_font_t *font, unsigned int glyph);
pango_gboolean hb_font_get_glyph_extents(hb_font_t *font, unsigned int glyph, hb_glyph_extents_t *extents);
pango_gboolean hb_font_get_glyph_from_name(hb_font_t *font, const char *name, int len, unsigned int *glyph);
pango_gboolean hb_font_get_glyph_name(hb_font_t *font, unsigned int glyph, char *name, unsigned int size);
/* hb-ot-layout.h: a ligature glyph's caret positions from the font's GDEF table. The
 * direction is an hb_direction_t (HB_DIRECTION_LTR is 4). */
unsigned int hb_ot_layout_get_ligature_carets(hb_font_t *font, int direction, unsigned int glyph, unsigned int start_offset, unsigned int *caret_count, int *caret_array);
/* A font's OpenType features and a feature's names (hb-ot-layout.h): CTFontCopyFeatures. */
unsigned int hb_ot_layout_table_get_feature_tags(hb_face_t *face, unsigned int table_tag, unsigned int start_offset, unsigned int *feature_count, unsigned int *feature_tags);
pango_gboolean hb_ot_layout_feature_get_name_ids(hb_face_t *face, unsigned int table_tag, unsigned int feature_index, unsigned int *label_id, unsigned int *tooltip_id, unsigned int *sample_id, unsigned int *num_named_parameters, unsigned int *first_param_id);
/* A variable font's axes and the instance drawn (hb-common.h, hb-font.h, hb-ot-var.h,
   hb-ot-name.h, pango-font.h): Core Text's variations. */
typedef struct {
    unsigned int tag;
    float value;
} hb_variation_t;
void hb_font_set_variations(hb_font_t *font, const hb_variation_t *variations, unsigned int variations_length);
typedef struct {
    unsigned int axis_index;
    unsigned int tag;
    unsigned int name_id;
    unsigned int flags;
    float min_value;
    float default_value;
    float max_value;
    unsigned int reserved;
} hb_ot_var_axis_info_t;
unsigned int hb_ot_var_get_axis_infos(hb_face_t *face, unsigned int start_offset, unsigned int *axes_count, hb_ot_var_axis_info_t *axes_array);
/* language is an hb_language_t: NULL (HB_LANGUAGE_INVALID) takes the name in English or the first there is. */
unsigned int hb_ot_name_get_utf8(hb_face_t *face, unsigned int name_id, const void *language, unsigned int *text_size, char *text);
void pango_font_description_set_variations(PangoFontDescription *desc, const char *variations);
typedef struct hb_set_t hb_set_t;
hb_set_t *hb_set_create(void);
void hb_set_destroy(hb_set_t *set);
void hb_face_collect_unicodes(hb_face_t *face, hb_set_t *out);
pango_gboolean hb_set_next_range(const hb_set_t *set, unsigned int *first, unsigned int *last);
unsigned int hb_set_get_population(const hb_set_t *set);

/* Fonts an application brings, and faces by PostScript or full name (fontconfig.h,
   pangofc-fontmap.h): Core Text's font manager. Pango's font maps are per thread and cache
   what fontconfig lists; each is told when the configuration's fonts change. */
typedef struct _FcConfig FcConfig;
typedef struct _FcPattern FcPattern;
typedef struct _FcObjectSet FcObjectSet;
typedef struct { int nfont; int sfont; FcPattern **fonts; } FcFontSet;
typedef unsigned char FcChar8;
typedef int FcBool;
typedef enum { FcResultMatch, FcResultNoMatch, FcResultTypeMismatch, FcResultNoId, FcResultOutOfMemory } FcResult;
FcConfig *FcConfigGetCurrent(void);
FcBool FcConfigAppFontAddFile(FcConfig *config, const FcChar8 *file);
void FcConfigAppFontClear(FcConfig *config);
FcPattern *FcPatternCreate(void);
void FcPatternDestroy(FcPattern *p);
FcBool FcPatternAddString(FcPattern *p, const char *object, const FcChar8 *s);
FcResult FcPatternGetString(const FcPattern *p, const char *object, int n, FcChar8 **s);
FcResult FcPatternGetInteger(const FcPattern *p, const char *object, int n, int *i);
FcObjectSet *FcObjectSetCreate(void);
FcBool FcObjectSetAdd(FcObjectSet *os, const char *object);
void FcObjectSetDestroy(FcObjectSet *os);
FcFontSet *FcFontList(FcConfig *config, FcPattern *p, FcObjectSet *os);
void FcFontSetDestroy(FcFontSet *s);
int FcWeightToOpenType(int fc_weight);
/* The fonts fontconfig falls back to, best first (fontconfig.h): Core Text's cascade list. */
typedef struct _FcCharSet FcCharSet;
FcBool FcConfigSubstitute(FcConfig *config, FcPattern *p, int kind); /* kind: FcMatchPattern is 0 */
void FcDefaultSubstitute(FcPattern *pattern);
FcFontSet *FcFontSort(FcConfig *config, FcPattern *p, FcBool trim, FcCharSet **csp, FcResult *result);
const FcCharSet *FcLangGetCharSet(const FcChar8 *lang); /* NULL for a language fontconfig does not know */
/* The languages a face covers (fontconfig's langset), for CTFontCopySupportedLanguages. */
typedef struct _FcLangSet FcLangSet;
typedef struct _FcStrSet FcStrSet;
typedef struct _FcStrList FcStrList;
FcResult FcPatternGetLangSet(const FcPattern *p, const char *object, int n, FcLangSet **ls);
FcStrSet *FcLangSetGetLangs(const FcLangSet *ls);
/* The fontconfig pattern of a font Pango loaded (pangofc-font.h; every font of Pango's cairo
   font map is a PangoFcFont), for the file a CTFont is drawn from. */
FcPattern *pango_fc_font_get_pattern(PangoFont *font);
FcStrList *FcStrListCreate(FcStrSet *set);
FcChar8 *FcStrListNext(FcStrList *list);
void FcStrListDone(FcStrList *list);
void FcStrSetDestroy(FcStrSet *set);
void pango_fc_font_map_config_changed(PangoFontMap *fcfontmap);
void pango_font_description_set_family(PangoFontDescription *desc, const char *family);
void pango_font_description_set_weight(PangoFontDescription *desc, PangoWeight weight);
void pango_font_description_set_style(PangoFontDescription *desc, PangoStyle style);
PangoFontDescription *pango_font_description_new(void);
void pango_font_description_set_size(PangoFontDescription *desc, int size);

#endif
