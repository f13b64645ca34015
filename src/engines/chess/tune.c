/* tune.c — Texel tuning of the evaluation weights on positions from the
 * engine's own games.
 *
 * 1. chess_selfplay plays the engine against itself from randomised
 *    openings at a small node budget and writes every quiet position
 *    (not in check, the evaluation equal to its capture-settled value)
 *    with the game's result and the search's score, both from white's
 *    side: "FEN | 1.0 | 35" (white won; "| 0.5", "| 0.0").
 * 2. chess_tune_fit reads such a file, extracts each position's term
 *    counts once (the evaluation is linear in its weights, evaluate.h),
 *    fits the scale K of the logistic curve 1 / (1 + 10^(-K e / 400)) to
 *    the current weights, then minimises the mean squared error between
 *    the curve and a target over all weights by Adam gradient descent
 *    (with an optional pull towards the starting weights), holding every
 *    tenth position out: the weights that predict those best are written
 *    as weights.c.  The target blends the result with the search's score
 *    through the same curve, lambda * result + (1 - lambda) * curve(score):
 *    a game's result alone is a noisy label for its early positions.
 * Run through "ludoteka tune selfplay|fit" (README). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "evaluate.h"
#include "search.h"
#include "selfplay.h"
#include "tune.h"

/* ---- Self-play ---------------------------------------------------------- */

/* Plays one game (selfplay.c); writes its quiet positions with the
 * result; returns the number written. */
static int play_game(chess_search *search, FILE *out, long long nodes,
                     int random_plies, uint64_t *rng)
{
    static chess_sp_position pos[SP_GAME_MAX];
    double result;
    int n = chess_sp_play(search, nodes, random_plies, rng, pos, &result);
    int written = 0;
    for (int i = 0; i < n; i++) {
        chess_pos *p = &pos[i].pos;
        if (chess_evaluate(p) != chess_quiet_eval(p))
            continue;
        char fen[100];
        chess_to_fen(p, fen, sizeof fen);
        fprintf(out, "%s | %.1f | %d\n", fen, result,
                p->side == WHITE ? pos[i].score : -pos[i].score);
        written++;
    }
    return written;
}

long long chess_selfplay(FILE *out, int games, long long nodes,
                         int random_plies, uint64_t seed)
{
    chess_search *search = chess_search_new(16, 1);
    if (!search)
        return -1;
    long long positions = 0;
    uint64_t rng = seed;
    for (int g = 0; g < games; g++) {
        positions += play_game(search, out, nodes, random_plies, &rng);
        fflush(out);
    }
    chess_search_free(search);
    return positions;
}

/* ---- Fitting ------------------------------------------------------------ */

typedef struct {
    int32_t start; /* into the shared term list */
    int16_t count;
    int8_t phase;
    float result; /* white's: 1, 0.5, 0 */
    float score;  /* the search's, white's side; NAN if not known */
    float target; /* what the curve should say (fit) */
} sample;

typedef struct {
    int16_t index, coef;
} term;

typedef struct {
    sample *samples;
    term *terms;
    long n, nterms, cap_samples, cap_terms;
} dataset;

static bool grow(void **p, long *cap, long need, size_t size)
{
    if (need <= *cap)
        return true;
    long c = *cap ? *cap : 1024;
    while (c < need)
        c *= 2;
    void *q = realloc(*p, (size_t)c * size);
    if (!q)
        return false;
    *p = q;
    *cap = c;
    return true;
}

