/* test_nnue.c — the chess engine's learned evaluation (src/engines/
 * chess/nnue.c, train.c, selfplay.c): the accumulator kept move by move
 * equals the one computed afresh, AVX2 equals plain C, the integer
 * network stays near the float one, the trainer learns a known function
 * (material), damaged files are refused, and the network built in is
 * the committed file and ai:engine's default. */
#include <math.h>
#include <unistd.h>

#include "support.h"

#include "engines/chess/nnue.h"
#include "engines/chess/selfplay.h"
#include "engines/chess/train.h"
#include "games/chess/chess.h"
#include "ludoteka/ai.h"

static uint64_t rng_state = 12345;

static uint64_t rnd(void)
{
    return chess_sp_random(&rng_state);
}

/* A network of random values within the bounds of nnue_bounded. */
static nnue_net *random_net(int hidden)
{
    nnue_net *n = nnue_new(hidden);
    assert_non_null(n);
    for (int j = 0; j < hidden; j++)
        n->b1[j] = (int16_t)((int)(rnd() % 401) - 200);
    for (int i = 0; i < hidden * NNUE_INPUTS; i++)
        n->w1[i] = (int16_t)((int)(rnd() % 801) - 400);
    for (int j = 0; j < 2 * hidden; j++)
        n->w2[j] = (int16_t)((int)(rnd() % 8193) - 4096);
    n->b2 = (int32_t)(rnd() % 200001) - 100000;
    assert_true(nnue_bounded(n));
    return n;
}

static void pos_at(chess_pos *p, const char *fen)
{
    char msg[128];
    if (!chess_from_fen(p, fen, CHESS_FIDE, msg, sizeof msg))
        fail_msg("%s: %s", fen, msg);
}

/* Positions rich in castling, en passant and promotion. */
static const char *const starts[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
};

/* A random legal move (MOVE_NONE if none), rather a capture (captures)
 * or a castling, en passant or promotion (the others) when there is
 * one. */
static chess_move random_move(const chess_pos *p, bool captures)
{
    chess_move list[CHESS_MAX_MOVES];
    int k = chess_legal(p, list);
    if (k == 0)
        return MOVE_NONE;
    chess_move m = list[rnd() % (uint64_t)k];
    for (int i = 0; i < k; i++)
        if ((captures ? chess_is_capture(p, list[i])
                      : move_kind(list[i]) != MOVE_NORMAL) &&
            rnd() % 2)
            m = list[i];
    return m;
}

static void accumulator_matches_along(int mode)
{
    nnue_set_simd(mode);
    nnue_net *n = random_net(64);
    int kinds[4] = {0}, captures = 0;
    for (int game = 0; game < 60; game++) {
        chess_pos p;
        pos_at(&p, starts[game % 6]);
        nnue_acc acc, next, fresh;
        nnue_refresh(n, &p, &acc);
        for (int ply = 0; ply < 120; ply++) {
            chess_move m = random_move(&p, false);
            if (!m)
                break;
            kinds[move_kind(m)]++;
            captures += chess_is_capture(&p, m);
            nnue_update(n, &p, m, &acc, &next);
            chess_undo u;
            chess_make(&p, m, &u);
            nnue_refresh(n, &p, &fresh);
            for (int side = 0; side < 2; side++)
                assert_memory_equal(next.v[side], fresh.v[side],
                                    sizeof(int16_t) * 64);
            assert_int_equal(nnue_evaluate(n, &next, p.side),
                             nnue_evaluate(n, &fresh, p.side));
            acc = next;
        }
    }
    /* every kind of move was made, and captures */
    for (int k = 0; k < 4; k++)
        assert_true(kinds[k] > 10);
    assert_true(captures > 100);
    nnue_free(n);
    nnue_set_simd(NNUE_AUTO);
}

static void test_incremental_plain(void **state)
{
    accumulator_matches_along(NNUE_PLAIN);
}

static void test_incremental_simd(void **state)
{
    accumulator_matches_along(NNUE_AUTO);
}

