/* test_boardgrid.c — the pure view-to-characters layout of the front ends
 * (src/cli/boardgrid.c), on views built by hand: a morris board, chess
 * boards of 8x8 and 12x12, three boards side by side, dice faces,
 * crossing lines, wide glyphs.  Every expected picture was drawn by hand
 * from the geometry the layout promises (boardgrid.h). */
#include <locale.h>

#include "support.h"

#include "cli/boardgrid.h"
#include "ludoteka/text.h"

static lt_view *view_new(int width, int height)
{
    lt_view *v = calloc(1, sizeof *v);
    assert_non_null(v);
    v->width = width;
    v->height = height;
    v->nboards = 1;
    return v;
}

static int cell(lt_view *v, int x, int y, int shape, int shade, int board,
                const char *name)
{
    assert_true(v->ncells < LT_VIEW_CELLS);
    lt_cell *c = &v->cells[v->ncells];
    *c = (lt_cell){.x = (int16_t)x, .y = (int16_t)y, .shape = (uint8_t)shape,
                   .shade = (uint8_t)shade, .board = (uint8_t)board};
    lt_copy(c->name, sizeof c->name, name);
    return v->ncells++;
}

static void piece(lt_view *v, int at, int owner, const char *text,
                  const char *glyph)
{
    lt_piece *p = &v->pieces[v->npieces++];
    *p = (lt_piece){.cell = (int16_t)at, .owner = (int8_t)owner};
    snprintf(p->text, sizeof p->text, "%s", text);
    snprintf(p->glyph, sizeof p->glyph, "%s", glyph);
}

static void link(lt_view *v, int a, int b)
{
    v->links[v->nlinks++] = (lt_link){(int16_t)a, (int16_t)b};
}

/* The whole grid as text, rows joined by newlines. */
static const char *picture(const bg_grid *g)
{
    static char out[BG_ROWS * BG_COLS * 4];
    size_t len = 0;
    for (int r = 0; r < g->rows; r++) {
        char row[BG_COLS * 8];
        bg_row_text(g, r, row, sizeof row);
        len += (size_t)snprintf(out + len, sizeof out - len, "%s\n", row);
    }
    return out;
}

static const bg_style PLAIN = {.ascii = true, .coloured = false,
                               .largest = BG_COMPACT, .faces = false};
static const bg_style SCREEN = {.ascii = false, .coloured = true,
                                .largest = BG_LARGE, .faces = true};

/* The 3x3 morris board: points A1..C3 (row 3 on top), the lines of the
 * rows, the columns and both diagonals through B2. */
static lt_view *morris3(void)
{
    lt_view *v = view_new(3, 3);
    int p[3][3];
    for (int row = 1; row <= 3; row++)
        for (int col = 0; col < 3; col++) {
            char name[4] = {(char)('A' + col), (char)('0' + row), 0};
            p[row - 1][col] = cell(v, col, 3 - row, LT_SHAPE_POINT,
                                   LT_SHADE_PLAIN, 0, name);
        }
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < 2; k++) {
            link(v, p[i][k], p[i][k + 1]);
            link(v, p[k][i], p[k + 1][i]);
        }
    link(v, p[0][0], p[1][1]);
    link(v, p[1][1], p[2][2]);
    link(v, p[2][0], p[1][1]);
    link(v, p[1][1], p[0][2]);
    return v;
}

static void morris_in_the_line_mode(void **st)
{
    lt_view *v = morris3();
    piece(v, 0, 0, "W", "\u25cb");  /* A1 */
    piece(v, 4, 1, "B", "\u25cf");  /* B2 */
    bg_grid *g = malloc(sizeof *g);
    assert_true(bg_layout(v, &PLAIN, BG_COLS, BG_ROWS, g));
    /* points 4 columns and 2 rows apart, '.' for an empty point, the
     * diagonals half way between, row numbers left, letters below */
    assert_string_equal(picture(g), "3 .---.---.\n"
                                    "  | \\ | / |\n"
                                    "2 .---B---.\n"
                                    "  | / | \\ |\n"
                                    "1 W---.---.\n"
                                    "  A   B   C\n");
    assert_int_equal(g->size, BG_COMPACT);
    free(g);
    free(v);
}

