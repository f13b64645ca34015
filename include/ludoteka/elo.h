/* elo.h — strength from match results: the Elo difference with its 95%
 * interval, and the sequential probability ratio test (SPRT). */
#ifndef LUDOTEKA_ELO_H
#define LUDOTEKA_ELO_H

/* Results of one player against another: wins, draws, losses. */
typedef struct {
    long wins, draws, losses;
} lt_wdl;

/* The score fraction (a draw counts a half); 0.5 with no games. */
double lt_score(lt_wdl);
/* The Elo difference of a score fraction: -400 log10(1/s - 1); infinite
 * at 0 and 1. */
double lt_elo_of_score(double score);
/* The expected score of an Elo difference. */
double lt_score_of_elo(double elo);
/* The Elo difference of the results and its 95% interval: Wilson's score
 * interval with the observed variance of a game's score (so draws
 * narrow it); finite even for a clean sweep. */
double lt_elo(lt_wdl, double *lo, double *hi);

/* SPRT of H0: elo = elo0 against H1: elo = elo1 at alpha = beta = 0.05:
 * the log-likelihood ratio of the results (normal approximation of the
 * score), and the decision: +1 accept H1, -1 accept H0, 0 go on. */
double lt_sprt_llr(lt_wdl, double elo0, double elo1);
int lt_sprt_decision(double llr, double *lower, double *upper);

#endif
