/* selfplay.c — the engine's games against itself and the data files made
 * of their positions (selfplay.h). */
#include <stdlib.h>
#include <string.h>
#include <threads.h>

#include "nnue.h"
#include "selfplay.h"

const char chess_sp_magic[SP_HEADER + 1] = "LTSP0001";

uint64_t chess_sp_random(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

int chess_sp_play(chess_search *search, long long nodes, int random_plies,
                  uint64_t *rng, chess_sp_position *out, double *white)
{
    chess_pos p;
    chess_startpos(&p, CHESS_FIDE);
    uint64_t keys[SP_GAME_MAX + 1];
    int nkeys = 0, nout = 0;
    *white = 0.5;
    chess_search_clear(search);
    for (int ply = 0;; ply++) {
        chess_move list[CHESS_MAX_MOVES];
        int n = chess_legal(&p, list);
        if (n == 0) {
            *white = chess_in_check(&p) ? (p.side == WHITE ? 0.0 : 1.0) : 0.5;
            break;
        }
        if (p.halfmove >= 100 || chess_insufficient(&p) || ply >= SP_GAME_MAX)
            break;
        int reps = 0;
        for (int i = nkeys - 2; i >= 0 && i >= nkeys - p.halfmove; i -= 2)
            reps += keys[i] == p.key;
        if (reps >= 2)
            break;
        chess_move m;
        if (ply < random_plies) {
            m = list[chess_sp_random(rng) % (uint64_t)n];
        } else {
            chess_limits lim = {.nodes = nodes};
            chess_report r;
            int first = nkeys - p.halfmove > 0 ? nkeys - p.halfmove : 0;
            m = chess_search_run(search, &p, keys + first, nkeys - first, &lim,
                                 &r);
            /* a decided game is adjudicated: both sides see a mate */
            if (r.score >= SCORE_MATE_BOUND || r.score <= -SCORE_MATE_BOUND) {
                int w = p.side == WHITE ? r.score : -r.score;
                *white = w > 0 ? 1.0 : 0.0;
                break;
            }
            if (!chess_in_check(&p) && nout < SP_GAME_MAX)
                out[nout++] = (chess_sp_position){p, r.score, m};
        }
        keys[nkeys++] = p.key;
        chess_undo u;
        chess_make(&p, m, &u);
    }
    return nout;
}

/* ---- Records ------------------------------------------------------------ */

void chess_sp_encode(const chess_pos *p, int score, int result,
                     unsigned char rec[SP_RECORD])
{
    memset(rec, 0, SP_RECORD);
    bb occ = occupied(p);
    for (int i = 0; i < 8; i++)
        rec[i] = (unsigned char)(occ >> (8 * i));
    int k = 0;
    for (bb b = occ; b; k++) {
        int sq = pop_lsb(&b);
        rec[8 + k / 2] |= (unsigned char)(p->board[sq] << (k & 1 ? 4 : 0));
    }
    score = score > 32767 ? 32767 : score < -32767 ? -32767 : score;
    uint16_t s = (uint16_t)(int16_t)score;
    rec[24] = (unsigned char)s;
    rec[25] = (unsigned char)(s >> 8);
    rec[26] = (unsigned char)result;
    rec[27] = p->side;
    rec[28] = p->castling;
    rec[29] = p->ep;
    rec[30] = (unsigned char)p->halfmove;
    rec[31] = (unsigned char)(p->halfmove >> 8);
}

bool chess_sp_decode(const unsigned char rec[SP_RECORD], chess_pos *p,
                     int *score, int *result)
{
    chess_init();
    memset(p, 0, sizeof *p);
    memset(p->board, EMPTY, sizeof p->board);
    bb occ = 0;
    for (int i = 0; i < 8; i++)
        occ |= (bb)rec[i] << (8 * i);
    if (popcount(occ) > 32 || rec[26] > 2 || rec[27] > 1 || rec[28] > 15 ||
        rec[29] > SQ_NONE)
        return false;
    int k = 0;
    for (bb b = occ; b; k++) {
        int sq = pop_lsb(&b);
        int code = (rec[8 + k / 2] >> (k & 1 ? 4 : 0)) & 15;
        if ((code & 7) > KING)
            return false;
        p->board[sq] = (uint8_t)code;
        p->by_type[code & 7] |= sq_bb(sq);
        p->by_color[code >> 3] |= sq_bb(sq);
    }
    p->side = rec[27];
    p->castling = rec[28];
    p->ep = rec[29];
    p->rules = CHESS_FIDE;
    p->halfmove = (uint16_t)(rec[30] | rec[31] << 8);
    p->fullmove = 1;
    p->key = chess_compute_key(p);
    *score = (int16_t)(uint16_t)(rec[24] | rec[25] << 8);
    *result = rec[26];
    return chess_pos_ok(p) && !chess_attacked(p, king_sq(p, p->side ^ 1),
                                              p->side);
}

/* ---- The data file, game by game in order over any number of jobs ------- */

typedef struct {
    chess_sp_position pos[SP_GAME_MAX];
    int n;
    double white;
    unsigned char bytes[SP_GAME_BYTES]; /* its quiet positions, as written */
    size_t len;
    int positions;
    bool done;
} game_slot;

typedef struct {
    mtx_t lock;
    cnd_t ready;
    int mine, next, random_plies, failed; /* mine: this share's games */
    int part, parts;
    bool text;
    long long nodes;
    uint64_t seed;
    const nnue_net *net;
    game_slot *slots; /* by the share's game number modulo the window */
    int window;       /* games in play or waiting to be written */
    int written;
} sp_job;

/* A game's quiet positions as they go into the file. */
static void format_game(bool text, game_slot *slot)
{
    slot->len = 0;
    slot->positions = 0;
    for (int i = 0; i < slot->n; i++) {
        const chess_sp_position *s = &slot->pos[i];
        if (chess_is_capture(&s->pos, s->best) ||
            move_kind(s->best) == MOVE_PROMO)
            continue;
        /* the result for the side to move: 0 lost, 1 drawn, 2 won */
        int result = (int)(slot->white * 2 + 0.5);
        if (s->pos.side == BLACK)
            result = 2 - result;
        unsigned char *at = slot->bytes + slot->len;
        if (text) {
            char fen[128];
            chess_to_fen(&s->pos, fen, sizeof fen);
            int n = snprintf((char *)at, SP_LINE_MAX, "%s | %d | %.1f\n", fen,
                             s->score, result / 2.0);
            slot->len += n > 0 && n < SP_LINE_MAX ? (size_t)n : 0;
        } else {
            chess_sp_encode(&s->pos, s->score, result, at);
            slot->len += SP_RECORD;
        }
        slot->positions++;
    }
}

static int sp_worker(void *arg)
{
    sp_job *j = arg;
    chess_search *search = chess_search_new(16, 1);
    mtx_lock(&j->lock);
    if (!search)
        j->failed = 1;
    else
        chess_search_set_net(search, j->net);
    for (;;) {
        /* a game may start once the one a window before it is written */
        while (!j->failed && j->next < j->mine &&
               j->next >= j->written + j->window)
            cnd_wait(&j->ready, &j->lock);
        if (j->failed || j->next >= j->mine)
            break;
        int i = j->next++, g = j->part + i * j->parts;
        game_slot *slot = &j->slots[i % j->window];
        mtx_unlock(&j->lock);
        uint64_t rng = j->seed ^ (0x632be59bd9b4e019u * (uint64_t)(g + 1));
        chess_sp_random(&rng);
        slot->n = chess_sp_play(search, j->nodes, j->random_plies, &rng,
                                slot->pos, &slot->white);
        format_game(j->text, slot);
        mtx_lock(&j->lock);
        slot->done = true;
        cnd_broadcast(&j->ready);
    }
    cnd_broadcast(&j->ready);
    mtx_unlock(&j->lock);
    chess_search_free(search);
    return 0;
}

long long chess_sp_run(const chess_sp_plan *plan, chess_sp_sink sink,
                       void *ctx, char *msg, size_t msize)
{
    int jobs = plan->jobs < 1 ? 1 : plan->jobs;
    int parts = plan->parts < 1 ? 1 : plan->parts;
    sp_job j = {.part = plan->part,
                .parts = parts,
                .mine = plan->games > plan->part
                            ? (plan->games - plan->part + parts - 1) / parts
                            : 0,
                .text = plan->text,
                .random_plies = plan->random_plies,
                .nodes = plan->nodes,
                .seed = plan->seed,
                .net = plan->net,
                .window = 2 * jobs};
    msg[0] = '\0';
    j.slots = calloc((size_t)j.window, sizeof *j.slots);
    thrd_t *threads = calloc((size_t)jobs, sizeof *threads);
    if (!j.slots || !threads || mtx_init(&j.lock, mtx_plain) != thrd_success) {
        free(j.slots);
        free(threads);
        snprintf(msg, msize, "out of memory");
        return -1;
    }
    cnd_init(&j.ready);
    int started = 0;
    for (; started < jobs; started++)
        if (thrd_create(&threads[started], sp_worker, &j) != thrd_success)
            break;
    long long positions = 0;
    bool refused = false;
    mtx_lock(&j.lock);
    if (started == 0) {
        j.failed = 1;
        snprintf(msg, msize, "out of memory");
    }
    while (!j.failed && j.written < j.mine) {
        game_slot *slot = &j.slots[j.written % j.window];
        if (!slot->done) {
            cnd_wait(&j.ready, &j.lock);
            continue;
        }
        mtx_unlock(&j.lock);
        refused = !sink(ctx, j.part + j.written * parts, slot->bytes, slot->len,
                        slot->positions);
        positions += slot->positions;
        mtx_lock(&j.lock);
        if (refused)
            j.failed = 1; /* the sink said why */
        slot->done = false;
        j.written++;
        cnd_broadcast(&j.ready);
    }
    bool failed = j.failed;
    if (failed && !refused && !msg[0])
        snprintf(msg, msize, "out of memory");
    mtx_unlock(&j.lock);
    for (int i = 0; i < started; i++)
        thrd_join(threads[i], NULL);
    cnd_destroy(&j.ready);
    mtx_destroy(&j.lock);
    free(j.slots);
    free(threads);
    return failed ? -1 : positions;
}
