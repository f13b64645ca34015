/* nnue.c — the learned evaluation's network: its file, its accumulator
 * and its output, in plain C and with AVX2 (nnue.h). */
#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ludoteka/i18n.h"
#include "nnue.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define NNUE_X86 1
#endif

/* ---- The network and its file ------------------------------------------ */

nnue_net *nnue_new(int hidden)
{
    if (hidden < 16 || hidden > NNUE_HIDDEN_MAX || hidden % 16)
        return NULL;
    nnue_net *n = calloc(1, sizeof *n);
    if (!n)
        return NULL;
    n->hidden = hidden;
    size_t h = (size_t)hidden;
    n->b1 = aligned_alloc(32, h * sizeof(int16_t));
    n->w1 = aligned_alloc(32, h * NNUE_INPUTS * sizeof(int16_t));
    n->w2 = aligned_alloc(32, 2 * h * sizeof(int16_t));
    if (!n->b1 || !n->w1 || !n->w2) {
        nnue_free(n);
        return NULL;
    }
    memset(n->b1, 0, h * sizeof(int16_t));
    memset(n->w1, 0, h * NNUE_INPUTS * sizeof(int16_t));
    memset(n->w2, 0, 2 * h * sizeof(int16_t));
    return n;
}

void nnue_free(nnue_net *n)
{
    if (!n)
        return;
    free(n->b1);
    free(n->w1);
    free(n->w2);
    free(n);
}

uint32_t nnue_crc32(const unsigned char *p, size_t n)
{
    uint32_t c = 0xffffffffu;
    for (size_t i = 0; i < n; i++) {
        c ^= p[i];
        for (int k = 0; k < 8; k++)
            c = c >> 1 ^ (0xedb88320u & (0u - (c & 1)));
    }
    return ~c;
}

bool nnue_bounded(const nnue_net *n)
{
    /* 32 pieces each adding its feature's column: no hidden number may
     * leave 16 bits, whichever features they are */
    for (int j = 0; j < n->hidden; j++) {
        int most = 0;
        for (int f = 0; f < NNUE_INPUTS; f++) {
            int v = abs(n->w1[f * n->hidden + j]);
            most = v > most ? v : most;
        }
        if (abs(n->b1[j]) + 32 * most > INT16_MAX)
            return false;
    }
    for (int j = 0; j < 2 * n->hidden; j++)
        if (abs(n->w2[j]) > NNUE_W2_MAX)
            return false;
    return n->b2 >= -NNUE_B2_MAX && n->b2 <= NNUE_B2_MAX;
}

static size_t payload_size(int hidden)
{
    return (size_t)hidden * 2 * (1 + NNUE_INPUTS + 2) + 4;
}

static void put32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

static uint32_t get32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}

/* The payload's int16 values in order: b1, w1, w2. */
static int16_t *value_at(const nnue_net *n, size_t i)
{
    size_t h = (size_t)n->hidden;
    return i < h                     ? &n->b1[i]
           : i < h * (1 + NNUE_INPUTS) ? &n->w1[i - h]
                                       : &n->w2[i - h * (1 + NNUE_INPUTS)];
}

bool nnue_save(const nnue_net *n, const char *path, char *msg, size_t msize)
{
    size_t size = NNUE_HEADER + payload_size(n->hidden),
           values = (size_t)n->hidden * (1 + NNUE_INPUTS + 2);
    unsigned char *buf = malloc(size);
    if (!buf) {
        snprintf(msg, msize, "%s", _("out of memory"));
        return false;
    }
    memcpy(buf, "LTNN", 4);
    put32(buf + 4, NNUE_VERSION);
    put32(buf + 8, NNUE_INPUTS);
    put32(buf + 12, (uint32_t)n->hidden);
    put32(buf + 16, NNUE_QA);
    put32(buf + 20, NNUE_QB);
    put32(buf + 24, NNUE_SCALE);
    unsigned char *p = buf + NNUE_HEADER;
    for (size_t i = 0; i < values; i++, p += 2) {
        uint16_t v = (uint16_t)*value_at(n, i);
        p[0] = (unsigned char)v;
        p[1] = (unsigned char)(v >> 8);
    }
    put32(p, (uint32_t)n->b2);
    put32(buf + 28, nnue_crc32(buf + NNUE_HEADER, size - NNUE_HEADER));
    FILE *f = fopen(path, "wb");
    bool ok = f && fwrite(buf, 1, size, f) == size;
    if (f && fclose(f) != 0)
        ok = false;
    free(buf);
    if (!ok)
        snprintf(msg, msize, _("cannot write %s: %s"), path, strerror(errno));
    return ok;
}

