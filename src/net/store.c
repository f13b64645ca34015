/* store.c — the store's calls in SQL both drivers speak, and the numbered
 * migrations of its schema. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ludoteka/text.h"
#include "net/store_db.h"

struct store {
    const db_driver *drv;
    db *d;
    bool shared; /* PostgreSQL: several processes */
};

void db_rows_free(db_rows *r)
{
    for (int i = 0; i < r->rows * r->cols; i++)
        free(r->cell[i]);
    free(r->cell);
    memset(r, 0, sizeof *r);
}

const char *db_cell(const db_rows *r, int row, int col)
{
    if (row < 0 || row >= r->rows || col < 0 || col >= r->cols)
        return "";
    const char *c = r->cell[row * r->cols + col];
    return c ? c : "";
}

static lt_status run(store *s, const char *sql, const char *const *p, int n,
                     db_rows *rows, lt_error *err)
{
    return s->drv->run(s->d, sql, p, n, rows, err);
}

/* ---- Opening and migrating -------------------------------------------- */

int store_version(store *s)
{
    db_rows r;
    lt_error e = {0};
    if (run(s, "SELECT version FROM schema_version", NULL, 0, &r, &e) != LT_OK)
        return -1;
    int v = r.rows ? atoi(db_cell(&r, 0, 0)) : 0;
    db_rows_free(&r);
    return v;
}

enum { MIGRATION_LOCK = 0x4c546b61 }; /* "LTka": the schema's advisory lock */

static lt_status migrate_locked(store *s, lt_error *err);

/* Applies the migrations the store has not seen, each in a transaction
 * that holds the schema (two processes starting at once migrate once). */
static lt_status migrate(store *s, lt_error *err)
{
    if (!s->shared)
        return migrate_locked(s, err);
    /* with PostgreSQL the whole of it under one lock: CREATE TABLE IF NOT
     * EXISTS is not safe against another process doing the same */
    char k[16];
    snprintf(k, sizeof k, "%d", MIGRATION_LOCK);
    const char *p[] = {k};
    if (run(s, "SELECT pg_advisory_lock(CAST($1 AS BIGINT))", p, 1, NULL, err) != LT_OK)
        return LT_EIO;
    lt_status st = migrate_locked(s, err);
    run(s, "SELECT pg_advisory_unlock(CAST($1 AS BIGINT))", p, 1, NULL, NULL);
    return st;
}

static lt_status migrate_locked(store *s, lt_error *err)
{
    const char *lock = strcmp(s->drv->kind, "postgresql")
                           ? "BEGIN IMMEDIATE"
                           : "BEGIN; LOCK TABLE schema_version IN ACCESS EXCLUSIVE MODE";
    if (run(s, "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)",
            NULL, 0, NULL, err) != LT_OK)
        return LT_EIO;
    for (int k = 0; s->drv->migrations[k]; k++) {
        if (run(s, lock, NULL, 0, NULL, err) != LT_OK)
            return LT_EIO;
        db_rows r;
        lt_status st = run(s, "SELECT version FROM schema_version", NULL, 0, &r, err);
        int have = st == LT_OK && r.rows ? atoi(db_cell(&r, 0, 0)) : 0;
        bool none = st == LT_OK && r.rows == 0;
        if (st == LT_OK)
            db_rows_free(&r);
        char v[16];
        snprintf(v, sizeof v, "%d", k + 1);
        const char *p[] = {v};
        if (st == LT_OK && have <= k) {
            st = run(s, s->drv->migrations[k], NULL, 0, NULL, err);
            if (st == LT_OK)
                st = run(s, none ? "INSERT INTO schema_version VALUES ($1)"
                                 : "UPDATE schema_version SET version = $1",
                         p, 1, NULL, err);
        }
        if (st != LT_OK) {
            run(s, "ROLLBACK", NULL, 0, NULL, NULL);
            return st;
        }
        if (run(s, "COMMIT", NULL, 0, NULL, err) != LT_OK)
            return LT_EIO;
    }
    return LT_OK;
}

store *store_open(const char *where, lt_error *err)
{
    store *s = calloc(1, sizeof *s);
    if (!s) {
        lt_error_set(err, "out of memory");
        return NULL;
    }
    s->drv = !strncmp(where, "postgresql://", 13) || !strncmp(where, "postgres://", 11)
                 ? &db_postgres : &db_sqlite;
    s->shared = s->drv == &db_postgres;
    s->d = s->drv->open(where, err);
    if (!s->d || migrate(s, err) != LT_OK) {
        store_close(s);
        return NULL;
    }
    return s;
}

void store_close(store *s)
{
    if (!s)
        return;
    if (s->d)
        s->drv->close(s->d);
    free(s);
}

