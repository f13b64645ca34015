/* rational.c — natural numbers (schoolbook multiplication, Knuth's
 * division, Euclid's gcd) and rationals in lowest terms on them. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rational.h"

static void trim(nat *a)
{
    while (a->n > 0 && a->d[a->n - 1] == 0)
        a->n--;
}

static void overflow(nat *a)
{
    a->n = -1;
}

void nat_set(nat *a, uint64_t v)
{
    a->d[0] = (uint32_t)v;
    a->d[1] = (uint32_t)(v >> 32);
    a->n = 2;
    trim(a);
}

void nat_copy(nat *dst, const nat *src)
{
    if (dst == src)
        return;
    dst->n = src->n;
    if (src->n > 0)
        memcpy(dst->d, src->d, sizeof src->d[0] * (size_t)src->n);
}

bool nat_overflowed(const nat *a)
{
    return a->n < 0;
}

int nat_cmp(const nat *a, const nat *b)
{
    if (a->n != b->n)
        return a->n < b->n ? -1 : 1;
    for (int i = a->n - 1; i >= 0; i--)
        if (a->d[i] != b->d[i])
            return a->d[i] < b->d[i] ? -1 : 1;
    return 0;
}

void nat_add(nat *r, const nat *a, const nat *b)
{
    if (a->n < 0 || b->n < 0) {
        overflow(r);
        return;
    }
    if (a->n < b->n) { /* a is the longer */
        const nat *t = a;
        a = b;
        b = t;
    }
    int an = a->n, bn = b->n;
    uint64_t carry = 0;
    for (int i = 0; i < an; i++) {
        carry += (uint64_t)a->d[i] + (i < bn ? b->d[i] : 0);
        r->d[i] = (uint32_t)carry;
        carry >>= 32;
    }
    r->n = an;
    if (carry) {
        if (an == NAT_LIMBS) {
            overflow(r);
            return;
        }
        r->d[r->n++] = (uint32_t)carry;
    }
}

void nat_sub(nat *r, const nat *a, const nat *b)
{
    if (a->n < 0 || b->n < 0) {
        overflow(r);
        return;
    }
    int64_t borrow = 0;
    for (int i = 0; i < a->n; i++) {
        int64_t t = (int64_t)a->d[i] - (i < b->n ? b->d[i] : 0) - borrow;
        borrow = t < 0;
        r->d[i] = (uint32_t)(t + (borrow << 32));
    }
    r->n = a->n;
    trim(r);
}

void nat_mul(nat *r, const nat *a, const nat *b)
{
    if (a->n < 0 || b->n < 0 || a->n + b->n > NAT_LIMBS) {
        overflow(r);
        return;
    }
    if (a->n == 0 || b->n == 0) {
        r->n = 0;
        return;
    }
    int n = a->n + b->n;
    memset(r->d, 0, sizeof r->d[0] * (size_t)n);
    for (int i = 0; i < a->n; i++) {
        uint64_t carry = 0, x = a->d[i];
        for (int j = 0; j < b->n; j++) {
            carry += x * b->d[j] + r->d[i + j];
            r->d[i + j] = (uint32_t)carry;
            carry >>= 32;
        }
        r->d[i + b->n] = (uint32_t)carry;
    }
    r->n = n;
    trim(r);
}

void nat_mul_small(nat *r, const nat *a, uint32_t m)
{
    if (a->n < 0) {
        overflow(r);
        return;
    }
    uint64_t carry = 0;
    int n = a->n;
    for (int i = 0; i < n; i++) {
        carry += (uint64_t)a->d[i] * m;
        r->d[i] = (uint32_t)carry;
        carry >>= 32;
    }
    r->n = n;
    if (carry) {
        if (n == NAT_LIMBS) {
            overflow(r);
            return;
        }
        r->d[r->n++] = (uint32_t)carry;
    }
    trim(r);
}

void nat_add_small(nat *r, const nat *a, uint32_t m)
{
    nat t;
    nat_set(&t, m);
    nat_add(r, a, &t);
}

uint32_t nat_div_small(nat *q, const nat *a, uint32_t m)
{
    if (a->n < 0) {
        if (q)
            overflow(q);
        return 0;
    }
    uint64_t rem = 0;
    int n = a->n;
    for (int i = n - 1; i >= 0; i--) {
        uint64_t cur = rem << 32 | a->d[i];
        if (q)
            q->d[i] = (uint32_t)(cur / m);
        rem = cur % m;
    }
    if (q) {
        q->n = n;
        trim(q);
    }
    return (uint32_t)rem;
}