nnue_net *nnue_read(const unsigned char *bytes, size_t size, const char *name,
                    char *msg, size_t msize)
{
    nnue_net *n = NULL;
    const char *why = NULL;
    if (size < NNUE_HEADER || memcmp(bytes, "LTNN", 4) != 0)
        why = _("not a network file of Ludoteka");
    else if (get32(bytes + 4) != NNUE_VERSION)
        why = _("a network file of another version");
    else if (get32(bytes + 8) != NNUE_INPUTS || get32(bytes + 16) != NNUE_QA ||
             get32(bytes + 20) != NNUE_QB || get32(bytes + 24) != NNUE_SCALE ||
             !(n = nnue_new((int)get32(bytes + 12))))
        why = _("a network of sizes this program does not read");
    else if (size - NNUE_HEADER != payload_size(n->hidden))
        why = _("the network file is cut short or too long");
    else if (nnue_crc32(bytes + NNUE_HEADER, size - NNUE_HEADER) !=
             get32(bytes + 28))
        why = _("the network file is damaged (its checksum does not "
                "match)");
    else {
        const unsigned char *p = bytes + NNUE_HEADER;
        size_t values = (size_t)n->hidden * (1 + NNUE_INPUTS + 2);
        for (size_t i = 0; i < values; i++)
            *value_at(n, i) = (int16_t)(uint16_t)(p[2 * i] | p[2 * i + 1] << 8);
        n->b2 = (int32_t)get32(p + 2 * values);
        if (!nnue_bounded(n))
            why = _("the network's values are out of bounds");
    }
    if (why) {
        snprintf(msg, msize, "%s: %s", name, why);
        nnue_free(n);
        return NULL;
    }
    return n;
}

nnue_net *nnue_load(const char *path, char *msg, size_t msize)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(msg, msize, _("cannot open the network %s: %s"), path,
                 strerror(errno));
        return NULL;
    }
    /* the largest network there is, and a byte more to see a longer file */
    size_t most = NNUE_HEADER + payload_size(NNUE_HIDDEN_MAX) + 1;
    unsigned char *buf = malloc(most);
    nnue_net *n = NULL;
    if (!buf)
        snprintf(msg, msize, "%s", _("out of memory"));
    else
        n = nnue_read(buf, fread(buf, 1, most, f), path, msg, msize);
    fclose(f);
    free(buf);
    return n;
}

bool nnue_builtin_present(void)
{
#ifdef LT_NO_BUILTIN_NET /* the browser's build: the page's first load */
    return false;
#else
    return true;
#endif
}

nnue_net *nnue_builtin(char *msg, size_t msize)
{
#ifdef LT_NO_BUILTIN_NET
    snprintf(msg, msize, "%s", _("this build has no built-in network"));
    return NULL;
#else
    return nnue_read(nnue_builtin_bytes, nnue_builtin_size,
                     _("the built-in network"), msg, msize);
#endif
}

/* ---- Plain C and AVX2 --------------------------------------------------- */

static atomic_int simd_mode = -1; /* NNUE_PLAIN or NNUE_AVX2 once known */

static bool have_avx2(void)
{
#ifdef NNUE_X86
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2");
#else
    return false;
#endif
}

int nnue_set_simd(int mode)
{
    int m = mode == NNUE_PLAIN                 ? NNUE_PLAIN
            : have_avx2()                      ? NNUE_AVX2
                                               : NNUE_PLAIN;
    atomic_store(&simd_mode, m);
    return m;
}

#ifdef NNUE_X86
static int simd(void)
{
    int m = atomic_load_explicit(&simd_mode, memory_order_relaxed);
    return m >= 0 ? m : nnue_set_simd(NNUE_AUTO);
}
#endif

/* to = from + the add columns - the sub columns, h numbers. */
static void columns_plain(const int16_t *from, int16_t *to,
                          const int16_t *const *add, int nadd,
                          const int16_t *const *sub, int nsub, int h)
{
    for (int j = 0; j < h; j++) {
        int v = from[j];
        for (int k = 0; k < nadd; k++)
            v += add[k][j];
        for (int k = 0; k < nsub; k++)
            v -= sub[k][j];
        to[j] = (int16_t)v;
    }
}

static int32_t output_plain(const int16_t *mine, const int16_t *other,
                            const int16_t *w2, int h)
{
    int32_t sum = 0;
    for (int j = 0; j < h; j++) {
        int a = mine[j] < 0 ? 0 : mine[j] > NNUE_QA ? NNUE_QA : mine[j];
        int b = other[j] < 0 ? 0 : other[j] > NNUE_QA ? NNUE_QA : other[j];
        sum += a * w2[j] + b * w2[h + j];
    }
    return sum;
}

#ifdef NNUE_X86
__attribute__((target("avx2"))) static void
columns_avx2(const int16_t *from, int16_t *to, const int16_t *const *add,
             int nadd, const int16_t *const *sub, int nsub, int h)
{
    for (int j = 0; j < h; j += 16) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(from + j));
        for (int k = 0; k < nadd; k++)
            v = _mm256_add_epi16(
                v, _mm256_loadu_si256((const __m256i *)(add[k] + j)));
        for (int k = 0; k < nsub; k++)
            v = _mm256_sub_epi16(
                v, _mm256_loadu_si256((const __m256i *)(sub[k] + j)));
        _mm256_storeu_si256((__m256i *)(to + j), v);
    }
}