const char *store_kind(const store *s)
{
    return s->drv->kind;
}

/* ---- Accounts ----------------------------------------------------------- */

/* A name's key: lower case; false if the name is not 3-20 letters,
 * digits, '_' or '-'. */
static bool name_key(const char *name, char key[STORE_NAME_MAX])
{
    size_t n = strlen(name);
    if (n < 3 || n > 20)
        return false;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)name[i];
        if (!isalnum(c) && c != '_' && c != '-')
            return false;
        key[i] = (char)tolower(c);
    }
    key[n] = '\0';
    return true;
}

static void read_account(const db_rows *r, store_account *out)
{
    out->id = strtoll(db_cell(r, 0, 0), NULL, 10);
    lt_copy(out->name, sizeof out->name, db_cell(r, 0, 1));
    out->created = strtoll(db_cell(r, 0, 2), NULL, 10);
}

lt_status store_account_add(store *s, const char *name, const char *hash,
                            int64_t now, store_account *out, lt_error *err)
{
    char key[STORE_NAME_MAX], when[24];
    if (!name_key(name, key)) {
        lt_error_set(err, "a name is 3 to 20 letters, digits, _ or -");
        return LT_ESYNTAX;
    }
    snprintf(when, sizeof when, "%lld", (long long)now);
    const char *p[] = {name, key, hash, when};
    db_rows r;
    lt_status st = run(s, "INSERT INTO accounts (name, name_key, hash, created) "
                          "VALUES ($1, $2, $3, $4) RETURNING id, name, created",
                       p, 4, &r, err);
    if (st == LT_EILLEGAL)
        lt_error_set(err, "the name %s is taken", name);
    if (st != LT_OK)
        return st;
    read_account(&r, out);
    db_rows_free(&r);
    return LT_OK;
}

lt_status store_account_find(store *s, const char *name, store_account *out,
                             char *hash, lt_error *err)
{
    char key[STORE_NAME_MAX];
    if (!name_key(name, key)) {
        lt_error_set(err, "no account %.40s", name);
        return LT_EILLEGAL;
    }
    const char *p[] = {key};
    db_rows r;
    if (run(s, "SELECT id, name, created, hash FROM accounts WHERE name_key = $1",
            p, 1, &r, err) != LT_OK)
        return LT_EIO;
    lt_status st = LT_OK;
    if (r.rows == 0) {
        lt_error_set(err, "no account %s", name);
        st = LT_EILLEGAL;
    } else {
        read_account(&r, out);
        if (hash)
            lt_copy(hash, STORE_HASH_MAX, db_cell(&r, 0, 3));
    }
    db_rows_free(&r);
    return st;
}

lt_status store_account_by_id(store *s, int64_t id, store_account *out,
                              lt_error *err)
{
    char v[24];
    snprintf(v, sizeof v, "%lld", (long long)id);
    const char *p[] = {v};
    db_rows r;
    if (run(s, "SELECT id, name, created FROM accounts WHERE id = $1", p, 1, &r,
            err) != LT_OK)
        return LT_EIO;
    lt_status st = r.rows ? LT_OK : LT_EILLEGAL;
    if (r.rows)
        read_account(&r, out);
    else
        lt_error_set(err, "no account %lld", (long long)id);
    db_rows_free(&r);
    return st;
}

/* ---- Logins ------------------------------------------------------------- */

lt_status store_login_add(store *s, const char *secret_hash, int64_t account,
                          int64_t expires, lt_error *err)
{
    char a[24], e[24];
    snprintf(a, sizeof a, "%lld", (long long)account);
    snprintf(e, sizeof e, "%lld", (long long)expires);
    const char *p[] = {secret_hash, a, e};
    return run(s, "INSERT INTO logins (secret, account, expires) VALUES ($1, $2, $3)",
               p, 3, NULL, err);
}

lt_status store_login_find(store *s, const char *secret_hash, int64_t now,
                           store_account *out, lt_error *err)
{
    char t[24];
    snprintf(t, sizeof t, "%lld", (long long)now);
    const char *p[] = {secret_hash, t};
    db_rows r;
    if (run(s, "SELECT a.id, a.name, a.created FROM logins l JOIN accounts a "
               "ON a.id = l.account WHERE l.secret = $1 AND l.expires > $2",
            p, 2, &r, err) != LT_OK)
        return LT_EIO;
    lt_status st = r.rows ? LT_OK : LT_EILLEGAL;
    if (r.rows)
        read_account(&r, out);
    else
        lt_error_set(err, "not logged in (or the login has expired)");
    db_rows_free(&r);
    return st;
}

lt_status store_login_drop(store *s, const char *secret_hash, lt_error *err)
{
    const char *p[] = {secret_hash};
    return run(s, "DELETE FROM logins WHERE secret = $1", p, 1, NULL, err);
}

