/* graph.c — neighbours, straight lines and jumps of a point-and-line
 * board, derived from its drawing; the shared boards; Zobrist keys; the
 * record of reversible steps. */
#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <threads.h>

#include "graph.h"
#include "ludoteka/text.h"

uint8_t graph_nth8[256][8];
uint16_t graph_spread7[128];
static once_flag nth8_once = ONCE_FLAG_INIT;

static void fill_nth8(void)
{
    for (int set = 0; set < 256; set++)
        for (int k = 0; k < graph_count((uint32_t)set); k++)
            graph_nth8[set][k] = (uint8_t)graph_nth((uint32_t)set, (unsigned)k);
    for (int set = 0; set < 128; set++)
        for (int i = 0; i < 7; i++)
            graph_spread7[set] |= (uint16_t)((set >> i & 1) << 2 * i);
}

void graph_build(graph *g, const graph_spec *spec)
{
    call_once(&nth8_once, fill_nth8);
    memset(g, 0, sizeof *g);
    memset(g->between, -1, sizeof g->between);
    assert(spec->npoints <= GRAPH_POINTS && spec->nlinks <= GRAPH_LINKS);
    g->npoints = spec->npoints;
    g->nlinks = spec->nlinks;
    g->all = (uint32_t)((1ull << g->npoints) - 1);
    for (int p = 0; p < g->npoints; p++) {
        lt_copy(g->name[p], sizeof g->name[p], spec->names[p]);
        g->x[p] = spec->xy[p][0];
        g->y[p] = spec->xy[p][1];
    }
    for (int i = 0; i < g->nlinks; i++) {
        int a = spec->links[i][0], b = spec->links[i][1];
        g->link[i][0] = (int8_t)a;
        g->link[i][1] = (int8_t)b;
        g->adjmask[a] |= 1u << b;
        g->adjmask[b] |= 1u << a;
    }
    for (int p = 0; p < g->npoints; p++)
        for (int q = 0; q < g->npoints; q++)
            if (g->adjmask[p] >> q & 1) {
                assert(g->degree[p] < GRAPH_DEGREE);
                g->adj[p][g->degree[p]++] = (int8_t)q;
                g->nearbytes[p][q / 8] += 1ull << q % 8 * 8;
            }
    /* A straight triple: a-m and m-b drawn, and b is as far beyond m as m
     * is beyond a. */
    for (int m = 0; m < g->npoints; m++)
        for (int i = 0; i < g->degree[m]; i++)
            for (int j = 0; j < g->degree[m]; j++) {
                int a = g->adj[m][i], b = g->adj[m][j];
                if (a >= b || g->x[m] - g->x[a] != g->x[b] - g->x[m] ||
                    g->y[m] - g->y[a] != g->y[b] - g->y[m])
                    continue;
                assert(g->nlines < GRAPH_LINES);
                int8_t *l = g->line[g->nlines];
                l[0] = (int8_t)a;
                l[1] = (int8_t)m;
                l[2] = (int8_t)b;
                g->linemask[g->nlines++] = 1u << a | 1u << m | 1u << b;
            }
    for (int i = 0; i < g->nlines; i++) {
        const int8_t *l = g->line[i];
        g->between[l[0]][l[2]] = g->between[l[2]][l[0]] = l[1];
        for (int k = 0; k < 3; k++) {
            assert(g->nlines_at[l[k]] < GRAPH_LINES_AT);
            g->lines_at[l[k]][g->nlines_at[l[k]]++] = (int8_t)i;
        }
        for (int d = 0; d < 2; d++) {
            int8_t *j = g->jump[g->njumps++];
            j[0] = l[d ? 2 : 0];
            j[1] = l[1];
            j[2] = l[d ? 0 : 2];
        }
    }
    /* reading order: by y, then by x */
    for (int p = 0; p < g->npoints; p++)
        g->reading[p] = (int8_t)p;
    for (int i = 1; i < g->npoints; i++)
        for (int j = i; j > 0; j--) {
            int a = g->reading[j - 1], b = g->reading[j];
            if (g->y[a] < g->y[b] || (g->y[a] == g->y[b] && g->x[a] < g->x[b]))
                break;
            g->reading[j - 1] = (int8_t)b;
            g->reading[j] = (int8_t)a;
        }
    /* hops in ascending order of their landing point */
    for (int p = 0; p < g->npoints; p++)
        for (int to = 0; to < g->npoints; to++)
            if (g->between[p][to] >= 0) {
                assert(g->nhops[p] < GRAPH_DEGREE);
                int8_t *h = g->hop[p][g->nhops[p]++];
                h[0] = g->between[p][to];
                h[1] = (int8_t)to;
                g->hopmask[p] |= 1u << to;
            }
    /* links and jumps grouped by their offsets */
    for (int p = 0; p < g->npoints; p++)
        for (int i = 0; i < g->degree[p]; i++) {
            int off = g->adj[p][i] - p, k = 0;
            while (k < g->nsgroups && g->soff[k] != off)
                k++;
            if (k == g->nsgroups) {
                assert(g->nsgroups < GRAPH_GROUPS);
                g->soff[k] = (int8_t)off;
                g->nsgroups++;
            }
            g->sfrom[k] |= 1u << p;
        }
    for (int i = 0; i < g->njumps; i++) {
        const int8_t *j = g->jump[i];
        int over = j[1] - j[0], to = j[2] - j[0], k = 0;
        while (k < g->njgroups && (g->jover[k] != over || g->jto[k] != to))
            k++;
        if (k == g->njgroups) {
            assert(g->njgroups < GRAPH_GROUPS);
            g->jover[k] = (int8_t)over;
            g->jto[k] = (int8_t)to;
            g->njgroups++;
        }
        g->jfrom[k] |= 1u << j[0];
    }
}

