/* train.c — the trainer of the learned evaluation (train.h).
 *
 * Each position gives two lists of features (nnue.h), the mover's and the
 * other side's, and a target: lambda * result + (1 - lambda) *
 * sigmoid(score / 400), the result 0, 1/2 or 1 for the mover and the
 * score the search's centipawns.  The float network's output y (in
 * units of 400 centipawns) is pushed by Adam towards sigmoid(y) = target,
 * minimising the mean squared error, over batches of positions in an
 * order shuffled every epoch from the seed; the rate falls tenfold for
 * the last quarter of the epochs.  With mirror, a position without
 * castling rights is mirrored (files a to h) at random each time it is
 * trained on: to chess the same position.  Every twentieth block of
 * positions is held out (held_out) and the epoch that predicts those best
 * is kept.  The first layer's weights stay within +-1.98 (so that 32 of
 * them fit 16 bits at scale 255), the second's within +-16 (4096 at scale
 * 256). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "evaluate.h"
#include "ludoteka/i18n.h"
#include "selfplay.h"
#include "train.h"

static const float W1_CLIP = 1.98f, W2_CLIP = 15.99f;

/* ---- Data ------------------------------------------------------------- */

bool nnue_data_read(nnue_data *d, const char *path, long max, char *msg,
                    size_t msize)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(msg, msize, _("cannot open %s"), path);
        return false;
    }
    char head[SP_HEADER];
    bool ok = fread(head, 1, SP_HEADER, f) == SP_HEADER &&
              !memcmp(head, chess_sp_magic, SP_HEADER);
    if (!ok)
        snprintf(msg, msize, _("%s: not a selfplay file (ludoteka selfplay "
                               "chess)"),
                 path);
    unsigned char rec[SP_RECORD];
    size_t got;
    while (ok && (got = fread(rec, 1, SP_RECORD, f)) > 0) {
        chess_pos p;
        int score, result;
        if (got != SP_RECORD || !chess_sp_decode(rec, &p, &score, &result)) {
            snprintf(msg, msize, _("%s: record %ld is not a position"), path,
                     d->n + 1);
            ok = false;
        } else if (d->n >= max) {
            snprintf(msg, msize, _("more than %ld positions"), max);
            ok = false;
        } else {
            if (d->n == d->cap) {
                long cap = d->cap ? 2 * d->cap : 4096;
                unsigned char *q = realloc(d->rec, (size_t)cap * SP_RECORD);
                if (!q) {
                    snprintf(msg, msize, "%s", _("out of memory"));
                    ok = false;
                    break;
                }
                d->rec = q;
                d->cap = cap;
            }
            memcpy(d->rec + (size_t)d->n++ * SP_RECORD, rec, SP_RECORD);
        }
    }
    fclose(f);
    return ok;
}

void nnue_data_free(nnue_data *d)
{
    free(d->rec);
    d->rec = NULL;
    d->n = d->cap = 0;
}

typedef struct {
    uint16_t feat[2][32]; /* [the mover's, the other's] */
    int n;
    float target;
} sample;

static float sigmoidf(float x)
{
    return 1.0f / (1.0f + expf(-x));
}

/* The features of p, its files mirrored (a to h) if mirror. */
static void features(const chess_pos *p, bool mirror, sample *s)
{
    s->n = 0;
    for (bb b = occupied(p); b && s->n < 32; s->n++) {
        int sq = pop_lsb(&b), code = p->board[sq], m = mirror ? sq ^ 7 : sq;
        s->feat[0][s->n] =
            (uint16_t)nnue_feature(p->side, code >> 3, code & 7, m);
        s->feat[1][s->n] =
            (uint16_t)nnue_feature(p->side ^ 1, code >> 3, code & 7, m);
    }
}

/* A record as a sample; with *rng, a position without castling rights is
 * mirrored at random (the same position to chess, one more to learn
 * from). */
static void decode(const unsigned char *rec, float lambda, uint64_t *rng,
                   sample *s)
{
    chess_pos p;
    int score, result;
    chess_sp_decode(rec, &p, &score, &result);
    features(&p, rng && !p.castling && (chess_sp_random(rng) & 1), s);
    s->target = (float)(lambda * result / 2 +
                        (1 - lambda) * sigmoidf((float)score / NNUE_SCALE));
}

/* ---- The float network ------------------------------------------------ */
/* Its parameters are one block, in the order w1, b1, w2, b2 (for Adam and
 * the gradient, which has the same layout). */

static nnue_float *float_new(int hidden)
{
    nnue_float *f = calloc(1, sizeof *f);
    if (!f)
        return NULL;
    f->hidden = hidden;
    f->w1 = calloc((size_t)hidden * (NNUE_INPUTS + 3) + 1, sizeof(float));
    if (!f->w1) {
        free(f);
        return NULL;
    }
    f->b1 = f->w1 + (size_t)hidden * NNUE_INPUTS;
    f->w2 = f->b1 + hidden;
    f->b2 = f->w2 + 2 * hidden;
    return f;
}