__attribute__((target("avx2"))) static int32_t
output_avx2(const int16_t *mine, const int16_t *other, const int16_t *w2,
            int h)
{
    const __m256i zero = _mm256_setzero_si256(),
                  qa = _mm256_set1_epi16(NNUE_QA);
    __m256i sum = zero;
    for (int j = 0; j < h; j += 16) {
        __m256i a = _mm256_loadu_si256((const __m256i *)(mine + j));
        __m256i b = _mm256_loadu_si256((const __m256i *)(other + j));
        a = _mm256_min_epi16(_mm256_max_epi16(a, zero), qa);
        b = _mm256_min_epi16(_mm256_max_epi16(b, zero), qa);
        sum = _mm256_add_epi32(
            sum, _mm256_madd_epi16(
                     a, _mm256_loadu_si256((const __m256i *)(w2 + j))));
        sum = _mm256_add_epi32(
            sum, _mm256_madd_epi16(
                     b, _mm256_loadu_si256((const __m256i *)(w2 + h + j))));
    }
    __m128i s = _mm_add_epi32(_mm256_castsi256_si128(sum),
                              _mm256_extracti128_si256(sum, 1));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4e));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0xb1));
    return _mm_cvtsi128_si32(s);
}
#endif

static void columns(const int16_t *from, int16_t *to,
                    const int16_t *const *add, int nadd,
                    const int16_t *const *sub, int nsub, int h)
{
#ifdef NNUE_X86
    if (simd() == NNUE_AVX2) {
        columns_avx2(from, to, add, nadd, sub, nsub, h);
        return;
    }
#endif
    columns_plain(from, to, add, nadd, sub, nsub, h);
}

/* ---- The accumulator and the output ------------------------------------ */

static const int16_t *column(const nnue_net *n, int persp, int color,
                             int type, int sq)
{
    return n->w1 + (size_t)nnue_feature(persp, color, type, sq) * n->hidden;
}

void nnue_refresh(const nnue_net *n, const chess_pos *p, nnue_acc *acc)
{
    for (int persp = 0; persp < 2; persp++) {
        const int16_t *add[8];
        int nadd = 0;
        memcpy(acc->v[persp], n->b1, sizeof(int16_t) * (size_t)n->hidden);
        for (bb b = occupied(p); b;) {
            int sq = pop_lsb(&b), code = p->board[sq];
            add[nadd++] = column(n, persp, code >> 3, code & 7, sq);
            if (nadd == 8 || !b) {
                columns(acc->v[persp], acc->v[persp], add, nadd, NULL, 0,
                        n->hidden);
                nadd = 0;
            }
        }
    }
}

void nnue_update(const nnue_net *n, const chess_pos *p, chess_move m,
                 const nnue_acc *from, nnue_acc *to)
{
    int f = move_from(m), t = move_to(m), kind = move_kind(m);
    int us = p->side, type = type_on(p, f);
    /* (colour, type, square) of the features that go and come */
    int gone[2][3], come[2][3], ngone = 0, ncome = 0;
#define GONE(c, ty, s) (gone[ngone][0] = c, gone[ngone][1] = ty, gone[ngone++][2] = s)
#define COME(c, ty, s) (come[ncome][0] = c, come[ncome][1] = ty, come[ncome++][2] = s)
    GONE(us, type, f);
    COME(us, kind == MOVE_PROMO ? move_promo(m) : type, t);
    if (kind == MOVE_EP)
        GONE(us ^ 1, PAWN, t ^ 8);
    else if (kind == MOVE_CASTLE) {
        int rank = f & 56, kingside = t > f;
        /* chess_make's castling: the rook from its corner to beside the
         * king's square */
        GONE(us, ROOK, rank + (kingside ? 7 : 0));
        COME(us, ROOK, rank + (kingside ? 5 : 3));
    } else if (p->board[t] != EMPTY)
        GONE(us ^ 1, type_on(p, t), t);
#undef GONE
#undef COME
    for (int persp = 0; persp < 2; persp++) {
        const int16_t *add[2], *sub[2];
        for (int k = 0; k < ncome; k++)
            add[k] = column(n, persp, come[k][0], come[k][1], come[k][2]);
        for (int k = 0; k < ngone; k++)
            sub[k] = column(n, persp, gone[k][0], gone[k][1], gone[k][2]);
        columns(from->v[persp], to->v[persp], add, ncome, sub, ngone,
                n->hidden);
    }
}

int nnue_evaluate(const nnue_net *n, const nnue_acc *acc, int side)
{
    const int16_t *mine = acc->v[side], *other = acc->v[side ^ 1];
    int32_t sum;
#ifdef NNUE_X86
    if (simd() == NNUE_AVX2)
        sum = output_avx2(mine, other, n->w2, n->hidden);
    else
#endif
        sum = output_plain(mine, other, n->w2, n->hidden);
    int64_t out = (int64_t)sum + n->b2;
    return (int)(out * NNUE_SCALE / (NNUE_QA * NNUE_QB));
}