int graph_find(const graph *g, const char *name)
{
    for (int p = 0; p < g->npoints; p++)
        if (strcasecmp(g->name[p], name) == 0)
            return p;
    return -1;
}

int graph_find_prefix(const graph *g, const char *text)
{
    for (int p = 0; p < g->npoints; p++) {
        size_t n = strlen(g->name[p]);
        if (strncasecmp(g->name[p], text, n) == 0 &&
            !isdigit((unsigned char)text[n]))
            return p;
    }
    return -1;
}

bool graph_has_line(const graph *g, uint32_t set)
{
    for (int i = 0; i < g->nlines; i++)
        if ((set & g->linemask[i]) == g->linemask[i])
            return true;
    return false;
}


/* ---- Positions as text ---- */

int graph_board_write(const graph *g, const uint8_t *content,
                      const char *chars, char *buf, size_t size)
{
    char text[2 * GRAPH_POINTS + 1];
    int n = 0;
    for (int i = 0; i < g->npoints; i++) {
        int p = g->reading[i];
        if (i && g->y[p] != g->y[g->reading[i - 1]])
            text[n++] = '/';
        text[n++] = chars[content[p]];
    }
    text[n] = '\0';
    return snprintf(buf, size, "%s", text);
}

bool graph_board_read(const graph *g, const char **text, const char *chars,
                      uint8_t *content, lt_error *err)
{
    const char *p = *text;
    while (isspace((unsigned char)*p))
        p++;
    for (int i = 0; i < g->npoints; i++, p++) {
        int q = g->reading[i];
        if (i && g->y[q] != g->y[g->reading[i - 1]] && *p++ != '/') {
            lt_error_set(err, _("board: expected '/' before %s"), g->name[q]);
            return false;
        }
        const char *c = *p ? strchr(chars, toupper((unsigned char)*p)) : NULL;
        if (!c) {
            lt_error_set(err, _("board: expected one of '%s' for %s, found '%.1s'"),
                         chars, g->name[q], p);
            return false;
        }
        content[q] = (uint8_t)(c - chars);
    }
    *text = p;
    return true;
}

/* ---- Moves as text ---- */

int graph_move_name(const graph *g, int from, int to, char sep, char *buf,
                    size_t size)
{
    return snprintf(buf, size, "%s%c%s", g->name[from], sep, g->name[to]);
}

bool graph_move_read(const graph *g, const char *text, int *from, int *to,
                     char *sep)
{
    *from = graph_find_prefix(g, text);
    if (*from < 0)
        return false;
    const char *rest = text + strlen(g->name[*from]);
    *sep = (char)tolower((unsigned char)*rest);
    if (*sep == '-' || *sep == 'x')
        rest++;
    else
        *sep = '\0';
    *to = graph_find(g, rest);
    return *to >= 0;
}