static size_t float_count(int hidden)
{
    return (size_t)hidden * (NNUE_INPUTS + 3) + 1;
}

void nnue_float_free(nnue_float *f)
{
    if (f)
        free(f->w1);
    free(f);
}

/* The output for a sample, keeping the accumulators (acc[2][H]). */
static float forward(const nnue_float *f, const sample *s, float *acc)
{
    int h = f->hidden;
    float y = *f->b2;
    for (int side = 0; side < 2; side++) {
        float *a = acc + side * h;
        memcpy(a, f->b1, sizeof(float) * (size_t)h);
        for (int k = 0; k < s->n; k++) {
            const float *col = f->w1 + (size_t)s->feat[side][k] * h;
            for (int j = 0; j < h; j++)
                a[j] += col[j];
        }
        const float *w2 = f->w2 + side * h;
        for (int j = 0; j < h; j++) {
            float c = a[j] < 0 ? 0 : a[j] > 1 ? 1 : a[j];
            y += c * w2[j];
        }
    }
    return y;
}

double nnue_float_eval(const nnue_float *f, const chess_pos *p)
{
    sample s;
    float acc[2 * NNUE_HIDDEN_MAX];
    features(p, false, &s);
    return forward(f, &s, acc) * NNUE_SCALE;
}

nnue_net *nnue_quantize(const nnue_float *f)
{
    nnue_net *n = nnue_new(f->hidden);
    if (!n)
        return NULL;
    int h = f->hidden;
    long lim1 = lroundf(W1_CLIP * NNUE_QA);
    for (long i = 0; i < (long)h * NNUE_INPUTS; i++) {
        long v = lroundf(f->w1[i] * NNUE_QA);
        n->w1[i] = (int16_t)(v > lim1 ? lim1 : v < -lim1 ? -lim1 : v);
    }
    for (int j = 0; j < h; j++) {
        long v = lroundf(f->b1[j] * NNUE_QA);
        n->b1[j] = (int16_t)(v > lim1 ? lim1 : v < -lim1 ? -lim1 : v);
    }
    for (int j = 0; j < 2 * h; j++) {
        long v = lroundf(f->w2[j] * NNUE_QB);
        n->w2[j] = (int16_t)(v > NNUE_W2_MAX    ? NNUE_W2_MAX
                             : v < -NNUE_W2_MAX ? -NNUE_W2_MAX
                                                : v);
    }
    double b2 = round((double)*f->b2 * NNUE_QA * NNUE_QB);
    n->b2 = (int32_t)(b2 > NNUE_B2_MAX    ? NNUE_B2_MAX
                      : b2 < -NNUE_B2_MAX ? -NNUE_B2_MAX
                                          : b2);
    return n;
}

/* ---- Training --------------------------------------------------------- */

static float uniform(uint64_t *rng, float a)
{
    return a * (float)((double)(chess_sp_random(rng) >> 11) * 0x1p-53 * 2 - 1);
}

/* Every twentieth block of positions is held out: blocks of n / 400
 * positions (1 to 1024), so that what is held out is mostly whole games,
 * not the neighbours of positions trained on. */
static bool held_out(const nnue_data *d, long i)
{
    long block = d->n / 400 < 1 ? 1 : d->n / 400 > 1024 ? 1024 : d->n / 400;
    return i / block % 20 == 19;
}

/* The mean squared error over the held-out positions: of the network,
 * or with f NULL of the hand-made evaluation (evaluate.h), what the
 * network is measured against. */
static double validate(const nnue_float *f, const nnue_data *d, float lambda,
                       float *acc)
{
    double sum = 0;
    long n = 0;
    for (long i = 0; i < d->n; i++) {
        if (!held_out(d, i))
            continue;
        const unsigned char *rec = d->rec + (size_t)i * SP_RECORD;
        sample s;
        decode(rec, lambda, NULL, &s);
        float y;
        if (f) {
            y = forward(f, &s, acc);
        } else {
            chess_pos p;
            int score, result;
            chess_sp_decode(rec, &p, &score, &result);
            y = (float)chess_evaluate(&p) / NNUE_SCALE;
        }
        float e = sigmoidf(y) - s.target;
        sum += (double)e * e;
        n++;
    }
    return n ? sum / (double)n : 0;
}

/* Adds a sample's gradient (scaled by scale) into g, the block's
 * layout; returns its squared error. */
static float backward(const nnue_float *f, const sample *s, float *acc,
                      float scale, float *g)
{
    int h = f->hidden;
    float y = forward(f, s, acc), p = sigmoidf(y), err = p - s->target;
    float dy = 2 * err * p * (1 - p) * scale;
    float *gw1 = g, *gb1 = g + (size_t)h * NNUE_INPUTS, *gw2 = gb1 + h;
    gw2[2 * h] += dy;
    for (int side = 0; side < 2; side++) {
        float *a = acc + side * h, d[NNUE_HIDDEN_MAX];
        const float *w2 = f->w2 + side * h;
        for (int j = 0; j < h; j++) {
            bool inside = a[j] > 0 && a[j] < 1;
            gw2[side * h + j] += dy * (a[j] <= 0 ? 0 : a[j] >= 1 ? 1 : a[j]);
            d[j] = inside ? dy * w2[j] : 0;
            gb1[j] += d[j];
        }
        for (int k = 0; k < s->n; k++) {
            float *col = gw1 + (size_t)s->feat[side][k] * h;
            for (int j = 0; j < h; j++)
                col[j] += d[j];
        }
    }
    return err * err;
}

