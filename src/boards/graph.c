/* graph.c — neighbours, straight lines and jumps of a point-and-line
 * board, derived from its drawing. */
#include <assert.h>
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "graph.h"
#include "ludoteka/text.h"

void graph_build(graph *g, const graph_spec *spec)
{
    memset(g, 0, sizeof *g);
    assert(spec->npoints <= GRAPH_POINTS && spec->nlinks <= GRAPH_LINKS);
    g->npoints = spec->npoints;
    g->nlinks = spec->nlinks;
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
    for (int i = 0; i < g->nlines; i++)
        for (int d = 0; d < 2; d++) {
            int8_t *j = g->jump[g->njumps++];
            j[0] = g->line[i][d ? 2 : 0];
            j[1] = g->line[i][1];
            j[2] = g->line[i][d ? 0 : 2];
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

bool graph_linked(const graph *g, int a, int b)
{
    return g->adjmask[a] >> b & 1;
}

bool graph_has_line(const graph *g, uint32_t set)
{
    for (int i = 0; i < g->nlines; i++)
        if ((set & g->linemask[i]) == g->linemask[i])
            return true;
    return false;
}