static void morris_on_the_screen(void **st)
{
    lt_view *v = morris3();
    piece(v, 0, 0, "W", "\u25cb");
    bg_grid *g = malloc(sizeof *g);
    /* 80x24 less a side panel: the normal size, 6 columns and 3 rows
     * apart, drawn with box lines; the largest (8 x 4) needs 19 columns
     * and 10 rows */
    assert_true(bg_layout(v, &SCREEN, 40, 9, g));
    assert_int_equal(g->size, BG_NORMAL);
    assert_string_equal(picture(g), "3 \u00b7\u2500\u2500\u2500\u2500\u2500\u00b7\u2500\u2500\u2500\u2500\u2500\u00b7\n"
                                    "  \u2502 \u2572   \u2502   \u2571 \u2502\n"
                                    "  \u2502   \u2572 \u2502 \u2571   \u2502\n"
                                    "2 \u00b7\u2500\u2500\u2500\u2500\u2500\u00b7\u2500\u2500\u2500\u2500\u2500\u00b7\n"
                                    "  \u2502   \u2571 \u2502 \u2572   \u2502\n"
                                    "  \u2502 \u2571   \u2502   \u2572 \u2502\n"
                                    "1 \u25cb\u2500\u2500\u2500\u2500\u2500\u00b7\u2500\u2500\u2500\u2500\u2500\u00b7\n"
                                    "  A     B     C\n");
    assert_true(bg_layout(v, &SCREEN, 40, 10, g));
    assert_int_equal(g->size, BG_LARGE);
    assert_int_equal(g->rows, 10);
    assert_int_equal(g->cols, 2 + 2 * 8 + 1);
    /* the mouse: on a point, near it, and half way between two points */
    assert_int_equal(bg_hit(g, 9 - 1, 2), 0);       /* A1 itself */
    assert_int_equal(bg_hit(g, 8, 4), 0);           /* two columns right */
    assert_int_equal(bg_hit(g, 8, 2 + 8), 1);       /* B1 */
    assert_int_equal(bg_hit(g, 8 - 2, 2 + 4), -1);  /* in between */
    free(g);
    free(v);
}

/* An 8x8 or 12x12 chess board: files a.., ranks 1.. upwards, dark a1. */
static lt_view *chessboard(int n)
{
    lt_view *v = view_new(n, n);
    for (int rank = 1; rank <= n; rank++)
        for (int file = 0; file < n; file++) {
            char name[16]; /* room for any int, though ranks stop at 12 */
            snprintf(name, sizeof name, "%c%d", 'a' + file, rank);
            cell(v, file, n - rank, LT_SHAPE_SQUARE,
                 (file + rank) % 2 ? LT_SHADE_LIGHT : LT_SHADE_DARK, 0, name);
        }
    return v;
}

static void chess_start(lt_view *v)
{
    static const char back[] = "RNBQKBNR";
    static const char *const white[] = {"\u2656", "\u2658", "\u2657", "\u2655",
                                        "\u2654", "\u2657", "\u2658", "\u2656"};
    static const char *const black[] = {"\u265c", "\u265e", "\u265d", "\u265b",
                                        "\u265a", "\u265d", "\u265e", "\u265c"};
    for (int f = 0; f < 8; f++) {
        char t[2] = {back[f], 0}, l[2] = {(char)(back[f] + 32), 0};
        piece(v, f, 0, t, white[f]);
        piece(v, 8 + f, 0, "P", "\u2659");
        piece(v, 48 + f, 1, "p", "\u265f");
        piece(v, 56 + f, 1, l, black[f]);
    }
}