nnue_float *nnue_train(const nnue_data *d, const nnue_train_opts *o,
                       double *loss, char *msg, size_t msize)
{
    long ntrain = 0;
    for (long i = 0; i < d->n; i++)
        ntrain += !held_out(d, i);
    if (ntrain < 1 || d->n < 20) {
        snprintf(msg, msize, _("too few positions (%ld)"), d->n);
        return NULL;
    }
    int h = o->hidden;
    size_t np = float_count(h);
    nnue_float *f = float_new(h), *best = float_new(h);
    float *g = calloc(np, sizeof *g), *m = calloc(np, sizeof *m),
          *v = calloc(np, sizeof *v), *acc = malloc(sizeof(float) * 2 * h);
    long *order = malloc(sizeof *order * (size_t)ntrain);
    if (!f || !best || !g || !m || !v || !acc || !order) {
        snprintf(msg, msize, "%s", _("out of memory"));
        nnue_float_free(f);
        nnue_float_free(best);
        f = NULL;
        goto done;
    }
    uint64_t rng = o->seed;
    for (size_t i = 0; i < (size_t)h * NNUE_INPUTS; i++)
        f->w1[i] = uniform(&rng, 0.1f);
    for (int j = 0; j < h; j++)
        f->b1[j] = 0.25f;
    for (int j = 0; j < 2 * h; j++)
        f->w2[j] = uniform(&rng, 1.0f / sqrtf((float)(2 * h)));
    for (long i = 0, k = 0; i < d->n; i++)
        if (!held_out(d, i))
            order[k++] = i;
    float lambda = (float)o->lambda;
    double best_loss = validate(f, d, lambda, acc);
    memcpy(best->w1, f->w1, np * sizeof(float));
    if (o->log)
        fprintf(o->log, "%ld positions (%ld held out), hidden %d: "
                        "held-out loss %.6f (the hand-made evaluation's "
                        "%.6f)\n",
                d->n, d->n - ntrain, h, best_loss,
                validate(NULL, d, lambda, acc));
    const float b1 = 0.9f, b2 = 0.999f;
    long step = 0;
    for (int e = 1; e <= o->epochs; e++) {
        for (long i = ntrain - 1; i > 0; i--) {
            long k = (long)(chess_sp_random(&rng) % (uint64_t)(i + 1)), t;
            t = order[i], order[i] = order[k], order[k] = t;
        }
        float lr = (float)o->lr * (e > o->epochs - o->epochs / 4 ? 0.1f : 1);
        double train_sum = 0;
        for (long start = 0; start < ntrain; start += o->batch) {
            long end = start + o->batch < ntrain ? start + o->batch : ntrain;
            memset(g, 0, np * sizeof *g);
            for (long i = start; i < end; i++) {
                sample s;
                decode(d->rec + (size_t)order[i] * SP_RECORD, lambda,
                       o->mirror ? &rng : NULL, &s);
                train_sum +=
                    backward(f, &s, acc, 1.0f / (float)(end - start), g);
            }
            step++;
            float c1 = 1 - powf(b1, (float)step), c2 = 1 - powf(b2, (float)step);
            for (size_t i = 0; i < np; i++) {
                m[i] = b1 * m[i] + (1 - b1) * g[i];
                v[i] = b2 * v[i] + (1 - b2) * g[i] * g[i];
                f->w1[i] -= lr * (m[i] / c1) / (sqrtf(v[i] / c2) + 1e-8f);
            }
            size_t first = (size_t)h * NNUE_INPUTS + h;
            for (size_t i = 0; i < first; i++)
                f->w1[i] = f->w1[i] > W1_CLIP    ? W1_CLIP
                           : f->w1[i] < -W1_CLIP ? -W1_CLIP
                                                 : f->w1[i];
            for (size_t i = first; i < first + 2 * (size_t)h; i++)
                f->w1[i] = f->w1[i] > W2_CLIP    ? W2_CLIP
                           : f->w1[i] < -W2_CLIP ? -W2_CLIP
                                                 : f->w1[i];
        }
        double val = validate(f, d, lambda, acc);
        if (val < best_loss) {
            best_loss = val;
            memcpy(best->w1, f->w1, np * sizeof(float));
        }
        if (o->log) {
            fprintf(o->log, "epoch %d: loss %.6f, held out %.6f%s\n", e,
                    train_sum / (double)ntrain, val,
                    val <= best_loss ? " (kept)" : "");
            fflush(o->log);
        }
    }
    *loss = best_loss;
    nnue_float_free(f);
    f = best;
done:
    free(g);
    free(m);
    free(v);
    free(acc);
    free(order);
    return f;
}
