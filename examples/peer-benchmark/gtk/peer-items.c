// The peer benchmark's scene in GTK 4, written as a GTK developer would: one custom widget
// whose snapshot appends, for each of N items, a rounded clip (radius 8) around a colour
// and a 1-pixel border, in translucent colours (alpha 0.8), over a 1280×720 window; a tick
// callback redraws it every frame. Each 64×64 item moves 40 pixels along x and back forever
// (0.5 s each way, eased with Core Animation's ease-in-ease-out curve, its start delayed by
// (i % 50) / 100 s), so every frame lands on sub-pixel positions. The placement, colours
// and motion are those of frame-timing's `peer` scene (examples/scenes, gridCentre and
// makePeerBenchmarkLayer) and of PeerItems.qml beside this folder.
//
//     cc -O2 -o peer-items-gtk peer-items.c $(pkg-config --cflags --libs gtk4) -lm
//     GSK_RENDERER=cairo ./peer-items-gtk N
#include <errno.h>
#include <gtk/gtk.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

enum { WIDTH = 1280, HEIGHT = 720, MAX_ITEMS = 100000 };
static const float item_size = 64, corner_radius = 8, border_width = 1;
static const double travel = 40, half_period = 0.5;

// x(t) and y(t) of the cubic Bézier from (0, 0) to (1, 1) through (x1, y1) and (x2, y2).
static double bezier(double t, double p1, double p2) {
    double u = 1 - t;
    return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t;
}

// Core Animation's kCAMediaTimingFunctionEaseInEaseOut, control points (0.42, 0) and
// (0.58, 1): the progress at fraction `x` of the time, x(t) = x solved by bisection (x(t)
// increases with t for these control points).
static double ease_in_ease_out(double x) {
    double low = 0, high = 1;
    for (int step = 0; step < 30; step++) {
        double mid = (low + high) / 2;
        if (bezier(mid, 0.42, 0.58) < x) low = mid; else high = mid;
    }
    return bezier((low + high) / 2, 0, 1);
}

// How far item `i` has moved `seconds` after the scene started.
static double offset_at(double seconds, int i) {
    double local = seconds - (i % 50) / 100.0;
    if (local <= 0) return 0;
    double cycle = fmod(local, 2 * half_period);
    double fraction = cycle < half_period ? cycle / half_period : (2 * half_period - cycle) / half_period;
    return travel * ease_in_ease_out(fraction);
}

#define PEER_TYPE_ITEMS (peer_items_get_type())
G_DECLARE_FINAL_TYPE(PeerItems, peer_items, PEER, ITEMS, GtkWidget)

struct _PeerItems {
    GtkWidget parent_instance;
    int count;
    graphene_point_t *origins;  // each item's top-left corner at rest
    GdkRGBA *colors;
    gint64 start;  // the first frame's time (µs), 0 before it
};

G_DEFINE_TYPE(PeerItems, peer_items, GTK_TYPE_WIDGET)

static const GdkRGBA background = {0.1f, 0.1f, 0.12f, 1};
static const GdkRGBA border_color = {0.13f, 0.13f, 0.13f, 0.8f};

static void peer_items_snapshot(GtkWidget *widget, GtkSnapshot *snapshot) {
    PeerItems *self = PEER_ITEMS(widget);
    gint64 now = gdk_frame_clock_get_frame_time(gtk_widget_get_frame_clock(widget));
    if (self->start == 0) self->start = now;
    double seconds = (now - self->start) / 1e6;
    gtk_snapshot_append_color(
        snapshot, &background,
        &GRAPHENE_RECT_INIT(0, 0, gtk_widget_get_width(widget), gtk_widget_get_height(widget)));
    const float widths[4] = {border_width, border_width, border_width, border_width};
    const GdkRGBA borders[4] = {border_color, border_color, border_color, border_color};
    for (int i = 0; i < self->count; i++) {
        GskRoundedRect shape;
        float x = self->origins[i].x + (float)offset_at(seconds, i);
        gsk_rounded_rect_init_from_rect(
            &shape, &GRAPHENE_RECT_INIT(x, self->origins[i].y, item_size, item_size), corner_radius);
        gtk_snapshot_push_rounded_clip(snapshot, &shape);
        gtk_snapshot_append_color(snapshot, &self->colors[i], &shape.bounds);
        gtk_snapshot_pop(snapshot);
        gtk_snapshot_append_border(snapshot, &shape, widths, borders);
    }
}