/* The same accumulators and outputs with AVX2 and in plain C. */
static void test_avx2_equals_plain(void **state)
{
    if (nnue_set_simd(NNUE_AVX2) != NNUE_AVX2)
        skip();
    nnue_net *n = random_net(128);
    for (int game = 0; game < 20; game++) {
        chess_pos p;
        pos_at(&p, starts[game % 6]);
        nnue_acc a[2], b[2];
        nnue_set_simd(NNUE_AVX2);
        nnue_refresh(n, &p, &a[0]);
        nnue_set_simd(NNUE_PLAIN);
        nnue_refresh(n, &p, &b[0]);
        for (int ply = 0; ply < 80; ply++) {
            for (int side = 0; side < 2; side++)
                assert_memory_equal(a[0].v[side], b[0].v[side],
                                    sizeof(int16_t) * 128);
            nnue_set_simd(NNUE_AVX2);
            int va = nnue_evaluate(n, &a[0], p.side);
            nnue_set_simd(NNUE_PLAIN);
            assert_int_equal(va, nnue_evaluate(n, &b[0], p.side));
            chess_move list[CHESS_MAX_MOVES];
            int k = chess_legal(&p, list);
            if (k == 0)
                break;
            chess_move m = list[rnd() % (uint64_t)k];
            nnue_set_simd(NNUE_AVX2);
            nnue_update(n, &p, m, &a[0], &a[1]);
            nnue_set_simd(NNUE_PLAIN);
            nnue_update(n, &p, m, &b[0], &b[1]);
            a[0] = a[1];
            b[0] = b[1];
            chess_undo u;
            chess_make(&p, m, &u);
        }
    }
    nnue_free(n);
    nnue_set_simd(NNUE_AUTO);
}

/* Material for the side to move at 100, 300, 300, 500, 900. */
static int material(const chess_pos *p)
{
    static const int value[6] = {100, 300, 300, 500, 900, 0};
    int v = 0;
    for (int t = PAWN; t < KING; t++)
        v += value[t] * (popcount(pieces(p, p->side, t)) -
                         popcount(pieces(p, p->side ^ 1, t)));
    return v;
}

/* Positions of random games, each labelled with its material; n of them,
 * only those within +-limit centipawns. */
static void material_data(nnue_data *d, long n, int limit)
{
    d->rec = malloc((size_t)n * SP_RECORD);
    assert_non_null(d->rec);
    d->n = 0;
    d->cap = n;
    while (d->n < n) {
        chess_pos p;
        chess_startpos(&p, CHESS_FIDE);
        for (int ply = 0; ply < 200 && d->n < n; ply++) {
            chess_move m = random_move(&p, true);
            if (!m)
                break;
            chess_undo u;
            chess_make(&p, m, &u);
            if (abs(material(&p)) <= limit && rnd() % 4 == 0)
                chess_sp_encode(&p, material(&p), 1,
                                d->rec + (size_t)d->n++ * SP_RECORD);
        }
    }
}

/* The trainer learns material (a known target, from positions it did not
 * train on), and the integer network gives what the float one does. */
static void test_learns_material(void **state)
{
    nnue_data d;
    material_data(&d, 40000, 1000);
    nnue_train_opts o = {.hidden = 32, .epochs = 12, .batch = 256,
                         .lr = 0.003, .lambda = 0, .seed = 7};
    double loss;
    char msg[256];
    nnue_float *f = nnue_train(&d, &o, &loss, msg, sizeof msg);
    assert_non_null(f);
    nnue_net *q = nnue_quantize(f);
    assert_non_null(q);
    assert_true(nnue_bounded(q));
    /* fresh positions */
    nnue_data t;
    material_data(&t, 2000, 1000);
    double err = 0, qerr = 0, worst_q = 0;
    for (long i = 0; i < t.n; i++) {
        chess_pos p;
        int score, result;
        assert_true(chess_sp_decode(t.rec + i * SP_RECORD, &p, &score,
                                    &result));
        double fv = nnue_float_eval(f, &p);
        nnue_acc acc;
        nnue_refresh(q, &p, &acc);
        double qv = nnue_evaluate(q, &acc, p.side);
        err += fabs(fv - score);
        qerr += fabs(qv - fv);
        worst_q = fabs(qv - fv) > worst_q ? fabs(qv - fv) : worst_q;
    }
    err /= (double)t.n;
    qerr /= (double)t.n;
    print_message("material: mean error %.1f cp, held-out loss %.6f; "
                  "integers from float: mean %.2f cp, worst %.1f cp\n",
                  err, loss, qerr, worst_q);
    /* a pawn is 100: the net knows material to a fraction of a pawn */
    assert_true(err < 25);
    /* the integers: each first-layer weight off by at most 1/510, each
     * second-layer weight by 1/512, the output truncated to a
     * centipawn */
    assert_true(qerr < 4);
    assert_true(worst_q < 20);
    nnue_free(q);
    nnue_float_free(f);
    nnue_data_free(&d);
    nnue_data_free(&t);
}

/* Trainer: the same seed, the same network. */
static void test_trainer_deterministic(void **state)
{
    nnue_data d;
    material_data(&d, 3000, 1000);
    nnue_train_opts o = {.hidden = 16, .epochs = 2, .batch = 100,
                         .lr = 0.003, .lambda = 0.5, .seed = 3};
    double l1, l2;
    char msg[256];
    nnue_float *a = nnue_train(&d, &o, &l1, msg, sizeof msg),
               *b = nnue_train(&d, &o, &l2, msg, sizeof msg);
    assert_non_null(a);
    assert_non_null(b);
    assert_memory_equal(a->w1, b->w1,
                        sizeof(float) * (16 * (NNUE_INPUTS + 3) + 1));
    nnue_float_free(a);
    nnue_float_free(b);
    nnue_data_free(&d);
}

