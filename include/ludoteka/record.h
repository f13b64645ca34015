/* record.h — game records: PGN-style tags and the action names in order.
 *
 * A record is the one format for saved games, replays, golden playthroughs
 * and bug reports:
 *
 *   [Game "three-mens-morris"]
 *   [Options "diagonals=on movement=step cap=200"]
 *   [Players "human,ai"]
 *   [Seed "42"]
 *   [Result "1-0"]
 *
 *   1. B2 A1 2. C3 ...
 *
 * Move numbers ("12." or "12..."), comments ({...} or ; to the end of the
 * line), PGN variations ((...)), NAGs ($1) and a closing result token
 * ("1-0", "0-1", "1/2-1/2", "*") are skipped on reading.  A [Position "..."] tag starts from a set-up
 * position.  Reading replays every action, so a record that reads is a
 * legal game; a [Result] that disagrees with a game the moves finish is
 * an error, and one of a game they leave unfinished (resigned, agreed) is
 * kept and written back.  Writing ends the moves with the result token.
 *
 * PGN: a record with no [Game] tag is chess; [FEN] is read as [Position].
 * The chess family (LT_GROUP_CHESS) writes PGN: the Seven Tag Roster
 * first (White and Black default to the player specs), and a set-up
 * position as [SetUp "1"] [FEN "..."]. */
#ifndef LUDOTEKA_RECORD_H
#define LUDOTEKA_RECORD_H

#include <stdint.h>
#include <stdio.h>

#include "ludoteka/game.h"

enum { LT_RECORD_TAGS = 16 };

typedef struct {
    char key[32];
    char value[128];
} lt_tag;

typedef struct lt_record {
    const lt_game *game;
    lt_config config;
    char players[LT_MAX_PLAYERS][LT_SPEC_MAX]; /* player specs, "" unknown */
    uint64_t seed;
    char *position;             /* set-up position text, or NULL */
    lt_action *actions;
    int nactions, capacity;
    lt_tag extra[LT_RECORD_TAGS]; /* other tags, kept as they came */
    int nextra;
} lt_record;

/* A new empty record of a game with a configuration. */
void lt_record_init(lt_record *, const lt_game *, const lt_config *);
/* Frees what the record owns; the record may be initialised again. */
void lt_record_clear(lt_record *);
lt_status lt_record_push(lt_record *, lt_action);
lt_status lt_record_set_position(lt_record *, const char *text);
void lt_record_set_tag(lt_record *, const char *key, const char *value);

/* The state after the first n actions (n < 0: all of them). */
lt_status lt_record_replay(const lt_record *, int n, lt_state *out,
                           lt_error *);

/* The record as text (malloc'd), or NULL with a message. */
char *lt_record_format(const lt_record *, lt_error *);

/* Where reading has got to in a text of several records; start from
 * {0}. */
typedef struct {
    size_t pos;
    int line, col;
} lt_cursor;

/* Reads the next record of text at the cursor and moves the cursor past
 * it; LT_EIO when only white space and comments remain.  Errors carry the
 * line and column of the offending text. */
lt_status lt_record_parse(const char *text, lt_cursor *, lt_record *out,
                          lt_error *);

/* Writes the record to path atomically: a temporary file in the same
 * folder, flushed to disk, then renamed over path.  Temporary files that
 * interrupted saves of path left beside it (path.tmp-XXXXXX) go first. */
lt_status lt_record_save(const lt_record *, const char *path, lt_error *);
/* Reads the record of a file of one game, to play it on; a file of
 * several games is refused (LT_ERANGE) with a message that says how many
 * it holds.  Temporary files that interrupted saves of path left beside
 * it go first.  (To read every game of a file: lt_record_parse.) */
lt_status lt_record_load(const char *path, lt_record *, lt_error *);

/* Reads a whole file into a NUL-terminated malloc'd buffer. */
char *lt_read_file(const char *path, size_t *size, lt_error *);
/* Writes data to path atomically (as lt_record_save, without the
 * clean-up): the temporary file is locked (flock) until it is renamed,
 * so a clean-up never removes a save under way.  durable: flushed to the
 * disk, the rename too (else a process that dies loses nothing, but a
 * machine that stops may). */
lt_status lt_write_file_atomic(const char *path, const char *data,
                               size_t size, bool durable, lt_error *);
/* Removes the temporary files that interrupted saves of path left beside
 * it (path.tmp-XXXXXX), but none a save is writing now. */
void lt_remove_stale_temps(const char *path);

#endif