lt_status graph_read_step_or_jump(const graph *g, const char *text, int *from,
                                  int *to)
{
    char sep;
    if (!graph_move_read(g, text, from, to, &sep))
        return LT_ESYNTAX;
    bool step = graph_linked(g, *from, *to), jump = g->between[*from][*to] >= 0;
    if ((sep == '-' && !step) || (sep == 'x' && !jump) || (!step && !jump))
        return LT_EILLEGAL;
    return LT_OK;
}

int graph_chain_action_name(const graph *g, lt_action a, char *buf,
                            size_t size)
{
    if (a == g->npoints * g->npoints)
        return snprintf(buf, size, "stop");
    int from = a / g->npoints, to = a % g->npoints;
    return graph_move_name(g, from, to, graph_linked(g, from, to) ? '-' : 'x',
                           buf, size);
}

lt_status graph_chain_action_read(const graph *g, const char *text,
                                  lt_action *out)
{
    if (!strcasecmp(text, "stop")) {
        *out = g->npoints * g->npoints;
        return LT_OK;
    }
    int from, to;
    lt_status status = graph_read_step_or_jump(g, text, &from, &to);
    if (status == LT_OK)
        *out = from * g->npoints + to;
    return status;
}

/* ---- Views ---- */

void graph_render(const graph *g, lt_view *v)
{
    v->width = v->height = 0;
    v->ncells = g->npoints;
    v->nboards = 1;
    for (int p = 0; p < g->npoints; p++) {
        v->cells[p] = (lt_cell){.x = g->x[p], .y = g->y[p],
                                .shape = LT_SHAPE_POINT,
                                .shade = LT_SHADE_PLAIN};
        lt_copy(v->cells[p].name, sizeof v->cells[p].name, g->name[p]);
        if (g->x[p] >= v->width)
            v->width = g->x[p] + 1;
        if (g->y[p] >= v->height)
            v->height = g->y[p] + 1;
    }
    v->nlinks = g->nlinks;
    for (int i = 0; i < g->nlinks; i++)
        v->links[i] = (lt_link){g->link[i][0], g->link[i][1]};
}

void graph_piece(lt_view *v, int point, int owner, int kind, const char *text,
                 const char *glyph)
{
    if (v->npieces >= LT_VIEW_PIECES)
        return;
    lt_piece *pc = &v->pieces[v->npieces++];
    *pc = (lt_piece){.cell = (int16_t)point, .owner = (int8_t)owner,
                     .kind = (uint8_t)kind};
    lt_copy(pc->text, sizeof pc->text, text);
    lt_copy(pc->glyph, sizeof pc->glyph, glyph);
}

/* ---- The shared boards ---- */

static graph alquerque, morris;
static once_flag boards_once = ONCE_FLAG_INIT;
_Atomic(const graph *) graph_shared_[2];

static void build_alquerque(void)
{
    static char names[25][3];
    static const char *name_of[25];
    static int8_t xy[25][2], links[56][2];
    int n = 0;
    for (int p = 0; p < 25; p++) {
        int c = p % 5, r = p / 5; /* A1 = 0, B1 = 1, ..., E5 = 24 */
        snprintf(names[p], sizeof names[p], "%c%d", 'A' + c, r + 1);
        name_of[p] = names[p];
        xy[p][0] = (int8_t)c;
        xy[p][1] = (int8_t)(4 - r);
        if (c < 4) { /* orthogonal links to the right and upwards */
            links[n][0] = (int8_t)p;
            links[n++][1] = (int8_t)(p + 1);
        }
        if (r < 4) {
            links[n][0] = (int8_t)p;
            links[n++][1] = (int8_t)(p + 5);
        }
        /* notes §3.1: diagonals only through points of even parity */
        if ((c + r) % 2 == 0 && r < 4) {
            if (c < 4) {
                links[n][0] = (int8_t)p;
                links[n++][1] = (int8_t)(p + 6);
            }
            if (c > 0) {
                links[n][0] = (int8_t)p;
                links[n++][1] = (int8_t)(p + 4);
            }
        }
    }
    assert(n == 56);
    graph_build(&alquerque, &(graph_spec){25, name_of, (const int8_t(*)[2])xy,
                                          n, (const int8_t(*)[2])links});
}