static char *temp_path(const char *name)
{
    static char path[256];
    const char *dir = getenv("TMPDIR");
    snprintf(path, sizeof path, "%s/ludoteka-nnue-%d-%s", dir ? dir : "/tmp",
             (int)getpid(), name);
    return path;
}

static long file_size(const char *path)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fclose(f);
    return n;
}

/* Changes the byte at off to x (or cuts the file there, x < 0). */
static void damage(const char *from, const char *to, long off, int x)
{
    FILE *in = fopen(from, "rb"), *out = fopen(to, "wb");
    assert_non_null(in);
    assert_non_null(out);
    int c;
    for (long i = 0; (c = fgetc(in)) != EOF; i++) {
        if (i == off && x < 0)
            break;
        fputc(i == off ? x : c, out);
    }
    fclose(in);
    fclose(out);
}

static void refused(const char *path, const char *why)
{
    char msg[512];
    nnue_net *n = nnue_load(path, msg, sizeof msg);
    assert_null(n);
    if (!strstr(msg, why))
        fail_msg("'%s' does not say '%s'", msg, why);
}

static void test_file(void **state)
{
    nnue_net *n = random_net(32);
    char good[256], bad[256], msg[512];
    snprintf(good, sizeof good, "%s", temp_path("good.nnue"));
    snprintf(bad, sizeof bad, "%s", temp_path("bad.nnue"));
    assert_true(nnue_save(n, good, msg, sizeof msg));
    /* the size the format gives: header, b1, w1, w2 in 16 bits, b2 */
    assert_int_equal(file_size(good), 32 + 2 * (32 + 768 * 32 + 64) + 4);
    nnue_net *back = nnue_load(good, msg, sizeof msg);
    assert_non_null(back);
    assert_int_equal(back->hidden, 32);
    assert_memory_equal(back->w1, n->w1, sizeof(int16_t) * 768 * 32);
    assert_memory_equal(back->w2, n->w2, sizeof(int16_t) * 64);
    assert_memory_equal(back->b1, n->b1, sizeof(int16_t) * 32);
    assert_int_equal(back->b2, n->b2);
    nnue_free(back);
    refused(temp_path("missing.nnue"), "cannot open");
    damage(good, bad, 1000, 0x5a);
    refused(bad, "checksum");
    damage(good, bad, 5000, -1);
    refused(bad, "cut short");
    damage(good, bad, 0, 'X');
    refused(bad, "not a network");
    damage(good, bad, 4, 2);
    refused(bad, "version");
    damage(good, bad, 12, 17); /* hidden 17 */
    refused(bad, "sizes");
    /* values beyond the bounds, with a right checksum */
    n->w1[5] = 2000;
    assert_true(nnue_save(n, bad, msg, sizeof msg));
    refused(bad, "out of bounds");
    remove(good);
    remove(bad);
    nnue_free(n);
}

/* nnue_read refuses bytes (n of them) for the reason why. */
static void refused_bytes(const unsigned char *b, size_t n, const char *why)
{
    char msg[512];
    assert_null(nnue_read(b, n, "copy", msg, sizeof msg));
    if (!strstr(msg, why))
        fail_msg("'%s' does not say '%s'", msg, why);
}

/* The network built in is src/engines/chess/default.nnue byte for byte and
 * reads; copies of its bytes cut, lengthened or changed are refused. */
static void test_builtin(void **state)
{
    size_t most = NNUE_HEADER + 2 * (size_t)NNUE_HIDDEN_MAX * 771 + 4;
    unsigned char *file = malloc(most + 1);
    assert_non_null(file);
    FILE *f = fopen(LT_DEFAULT_NET, "rb");
    assert_non_null(f);
    size_t n = fread(file, 1, most + 1, f);
    fclose(f);
    assert_int_equal(n, nnue_builtin_size);
    assert_memory_equal(file, nnue_builtin_bytes, n);
    char msg[512];
    nnue_net *net = nnue_builtin(msg, sizeof msg);
    if (!net)
        fail_msg("%s", msg);
    /* the size the format gives for its H */
    assert_int_equal(n, 32 + 2 * (net->hidden * (1 + 768 + 2)) + 4);
    nnue_net *same = nnue_load(LT_DEFAULT_NET, msg, sizeof msg);
    assert_non_null(same);
    assert_memory_equal(same->w1, net->w1,
                        sizeof(int16_t) * NNUE_INPUTS * (size_t)net->hidden);
    assert_int_equal(same->b2, net->b2);
    nnue_free(same);
    nnue_free(net);
    file[n] = 0;
    refused_bytes(file, n + 1, "too long");
    refused_bytes(file, n - 1, "cut short");
    refused_bytes(file, 20, "not a network");
    file[NNUE_HEADER + 1000] ^= 1;
    refused_bytes(file, n, "checksum");
    free(file);
}