static int leading_zeros(uint32_t x)
{
    int n = 0;
    while (!(x & 0x80000000u)) {
        x <<= 1;
        n++;
    }
    return n;
}

/* Knuth's algorithm D (as in Hacker's Delight, divmnu): u has m limbs,
 * v has n >= 2 limbs with v[n-1] != 0, m >= n. */
static void long_division(uint32_t *q, uint32_t *r, const uint32_t *u,
                          const uint32_t *v, int m, int n)
{
    static const uint64_t base = 1ull << 32;
    uint32_t un[NAT_LIMBS + 1], vn[NAT_LIMBS];
    int s = leading_zeros(v[n - 1]);
    for (int i = n - 1; i > 0; i--)
        vn[i] = (uint32_t)(v[i] << s | (uint64_t)v[i - 1] >> (32 - s));
    vn[0] = v[0] << s;
    un[m] = (uint32_t)((uint64_t)u[m - 1] >> (32 - s));
    for (int i = m - 1; i > 0; i--)
        un[i] = (uint32_t)(u[i] << s | (uint64_t)u[i - 1] >> (32 - s));
    un[0] = u[0] << s;
    for (int j = m - n; j >= 0; j--) {
        uint64_t num = (uint64_t)un[j + n] << 32 | un[j + n - 1];
        uint64_t qhat = num / vn[n - 1], rhat = num % vn[n - 1];
        while (qhat >= base ||
               qhat * vn[n - 2] > (rhat << 32 | un[j + n - 2])) {
            qhat--;
            rhat += vn[n - 1];
            if (rhat >= base)
                break;
        }
        /* multiply and subtract */
        int64_t k = 0, t;
        for (int i = 0; i < n; i++) {
            uint64_t p = qhat * vn[i];
            t = (int64_t)un[i + j] - k - (int64_t)(p & 0xffffffffu);
            un[i + j] = (uint32_t)t;
            k = (int64_t)(p >> 32) - (t >> 32);
        }
        t = (int64_t)un[j + n] - k;
        un[j + n] = (uint32_t)t;
        q[j] = (uint32_t)qhat;
        if (t < 0) { /* subtracted too much: add back */
            q[j]--;
            uint64_t c = 0;
            for (int i = 0; i < n; i++) {
                c += (uint64_t)un[i + j] + vn[i];
                un[i + j] = (uint32_t)c;
                c >>= 32;
            }
            un[j + n] += (uint32_t)c;
        }
    }
    for (int i = 0; i < n - 1; i++)
        r[i] = (uint32_t)(un[i] >> s | (uint64_t)un[i + 1] << (32 - s));
    r[n - 1] = un[n - 1] >> s;
}

/* a value of at most two limbs */
static uint64_t nat_u64(const nat *a)
{
    return a->n == 0   ? 0
           : a->n == 1 ? a->d[0]
                       : (uint64_t)a->d[1] << 32 | a->d[0];
}

void nat_divmod(nat *q, nat *rem, const nat *a, const nat *b)
{
    if (a->n < 0 || b->n <= 0) {
        if (q)
            overflow(q);
        if (rem)
            overflow(rem);
        return;
    }
    if (b->n == 1 && b->d[0] == 1) { /* often a gcd of 1 */
        if (q)
            nat_copy(q, a);
        if (rem)
            rem->n = 0;
        return;
    }
    if (a->n <= 2) { /* both fit in 64 bits */
        uint64_t x = nat_u64(a), y = nat_u64(b);
        if (q)
            nat_set(q, x / y);
        if (rem)
            nat_set(rem, x % y);
        return;
    }
    if (nat_cmp(a, b) < 0) {
        if (rem)
            nat_copy(rem, a);
        if (q)
            q->n = 0;
        return;
    }
    if (b->n == 1) {
        nat t;
        uint32_t r = nat_div_small(&t, a, b->d[0]);
        if (q)
            nat_copy(q, &t);
        if (rem)
            nat_set(rem, r);
        return;
    }
    uint32_t qd[NAT_LIMBS], rd[NAT_LIMBS];
    long_division(qd, rd, a->d, b->d, a->n, b->n);
    if (q) {
        q->n = a->n - b->n + 1;
        memcpy(q->d, qd, sizeof qd[0] * (size_t)q->n);
        trim(q);
    }
    if (rem) {
        rem->n = b->n;
        memcpy(rem->d, rd, sizeof rd[0] * (size_t)rem->n);
        trim(rem);
    }
}