/* ---- Ratings ------------------------------------------------------------- */

lt_status store_rating_get(store *s, int64_t account, const char *pool,
                           store_rating *out, lt_error *err)
{
    char a[24];
    snprintf(a, sizeof a, "%lld", (long long)account);
    const char *p[] = {a, pool};
    db_rows r;
    if (run(s, "SELECT r.rating, r.deviation, r.volatility, r.games, a.name "
               "FROM accounts a LEFT JOIN ratings r ON r.account = a.id AND "
               "r.pool = $2 WHERE a.id = $1",
            p, 2, &r, err) != LT_OK)
        return LT_EIO;
    if (r.rows == 0) {
        db_rows_free(&r);
        lt_error_set(err, "no account %lld", (long long)account);
        return LT_EILLEGAL;
    }
    memset(out, 0, sizeof *out);
    out->account = account;
    lt_copy(out->name, sizeof out->name, db_cell(&r, 0, 4));
    lt_copy(out->pool, sizeof out->pool, pool);
    if (*db_cell(&r, 0, 0)) {
        out->r.rating = strtod(db_cell(&r, 0, 0), NULL);
        out->r.deviation = strtod(db_cell(&r, 0, 1), NULL);
        out->r.volatility = strtod(db_cell(&r, 0, 2), NULL);
        out->games = atoi(db_cell(&r, 0, 3));
    } else {
        out->r = glicko_new();
    }
    db_rows_free(&r);
    return LT_OK;
}

lt_status store_rating_put(store *s, const char *pool, const store_rating *in,
                           lt_error *err)
{
    char a[24], r[32], d[32], v[32], g[16];
    snprintf(a, sizeof a, "%lld", (long long)in->account);
    snprintf(r, sizeof r, "%.17g", in->r.rating);
    snprintf(d, sizeof d, "%.17g", in->r.deviation);
    snprintf(v, sizeof v, "%.17g", in->r.volatility);
    snprintf(g, sizeof g, "%d", in->games);
    const char *p[] = {a, pool, r, d, v, g};
    return run(s, "INSERT INTO ratings (account, pool, rating, deviation, volatility, "
                  "games) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (account, pool) "
                  "DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation, "
                  "volatility = excluded.volatility, games = excluded.games",
               p, 6, NULL, err);
}

/* Rows of (account, name, pool, rating, deviation, volatility, games). */
static int read_ratings(const db_rows *r, store_rating *out, int max)
{
    int n = 0;
    for (; n < r->rows && n < max; n++) {
        out[n].account = strtoll(db_cell(r, n, 0), NULL, 10);
        lt_copy(out[n].name, sizeof out[n].name, db_cell(r, n, 1));
        lt_copy(out[n].pool, sizeof out[n].pool, db_cell(r, n, 2));
        out[n].r.rating = strtod(db_cell(r, n, 3), NULL);
        out[n].r.deviation = strtod(db_cell(r, n, 4), NULL);
        out[n].r.volatility = strtod(db_cell(r, n, 5), NULL);
        out[n].games = atoi(db_cell(r, n, 6));
    }
    return n;
}

int store_ratings_of(store *s, int64_t account, store_rating *out, int max,
                     lt_error *err)
{
    char a[24], m[16];
    snprintf(a, sizeof a, "%lld", (long long)account);
    snprintf(m, sizeof m, "%d", max);
    const char *p[] = {a, m};
    db_rows r;
    if (run(s, "SELECT r.account, a.name, r.pool, r.rating, r.deviation, r.volatility, "
               "r.games FROM ratings r JOIN accounts a ON a.id = r.account "
               "WHERE r.account = $1 ORDER BY r.pool LIMIT CAST($2 AS INTEGER)",
            p, 2, &r, err) != LT_OK)
        return -1;
    int n = read_ratings(&r, out, max);
    db_rows_free(&r);
    return n;
}

int store_leaders(store *s, const char *pool, store_rating *out, int max,
                  lt_error *err)
{
    char m[16];
    snprintf(m, sizeof m, "%d", max);
    const char *p[] = {pool, m};
    db_rows r;
    if (run(s, "SELECT r.account, a.name, r.pool, r.rating, r.deviation, r.volatility, "
               "r.games FROM ratings r JOIN accounts a ON a.id = r.account "
               "WHERE r.pool = $1 ORDER BY r.rating DESC, a.name_key "
               "LIMIT CAST($2 AS INTEGER)",
            p, 2, &r, err) != LT_OK)
        return -1;
    int n = read_ratings(&r, out, max);
    db_rows_free(&r);
    return n;
}

/* ---- The archive --------------------------------------------------------- */