static void chess_in_the_line_mode(void **st)
{
    lt_view *v = chessboard(8);
    chess_start(v);
    bg_grid *g = malloc(sizeof *g);
    assert_true(bg_layout(v, &PLAIN, BG_COLS, BG_ROWS, g));
    assert_string_equal(picture(g), "8 r n b q k b n r\n"
                                    "7 p p p p p p p p\n"
                                    "6 . . . . . . . .\n"
                                    "5 . . . . . . . .\n"
                                    "4 . . . . . . . .\n"
                                    "3 . . . . . . . .\n"
                                    "2 P P P P P P P P\n"
                                    "1 R N B Q K B N R\n"
                                    "  a b c d e f g h\n");
    free(g);
    free(v);
}

static void chess_on_the_screen(void **st)
{
    lt_view *v = chessboard(8);
    chess_start(v);
    bg_grid *g = malloc(sizeof *g);
    /* 80x24: the large squares (5 x 3) need 25 rows; the normal ones
     * (3 x 1) take 26 columns and 9 rows, the piece in the middle */
    assert_true(bg_layout(v, &SCREEN, 46, 21, g));
    assert_int_equal(g->size, BG_NORMAL);
    const char *p = picture(g);
    assert_non_null(strstr(p, "8  \u265c  \u265e  \u265d  \u265b  \u265a  \u265d  \u265e  \u265c\n"
                              "7  \u265f  \u265f"));
    assert_non_null(strstr(p, "\n6\n5\n4\n3\n")); /* blank squares: colour */
    assert_non_null(strstr(p, "\n   a  b  c  d  e  f  g  h\n"));
    /* e2 is the square under row 6 (rank 2), columns 14..16 */
    assert_int_equal(g->at[6][15].cell, 12);
    assert_int_equal(bg_hit(g, 6, 14), 12);
    assert_int_equal(g->at[6][15].role, BG_PIECE);
    assert_int_equal(g->at[6][15].owner, 0);
    assert_int_equal(g->at[6][14].role, BG_CELL);
    /* in ASCII the letters stand in for the glyphs */
    bg_style ascii = SCREEN;
    ascii.ascii = true;
    assert_true(bg_layout(v, &ascii, 46, 21, g));
    assert_non_null(strstr(picture(g), "1  R  N  B  Q  K  B  N  R\n"));
    /* on a large screen the large squares */
    assert_true(bg_layout(v, &SCREEN, 120, 40, g));
    assert_int_equal(g->size, BG_LARGE);
    assert_int_equal(g->cols, 2 + 8 * 5);
    assert_int_equal(g->rows, 8 * 3 + 1);
    free(g);
    free(v);
}

static void twelve_by_twelve(void **st)
{
    lt_view *v = chessboard(12);
    piece(v, 0, 0, "R", "\u2656");          /* a1 */
    piece(v, 143, 1, "r", "\u265c");        /* l12 */
    bg_grid *g = malloc(sizeof *g);
    /* beside an 80-column panel: 3 + 12 x 3 = 39 columns, 13 rows */
    assert_true(bg_layout(v, &SCREEN, 44, 21, g));
    assert_int_equal(g->size, BG_NORMAL);
    assert_int_equal(g->cols, 39);
    assert_int_equal(g->rows, 13);
    char row[BG_COLS * 8];
    bg_row_text(g, 0, row, sizeof row);
    assert_string_equal(row, "12                                   \u265c");
    bg_row_text(g, 11, row, sizeof row);
    assert_string_equal(row, " 1  \u2656");
    bg_row_text(g, 12, row, sizeof row);
    assert_string_equal(row, "    a  b  c  d  e  f  g  h  i  j  k  l");
    /* narrower: the compact squares, 3 + 12 x 2 = 27 columns */
    assert_true(bg_layout(v, &SCREEN, 30, 21, g));
    assert_int_equal(g->size, BG_COMPACT);
    assert_int_equal(g->cols, 27);
    bg_row_text(g, 12, row, sizeof row);
    assert_string_equal(row, "   a b c d e f g h i j k l");
    /* too small for any size */
    assert_false(bg_layout(v, &SCREEN, 14, 21, g));
    assert_int_equal(g->rows, 0);
    free(g);
    free(v);
}

