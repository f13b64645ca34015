/* glicko.c — the Glicko-2 update, step by step as the paper numbers them. */
#include <math.h>

#include "net/glicko.h"

#define SCALE 173.7178
#define PI 3.14159265358979323846
#define EPSILON 0.000001

glicko glicko_new(void)
{
    return (glicko){1500.0, 350.0, 0.06};
}

/* Step 3's g(phi): how much an opponent's uncertainty damps his weight. */
static double g_of(double phi)
{
    return 1.0 / sqrt(1.0 + 3.0 * phi * phi / (PI * PI));
}

/* Step 5's f(x), whose root gives the new volatility. */
static double f_of(double x, double delta, double phi, double v, double a,
                   double tau)
{
    double ex = exp(x), d = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) -
           (x - a) / (tau * tau);
}

glicko glicko_update(glicko p, const glicko_game *games, int n, double tau)
{
    /* step 2: to the Glicko-2 scale */
    double mu = (p.rating - 1500.0) / SCALE, phi = p.deviation / SCALE;
    double sigma = p.volatility;
    if (n == 0) {
        /* step 6 alone: a period without games */
        double phi_star = sqrt(phi * phi + sigma * sigma);
        return (glicko){p.rating, phi_star * SCALE, sigma};
    }
    /* steps 3 and 4: the estimated variance v and improvement delta */
    double inv_v = 0, sum = 0;
    for (int j = 0; j < n; j++) {
        double mu_j = (games[j].opponent.rating - 1500.0) / SCALE;
        double phi_j = games[j].opponent.deviation / SCALE;
        double g = g_of(phi_j);
        double e = 1.0 / (1.0 + exp(-g * (mu - mu_j)));
        inv_v += g * g * e * (1.0 - e);
        sum += g * (games[j].score - e);
    }
    double v = 1.0 / inv_v, delta = v * sum;
    /* step 5: the new volatility, by the Illinois algorithm */
    double a = log(sigma * sigma), A = a, B;
    if (delta * delta > phi * phi + v) {
        B = log(delta * delta - phi * phi - v);
    } else {
        int k = 1;
        while (f_of(a - k * tau, delta, phi, v, a, tau) < 0)
            k++;
        B = a - k * tau;
    }
    double fa = f_of(A, delta, phi, v, a, tau), fb = f_of(B, delta, phi, v, a, tau);
    while (fabs(B - A) > EPSILON) {
        double C = A + (A - B) * fa / (fb - fa), fc = f_of(C, delta, phi, v, a, tau);
        if (fc * fb <= 0) {
            A = B;
            fa = fb;
        } else {
            fa /= 2;
        }
        B = C;
        fb = fc;
    }
    double sigma2 = exp(A / 2);
    /* steps 6 to 8: the new deviation and rating, back on the old scale */
    double phi_star = sqrt(phi * phi + sigma2 * sigma2);
    double phi2 = 1.0 / sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
    double mu2 = mu + phi2 * phi2 * sum;
    return (glicko){mu2 * SCALE + 1500.0, phi2 * SCALE, sigma2};
}