/* The value ai:engine (spec) gives position fen after a short search. */
static double engine_value(const char *spec, const char *fen)
{
    const lt_game *g;
    lt_state *s = start_at(&g, "chess", NULL, 0, fen);
    lt_error err = {0};
    lt_player *p = lt_player_new(g, spec, &err);
    if (!p)
        fail_msg("%s: %s", spec, err.msg);
    lt_think_info info;
    lt_player_choose(p, s, 1, NULL, &info);
    lt_player_free(p);
    lt_state_free(s);
    return info.value[0];
}

/* ai:engine evaluates with the network built in unless told otherwise:
 * as with net=default.nnue or eval=nnue, not as with eval=hand; the five
 * levels keep the hand-made evaluation (level 3: five plies, no noise)
 * unless given a network. */
static void test_engine_default(void **state)
{
    for (int i = 1; i < 5; i++) {
        double v = engine_value("ai:engine:depth=3", starts[i]);
        assert_true(v == engine_value("ai:engine:depth=3:net=" LT_DEFAULT_NET,
                                      starts[i]));
        assert_true(v == engine_value("ai:engine:depth=3:eval=nnue", starts[i]));
        double hand = engine_value("ai:engine:depth=3:eval=hand", starts[i]);
        assert_true(v != hand);
        /* the last of eval= and net= counts */
        assert_true(hand == engine_value("ai:engine:depth=3:net=" LT_DEFAULT_NET
                                         ":eval=hand",
                                         starts[i]));
        double hand5 = engine_value("ai:engine:depth=5:eval=hand", starts[i]),
               net5 = engine_value("ai:engine:depth=5", starts[i]);
        assert_true(engine_value("ai:level=3", starts[i]) == hand5);
        assert_true(net5 != hand5);
        assert_true(engine_value("ai:level=3:net=" LT_DEFAULT_NET, starts[i]) ==
                    net5);
    }
    const lt_game *g;
    lt_state *s = start_at(&g, "chess", NULL, 0, NULL);
    lt_error err = {0};
    assert_null(lt_player_new(g, "ai:engine:net=/nonexistent.nnue", &err));
    assert_non_null(strstr(err.msg, "cannot open"));
    assert_null(lt_player_new(g, "ai:engine:eval=good", &err));
    assert_non_null(strstr(err.msg, "bad value"));
    lt_state_free(s);
}

/* Records: a position and back; a damaged one is not a position. */
static void test_records(void **state)
{
    for (int i = 0; i < 6; i++) {
        chess_pos p, q;
        pos_at(&p, starts[i]);
        unsigned char rec[SP_RECORD];
        chess_sp_encode(&p, -123, 2, rec);
        int score, result;
        assert_true(chess_sp_decode(rec, &q, &score, &result));
        assert_int_equal(score, -123);
        assert_int_equal(result, 2);
        assert_int_equal(q.key, p.key);
        assert_memory_equal(q.board, p.board, 64);
        rec[0] ^= 0x10; /* a square emptied: a king lost or one piece off */
        rec[27] = 5;
        assert_false(chess_sp_decode(rec, &q, &score, &result));
    }
    /* a file of more records than allowed, or cut in a record */
    char path[256], msg[256];
    snprintf(path, sizeof path, "%s", temp_path("data.bin"));
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fwrite(chess_sp_magic, 1, SP_HEADER, f);
    chess_pos p;
    pos_at(&p, starts[0]);
    unsigned char rec[SP_RECORD];
    chess_sp_encode(&p, 10, 1, rec);
    for (int i = 0; i < 5; i++)
        fwrite(rec, 1, sizeof rec, f);
    fwrite(rec, 1, 7, f);
    fclose(f);
    nnue_data d = {0};
    assert_false(nnue_data_read(&d, path, 3, msg, sizeof msg));
    assert_non_null(strstr(msg, "more than 3 positions"));
    nnue_data_free(&d);
    assert_false(nnue_data_read(&d, path, 100, msg, sizeof msg));
    assert_non_null(strstr(msg, "record 6 is not a position"));
    nnue_data_free(&d);
    remove(path);
}

TEST_MAIN(cmocka_unit_test(test_incremental_plain),
          cmocka_unit_test(test_incremental_simd),
          cmocka_unit_test(test_avx2_equals_plain),
          cmocka_unit_test(test_records), cmocka_unit_test(test_file),
          cmocka_unit_test(test_builtin),
          cmocka_unit_test(test_engine_default),
          cmocka_unit_test(test_trainer_deterministic),
          cmocka_unit_test(test_learns_material))