/* Three 5x5 boards side by side with a column between them, titled;
 * files a-e and rows 1-5 on each, row 1 at the bottom. */
static void three_boards(void **st)
{
    lt_view *v = view_new(17, 5);
    v->nboards = 3;
    static const char *const titles[] = {"RB", "BV", "VR"};
    for (int b = 0; b < 3; b++) {
        snprintf(v->board_title[b], sizeof v->board_title[b], "%s", titles[b]);
        for (int row = 1; row <= 5; row++)
            for (int f = 0; f < 5; f++) {
                char name[8];
                snprintf(name, sizeof name, "%c%d", 'a' + f, row);
                cell(v, b * 6 + f, 5 - row, LT_SHAPE_SQUARE, LT_SHADE_LIGHT, b,
                     name);
            }
    }
    piece(v, 0, 0, "R3h", "");          /* a1 of the first board */
    piece(v, 25 + 24, 1, "B1t", "");    /* e5 of the second */
    bg_grid *g = malloc(sizeof *g);
    assert_true(bg_layout(v, &PLAIN, 80, 21, g));
    /* pieces three letters wide: cells of 4 columns; the titles over
     * each board, the row numbers left of each, the files below */
    assert_string_equal(picture(g),
        "  RB                      BV                      VR\n"
        "5 .   .   .   .   .     5 .   .   .   .   B1t   5 .   .   .   .   .\n"
        "4 .   .   .   .   .     4 .   .   .   .   .     4 .   .   .   .   .\n"
        "3 .   .   .   .   .     3 .   .   .   .   .     3 .   .   .   .   .\n"
        "2 .   .   .   .   .     2 .   .   .   .   .     2 .   .   .   .   .\n"
        "1 R3h .   .   .   .     1 .   .   .   .   .     1 .   .   .   .   .\n"
        "  a   b   c   d   e       a   b   c   d   e       a   b   c   d   e\n");
    assert_int_equal(bg_hit(g, 1, 2 + 6 * 4 + 16), 25 + 24);
    free(g);
    free(v);
}

static void dice_faces(void **st)
{
    lt_view *v = view_new(0, 0);
    v->ndice = 3;
    v->dice[0] = (lt_die){.owner = 0, .value = 6};
    v->dice[1] = (lt_die){.owner = 1, .value = 3};
    v->dice[2] = (lt_die){.owner = 1, .value = 0};
    bg_grid *g = malloc(sizeof *g);
    bg_style ascii = SCREEN;
    ascii.ascii = true;
    assert_true(bg_layout(v, &ascii, 40, 10, g));
    assert_true(g->dice_drawn);
    /* six: two columns of three; three: a diagonal rising to the right;
     * not thrown yet: a question mark */
    assert_string_equal(picture(g), "+-----+ +-----+ +-----+\n"
                                    "|o   o| |    o| |     |\n"
                                    "|o   o| |  o  | |  ?  |\n"
                                    "|o   o| |o    | |     |\n"
                                    "+-----+ +-----+ +-----+\n");
    assert_int_equal(g->at[2][0].owner, 0);
    assert_int_equal(g->at[2][10].owner, 1);
    assert_int_equal(g->at[2][10].role, BG_DIE);
    /* no room for faces: one row of numbers */
    assert_true(bg_layout(v, &ascii, 40, 2, g));
    assert_string_equal(picture(g), "[6] [3] [ ]\n");
    /* below a board, one row apart */
    lt_view *b = morris3();
    b->ndice = 1;
    b->dice[0] = (lt_die){.owner = 0, .value = 1};
    assert_true(bg_layout(b, &ascii, 40, 16, g));
    assert_int_equal(g->size, BG_LARGE); /* 10 rows with the letters */
    char row[BG_COLS];
    bg_row_text(g, 11, row, sizeof row);
    assert_string_equal(row, "+-----+");
    bg_row_text(g, 13, row, sizeof row);
    assert_string_equal(row, "|  o  |");
    /* the board keeps its size; the die shrinks to fit */
    assert_true(bg_layout(b, &ascii, 40, 12, g));
    assert_int_equal(g->size, BG_LARGE);
    bg_row_text(g, 11, row, sizeof row);
    assert_string_equal(row, "[1]");
    free(b);
    free(g);
    free(v);
}