lt_status store_game_add(store *s, const store_game *g, const char *record,
                         lt_error *err)
{
    char fin[24], rated[4], seats[8];
    snprintf(fin, sizeof fin, "%lld", (long long)g->finished);
    snprintf(rated, sizeof rated, "%d", g->rated ? 1 : 0);
    snprintf(seats, sizeof seats, "%d", g->seats);
    const char *p[] = {g->id, g->game, g->result, g->reason, fin, rated, seats, record};
    if (run(s, "BEGIN", NULL, 0, NULL, err) != LT_OK)
        return LT_EIO;
    db_rows r;
    lt_status st = run(s, "INSERT INTO games (id, game, result, reason, finished, rated, "
                          "seats, record) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) "
                          "ON CONFLICT (id) DO NOTHING RETURNING id",
                       p, 8, &r, err);
    bool fresh = st == LT_OK && r.rows == 1;
    if (st == LT_OK)
        db_rows_free(&r);
    for (int i = 0; fresh && st == LT_OK && i < g->seats; i++) {
        char seat[16], acc[24], score[32];
        snprintf(seat, sizeof seat, "%d", i);
        snprintf(acc, sizeof acc, "%lld", (long long)g->account[i]);
        snprintf(score, sizeof score, "%.17g", g->score[i]);
        const char *q[] = {g->id, seat, g->account[i] ? acc : NULL, g->name[i], score};
        st = run(s, "INSERT INTO game_seats (game, seat, account, name, score) "
                    "VALUES ($1, $2, $3, $4, $5)", q, 5, NULL, err);
    }
    if (st != LT_OK) {
        run(s, "ROLLBACK", NULL, 0, NULL, NULL);
        return st;
    }
    return run(s, "COMMIT", NULL, 0, NULL, err);
}

/* The seats of out->id into out (its seats, accounts, names, scores). */
static lt_status read_seats(store *s, store_game *g, lt_error *err)
{
    const char *q[] = {g->id};
    db_rows seats;
    if (run(s, "SELECT seat, account, name, score FROM game_seats WHERE game = $1 "
               "ORDER BY seat", q, 1, &seats, err) != LT_OK)
        return LT_EIO;
    for (int k = 0; k < seats.rows; k++) {
        int i = atoi(db_cell(&seats, k, 0));
        if (i < 0 || i >= LT_MAX_PLAYERS)
            continue;
        g->account[i] = strtoll(db_cell(&seats, k, 1), NULL, 10);
        lt_copy(g->name[i], sizeof g->name[i], db_cell(&seats, k, 2));
        g->score[i] = strtod(db_cell(&seats, k, 3), NULL);
    }
    db_rows_free(&seats);
    return LT_OK;
}

/* Row n of (id, game, result, reason, finished, rated, seats[, you]). */
static void read_game(const db_rows *r, int n, store_game *g)
{
    memset(g, 0, sizeof *g);
    lt_copy(g->id, sizeof g->id, db_cell(r, n, 0));
    lt_copy(g->game, sizeof g->game, db_cell(r, n, 1));
    lt_copy(g->result, sizeof g->result, db_cell(r, n, 2));
    lt_copy(g->reason, sizeof g->reason, db_cell(r, n, 3));
    g->finished = strtoll(db_cell(r, n, 4), NULL, 10);
    g->rated = atoi(db_cell(r, n, 5)) != 0;
    g->seats = atoi(db_cell(r, n, 6));
    if (g->seats < 0 || g->seats > LT_MAX_PLAYERS)
        g->seats = 0;
    if (r->cols > 7)
        g->you = atoi(db_cell(r, n, 7));
}

/* The player's seat m is the first of theirs in the game; an opponent is
 * a seat not theirs with the name asked ($3; $4 its lower case, for the
 * accounts' names); the outcome compares m's score with the others'. */
static const char SEARCH_SQL[] =
    "SELECT g.id, g.game, g.result, g.reason, g.finished, g.rated, g.seats, m.seat "
    "FROM games g JOIN game_seats m ON m.game = g.id "
    "WHERE m.account = $1 "
    "AND NOT EXISTS (SELECT 1 FROM game_seats x WHERE x.game = g.id "
    "  AND x.account = $1 AND x.seat < m.seat) "
    "AND ($2 = '' OR g.game = $2) "
    "AND ($3 = '' OR EXISTS (SELECT 1 FROM game_seats o WHERE o.game = g.id "
    "  AND ((o.account IS NULL AND o.name = $3) OR "
    "       (o.account IS NOT NULL AND o.account <> $1 AND LOWER(o.name) = $4)))) "
    "AND ($5 = '' OR (g.result <> '*' AND ("
    "  ($5 = 'won' AND NOT EXISTS (SELECT 1 FROM game_seats o WHERE o.game = g.id "
    "    AND o.seat <> m.seat AND o.score >= m.score)) OR "
    "  ($5 = 'lost' AND EXISTS (SELECT 1 FROM game_seats o WHERE o.game = g.id "
    "    AND o.seat <> m.seat AND o.score > m.score)) OR "
    "  ($5 = 'drawn' AND NOT EXISTS (SELECT 1 FROM game_seats o WHERE o.game = g.id "
    "    AND o.seat <> m.seat AND o.score > m.score) "
    "   AND EXISTS (SELECT 1 FROM game_seats o WHERE o.game = g.id "
    "    AND o.seat <> m.seat AND o.score = m.score))))) "
    "ORDER BY g.finished DESC, g.id "
    "LIMIT CAST($6 AS INTEGER) OFFSET CAST($7 AS INTEGER)";

