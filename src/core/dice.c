/* dice.c — exact outcome tables for one to three six-sided dice.
 * An outcome's action packs the faces in base 6, first die most
 * significant: faces (a, b, c) -> (a-1)*36 + (b-1)*6 + (c-1). */
#include <assert.h>
#include <ctype.h>
#include <stdio.h>

#include "ludoteka/dice.h"

lt_action lt_dice_encode(int ndice, const int *faces)
{
    lt_action a = 0;
    for (int i = 0; i < ndice; i++) {
        assert(faces[i] >= 1 && faces[i] <= 6);
        a = a * 6 + (faces[i] - 1);
    }
    return a;
}

void lt_dice_decode(lt_action a, int ndice, int *faces)
{
    for (int i = ndice - 1; i >= 0; i--) {
        faces[i] = a % 6 + 1;
        a /= 6;
    }
}

void lt_dice_sort(int ndice, int *faces)
{
    for (int i = 1; i < ndice; i++)
        for (int j = i; j > 0 && faces[j] > faces[j - 1]; j--) {
            int t = faces[j];
            faces[j] = faces[j - 1];
            faces[j - 1] = t;
        }
}

int lt_dice_sum(lt_action a, int ndice)
{
    int f[LT_DICE_MAX], sum = 0;
    lt_dice_decode(a, ndice, f);
    for (int i = 0; i < ndice; i++)
        sum += f[i];
    return sum;
}

int lt_dice_outcomes(int ndice, bool ordered, lt_outcome *out)
{
    assert(ndice >= 1 && ndice <= LT_DICE_MAX);
    int total = 1;
    for (int i = 0; i < ndice; i++)
        total *= 6;
    /* Walk every ordered throw in ascending action order; an unordered
     * table keeps the descending (sorted) ones, weighted by the number of
     * ordered throws with the same faces. */
    int n = 0;
    for (lt_action a = 0; a < total; a++) {
        int f[LT_DICE_MAX];
        lt_dice_decode(a, ndice, f);
        if (ordered) {
            out[n++] = (lt_outcome){a, 1};
            continue;
        }
        bool sorted = true;
        for (int i = 1; i < ndice; i++)
            sorted = sorted && f[i] <= f[i - 1];
        if (!sorted)
            continue;
        /* orderings = ndice! / prod(multiplicity!) */
        static const uint32_t fact[] = {1, 1, 2, 6};
        uint32_t w = fact[ndice];
        for (int i = 0; i < ndice;) {
            int j = i;
            while (j < ndice && f[j] == f[i])
                j++;
            w /= fact[j - i];
            i = j;
        }
        out[n++] = (lt_outcome){a, w};
    }
    return n;
}

int lt_dice_name(lt_action a, int ndice, char *buf, size_t size)
{
    int f[LT_DICE_MAX];
    lt_dice_decode(a, ndice, f);
    switch (ndice) {
    case 1: return snprintf(buf, size, "%d", f[0]);
    case 2: return snprintf(buf, size, "%d-%d", f[0], f[1]);
    default: return snprintf(buf, size, "%d-%d-%d", f[0], f[1], f[2]);
    }
}

lt_status lt_dice_parse(const char *text, int ndice, lt_action *out)
{
    int f[LT_DICE_MAX], n = 0;
    for (const char *p = text; *p; p++) {
        if (*p == '-' && n > 0 && p[-1] != '-' && p[1])
            continue;
        if (*p < '1' || *p > '6' || n == ndice)
            return LT_ESYNTAX;
        f[n++] = *p - '0';
    }
    if (n != ndice)
        return LT_ESYNTAX;
    *out = lt_dice_encode(ndice, f);
    return LT_OK;
}
