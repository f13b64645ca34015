/* accounts.c — passwords through libsodium's argon2id, log-in secrets
 * kept only as their BLAKE2b hashes. */
#include <sodium.h>
#include <string.h>

#include "ludoteka/text.h"
#include "net/accounts.h"

/* argon2id at about OWASP's minimum (19 MiB, two passes): a log-in costs
 * some tens of milliseconds, and the server limits how often an address
 * may try */
#define OPSLIMIT 2
#define MEMLIMIT (19u << 20)

bool accounts_init(void)
{
    return sodium_init() >= 0;
}

/* The hash a secret is kept as (hex of BLAKE2b-256). */
static void secret_hash(const char *secret, char out[65])
{
    unsigned char h[32];
    crypto_generichash(h, sizeof h, (const unsigned char *)secret, strlen(secret),
                       NULL, 0);
    sodium_bin2hex(out, 65, h, sizeof h);
}

lt_status accounts_signup(store *s, const char *name, const char *password,
                          int64_t now, store_account *out, lt_error *err)
{
    size_t n = strlen(password);
    if (n < ACCOUNTS_PASSWORD_MIN || n > ACCOUNTS_PASSWORD_MAX) {
        lt_error_set(err, "a password is %d to %d characters long",
                     ACCOUNTS_PASSWORD_MIN, ACCOUNTS_PASSWORD_MAX);
        return LT_ESYNTAX;
    }
    char hash[crypto_pwhash_STRBYTES];
    if (crypto_pwhash_str(hash, password, n, OPSLIMIT, MEMLIMIT) != 0) {
        lt_error_set(err, "out of memory");
        return LT_ENOMEM;
    }
    return store_account_add(s, name, hash, now, out, err);
}

lt_status accounts_login(store *s, const char *name, const char *password,
                         int64_t now, char *secret, store_account *out,
                         lt_error *err)
{
    char hash[STORE_HASH_MAX];
    lt_error e = {0};
    lt_status st = store_account_find(s, name, out, hash, &e);
    if (st == LT_EIO) {
        *err = e;
        return st;
    }
    /* the same work and the same answer whether the name exists or not */
    static char dummy[crypto_pwhash_STRBYTES];
    if (!dummy[0] && crypto_pwhash_str(dummy, "-", 1, OPSLIMIT, MEMLIMIT) != 0)
        return LT_ENOMEM;
    bool ok = crypto_pwhash_str_verify(st == LT_OK ? hash : dummy, password,
                                       strlen(password)) == 0 && st == LT_OK;
    if (!ok) {
        lt_error_set(err, "wrong name or password");
        return LT_EILLEGAL;
    }
    unsigned char raw[32];
    randombytes_buf(raw, sizeof raw);
    sodium_bin2base64(secret, ACCOUNTS_SECRET_LEN + 1, raw, sizeof raw,
                      sodium_base64_VARIANT_URLSAFE_NO_PADDING);
    char h[65];
    secret_hash(secret, h);
    return store_login_add(s, h, out->id,
                           now + (int64_t)ACCOUNTS_LOGIN_DAYS * 86400, err);
}

lt_status accounts_who(store *s, const char *secret, int64_t now,
                       store_account *out, lt_error *err)
{
    char h[65];
    if (strlen(secret) != ACCOUNTS_SECRET_LEN) {
        lt_error_set(err, "not logged in");
        return LT_EILLEGAL;
    }
    secret_hash(secret, h);
    return store_login_find(s, h, now, out, err);
}

lt_status accounts_logout(store *s, const char *secret, lt_error *err)
{
    char h[65];
    secret_hash(secret, h);
    return store_login_drop(s, h, err);
}