/* x >> shift, of a nat whose value there is below 2^31 */
static int64_t bits_at(const nat *x, int shift)
{
    int limb = shift / 32, off = shift % 32;
    uint64_t v = limb < x->n ? x->d[limb] : 0;
    if (limb + 1 < x->n)
        v |= (uint64_t)x->d[limb + 1] << 32;
    return (int64_t)(v >> off & 0x7fffffffu);
}

static int bit_length(const nat *x)
{
    return 32 * (x->n - 1) + 32 - leading_zeros(x->d[x->n - 1]);
}

/* (u, v) = (A u + B v, C u + D v) for the cofactors of Lehmer's step
 * (each below 2^31 in size, A and B of opposite signs, C and D too: each
 * limb's sum fits in 64 bits with its carry); both stay natural. */
static void lehmer_update(nat *u, nat *v, int64_t A, int64_t B, int64_t C,
                          int64_t D)
{
    int n = u->n;
    int64_t cu = 0, cv = 0;
    for (int i = 0; i < n; i++) {
        int64_t x = u->d[i], y = i < v->n ? v->d[i] : 0;
        int64_t tu = A * x + B * y + cu, tv = C * x + D * y + cv;
        u->d[i] = (uint32_t)tu;
        v->d[i] = (uint32_t)tv;
        cu = (tu - (int64_t)(uint32_t)tu) / 4294967296; /* exact: floor */
        cv = (tv - (int64_t)(uint32_t)tv) / 4294967296;
    }
    u->n = v->n = n; /* the carries out are zero: both are below the old u */
    trim(u);
    trim(v);
}

/* Lehmer's algorithm (Knuth, 4.5.2 L): the quotients of Euclid's steps
 * found from the leading 31 bits alone while they are certain, applied to
 * the whole numbers at once; a full step where they are not. */
void nat_gcd(nat *g, const nat *a, const nat *b)
{
    if (a->n < 0 || b->n < 0) {
        overflow(g);
        return;
    }
    nat u, v, r;
    bool a_big = nat_cmp(a, b) >= 0;
    nat_copy(&u, a_big ? a : b);
    nat_copy(&v, a_big ? b : a);
    while (v.n > 2) { /* u >= v */
        int shift = bit_length(&u) - 31;
        int64_t xh = bits_at(&u, shift), yh = bits_at(&v, shift);
        int64_t A = 1, B = 0, C = 0, D = 1;
        for (;;) {
            if (yh + C == 0 || yh + D == 0)
                break;
            int64_t q = (xh + A) / (yh + C);
            if (q != (xh + B) / (yh + D))
                break;
            int64_t t = A - q * C;
            A = C;
            C = t;
            t = B - q * D;
            B = D;
            D = t;
            t = xh - q * yh;
            xh = yh;
            yh = t;
        }
        if (B == 0) { /* a full step of Euclid */
            nat_divmod(NULL, &r, &u, &v);
            nat_copy(&u, &v);
            nat_copy(&v, &r);
        } else {
            lehmer_update(&u, &v, A, B, C, D);
        }
    }
    /* v fits in 64 bits: one long division, then in 64 bits */
    uint64_t y = nat_u64(&v), x;
    if (y == 0) {
        nat_copy(g, &u);
        return;
    }
    if (u.n <= 2) {
        x = nat_u64(&u);
    } else {
        nat_divmod(NULL, &r, &u, &v);
        x = nat_u64(&r);
    }
    while (x) {
        uint64_t t = y % x;
        y = x;
        x = t;
    }
    nat_set(g, y);
}