int store_games_search(store *s, const store_search *q, store_game *out, int max,
                       lt_error *err)
{
    char a[24], m[16], k[16], lower[STORE_OPPONENT_MAX];
    const char *opp = q->opponent ? q->opponent : "";
    if (strlen(opp) >= sizeof lower) {
        lt_error_set(err, "an opponent's name is at most %d characters",
                     STORE_OPPONENT_MAX - 1);
        return -1;
    }
    if (max < 0 || q->skip < 0) {
        lt_error_set(err, "a negative count");
        return -1;
    }
    size_t i = 0;
    for (; opp[i]; i++)
        lower[i] = (char)tolower((unsigned char)opp[i]);
    lower[i] = '\0';
    snprintf(a, sizeof a, "%lld", (long long)q->account);
    snprintf(m, sizeof m, "%d", max);
    snprintf(k, sizeof k, "%d", q->skip);
    const char *p[] = {a, q->game ? q->game : "", opp, lower,
                       store_outcome_word(q->result), m, k};
    db_rows r;
    if (run(s, SEARCH_SQL, p, 7, &r, err) != LT_OK)
        return -1;
    int n = 0;
    for (; n < r.rows && n < max; n++) {
        read_game(&r, n, &out[n]);
        if (read_seats(s, &out[n], err) != LT_OK) {
            db_rows_free(&r);
            return -1;
        }
    }
    db_rows_free(&r);
    return n;
}

int store_games_of(store *s, int64_t account, const char *game,
                   store_game *out, int max, lt_error *err)
{
    store_search q = {.account = account, .game = game};
    return store_games_search(s, &q, out, max, err);
}

store_outcome store_game_outcome(const store_game *g, int seat)
{
    if (!strcmp(g->result, "*") || seat < 0 || seat >= g->seats)
        return STORE_ANY;
    bool shared = false;
    for (int i = 0; i < g->seats; i++) {
        if (i == seat)
            continue;
        if (g->score[i] > g->score[seat])
            return STORE_LOST;
        shared |= g->score[i] == g->score[seat];
    }
    return shared ? STORE_DRAWN : STORE_WON;
}

static const char *const outcome_words[] = {
    [STORE_ANY] = "", [STORE_WON] = "won", [STORE_DRAWN] = "drawn",
    [STORE_LOST] = "lost"};

const char *store_outcome_word(store_outcome o)
{
    return o >= STORE_ANY && o <= STORE_LOST ? outcome_words[o] : "";
}

bool store_outcome_parse(const char *word, store_outcome *out)
{
    for (int o = STORE_ANY; o <= STORE_LOST; o++)
        if (!strcmp(word, outcome_words[o])) {
            *out = (store_outcome)o;
            return true;
        }
    return false;
}

lt_status store_game_get(store *s, const char *id, store_game *out, lt_error *err)
{
    const char *p[] = {id};
    db_rows r;
    if (run(s, "SELECT id, game, result, reason, finished, rated, seats FROM games "
               "WHERE id = $1", p, 1, &r, err) != LT_OK)
        return LT_EIO;
    if (r.rows == 0) {
        db_rows_free(&r);
        lt_error_set(err, "no finished game %.20s", id);
        return LT_EILLEGAL;
    }
    read_game(&r, 0, out);
    db_rows_free(&r);
    return read_seats(s, out, err);
}

char *store_game_record(store *s, const char *id, lt_error *err)
{
    const char *p[] = {id};
    db_rows r;
    if (run(s, "SELECT record FROM games WHERE id = $1", p, 1, &r, err) != LT_OK)
        return NULL;
    char *text = r.rows ? strdup(db_cell(&r, 0, 0)) : NULL;
    if (!r.rows)
        lt_error_set(err, "no finished game %.20s", id);
    db_rows_free(&r);
    return text;
}

/* ---- Rooms ---------------------------------------------------------------- */

static void int_text(char *buf, size_t size, int64_t v)
{
    snprintf(buf, size, "%lld", (long long)v);
}