static void crossing_lines_and_shades(void **st)
{
    lt_view *v = view_new(2, 2);
    int a = cell(v, 0, 0, LT_SHAPE_POINT, LT_SHADE_PLAIN, 0, "");
    int b = cell(v, 1, 0, LT_SHAPE_POINT, LT_SHADE_BLOCKED, 0, "");
    int c = cell(v, 0, 1, LT_SHAPE_POINT, LT_SHADE_MARKED, 0, "");
    int d = cell(v, 1, 1, LT_SHAPE_SQUARE, LT_SHADE_DARK, 0, "");
    link(v, a, b);
    link(v, c, d);
    link(v, a, c);
    link(v, b, d);
    link(v, a, d);
    link(v, b, c);
    bg_grid *g = malloc(sizeof *g);
    /* the diagonals meet half way: X; no names, no coordinates */
    assert_true(bg_layout(v, &PLAIN, 80, 20, g));
    assert_string_equal(picture(g), ".---#\n"
                                    "| X |\n"
                                    ",---.\n");
    bg_style ascii = SCREEN;
    ascii.ascii = true;
    assert_true(bg_layout(v, &ascii, 80, 20, g));
    assert_int_equal(g->size, BG_LARGE);
    /* 8 x 4 apart: the diagonals cross at (4, 2) */
    assert_string_equal(picture(g), ".-------#\n"
                                    "| \\   / |\n"
                                    "|   X   |\n"
                                    "| /   \\ |\n"
                                    "*-------.\n");
    /* the square among the points is one column, like the points */
    assert_int_equal(g->at[4][8].cell, d);
    assert_int_equal(g->at[4][8].role, BG_CELL);
    free(g);
    free(v);
}

static void wide_glyphs(void **st)
{
    lt_view *v = view_new(2, 1);
    int a = cell(v, 0, 0, LT_SHAPE_SQUARE, LT_SHADE_LIGHT, 0, "a1");
    cell(v, 1, 0, LT_SHAPE_SQUARE, LT_SHADE_DARK, 0, "b1");
    piece(v, a, 0, "E", "\u8c61"); /* a CJK character, two columns wide */
    assert_int_equal(bg_text_width("\u8c61"), 2);
    assert_int_equal(bg_text_width("a\u0301"), 1);
    assert_int_equal(bg_text_width("\x01"), -1);
    bg_grid *g = malloc(sizeof *g);
    assert_true(bg_layout(v, &SCREEN, 80, 2, g));
    /* normal squares of 2 + 2 columns; the glyph and its second half */
    assert_int_equal(g->size, BG_NORMAL);
    assert_int_equal(g->piece_width, 2);
    assert_string_equal(g->at[0][3].ch, "\u8c61");
    assert_string_equal(g->at[0][4].ch, "");
    assert_int_equal(g->at[0][4].cell, a);
    char row[64];
    bg_row_text(g, 0, row, sizeof row);
    assert_string_equal(row, "1  \u8c61");
    free(g);
    free(v);
}

int main(void)
{
    if (!setlocale(LC_CTYPE, "C.UTF-8")) {
        fprintf(stderr, "test_boardgrid: the C.UTF-8 locale is missing\n");
        return 1;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(morris_in_the_line_mode),
        cmocka_unit_test(morris_on_the_screen),
        cmocka_unit_test(chess_in_the_line_mode),
        cmocka_unit_test(chess_on_the_screen),
        cmocka_unit_test(twelve_by_twelve),
        cmocka_unit_test(three_boards),
        cmocka_unit_test(dice_faces),
        cmocka_unit_test(crossing_lines_and_shades),
        cmocka_unit_test(wide_glyphs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