static gboolean redraw(GtkWidget *widget, GdkFrameClock *clock, gpointer data) {
    (void)clock, (void)data;
    gtk_widget_queue_draw(widget);
    return G_SOURCE_CONTINUE;
}

static void peer_items_finalize(GObject *object) {
    PeerItems *self = PEER_ITEMS(object);
    g_free(self->origins);
    g_free(self->colors);
    G_OBJECT_CLASS(peer_items_parent_class)->finalize(object);
}

static void peer_items_class_init(PeerItemsClass *class) {
    GTK_WIDGET_CLASS(class)->snapshot = peer_items_snapshot;
    G_OBJECT_CLASS(class)->finalize = peer_items_finalize;
}

static void peer_items_init(PeerItems *self) {
    gtk_widget_add_tick_callback(GTK_WIDGET(self), redraw, NULL, NULL);
}

// Item i's place: a grid of ceil(sqrt(N)) columns over the window, 40 pixels kept free on
// the right for the motion (frame-timing's gridCentre less half an item).
static GtkWidget *peer_items_new(int count) {
    PeerItems *self = g_object_new(PEER_TYPE_ITEMS, NULL);
    self->count = count;
    self->origins = g_new(graphene_point_t, count);
    self->colors = g_new(GdkRGBA, count);
    int columns = (int)ceil(sqrt((double)count));
    int rows = (count + columns - 1) / columns;
    double span_x = WIDTH - 112, span_y = HEIGHT - 64;
    for (int i = 0; i < count; i++) {
        self->origins[i].x = (float)floor((double)(i % columns) / columns * span_x);
        self->origins[i].y = (float)floor((double)(i / columns) / rows * span_y);
        self->colors[i] = (GdkRGBA){(i % 7) / 7.0f, (i % 5) / 5.0f, (i % 3) / 3.0f, 0.8f};
    }
    return GTK_WIDGET(self);
}

static void quit(GtkWindow *window, gpointer loop) {
    (void)window;
    g_main_loop_quit(loop);
}

int main(int argc, char **argv) {
    char *end = NULL;
    errno = 0;
    long count = argc == 2 ? strtol(argv[1], &end, 10) : 0;
    if (argc != 2 || errno != 0 || end == argv[1] || *end != '\0' || count < 1 || count > MAX_ITEMS) {
        fprintf(stderr, "usage: %s N   (N items, 1...%d)\n", argv[0], MAX_ITEMS);
        return 2;
    }
    if (!gtk_init_check()) {
        fprintf(stderr, "%s: cannot open a display (is WAYLAND_DISPLAY set?)\n", argv[0]);
        return 1;
    }
    GMainLoop *loop = g_main_loop_new(NULL, FALSE);
    GtkWidget *window = gtk_window_new();
    gtk_window_set_title(GTK_WINDOW(window), "GTK 4 peer items");
    gtk_window_set_decorated(GTK_WINDOW(window), FALSE);
    gtk_window_set_default_size(GTK_WINDOW(window), WIDTH, HEIGHT);
    gtk_window_set_child(GTK_WINDOW(window), peer_items_new((int)count));
    g_signal_connect(window, "destroy", G_CALLBACK(quit), loop);
    gtk_window_present(GTK_WINDOW(window));
    g_main_loop_run(loop);
    g_main_loop_unref(loop);
    return 0;
}