lt_status store_room_put(store *s, const store_room *r, lt_error *err)
{
    char done[4], listed[4], when[24];
    snprintf(done, sizeof done, "%d", r->done ? 1 : 0);
    snprintf(listed, sizeof listed, "%d", r->listed);
    int_text(when, sizeof when, r->updated);
    const char *p[] = {r->id, r->journal, done, r->owner, listed, r->lobby, when};
    return run(s, "INSERT INTO rooms (id, journal, done, owner, listed, lobby, updated) "
                  "VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO UPDATE SET "
                  "journal = excluded.journal, done = excluded.done, owner = "
                  "excluded.owner, listed = excluded.listed, lobby = excluded.lobby, "
                  "updated = excluded.updated",
               p, 7, NULL, err);
}

lt_status store_room_get(store *s, const char *id, char **journal,
                         char owner[STORE_NODE_MAX], lt_error *err)
{
    const char *p[] = {id};
    db_rows r;
    *journal = NULL;
    if (run(s, "SELECT journal, owner FROM rooms WHERE id = $1", p, 1, &r, err) != LT_OK)
        return LT_EIO;
    lt_status st = LT_OK;
    if (r.rows == 0) {
        lt_error_set(err, "there is no room '%.20s'", id);
        st = LT_EILLEGAL;
    } else if ((*journal = strdup(db_cell(&r, 0, 0))) == NULL) {
        lt_error_set(err, "out of memory");
        st = LT_ENOMEM;
    } else {
        lt_copy(owner, STORE_NODE_MAX, db_cell(&r, 0, 1));
    }
    db_rows_free(&r);
    return st;
}

lt_status store_room_maker(store *s, const char *id, const char *maker,
                           lt_error *err)
{
    const char *p[] = {id, maker};
    return run(s, "UPDATE rooms SET maker = $2 WHERE id = $1", p, 2, NULL, err);
}

int store_rooms_made(store *s, const char *maker, lt_error *err)
{
    const char *p[] = {maker};
    db_rows r;
    if (run(s, "SELECT count(*) FROM rooms WHERE maker = $1 AND done = 0", p, 1, &r,
            err) != LT_OK)
        return -1;
    int n = atoi(db_cell(&r, 0, 0));
    db_rows_free(&r);
    return n;
}

lt_status store_room_own(store *s, const char *id, const char *owner,
                         lt_error *err)
{
    const char *p[] = {id, owner};
    return run(s, "UPDATE rooms SET owner = $2 WHERE id = $1", p, 2, NULL, err);
}

int store_room_owners(store *s, char (*owners)[STORE_NODE_MAX], int max,
                      lt_error *err)
{
    char m[16];
    snprintf(m, sizeof m, "%d", max);
    const char *p[] = {m};
    db_rows r;
    if (run(s, "SELECT DISTINCT owner FROM rooms WHERE done = 0 AND owner <> '' "
               "ORDER BY owner LIMIT CAST($1 AS INTEGER)", p, 1, &r, err) != LT_OK)
        return -1;
    int n = 0;
    for (; n < r.rows && n < max; n++)
        lt_copy(owners[n], sizeof owners[n], db_cell(&r, n, 0));
    db_rows_free(&r);
    return n;
}

int store_rooms_unfinished(store *s, const char *owner, char (*ids)[16], int max,
                           lt_error *err)
{
    char m[16];
    snprintf(m, sizeof m, "%d", max);
    const char *p[] = {owner, m};
    db_rows r;
    if (run(s, "SELECT id FROM rooms WHERE done = 0 AND owner = $1 ORDER BY updated, id "
               "LIMIT CAST($2 AS INTEGER)", p, 2, &r, err) != LT_OK)
        return -1;
    int n = 0;
    for (; n < r.rows && n < max; n++)
        lt_copy(ids[n], sizeof ids[n], db_cell(&r, n, 0));
    db_rows_free(&r);
    return n;
}

int store_lobby(store *s, int listed, char **out, int max, lt_error *err)
{
    char l[8], m[16];
    snprintf(l, sizeof l, "%d", listed);
    snprintf(m, sizeof m, "%d", max);
    const char *p[] = {l, m};
    db_rows r;
    if (run(s, "SELECT lobby FROM rooms WHERE listed = CAST($1 AS INTEGER) AND done = 0 "
               "ORDER BY updated DESC, id LIMIT CAST($2 AS INTEGER)", p, 2, &r, err) != LT_OK)
        return -1;
    int n = 0;
    for (int i = 0; i < r.rows && n < max; i++)
        if ((out[n] = strdup(db_cell(&r, i, 0))) != NULL)
            n++;
    db_rows_free(&r);
    return n;
}

