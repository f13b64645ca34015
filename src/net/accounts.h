/* accounts.h — registered players: sign-up with a name and a password
 * (kept as its argon2id hash, libsodium), log-in sessions held by a
 * cookie's secret (kept as its hash), and who a cookie belongs to. */
#ifndef LUDOTEKA_NET_ACCOUNTS_H
#define LUDOTEKA_NET_ACCOUNTS_H

#include "net/store.h"

enum {
    ACCOUNTS_SECRET_LEN = 43,          /* 32 random bytes, base64url */
    ACCOUNTS_PASSWORD_MIN = 8,
    ACCOUNTS_PASSWORD_MAX = 128,
    ACCOUNTS_LOGIN_DAYS = 30
};

bool accounts_init(void);
/* A new account; LT_EILLEGAL when the name is taken, LT_ESYNTAX when the
 * name or the password is not acceptable (the message says why). */
lt_status accounts_signup(store *, const char *name, const char *password,
                          int64_t now, store_account *out, lt_error *);
/* Logs in: the cookie's secret into secret[ACCOUNTS_SECRET_LEN + 1];
 * LT_EILLEGAL for a wrong name or password (one message for both). */
lt_status accounts_login(store *, const char *name, const char *password,
                         int64_t now, char *secret, store_account *out,
                         lt_error *);
/* Whose is this secret now?  LT_EILLEGAL: nobody's. */
lt_status accounts_who(store *, const char *secret, int64_t now,
                       store_account *out, lt_error *);
lt_status accounts_logout(store *, const char *secret, lt_error *);

#endif