static bool load(dataset *d, const char *path, char *msg, size_t msize)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(msg, msize, "cannot open %s", path);
        return false;
    }
    char line[256];
    long lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        char *bar = strchr(line, '|');
        if (!bar)
            continue;
        *bar = '\0';
        char *end;
        double result = strtod(bar + 1, &end);
        char *bar2 = strchr(end, '|');
        double score = bar2 ? strtod(bar2 + 1, NULL) : NAN;
        if (!(result >= 0 && result <= 1)) {
            snprintf(msg, msize, "%s:%ld: the result must be 0, 0.5 or 1", path,
                     lineno);
            fclose(f);
            return false;
        }
        chess_pos p;
        char err[160];
        if (!chess_from_fen(&p, line, CHESS_FIDE, err, sizeof err)) {
            snprintf(msg, msize, "%s:%ld: %s", path, lineno, err);
            fclose(f);
            return false;
        }
        int coef[W_COUNT], phase;
        chess_eval_trace(&p, coef, &phase);
        int count = 0;
        for (int i = 0; i < W_COUNT; i++)
            count += coef[i] != 0;
        if (!grow((void **)&d->samples, &d->cap_samples, d->n + 1,
                  sizeof(sample)) ||
            !grow((void **)&d->terms, &d->cap_terms, d->nterms + count,
                  sizeof(term))) {
            snprintf(msg, msize, "out of memory");
            fclose(f);
            return false;
        }
        sample *s = &d->samples[d->n++];
        s->start = (int32_t)d->nterms;
        s->count = (int16_t)count;
        s->phase = (int8_t)phase;
        s->result = (float)result;
        s->score = (float)score;
        for (int i = 0; i < W_COUNT; i++)
            if (coef[i])
                d->terms[d->nterms++] = (term){(int16_t)i, (int16_t)coef[i]};
    }
    fclose(f);
    return true;
}

/* White's evaluation of a sample under weights w (mg, eg pairs). */
static double sample_eval(const dataset *d, const sample *s, const double *w)
{
    double mg = 0, eg = 0;
    for (int k = 0; k < s->count; k++) {
        const term *t = &d->terms[s->start + k];
        mg += t->coef * w[2 * t->index];
        eg += t->coef * w[2 * t->index + 1];
    }
    return (mg * s->phase + eg * (PHASE_MAX - s->phase)) / PHASE_MAX;
}

static double sigmoid(double e, double k)
{
    return 1.0 / (1.0 + pow(10.0, -k * e / 400.0));
}

/* Every tenth position is held out to validate, the rest trains. */
static bool held_out(long i)
{
    return i % 10 == 9;
}

/* Mean squared error over the training (or the held-out) positions. */
static double total_error(const dataset *d, const double *w, double k,
                          bool validation)
{
    double sum = 0;
    long n = 0;
    for (long i = 0; i < d->n; i++) {
        if (held_out(i) != validation)
            continue;
        double diff = d->samples[i].target -
                      sigmoid(sample_eval(d, &d->samples[i], w), k);
        sum += diff * diff;
        n++;
    }
    return n ? sum / (double)n : 0;
}

static const struct {
    int start;
    const char *title;
    int per_line;
} sections[] = {
    {W_MATERIAL, "material: P N B R Q (K unused)", 6},
    {W_PST, "piece-square: P N B R Q K, ranks 1-8 (own side), files a-d", 4},
    {W_MOB_KNIGHT, "knight mobility: 0..8 squares", 9},
    {W_MOB_BISHOP, "bishop mobility: 0..13", 7},
    {W_MOB_ROOK, "rook mobility: 0..14", 8},
    {W_MOB_QUEEN, "queen mobility: 0..27", 7},
    {W_PASSED, "passed pawn by rank", 8},
    {W_PASSED_FREE, "passed pawn, square ahead empty, by rank", 8},
    {W_PASSED_KING,
     "passed pawn: enemy king, own king distance to its stop "
     "square",
     2},
    {W_DOUBLED,
     "doubled, isolated, supported, phalanx pawns; bishop pair; "
     "rook on open, half-open file",
     7},
    {W_KING_ATTACK, "attacks near the enemy king by N B R Q", 4},
    {W_SHIELD,
     "shield pawns one, two ranks ahead; king on a file without "
     "own pawn",
     3},
    {W_THREAT_PAWN,
     "threats by P, by N/B; outposts N, B; king danger; "
     "R on Q; hanging (mover, other); tempo",
     9},
    {W_COUNT, NULL, 0},
};

void chess_write_weights(FILE *out, const double *w)
{
    fputs("/* weights.c — the weights of the evaluation (evaluate.h), written "
          "by the\n * Texel tuner (ludoteka tune fit, tune.c): re-tune rather "
          "than edit. */\n#include \"evaluate.h\"\n\n"
          "const int16_t chess_weights[W_COUNT][2] = {\n",
          out);
    for (int s = 0; sections[s].title; s++) {
        fprintf(out, "    /* %s */\n", sections[s].title);
        for (int i = sections[s].start, col = 0; i < sections[s + 1].start;
             i++) {
            fprintf(out, "%s{%ld, %ld},", col ? " " : "    ", lround(w[2 * i]),
                    lround(w[2 * i + 1]));
            if (++col == sections[s].per_line ||
                i + 1 == sections[s + 1].start) {
                fputc('\n', out);
                col = 0;
            }
        }
    }
    fputs("};\n", out);
}