int store_rooms_expire(store *s, int64_t before, lt_error *err)
{
    char b[24];
    int_text(b, sizeof b, before);
    const char *p[] = {b};
    db_rows r;
    if (run(s, "DELETE FROM chat WHERE room IN (SELECT id FROM rooms WHERE "
               "updated < CAST($1 AS BIGINT))", p, 1, NULL, err) != LT_OK ||
        run(s, "DELETE FROM rooms WHERE updated < CAST($1 AS BIGINT) RETURNING id",
            p, 1, &r, err) != LT_OK)
        return -1;
    int n = r.rows;
    db_rows_free(&r);
    return n;
}

/* ---- Chat ------------------------------------------------------------------ */

lt_status store_chat_add(store *s, const char *room, const store_line *l,
                         int keep, lt_error *err)
{
    char n[24], seat[8], at[24], old[24];
    int_text(n, sizeof n, l->n);
    snprintf(seat, sizeof seat, "%d", l->seat);
    int_text(at, sizeof at, l->at);
    int_text(old, sizeof old, l->n - keep);
    const char *p[] = {room, n, seat, l->name, l->text, at};
    const char *q[] = {room, old};
    if (run(s, "INSERT INTO chat (room, n, seat, name, text, at) "
               "VALUES ($1, $2, $3, $4, $5, $6)", p, 6, NULL, err) != LT_OK)
        return LT_EIO;
    return run(s, "DELETE FROM chat WHERE room = $1 AND n <= CAST($2 AS BIGINT)",
               q, 2, NULL, err);
}

int store_chat_of(store *s, const char *room, store_line *out, int max,
                  lt_error *err)
{
    char m[16];
    snprintf(m, sizeof m, "%d", max);
    const char *p[] = {room, m};
    db_rows r;
    if (run(s, "SELECT n, seat, name, text, at FROM chat WHERE room = $1 "
               "ORDER BY n DESC LIMIT CAST($2 AS INTEGER)", p, 2, &r, err) != LT_OK)
        return -1;
    int n = r.rows < max ? r.rows : max;
    for (int i = 0; i < n; i++) { /* newest first: turned round */
        store_line *l = &out[n - 1 - i];
        l->n = strtoll(db_cell(&r, i, 0), NULL, 10);
        l->seat = atoi(db_cell(&r, i, 1));
        lt_copy(l->name, sizeof l->name, db_cell(&r, i, 2));
        lt_copy(l->text, sizeof l->text, db_cell(&r, i, 3));
        l->at = strtoll(db_cell(&r, i, 4), NULL, 10);
    }
    db_rows_free(&r);
    return n;
}

/* ---- Seeks ------------------------------------------------------------------- */

lt_status store_seek_add(store *s, const store_seek *k, lt_error *err)
{
    char conn[24], re[16], rated[4], acc[24], rating[32], since[24];
    int_text(conn, sizeof conn, k->conn);
    snprintf(re, sizeof re, "%d", k->re);
    snprintf(rated, sizeof rated, "%d", k->rated ? 1 : 0);
    int_text(acc, sizeof acc, k->account);
    snprintf(rating, sizeof rating, "%.17g", k->rating);
    int_text(since, sizeof since, k->since);
    const char *p[] = {k->node, conn, re, k->game, k->options, k->clock, rated, acc,
                       rating, since};
    return run(s, "INSERT INTO seeks (node, conn, re, game, options, clock, rated, "
                  "account, rating, since) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, "
                  "$9, $10)", p, 10, NULL, err);
}