int nat_text(const nat *a, char *buf, size_t size)
{
    if (a->n < 0)
        return snprintf(buf, size, "?");
    if (a->n == 0)
        return snprintf(buf, size, "0");
    /* base 10^9 chunks, least significant first */
    uint32_t chunk[NAT_LIMBS * 10 / 9 + 2];
    nat t;
    nat_copy(&t, a);
    int k = 0;
    while (t.n > 0) {
        /* t /= 10^9 twice in one pass (the second division takes each
         * limb of the first's quotient as it comes): two chunks; the
         * divisor a constant, which compilers turn into a multiplication */
        uint64_t rem = 0, rem2 = 0;
        for (int i = t.n - 1; i >= 0; i--) {
            uint64_t cur = rem << 32 | t.d[i];
            uint32_t q = (uint32_t)(cur / 1000000000u);
            rem = cur % 1000000000u;
            uint64_t cur2 = rem2 << 32 | q;
            t.d[i] = (uint32_t)(cur2 / 1000000000u);
            rem2 = cur2 % 1000000000u;
        }
        trim(&t);
        chunk[k++] = (uint32_t)rem;
        chunk[k++] = (uint32_t)rem2;
    }
    while (k > 1 && chunk[k - 1] == 0) /* the second of a last pair */
        k--;
    int len = snprintf(buf, size, "%u", (unsigned)chunk[k - 1]);
    for (int i = k - 2; i >= 0; i--) {
        size_t at = (size_t)len < size ? (size_t)len : size;
        len += snprintf(buf + at, size - at, "%09u", (unsigned)chunk[i]);
    }
    return len;
}

/* The top 96 bits of a as a double (at least 65 of them significant),
 * and the power of two they stand at. */
static double top_bits(const nat *a, int *exp2)
{
    double m = 0;
    int k = a->n < 3 ? a->n : 3;
    for (int i = 0; i < k; i++)
        m = ldexp(m, 32) + a->d[a->n - 1 - i];
    *exp2 = 32 * (a->n - k);
    return m;
}

double nat_ratio(const nat *a, const nat *b)
{
    if (a->n < 0 || b->n <= 0)
        return NAN;
    int ea, eb;
    double ma = top_bits(a, &ea), mb = top_bits(b, &eb);
    return ldexp(ma / mb, ea - eb);
}

/* ---- rationals ---- */

void rat_set(rat *r, int64_t num, uint64_t den)
{
    uint64_t mag = num < 0 ? (uint64_t)0 - (uint64_t)num : (uint64_t)num;
    uint64_t x = mag, y = den;
    while (y) {
        uint64_t t = x % y;
        x = y;
        y = t;
    }
    if (x == 0)
        x = 1;
    r->neg = num < 0;
    nat_set(&r->num, mag / x);
    nat_set(&r->den, mag == 0 ? 1 : den / x);
}

void rat_copy(rat *dst, const rat *src)
{
    if (dst == src)
        return;
    dst->neg = src->neg;
    nat_copy(&dst->num, &src->num);
    nat_copy(&dst->den, &src->den);
}

bool rat_overflowed(const rat *r)
{
    return r->num.n < 0 || r->den.n < 0;
}

bool rat_is_zero(const rat *r)
{
    return r->num.n == 0;
}

static void mark_overflow(rat *r)
{
    overflow(&r->num);
    overflow(&r->den);
    r->neg = false;
}

void rat_from_nats(rat *r, const nat *n, const nat *d, bool neg)
{
    if (n->n < 0 || d->n <= 0) {
        mark_overflow(r);
        return;
    }
    nat g;
    nat_gcd(&g, n, d);
    if (n->n == 0) {
        r->neg = false;
        r->num.n = 0;
        nat_set(&r->den, 1);
        return;
    }
    nat_divmod(&r->num, NULL, n, &g);
    nat_divmod(&r->den, NULL, d, &g);
    r->neg = neg;
}

/* r = a + (negate ? -b : b), by Knuth's method: only gcds with the
 * denominators' gcd. */
static void add_signed(rat *r, const rat *a, const rat *b, bool negate)
{
    if (rat_overflowed(a) || rat_overflowed(b)) {
        mark_overflow(r);
        return;
    }
    bool bneg = b->neg != negate && b->num.n > 0;
    static _Thread_local rat out;
    nat g, x, y, bd, dd;
    nat_gcd(&g, &a->den, &b->den);
    nat_divmod(&dd, NULL, &b->den, &g); /* d / g */
    nat_divmod(&bd, NULL, &a->den, &g); /* b / g */
    nat_mul(&x, &a->num, &dd);
    nat_mul(&y, &b->num, &bd);
    nat t;
    bool neg;
    if (a->neg == bneg) {
        nat_add(&t, &x, &y);
        neg = a->neg;
    } else if (nat_cmp(&x, &y) >= 0) {
        nat_sub(&t, &x, &y);
        neg = a->neg;
    } else {
        nat_sub(&t, &y, &x);
        neg = bneg;
    }
    if (t.n == 0) {
        rat_set(r, 0, 1);
        return;
    }
    nat g2;
    nat_gcd(&g2, &t, &g);
    nat_divmod(&out.num, NULL, &t, &g2);
    nat_divmod(&x, NULL, &b->den, &g2);
    nat_mul(&out.den, &bd, &x);
    out.neg = neg;
    if (nat_overflowed(&out.num) || nat_overflowed(&out.den)) {
        mark_overflow(r);
        return;
    }
    rat_copy(r, &out);
}