static void build_morris(void)
{
    static const char *const names[24] = {
        "a1", "d1", "g1", "b2", "d2", "f2", "c3", "d3", "e3", "a4", "b4", "c4",
        "e4", "f4", "g4", "c5", "d5", "e5", "b6", "d6", "f6", "a7", "d7", "g7"};
    /* notes §3.3: three squares, outer, middle, inner, and four spokes */
    static const char *const drawn[32][2] = {
        {"a1", "d1"}, {"d1", "g1"}, {"g1", "g4"}, {"g4", "g7"},
        {"g7", "d7"}, {"d7", "a7"}, {"a7", "a4"}, {"a4", "a1"},
        {"b2", "d2"}, {"d2", "f2"}, {"f2", "f4"}, {"f4", "f6"},
        {"f6", "d6"}, {"d6", "b6"}, {"b6", "b4"}, {"b4", "b2"},
        {"c3", "d3"}, {"d3", "e3"}, {"e3", "e4"}, {"e4", "e5"},
        {"e5", "d5"}, {"d5", "c5"}, {"c5", "c4"}, {"c4", "c3"},
        {"d1", "d2"}, {"d2", "d3"}, {"a4", "b4"}, {"b4", "c4"},
        {"e4", "f4"}, {"f4", "g4"}, {"d5", "d6"}, {"d6", "d7"}};
    static int8_t xy[24][2], links[32][2];
    for (int p = 0; p < 24; p++) {
        xy[p][0] = (int8_t)(names[p][0] - 'a');
        xy[p][1] = (int8_t)('7' - names[p][1]);
    }
    for (int i = 0; i < 32; i++)
        for (int e = 0; e < 2; e++)
            for (int p = 0; p < 24; p++)
                if (!strcmp(names[p], drawn[i][e]))
                    links[i][e] = (int8_t)p;
    graph_build(&morris, &(graph_spec){24, names, (const int8_t(*)[2])xy, 32,
                                       (const int8_t(*)[2])links});
}

static void build_boards(void)
{
    build_alquerque();
    build_morris();
    atomic_store_explicit(&graph_shared_[0], &alquerque, memory_order_release);
    atomic_store_explicit(&graph_shared_[1], &morris, memory_order_release);
}

const graph *graph_shared_build_(int which)
{
    call_once(&boards_once, build_boards);
    return which ? &morris : &alquerque;
}

/* ---- Zobrist keys ---- */

uint64_t graph_key(int kind, int point)
{
    /* the splitmix64 finaliser of the pair: fixed, well mixed, no table */
    uint64_t z = (uint64_t)(kind * 32 + point + 1) * 0x9e3779b97f4a7c15u;
    z = (z ^ z >> 30) * 0xbf58476d1ce4e5b9u;
    z = (z ^ z >> 27) * 0x94d049bb133111ebu;
    return z ^ z >> 31;
}

uint64_t graph_set_key(int kind, uint32_t set)
{
    uint64_t h = 0;
    for (; set; set &= set - 1)
        h ^= graph_key(kind, __builtin_ctz(set));
    return h;
}

/* ---- Reversible steps ---- */

int graph_history_scan_(const graph_history *h, uint32_t a, uint32_t b)
{
    int count = 1;
    /* the same player was to move two, four, ... steps ago */
    for (int i = h->n - 2; i >= 0; i -= 2)
        if (h->men[i][0] == a && h->men[i][1] == b)
            count++;
    return count;
}

int graph_history_write(const graph *g, const graph_history *h, uint32_t a,
                        uint32_t b, char *buf, size_t size)
{
    size_t len = 0;
    if (size)
        buf[0] = '\0';
    if (h->n == 0)
        return snprintf(buf, size, "-");
    int need = 0;
    for (int i = 0; i < h->n; i++) {
        uint32_t na = i + 1 < h->n ? h->men[i + 1][0] : a;
        uint32_t nb = i + 1 < h->n ? h->men[i + 1][1] : b;
        /* the player whose set changed made the step */
        uint32_t before = h->men[i][0] != na ? h->men[i][0] : h->men[i][1];
        uint32_t after = h->men[i][0] != na ? na : nb;
        int from = __builtin_ctz(before & ~after), to = __builtin_ctz(after & ~before);
        need += snprintf(NULL, 0, "%s%s-%s", i ? "," : "", g->name[from], g->name[to]);
        lt_appendf(buf, size, &len, "%s%s-%s", i ? "," : "", g->name[from],
                   g->name[to]);
    }
    return need;
}