int chess_tune_fit(const char *data, FILE *out, int epochs, double rate,
                   double reg, double lambda, FILE *log, char *msg,
                   size_t msize)
{
    dataset d = {0};
    if (!load(&d, data, msg, msize)) {
        free(d.samples);
        free(d.terms);
        return -1;
    }
    if (d.n < 10) {
        snprintf(msg, msize, "%s has too few positions (%ld)", data, d.n);
        free(d.samples);
        free(d.terms);
        return -1;
    }
    static double w[W_COUNT * 2], w0[W_COUNT * 2], best_w[W_COUNT * 2],
        grad[W_COUNT * 2], m1[W_COUNT * 2], m2[W_COUNT * 2];
    for (int i = 0; i < W_COUNT; i++) {
        w0[2 * i] = chess_weights[i][0];
        w0[2 * i + 1] = chess_weights[i][1];
    }
    memcpy(w, w0, sizeof w);
    memcpy(best_w, w0, sizeof w);
    /* the scale that fits the current weights best to the results
     * (golden section) */
    for (long i = 0; i < d.n; i++)
        d.samples[i].target = d.samples[i].result;
    double lo = 0.2, hi = 3.0;
    for (int it = 0; it < 40; it++) {
        double a = hi - (hi - lo) * 0.618, b = lo + (hi - lo) * 0.618;
        if (total_error(&d, w, a, false) < total_error(&d, w, b, false))
            hi = b;
        else
            lo = a;
    }
    double k = (lo + hi) / 2;
    for (long i = 0; i < d.n; i++) {
        sample *s = &d.samples[i];
        if (!isnan(s->score))
            s->target = (float)(lambda * s->result +
                                (1 - lambda) * sigmoid(s->score, k));
    }
    double best = total_error(&d, w, k, true);
    int best_epoch = 0;
    if (log)
        fprintf(log, "%ld positions, K %.3f, error %.6f, held out %.6f\n", d.n,
                k, total_error(&d, w, k, false), best);
    long ntrain = d.n - d.n / 10;
    const double b1 = 0.9, b2 = 0.999;
    for (int e = 1; e <= epochs; e++) {
        memset(grad, 0, sizeof grad);
        for (long i = 0; i < d.n; i++) {
            if (held_out(i))
                continue;
            const sample *s = &d.samples[i];
            double sg = sigmoid(sample_eval(&d, s, w), k);
            double g = (sg - s->target) * sg * (1 - sg);
            double gm = g * s->phase / PHASE_MAX,
                   ge = g * (PHASE_MAX - s->phase) / PHASE_MAX;
            for (int t = 0; t < s->count; t++) {
                const term *tm = &d.terms[s->start + t];
                grad[2 * tm->index] += gm * tm->coef;
                grad[2 * tm->index + 1] += ge * tm->coef;
            }
        }
        for (int i = 0; i < W_COUNT * 2; i++) {
            /* the squared error, plus reg times the squared distance from
             * the starting weights (in units of 100 centipawns) */
            double g = grad[i] / (double)ntrain + reg * (w[i] - w0[i]) / 1e4;
            m1[i] = b1 * m1[i] + (1 - b1) * g;
            m2[i] = b2 * m2[i] + (1 - b2) * g * g;
            double mh = m1[i] / (1 - pow(b1, e)), vh = m2[i] / (1 - pow(b2, e));
            w[i] -= rate * mh / (sqrt(vh) + 1e-12);
        }
        if (e % 20 == 0 || e == epochs) {
            double v = total_error(&d, w, k, true);
            if (v <
                best) { /* keep the weights that predict unseen games best */
                best = v;
                best_epoch = e;
                memcpy(best_w, w, sizeof w);
            }
            if (log && (e % 100 == 0 || e == epochs))
                fprintf(log, "epoch %d error %.6f held out %.6f\n", e,
                        total_error(&d, w, k, false), v);
        }
    }
    if (log)
        fprintf(log, "kept epoch %d: held-out error %.6f\n", best_epoch, best);
    chess_write_weights(out, best_w);
    free(d.samples);
    free(d.terms);
    return 0;
}