void rat_add(rat *r, const rat *a, const rat *b)
{
    add_signed(r, a, b, false);
}

void rat_sub(rat *r, const rat *a, const rat *b)
{
    add_signed(r, a, b, true);
}

/* r = (an/ad) * (bn/bd) with cross-cancelled gcds. */
static void mul_parts(rat *r, const nat *an, const nat *ad, const nat *bn,
                      const nat *bd, bool neg)
{
    if (an->n < 0 || ad->n < 0 || bn->n < 0 || bd->n < 0) {
        mark_overflow(r);
        return;
    }
    if (an->n == 0 || bn->n == 0) {
        rat_set(r, 0, 1);
        return;
    }
    nat g1, g2, a1, b1, a2, b2;
    nat_gcd(&g1, an, bd);
    nat_gcd(&g2, bn, ad);
    nat_divmod(&a1, NULL, an, &g1);
    nat_divmod(&b1, NULL, bn, &g2);
    nat_divmod(&a2, NULL, ad, &g2);
    nat_divmod(&b2, NULL, bd, &g1);
    nat_mul(&r->num, &a1, &b1);
    nat_mul(&r->den, &a2, &b2);
    r->neg = neg;
    if (nat_overflowed(&r->num) || nat_overflowed(&r->den))
        mark_overflow(r);
}

void rat_mul(rat *r, const rat *a, const rat *b)
{
    static _Thread_local rat out;
    mul_parts(&out, &a->num, &a->den, &b->num, &b->den, a->neg != b->neg);
    rat_copy(r, &out);
}

void rat_div(rat *r, const rat *a, const rat *b)
{
    static _Thread_local rat out;
    if (b->num.n == 0) {
        mark_overflow(r);
        return;
    }
    mul_parts(&out, &a->num, &a->den, &b->den, &b->num, a->neg != b->neg);
    rat_copy(r, &out);
}

void rat_scale(rat *r, const rat *a, int64_t num, uint64_t den)
{
    rat f;
    rat_set(&f, num, den);
    rat_mul(r, a, &f);
}

int rat_cmp(const rat *a, const rat *b)
{
    bool an = a->neg && a->num.n > 0, bn = b->neg && b->num.n > 0;
    if (!rat_overflowed(a) && !rat_overflowed(b) &&
        a->num.n + b->den.n <= NAT_LIMBS && b->num.n + a->den.n <= NAT_LIMBS) {
        if (an != bn)
            return an ? -1 : 1;
        /* the same sign: compare a.num b.den with b.num a.den */
        static _Thread_local nat x, y;
        nat_mul(&x, &a->num, &b->den);
        nat_mul(&y, &b->num, &a->den);
        int c = nat_cmp(&x, &y);
        return an ? -c : c;
    }
    rat d;
    rat_sub(&d, a, b);
    if (d.num.n == 0)
        return 0;
    return d.neg ? -1 : 1;
}

double rat_double(const rat *r)
{
    if (rat_overflowed(r))
        return NAN;
    double v = nat_ratio(&r->num, &r->den);
    return r->neg ? -v : v;
}

int rat_text(const rat *r, char *buf, size_t size)
{
    if (size)
        buf[0] = '\0';
    if (rat_overflowed(r))
        return -1;
    size_t len = 0;
    if (r->neg) {
        if (size < 2)
            return -1;
        buf[len++] = '-';
    }
    int w = nat_text(&r->num, buf + len, size - len);
    if (w < 0 || (size_t)w >= size - len)
        goto too_long;
    len += (size_t)w;
    if (!(r->den.n == 1 && r->den.d[0] == 1)) {
        if (len + 2 > size)
            goto too_long;
        buf[len++] = '/';
        w = nat_text(&r->den, buf + len, size - len);
        if (w < 0 || (size_t)w >= size - len)
            goto too_long;
        len += (size_t)w;
    }
    return (int)len;
too_long:
    if (size)
        buf[0] = '\0';
    return -1;
}