int graph_steps_read(const graph *g, const char *text, int8_t *from,
                     int8_t *to, int max)
{
    if (!strcmp(text, "-"))
        return 0;
    int n = 0;
    const char *p = text;
    for (;;) {
        int a = graph_find_prefix(g, p);
        if (a < 0)
            return -1;
        p += strlen(g->name[a]);
        if (*p++ != '-')
            return -1;
        int b = graph_find_prefix(g, p);
        if (b < 0 || n == max)
            return -1;
        p += strlen(g->name[b]);
        from[n] = (int8_t)a;
        to[n++] = (int8_t)b;
        if (!*p)
            return n;
        if (*p++ != ',')
            return -1;
    }
}

uint32_t graph_jumps(const graph *g, const uint32_t men[2], int p, int seat)
{
    if (!(g->adjmask[p] & men[!seat]))
        return 0;
    return graph_hops(g, p, men[!seat], g->all & ~(men[0] | men[1]));
}

void graph_view_quiet(lt_view *v, const graph_history *h, int quiet)
{
    snprintf(v->info[v->ninfo++], sizeof v->info[0],
             _("Moves without a capture: %d of %d"), h->n, 2 * quiet);
}

int graph_men_write(const graph *g, const uint32_t men[2],
                    const graph_history *h, const char *middle, char *buf,
                    size_t size)
{
    uint8_t content[GRAPH_POINTS];
    for (int p = 0; p < g->npoints; p++)
        content[p] = (uint8_t)((men[0] >> p & 1) + 2 * (men[1] >> p & 1));
    char rows[64], steps[GRAPH_HISTORY * 6 + 2];
    graph_board_write(g, content, ".WB", rows, sizeof rows);
    graph_history_write(g, h, men[0], men[1], steps, sizeof steps);
    return snprintf(buf, size, "%s %s %s", rows, middle, steps);
}

bool graph_men_read(const graph *g, const char **text, uint32_t men[2],
                    lt_error *err)
{
    uint8_t content[GRAPH_POINTS];
    if (!graph_board_read(g, text, ".WB", content, err))
        return false;
    men[0] = men[1] = 0;
    for (int p = 0; p < g->npoints; p++)
        if (content[p])
            men[content[p] - 1] |= 1u << p;
    return true;
}

bool graph_steps_undo(const graph *g, uint32_t men[2], const int8_t *from,
                      const int8_t *to, int n, int last, bool linked,
                      lt_error *err)
{
    for (int i = n - 1; i >= 0; i--) {
        uint32_t *mover = &men[(last + n - 1 - i) % 2];
        if (!(*mover >> to[i] & 1) || ((men[0] | men[1]) >> from[i] & 1) ||
            (linked && !graph_linked(g, from[i], to[i]))) {
            lt_error_set(err, _("step %s-%s cannot be taken back"),
                         g->name[from[i]], g->name[to[i]]);
            return false;
        }
        *mover ^= 1u << from[i] | 1u << to[i];
    }
    return true;
}

int graph_end_reason(int end, int loser, int moves, char *buf, size_t size)
{
    bool black = loser & 1;
    switch (end) {
    case GRAPH_END_NO_MEN:
        return snprintf(buf, size, "%s",
                        black ? _("Black has no men left") : _("White has no men left"));
    case GRAPH_END_FEW_MEN:
        return snprintf(buf, size, "%s",
                        black ? _("Black has fewer than three men left")
                              : _("White has fewer than three men left"));
    case GRAPH_END_BLOCKED:
        return snprintf(buf, size, "%s",
                        black ? _("Black is blocked: no move") : _("White is blocked: no move"));
    case GRAPH_END_REPEATED:
        return snprintf(buf, size, "%s", _("draw: the same position for the third time"));
    default:
        return snprintf(buf, size,
                        lt_ngettext("draw: %d move each without a capture",
                                    "draw: %d moves each without a capture",
                                    (unsigned long)moves),
                        moves);
    }
}
