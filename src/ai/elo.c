/* elo.c — Elo differences, their intervals, and the SPRT. */
#include <math.h>

#include "ludoteka/elo.h"

static const double ALPHA = 0.05, BETA = 0.05, Z95 = 1.959964;

double lt_score(lt_wdl r)
{
    long n = r.wins + r.draws + r.losses;
    return n ? (r.wins + 0.5 * r.draws) / n : 0.5;
}

double lt_elo_of_score(double s)
{
    if (s <= 0)
        return -INFINITY;
    if (s >= 1)
        return INFINITY;
    return -400 * log10(1 / s - 1);
}

double lt_score_of_elo(double elo)
{
    return 1 / (1 + pow(10, -elo / 400));
}

/* The variance of one game's score around the mean s. */
static double variance(lt_wdl r, double s)
{
    long n = r.wins + r.draws + r.losses;
    if (!n)
        return 0;
    return (r.wins * (1 - s) * (1 - s) + r.draws * (0.5 - s) * (0.5 - s) +
            r.losses * s * s) / n;
}

double lt_elo(lt_wdl r, double *lo, double *hi)
{
    long n = r.wins + r.draws + r.losses;
    double s = lt_score(r), z2 = Z95 * Z95;
    /* Wilson's interval, with the observed variance of a game's score in
     * place of s (1 - s) so that draws count: it stays inside (0, 1) even
     * when one side won every game. */
    double center = n ? (s + z2 / (2.0 * n)) / (1 + z2 / n) : 0.5;
    double half = n ? Z95 * sqrt(variance(r, s) / n + z2 / (4.0 * n * n)) /
                          (1 + z2 / n)
                    : 0.5;
    if (lo)
        *lo = lt_elo_of_score(center - half);
    if (hi)
        *hi = lt_elo_of_score(center + half);
    return lt_elo_of_score(s);
}

double lt_sprt_llr(lt_wdl r, double elo0, double elo1)
{
    long n = r.wins + r.draws + r.losses;
    double s = lt_score(r), var = variance(r, s);
    if (n == 0 || var <= 0)
        return 0;
    double s0 = lt_score_of_elo(elo0), s1 = lt_score_of_elo(elo1);
    /* the mean score is nearly normal with variance var / n */
    return n * (s1 - s0) * (2 * s - s0 - s1) / (2 * var);
}

int lt_sprt_decision(double llr, double *lower, double *upper)
{
    double a = log(BETA / (1 - ALPHA)), b = log((1 - BETA) / ALPHA);
    if (lower)
        *lower = a;
    if (upper)
        *upper = b;
    return llr >= b ? 1 : llr <= a ? -1 : 0;
}