int store_seek_take(store *s, const store_seek *k, store_seek *out, lt_error *err)
{
    char rated[4], acc[24], rating[32];
    snprintf(rated, sizeof rated, "%d", k->rated ? 1 : 0);
    int_text(acc, sizeof acc, k->account);
    snprintf(rating, sizeof rating, "%.17g", k->rating);
    const char *p[] = {k->game, k->options, k->clock, rated, acc, rating};
    /* the best match, then taken if nobody took it meanwhile (another
     * process may be pairing too): a few tries */
    for (int tries = 0; tries < 4; tries++) {
        db_rows r;
        if (run(s, "SELECT node, conn FROM seeks WHERE game = $1 AND options = $2 "
                   "AND clock = $3 AND rated = CAST($4 AS INTEGER) AND (rated = 0 OR "
                   "account <> CAST($5 AS BIGINT)) ORDER BY CASE WHEN rated = 1 THEN "
                   "abs(rating - CAST($6 AS DOUBLE PRECISION)) ELSE 0 END, since, node, "
                   "conn LIMIT 1", p, 6, &r, err) != LT_OK)
            return -1;
        if (r.rows == 0) {
            db_rows_free(&r);
            return 0;
        }
        const char *q[] = {db_cell(&r, 0, 0), db_cell(&r, 0, 1)};
        db_rows got;
        lt_status st = run(s, "DELETE FROM seeks WHERE node = $1 AND conn = "
                              "CAST($2 AS BIGINT) RETURNING node, conn, re, game, "
                              "options, clock, rated, account, rating, since",
                           q, 2, &got, err);
        db_rows_free(&r);
        if (st != LT_OK)
            return -1;
        if (got.rows == 1) {
            memset(out, 0, sizeof *out);
            lt_copy(out->node, sizeof out->node, db_cell(&got, 0, 0));
            out->conn = strtoll(db_cell(&got, 0, 1), NULL, 10);
            out->re = atoi(db_cell(&got, 0, 2));
            lt_copy(out->game, sizeof out->game, db_cell(&got, 0, 3));
            lt_copy(out->options, sizeof out->options, db_cell(&got, 0, 4));
            lt_copy(out->clock, sizeof out->clock, db_cell(&got, 0, 5));
            out->rated = atoi(db_cell(&got, 0, 6)) != 0;
            out->account = strtoll(db_cell(&got, 0, 7), NULL, 10);
            out->rating = strtod(db_cell(&got, 0, 8), NULL);
            out->since = strtoll(db_cell(&got, 0, 9), NULL, 10);
            db_rows_free(&got);
            return 1;
        }
        db_rows_free(&got);
    }
    return 0;
}

lt_status store_seek_drop(store *s, const char *node, int64_t conn, lt_error *err)
{
    char c[24];
    int_text(c, sizeof c, conn);
    const char *p[] = {node, c};
    return run(s, "DELETE FROM seeks WHERE node = $1 AND (CAST($2 AS BIGINT) < 0 OR "
                  "conn = CAST($2 AS BIGINT))", p, 2, NULL, err);
}

int store_seek_nodes(store *s, char (*nodes)[STORE_NODE_MAX], int max, lt_error *err)
{
    char m[16];
    snprintf(m, sizeof m, "%d", max);
    const char *p[] = {m};
    db_rows r;
    if (run(s, "SELECT DISTINCT node FROM seeks ORDER BY node LIMIT CAST($1 AS INTEGER)",
            p, 1, &r, err) != LT_OK)
        return -1;
    int n = 0;
    for (; n < r.rows && n < max; n++)
        lt_copy(nodes[n], sizeof nodes[n], db_cell(&r, n, 0));
    db_rows_free(&r);
    return n;
}

int store_seeks_of(store *s, const char *node, lt_error *err)
{
    const char *p[] = {node};
    db_rows r;
    if (run(s, "SELECT count(*) FROM seeks WHERE node = $1", p, 1, &r, err) != LT_OK)
        return -1;
    int n = atoi(db_cell(&r, 0, 0));
    db_rows_free(&r);
    return n;
}

/* ---- Between processes ------------------------------------------------------ */

bool store_shared(const store *s)
{
    return s->shared;
}

int store_try_lock(store *s, int64_t key, lt_error *err)
{
    if (!s->shared)
        return 1; /* one process has every room */
    char k[24];
    int_text(k, sizeof k, key);
    const char *p[] = {k};
    db_rows r;
    if (run(s, "SELECT pg_try_advisory_lock(CAST($1 AS BIGINT))", p, 1, &r, err) != LT_OK)
        return -1;
    int got = !strcmp(db_cell(&r, 0, 0), "t");
    db_rows_free(&r);
    return got;
}

lt_status store_unlock(store *s, int64_t key, lt_error *err)
{
    if (!s->shared)
        return LT_OK;
    char k[24];
    int_text(k, sizeof k, key);
    const char *p[] = {k};
    return run(s, "SELECT pg_advisory_unlock(CAST($1 AS BIGINT))", p, 1, NULL, err);
}

lt_status store_notify(store *s, int n, const char *const *channel,
                       const char *const *payload, lt_error *err)
{
    if (!s->shared) {
        lt_error_set(err, "one process: nobody to notify");
        return LT_EILLEGAL;
    }
    while (n > 0) {
        const char *p[DB_PARAMS];
        char sql[512] = "SELECT 1";
        int k = 0;
        for (; k < n && 2 * k + 1 < DB_PARAMS; k++) {
            p[2 * k] = channel[k];
            p[2 * k + 1] = payload[k];
            size_t len = strlen(sql);
            snprintf(sql + len, sizeof sql - len, ", pg_notify($%d, $%d)",
                     2 * k + 1, 2 * k + 2);
        }
        if (run(s, sql, p, 2 * k, NULL, err) != LT_OK)
            return LT_EIO;
        channel += k;
        payload += k;
        n -= k;
    }
    return LT_OK;
}
