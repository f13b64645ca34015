/* rational.h — exact arithmetic for the odds of the dice games: natural
 * numbers of up to NAT_LIMBS 32-bit limbs and rationals built on them.
 *
 * A number that would not fit becomes "overflowed" (n < 0); every
 * operation on an overflowed operand gives an overflowed result, so a long
 * computation checks once, at the end.  Nothing here allocates. */
#ifndef LT_DICE_RATIONAL_H
#define LT_DICE_RATIONAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { NAT_LIMBS = 512 }; /* 16384 bits, about 4900 decimal digits */

/* A natural number: d[0..n-1], least significant first, d[n-1] != 0;
 * zero has n == 0; n < 0 marks an overflow. */
typedef struct {
    int n;
    uint32_t d[NAT_LIMBS];
} nat;

/* A rational in lowest terms, den > 0; zero is 0/1. */
typedef struct {
    bool neg;
    nat num, den;
} rat;

void nat_set(nat *, uint64_t);
void nat_copy(nat *dst, const nat *src);
bool nat_overflowed(const nat *);
int nat_cmp(const nat *, const nat *);
/* r may be an operand in add, sub and the *_small functions. */
void nat_add(nat *r, const nat *a, const nat *b);
void nat_sub(nat *r, const nat *a, const nat *b); /* a >= b */
void nat_mul(nat *r, const nat *a, const nat *b); /* r is neither operand */
void nat_mul_small(nat *r, const nat *a, uint32_t m);
void nat_add_small(nat *r, const nat *a, uint32_t m);
/* q = a / m, returns a % m; m > 0. */
uint32_t nat_div_small(nat *q, const nat *a, uint32_t m);
/* q = a / b, rem = a % b (either may be NULL); b != 0; q and rem are
 * neither operand. */
void nat_divmod(nat *q, nat *rem, const nat *a, const nat *b);
void nat_gcd(nat *g, const nat *a, const nat *b);
/* Decimal digits; snprintf-like. */
int nat_text(const nat *, char *buf, size_t size);
/* a / b as a double (b != 0), correctly scaled for any sizes. */
double nat_ratio(const nat *a, const nat *b);

void rat_set(rat *, int64_t num, uint64_t den); /* den > 0 */
void rat_copy(rat *dst, const rat *src);
bool rat_overflowed(const rat *);
bool rat_is_zero(const rat *);
int rat_cmp(const rat *, const rat *);
/* r may be an operand. */
void rat_add(rat *r, const rat *a, const rat *b);
void rat_sub(rat *r, const rat *a, const rat *b);
void rat_mul(rat *r, const rat *a, const rat *b);
void rat_div(rat *r, const rat *a, const rat *b); /* b != 0 */
/* r = a * num / den for small factors (den > 0). */
void rat_scale(rat *r, const rat *a, int64_t num, uint64_t den);
/* r = n / d from naturals (d != 0), reduced. */
void rat_from_nats(rat *r, const nat *n, const nat *d, bool neg);
double rat_double(const rat *);
/* "p/q", "-p/q" or "p"; "" with a return of -1 if it does not fit or
 * the value overflowed. */
int rat_text(const rat *, char *buf, size_t size);

#endif
