/* glicko.h — Glicko-2 ratings (Mark E. Glickman, "Example of the
 * Glicko-2 system", 2012): a rating, its deviation (how sure it is) and
 * its volatility, updated from the games of a rating period. */
#ifndef LUDOTEKA_NET_GLICKO_H
#define LUDOTEKA_NET_GLICKO_H

typedef struct {
    double rating;     /* 1500 for a new player */
    double deviation;  /* RD: 350 for a new player */
    double volatility; /* sigma: 0.06 for a new player */
} glicko;

/* A game of the period: the opponent as he stood before it, and the
 * score (1 a win, 0.5 a draw, 0 a loss). */
typedef struct {
    glicko opponent;
    double score;
} glicko_game;


/* A new player's rating. */
glicko glicko_new(void);
/* The rating after a period of n games (n == 0: only the deviation
 * grows); tau constrains the volatility's change (the paper's example
 * uses 0.5; 0.3 to 1.2 are reasonable). */
glicko glicko_update(glicko, const glicko_game *games, int n, double tau);

#endif
