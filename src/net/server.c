/* server.c — `ludoteka serve`: libwebsockets serves the page, the rooms'
 * WebSocket (/ws) and their records (/api/...), on one service thread;
 * referee.c decides what the messages do.
 *
 * What a stranger can make the server hold is bounded here: connections
 * (per address at the socket's accept, in all for WebSockets), the bytes
 * of a message (refused from its frame's header, before it is read), the
 * bytes queued to a client that does not read, the time a socket may stay
 * without joining a room, and the time page requests and headers may
 * take. */
#include <arpa/inet.h>
#include <errno.h>
#include <ifaddrs.h>
#include <libwebsockets.h>
#include <limits.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "ludoteka/text.h"
#include "net/accounts.h"
#include "net/cluster.h"
#include "net/httpapi.h"
#include "net/httpfile.h"
#include "net/referee.h"
#include "net/robots.h"
#include "net/rooms.h"
#include "net/server.h"

enum {
    SERVE_CHUNK = 16384,   /* bytes of a reply body written at once */
    PEERS_MAX = 4096,      /* addresses remembered */
    JANITOR_SECONDS = 600  /* how often expired rooms are looked for */
};

/* A message queued to a client: LWS_PRE bytes of room, then the text. */
typedef struct outmsg {
    struct outmsg *next;
    size_t len;
    unsigned char data[];
} outmsg;

/* What the server keeps for each connection (libwebsockets' per-session
 * data, zeroed when a connection is made): a WebSocket's conn, queue and
 * message in progress, or a page request's reply. */
typedef struct {
    conn c;
    struct lws *wsi;
    bool open;          /* a WebSocket, established */
    bool counted;       /* the referee took it in */
    bool closing;       /* closed once its queue has gone */
    bool shut;          /* closed for writing: only reading what comes */
    bool binary;        /* the message in progress is binary */
    size_t inlen;
    char in[SERVE_MESSAGE_MAX + 1];
    outmsg *head, *tail;
    size_t queued;      /* bytes in the queue */
    char *body;         /* a page reply's body (malloc'd) */
    size_t body_len, body_sent;
    char login[64];     /* the log-in cookie's secret, or "" */
    bool posting;       /* a POST's body is coming */
    bool req_big;       /* ... and it was too big */
    unsigned refuse;    /* ... and is refused with this status (or 0) */
    char path[128];
    char req[HTTPAPI_BODY_MAX];
    size_t reqlen;
} session;

/* The accepted sockets and their addresses' entries, so that a closed
 * socket gives its place back. */
typedef struct {
    struct lws *wsi;
    peer *p;
    bool proxied;  /* from the proxy we trust: p is its request's client */
} socket_peer;

static serve_options opt;
static struct lws_context *context;
static socket_peer *sockets;
static int nsockets, sockets_cap;
static volatile sig_atomic_t stopping;
static int port;  /* where it listens */
/* the machine's IPv4 addresses others may reach it at (none when bound to
 * one address): the page's invitations use them */
enum { ADDRESSES_MAX = 8 };
static char addresses[ADDRESSES_MAX][INET_ADDRSTRLEN];
static int naddresses;

/* Computer players' moves, handed over by their threads. */
typedef struct {
    room *r;
    int ply;
    lt_action a;
} robot_move;
static pthread_mutex_t moves_lock = PTHREAD_MUTEX_INITIALIZER;
static robot_move *moves;
static int nmoves, moves_cap;

double server_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

void server_log(const char *fmt, ...)
{
    char line[512];
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    size_t n = strftime(line, sizeof line, "%H:%M:%S ", &tm);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line + n, sizeof line - n, fmt, ap);
    va_end(ap);
    /* a line may quote what a client sent: no control codes in the log */
    char safe[sizeof line];
    fprintf(stderr, "%s\n", lt_escape(safe, sizeof safe, line));
}

static peer *peer_of(struct lws *wsi);

/* ---- Sending ------------------------------------------------------- */

static session *of(conn *c)
{
    return c->transport;
}

void conn_send(conn *c, const char *text)
{
    if (c->remote) {
        cluster_send(c, text);
        return;
    }
    session *s = of(c);
    size_t n = strlen(text);
    if (s->closing || !n)
        return;
    if (s->queued + n > (size_t)opt.max_queue_kib * 1024) {
        /* it does not read what it is sent: it is dropped at once (it
         * would never become writable to be closed politely) */
        server_log("a client at %s reads too slowly (%zu bytes waiting): "
                   "closed", c->peer ? c->peer->addr : "?", s->queued);
        s->closing = true;
        lws_set_timeout(s->wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC);
        return;
    }
    outmsg *m = malloc(sizeof *m + LWS_PRE + n);
    if (!m) {
        s->closing = true;
        lws_set_timeout(s->wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC);
        return;
    }
    m->next = NULL;
    m->len = n;
    memcpy(m->data + LWS_PRE, text, n);
    if (s->tail)
        s->tail->next = m;
    else
        s->head = m;
    s->tail = m;
    s->queued += n;
    lws_callback_on_writable(s->wsi);
}

void conn_close(conn *c)
{
    if (c->remote) {
        cluster_close(c);
        return;
    }
    session *s = of(c);
    if (s->closing)
        return;
    /* what it still sends is read and dropped (a socket closed with data
     * unread is reset, and the client would lose the last messages) */
    s->closing = true;
    lws_callback_on_writable(s->wsi);
    /* and if it never reads its last messages, it goes anyway */
    lws_set_timeout(s->wsi, PENDING_TIMEOUT_USER_OK, 5);
}

void conn_settled(conn *c)
{
    if (c->idle && !c->remote) {
        c->idle = false;
        lws_set_timeout(of(c)->wsi, NO_PENDING_TIMEOUT, 0);
    }
}

static void drop_queue(session *s)
{
    while (s->head) {
        outmsg *m = s->head;
        s->head = m->next;
        free(m);
    }
    s->tail = NULL;
    s->queued = 0;
}

/* Ends a connection that is being closed, once its last messages have
 * gone: the socket is shut for writing (the client reads them, then the
 * end), and what the client still sends is read and dropped until it
 * closes too or its time is up.  (Closed at once with data of the
 * client's unread, the socket would be reset, and the client would lose
 * the messages that say why.) */
static void shut(session *s)
{
    if (s->shut)
        return;
    s->shut = true;
    shutdown(lws_get_socket_fd(s->wsi), SHUT_WR);
}

/* The next queued message; -1 to close the connection. */
static int write_next(session *s)
{
    outmsg *m = s->head;
    if (!m) {
        if (s->closing)
            shut(s);
        return 0;
    }
    if (lws_write(s->wsi, m->data + LWS_PRE, m->len, LWS_WRITE_TEXT) <
        (int)m->len)
        return -1;
    s->head = m->next;
    if (!s->head)
        s->tail = NULL;
    s->queued -= m->len;
    free(m);
    if (s->head || s->closing)
        lws_callback_on_writable(s->wsi);
    return 0;
}

/* ---- Receiving ----------------------------------------------------- */

/* A piece of a message (a frame, or part of one); -1 to close. */
static int receive(session *s, const char *data, size_t len)
{
    conn *c = &s->c;
    if (s->closing)
        return 0;
    if (lws_is_first_fragment(s->wsi)) {
        s->inlen = 0;
        s->binary = lws_frame_is_binary(s->wsi);
    }
    /* what this frame's header says is still to come counts now: a frame
     * too big is refused before it is read */
    size_t rest = lws_remaining_packet_payload(s->wsi);
    if (s->inlen + len + rest > SERVE_MESSAGE_MAX) {
        referee_error(c, -1, "too-big", "a message is at most %d bytes, not "
                      "%zu", SERVE_MESSAGE_MAX, s->inlen + len + rest);
        conn_close(c);
        return 0;
    }
    memcpy(s->in + s->inlen, data, len);
    s->inlen += len;
    if (!lws_is_final_fragment(s->wsi))
        return 0;
    size_t n = s->inlen;
    s->inlen = 0;
    if (s->binary)
        referee_error(c, -1, "bad-json", "messages are JSON text, not binary");
    else
        referee_message(c, s->in, n);
    return 0;
}

/* ---- HTTP: the page, records and status ---------------------------- */

/* Headers, then the body on the next writable callbacks; -1 to close.
 * cookie and disposition: a header's value, or NULL. */
static int reply(struct lws *wsi, session *s, unsigned status, const char *type,
                 const char *cookie, const char *disposition, char *body)
{
    unsigned char buf[LWS_PRE + 1024], *start = buf + LWS_PRE, *p = start,
                  *end = buf + sizeof buf - 1;
    size_t n = strlen(body);
    if (lws_add_http_common_headers(wsi, status, type, (lws_filepos_t)n, &p, end) ||
        lws_add_http_header_by_name(wsi, (const unsigned char *)"cache-control:",
                                    (const unsigned char *)"no-store", 8, &p, end) ||
        lws_add_http_header_by_name(wsi,
                                    (const unsigned char *)"x-content-type-options:",
                                    (const unsigned char *)"nosniff", 7, &p, end) ||
        (cookie && cookie[0] &&
         lws_add_http_header_by_name(wsi, (const unsigned char *)"set-cookie:",
                                     (const unsigned char *)cookie,
                                     (int)strlen(cookie), &p, end)) ||
        (disposition && disposition[0] &&
         lws_add_http_header_by_name(wsi,
                                     (const unsigned char *)"content-disposition:",
                                     (const unsigned char *)disposition,
                                     (int)strlen(disposition), &p, end)) ||
        lws_finalize_write_http_header(wsi, start, &p, end)) {
        free(body);
        return -1;
    }
    s->body = body;
    s->body_len = n;
    s->body_sent = 0;
    lws_callback_on_writable(wsi);
    return 0;
}

static int reply_text(struct lws *wsi, session *s, unsigned status,
                      const char *text)
{
    size_t n = strlen(text) + 1;
    char *body = malloc(n);
    if (!body)
        return -1;
    memcpy(body, text, n);
    return reply(wsi, s, status, "text/plain; charset=utf-8", NULL, NULL, body);
}

/* The next piece of a reply's body; -1 to close. */
static int write_body(struct lws *wsi, session *s)
{
    unsigned char buf[LWS_PRE + SERVE_CHUNK];
    if (!s->body)
        return 0;
    size_t n = s->body_len - s->body_sent;
    if (n > SERVE_CHUNK)
        n = SERVE_CHUNK;
    bool last = s->body_sent + n == s->body_len;
    memcpy(buf + LWS_PRE, s->body + s->body_sent, n);
    if (lws_write(wsi, buf + LWS_PRE, n,
                  last ? LWS_WRITE_HTTP_FINAL : LWS_WRITE_HTTP) < (int)n)
        return -1;
    s->body_sent += n;
    if (!last) {
        lws_callback_on_writable(wsi);
        return 0;
    }
    free(s->body);
    s->body = NULL;
    return lws_http_transaction_completed(wsi) ? -1 : 0;
}

/* A request of the API (httpapi.c); -1 to close. */
static int api(struct lws *wsi, session *s, bool post, const char *path,
               const char *body, size_t len)
{
    httpapi_reply out;
    httpapi_handle(post, path, body, len, s->login, peer_of(wsi), &out);
    if (!out.body)
        return -1;
    return reply(wsi, s, out.status, out.type, out.cookie, out.disposition, out.body);
}

/* Is the request from a page of this server (its Origin, when it says
 * one, is the Host it asked)?  Browsers say it on every WebSocket and
 * POST; a page of another site may not act with our cookie. */
static bool same_origin(struct lws *wsi)
{
    char origin[256], host[256];
    if (lws_hdr_copy(wsi, origin, sizeof origin, WSI_TOKEN_ORIGIN) <= 0)
        return true; /* not a browser's request */
    if (lws_hdr_copy(wsi, host, sizeof host, WSI_TOKEN_HOST) <= 0)
        return false;
    const char *o = strstr(origin, "://");
    return o && !strcmp(o + 3, host);
}

/* The log-in cookie's secret into s->login ("" when none). */
static void read_login(struct lws *wsi, session *s)
{
    char cookie[1024];
    s->login[0] = '\0';
    if (lws_hdr_copy(wsi, cookie, sizeof cookie, WSI_TOKEN_HTTP_COOKIE) > 0)
        httpapi_login_of(cookie, s->login, sizeof s->login);
}

static const struct {
    const char *ext, *type;
} MIME[] = {
    {".html", "text/html; charset=utf-8"},
    {".js", "text/javascript; charset=utf-8"},
    {".mjs", "text/javascript; charset=utf-8"},
    {".css", "text/css; charset=utf-8"},
    {".wasm", "application/wasm"},
    {".svg", "image/svg+xml"},
    {".png", "image/png"},
    {".json", "application/json"},
    {".webmanifest", "application/manifest+json"},
    {".txt", "text/plain; charset=utf-8"},
};

/* Adds a header; false when it does not fit. */
static bool header(struct lws *wsi, const char *name, const char *value,
                   unsigned char **p, unsigned char *end)
{
    return !lws_add_http_header_by_name(wsi, (const unsigned char *)name,
                                        (const unsigned char *)value,
                                        (int)strlen(value), p, end);
}

/* Is there a regular file at path? */
static bool regular(const char *path, struct stat *st)
{
    return stat(path, st) == 0 && S_ISREG(st->st_mode);
}

/* A file of the page: only plain names (letters, digits, . _ - /), no
 * part starting with a dot, and nothing but a regular file.  Sent in the
 * encoding the request takes best of those the build made beside it
 * (FILE.br, FILE.gz: web/publish.cmake); a name with a digest of its
 * content kept by browsers for a year, the others (index.html, sw.js)
 * asked again each time, and answered "304 Not Modified" when the
 * browser's copy has the same ETag. */
static int serve_file(struct lws *wsi, session *s, const char *uri)
{
    char path[PATH_MAX];
    if (!strcmp(uri, "/"))
        uri = "/index.html";
    size_t n = strlen(uri);
    bool plain = uri[0] == '/' && n < 200;
    for (size_t i = 0; plain && i < n; i++) {
        char ch = uri[i];
        plain = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
                (ch >= '0' && ch <= '9') || ch == '_' || ch == '-' ||
                ch == '/' || (ch == '.' && uri[i - 1] != '/');
        if (ch == '/' && i > 0 && uri[i - 1] == '/')
            plain = false;
    }
    const char *type = NULL;
    const char *dot = strrchr(uri, '.');
    for (size_t i = 0; dot && i < sizeof MIME / sizeof MIME[0]; i++)
        if (!strcmp(dot, MIME[i].ext))
            type = MIME[i].type;
    struct stat st;
    size_t len = 0;
    if (!plain || !type ||
        !lt_appendf(path, sizeof path, &len, "%s%s", opt.web_dir, uri) ||
        !regular(path, &st))
        return reply_text(wsi, s, 404, "not found\n");

    /* the encodings there are, and the one to send */
    char br[PATH_MAX], gz[PATH_MAX];
    size_t brlen = 0, gzlen = 0;
    struct stat brst, gzst;
    bool have_br = lt_appendf(br, sizeof br, &brlen, "%s.br", path) && regular(br, &brst);
    bool have_gz = lt_appendf(gz, sizeof gz, &gzlen, "%s.gz", path) && regular(gz, &gzst);
    char accept[256];
    bool said = lws_hdr_copy(wsi, accept, sizeof accept,
                             WSI_TOKEN_HTTP_ACCEPT_ENCODING) > 0;
    httpfile_encoding enc = httpfile_encoding_for(said ? accept : NULL, have_br, have_gz);
    if (enc == HTTPFILE_BR) {
        lt_copy(path, sizeof path, br);
        st = brst;
    } else if (enc == HTTPFILE_GZIP) {
        lt_copy(path, sizeof path, gz);
        st = gzst;
    }
    char etag[64];
    httpfile_etag(etag, sizeof etag, (long long)st.st_size,
                  (long long)st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec);

    /* how long to keep it, and which copy it is (the 304 says them too) */
    const char *cache = httpfile_immutable(uri) ? "public, max-age=31536000, immutable"
                                                : "no-cache";
    bool vary = have_br || have_gz;
    unsigned char extra[LWS_PRE + 512], *start = extra + LWS_PRE, *p = start,
                  *end = extra + sizeof extra - 1;
    char match[256];
    if (lws_hdr_copy(wsi, match, sizeof match, WSI_TOKEN_HTTP_IF_NONE_MATCH) > 0 &&
        httpfile_etag_matches(match, etag)) {
        if (lws_add_http_header_status(wsi, HTTP_STATUS_NOT_MODIFIED, &p, end) ||
            !header(wsi, "cache-control:", cache, &p, end) ||
            !header(wsi, "etag:", etag, &p, end) ||
            (vary && !header(wsi, "vary:", "accept-encoding", &p, end)) ||
            lws_finalize_write_http_header(wsi, start, &p, end))
            return -1;
        return lws_http_transaction_completed(wsi) ? -1 : 0;
    }
    const char *encoding = httpfile_encoding_name(enc);
    if (!header(wsi, "cache-control:", cache, &p, end) ||
        !header(wsi, "etag:", etag, &p, end) ||
        (vary && !header(wsi, "vary:", "accept-encoding", &p, end)) ||
        !header(wsi, "x-content-type-options:", "nosniff", &p, end) ||
        (encoding && !header(wsi, "content-encoding:", encoding, &p, end)))
        return -1;
    int r = lws_serve_http_file(wsi, path, type, (const char *)start,
                                (int)(p - start));
    if (r < 0 || (r > 0 && lws_http_transaction_completed(wsi)))
        return -1;
    return 0;
}

/* A GET's query arguments as lws decoded them, each "name=value" and a
 * NUL, into buf; their length, more than size when they do not fit (or
 * are more than 16: httpapi refuses them). */
static size_t query_args(struct lws *wsi, char *buf, size_t size)
{
    size_t len = 0;
    for (int i = 0; i <= 16; i++) {
        int n = lws_hdr_fragment_length(wsi, WSI_TOKEN_HTTP_URI_ARGS, i);
        if (lws_hdr_copy_fragment(wsi, buf + len, (int)(size - len),
                                  WSI_TOKEN_HTTP_URI_ARGS, i) < 0)
            return n > 0 || len == size ? size + 1 : len;
        if (i == 16)
            return size + 1;
        len += (size_t)n + 1;
    }
    return len;
}

static int http(struct lws *wsi, session *s, const char *uri)
{
    read_login(wsi, s);
    if (lws_hdr_total_length(wsi, WSI_TOKEN_POST_URI) > 0) {
        /* the body comes in the next callbacks (request_body); the answer,
         * a refusal too, once it has come */
        lt_copy(s->path, sizeof s->path, uri);
        s->reqlen = 0;
        s->req_big = false;
        s->posting = true;
        s->refuse = strncmp(uri, "/api/", 5) != 0 ? 405 : !same_origin(wsi) ? 403 : 0;
        return 0;
    }
    if (lws_hdr_total_length(wsi, WSI_TOKEN_GET_URI) <= 0)
        return reply_text(wsi, s, 405, "only GET and POST are served here\n");
    if (!strncmp(uri, "/api/", 5)) {
        char query[HTTPAPI_QUERY_MAX + 1];
        return api(wsi, s, false, uri, query, query_args(wsi, query, sizeof query));
    }
    return serve_file(wsi, s, uri);
}

/* A piece of a POST's body: kept up to HTTPAPI_BODY_MAX bytes. */
static void request_body(session *s, const char *data, size_t len)
{
    if (len == 0)
        return; /* (an empty body may come as no bytes at all) */
    if (s->reqlen + len > HTTPAPI_BODY_MAX) {
        s->req_big = true;
        return;
    }
    memcpy(s->req + s->reqlen, data, len);
    s->reqlen += len;
}

/* ---- Addresses ----------------------------------------------------- */

/* Is this the address of the proxy we trust (an IPv4 address also as
 * IPv6 maps it)? */
static bool is_proxy(const char *addr)
{
    if (!opt.proxy)
        return false;
    if (!strncmp(addr, "::ffff:", 7) && strchr(addr + 7, '.'))
        addr += 7;
    return !strcmp(addr, opt.proxy);
}

/* A socket is accepted: may its address have one more? */
static bool accept_from(struct lws_filter_network_conn_args *a)
{
    char addr[PEER_ADDR_MAX];
    if (!lws_get_peer_simple_fd(a->accept_fd, addr, sizeof addr))
        return false;
    if (is_proxy(addr))
        return true; /* counted by the client's own address (forwarded) */
    peer *p = peers_get(addr, server_now());
    if (!p || p->connections >= opt.max_per_ip) {
        static double told;
        double now = server_now();
        if (now - told > 10) { /* the log is bounded too */
            server_log("%s: over its %d connections; refused", addr,
                       opt.max_per_ip);
            told = now;
        }
        return false;
    }
    return true;
}

static void counted(struct lws *wsi)
{
    char addr[PEER_ADDR_MAX];
    peer *p = lws_get_peer_simple(wsi, addr, sizeof addr)
                  ? peers_get(addr, server_now()) : NULL;
    if (!p || nsockets == sockets_cap) {
        lws_set_timeout(wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC);
        return;
    }
    p->connections++;
    sockets[nsockets++] = (socket_peer){wsi, p, false};
}

static peer *peer_of(struct lws *wsi)
{
    for (int i = 0; i < nsockets; i++)
        if (sockets[i].wsi == wsi)
            return sockets[i].p;
    return NULL;
}

/* A request through the proxy we trust (--proxy): the socket counts for
 * the client's address, the last of X-Forwarded-For (the one the proxy
 * saw; those before it are the client's word), request by request (a
 * proxy may send several clients' requests on one connection).  False
 * when that address has as many connections as it may. */
static bool forwarded(struct lws *wsi)
{
    int i = 0;
    while (i < nsockets && sockets[i].wsi != wsi)
        i++;
    if (i == nsockets || (!sockets[i].proxied && !is_proxy(sockets[i].p->addr)))
        return true;
    sockets[i].proxied = true;
    char addr[PEER_ADDR_MAX] = "", fwd[512];
    if (lws_hdr_copy(wsi, fwd, sizeof fwd, WSI_TOKEN_X_FORWARDED_FOR) > 0) {
        const char *last = strrchr(fwd, ',');
        last = last ? last + 1 : fwd;
        while (*last == ' ')
            last++;
        size_t n = strcspn(last, " ");
        if (n > 0 && n < sizeof addr && strspn(last, "0123456789abcdefABCDEF:.") >= n) {
            memcpy(addr, last, n);
            addr[n] = '\0';
        }
    }
    if (!addr[0]) /* not said: the proxy's own request */
        lt_copy(addr, sizeof addr, opt.proxy);
    if (!strcmp(addr, sockets[i].p->addr))
        return true;
    peer *p = peers_get(addr, server_now());
    if (!p || p->connections >= opt.max_per_ip)
        return false;
    sockets[i].p->connections--;
    p->connections++;
    sockets[i].p = p;
    return true;
}

static void uncounted(struct lws *wsi)
{
    for (int i = 0; i < nsockets; i++)
        if (sockets[i].wsi == wsi) {
            sockets[i].p->connections--;
            sockets[i] = sockets[--nsockets];
            return;
        }
}

/* ---- Computer players' moves --------------------------------------- */

static void robot_done(room *r, int ply, lt_action a)
{
    pthread_mutex_lock(&moves_lock);
    if (nmoves < moves_cap) {
        rooms_ref(r);
        moves[nmoves++] = (robot_move){r, ply, a};
    }
    pthread_mutex_unlock(&moves_lock);
    lws_cancel_service(context);
}

/* The listening thread has notifications for the service thread. */
static void wake_service(void)
{
    lws_cancel_service(context);
}

static void play_robot_moves(void)
{
    for (;;) {
        pthread_mutex_lock(&moves_lock);
        robot_move m = {0};
        bool any = nmoves > 0;
        if (any)
            m = moves[--nmoves];
        pthread_mutex_unlock(&moves_lock);
        if (!any)
            return;
        referee_robot_move(m.r, m.ply, m.a);
        rooms_release(m.r);
    }
}

/* ---- The protocol -------------------------------------------------- */

static int callback(struct lws *wsi, enum lws_callback_reasons reason,
                    void *user, void *in, size_t len)
{
    session *s = user;
    switch (reason) {
    case LWS_CALLBACK_FILTER_NETWORK_CONNECTION:
        return accept_from(user) ? 0 : 1;
    case LWS_CALLBACK_SERVER_NEW_CLIENT_INSTANTIATED:
        counted(wsi);
        return 0;
    case LWS_CALLBACK_WSI_DESTROY:
        uncounted(wsi);
        return 0;
    case LWS_CALLBACK_EVENT_WAIT_CANCELLED:
        play_robot_moves();
        cluster_receive();
        return 0;

    case LWS_CALLBACK_HTTP:
        if (!forwarded(wsi))
            return reply_text(wsi, s, 429, "too many connections from your address\n");
        return http(wsi, s, in ? (const char *)in : "/");
    case LWS_CALLBACK_HTTP_BODY:
        if (s && s->posting)
            request_body(s, in, len);
        return 0;
    case LWS_CALLBACK_HTTP_BODY_COMPLETION:
        if (!s || !s->posting)
            return -1;
        s->posting = false;
        if (s->refuse)
            return reply_text(wsi, s, s->refuse, s->refuse == 403
                                                     ? "a request from another site\n"
                                                     : "only GET is served here\n");
        if (s->req_big)
            return reply_text(wsi, s, 413, "the request is too big\n");
        return api(wsi, s, true, s->path, s->req, s->reqlen);
    case LWS_CALLBACK_HTTP_WRITEABLE:
        return write_body(wsi, s);
    case LWS_CALLBACK_HTTP_FILE_COMPLETION:
        return lws_http_transaction_completed(wsi) ? -1 : 0;
    case LWS_CALLBACK_CLOSED_HTTP:
    case LWS_CALLBACK_HTTP_DROP_PROTOCOL:
        if (s) {
            free(s->body);
            s->body = NULL;
        }
        return 0;

    case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION: {
        /* a WebSocket only at /ws, from a page of this server */
        char uri[8];
        if (lws_hdr_copy(wsi, uri, sizeof uri, WSI_TOKEN_GET_URI) < 0 ||
            strcmp(uri, "/ws") != 0 || !same_origin(wsi) || !forwarded(wsi))
            return 1;
        read_login(wsi, s);
        return 0;
    }
    case LWS_CALLBACK_ESTABLISHED: {
        char login[sizeof s->login];
        lt_copy(login, sizeof login, s->login);
        memset(s, 0, sizeof *s);
        lt_copy(s->login, sizeof s->login, login);
        s->wsi = wsi;
        s->open = true;
        s->c.transport = s;
        s->c.peer = peer_of(wsi);
        if (!s->c.peer)
            return -1;
        s->counted = referee_opened(&s->c);
        if (!s->counted) {
            conn_close(&s->c);
            return 0;
        }
        /* until it joins or watches a room */
        lws_set_timeout(wsi, PENDING_TIMEOUT_USER_OK, opt.idle_seconds);
        if (s->login[0])
            referee_identify(&s->c, s->login);
        return 0;
    }
    case LWS_CALLBACK_RECEIVE:
        return s && s->open ? receive(s, in, len) : -1;
    case LWS_CALLBACK_SERVER_WRITEABLE:
        return s && s->open ? write_next(s) : 0;
    case LWS_CALLBACK_CLOSED:
        if (s && s->open) {
            if (s->counted)
                referee_closed(&s->c);
            drop_queue(s);
            s->open = false;
        }
        return 0;
    default:
        return 0;
    }
}

static const struct lws_protocols protocols[] = {
    {"ludoteka", callback, sizeof(session), 4096, 0, NULL, 0},
    {NULL, NULL, 0, 0, 0, NULL, 0}};

/* A libwebsockets log line goes to ours. */
static void lws_line(int level, const char *line)
{
    (void)level;
    char copy[400];
    lt_copy(copy, sizeof copy, line);
    size_t n = strlen(copy);
    while (n > 0 && (copy[n - 1] == '\n' || copy[n - 1] == '\r'))
        copy[--n] = '\0';
    server_log("libwebsockets: %s", copy);
}

/* ---- Expired rooms ------------------------------------------------- */

static lws_sorted_usec_list_t janitor_timer, clock_timer, cluster_timer;

/* The rooms' clocks are looked at ten times a second: a flag falls on
 * time whether or not anyone sends anything. */
static void clocks(lws_sorted_usec_list_t *sul)
{
    rooms_each_running(referee_tick);
    lws_sul_schedule(context, 0, sul, clocks, 100 * LWS_US_PER_MS);
}

/* Once a second: the processes that have died, and their rooms taken
 * over (several processes). */
static void cluster_second(lws_sorted_usec_list_t *sul)
{
    cluster_tick();
    rooms_adopt(referee_resume);
    lws_sul_schedule(context, 0, sul, cluster_second, LWS_US_PER_SEC);
}

static void janitor(lws_sorted_usec_list_t *sul)
{
    rooms_expire(opt.keep_days * 86400.0);
    cluster_expire(opt.keep_days * 86400.0);
    lws_sul_schedule(context, 0, sul, janitor,
                     (lws_usec_t)JANITOR_SECONDS * LWS_US_PER_SEC);
}

/* ---- The server ---------------------------------------------------- */

/* The IPv4 addresses of this machine's interfaces but loopback. */
static void find_addresses(void)
{
    struct ifaddrs *list;
    if (getifaddrs(&list) != 0)
        return;
    for (struct ifaddrs *i = list; i && naddresses < ADDRESSES_MAX;
         i = i->ifa_next) {
        if (!i->ifa_addr || i->ifa_addr->sa_family != AF_INET)
            continue;
        const struct sockaddr_in *a =
            (const struct sockaddr_in *)(const void *)i->ifa_addr;
        if ((ntohl(a->sin_addr.s_addr) >> 24) == 127)
            continue;
        inet_ntop(AF_INET, &a->sin_addr, addresses[naddresses], INET_ADDRSTRLEN);
        naddresses++;
    }
    freeifaddrs(list);
}

/* mkdir -p */
static bool make_dirs(const char *path)
{
    char buf[1024];
    if (strlen(path) >= sizeof buf)
        return false;
    strcpy(buf, path);
    for (char *p = buf + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(buf, 0777) != 0 && errno != EEXIST)
            return false;
        *p = '/';
    }
    return mkdir(buf, 0777) == 0 || errno == EEXIST;
}

/* Waits for SIGINT or SIGTERM (blocked in every other thread) and wakes
 * the service thread to stop. */
static void *signals(void *arg)
{
    sigset_t *set = arg;
    int sig = 0;
    sigwait(set, &sig);
    server_log("stopping (signal %d)", sig);
    stopping = 1;
    lws_cancel_service(context);
    return NULL;
}

int net_serve(const serve_options *o)
{
    opt = *o;
    char index[PATH_MAX + 16];
    if (!make_dirs(opt.data_dir)) {
        fprintf(stderr, "ludoteka: cannot make %s: %s\n", opt.data_dir,
                strerror(errno));
        return 1;
    }
    snprintf(index, sizeof index, "%s/index.html", opt.web_dir);
    if (access(index, R_OK) != 0)
        server_log("no page in %s (build it: see README); rooms only",
                   opt.web_dir);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
    signal(SIGPIPE, SIG_IGN);

    /* sockets: the WebSockets, page requests beside them, and the
     * listening sockets */
    int fds = opt.max_connections + opt.max_connections / 2 + 64;
    sockets_cap = fds;
    sockets = calloc((size_t)sockets_cap, sizeof *sockets);
    moves_cap = opt.max_rooms;
    moves = calloc((size_t)moves_cap, sizeof *moves);
    char dbpath[PATH_MAX];
    const char *where = opt.db;
    if (!where) { /* one process: SQLite beside the rooms */
        snprintf(dbpath, sizeof dbpath, "%s/ludoteka.db", opt.data_dir);
        where = dbpath;
    }
    lt_error dberr = {0};
    store *db = accounts_init() ? store_open(where, &dberr) : NULL;
    if (!db) {
        fprintf(stderr, "ludoteka: %s\n", dberr.msg[0] ? dberr.msg : "libsodium");
        return 1;
    }
    referee_init(&opt, db);
    if (!sockets || !moves || !peers_init(PEERS_MAX, opt.rooms_per_hour) ||
        !rooms_init(opt.data_dir, opt.max_rooms, opt.max_stored, store_shared(db)) ||
        !robots_start(opt.robots, opt.max_rooms, opt.think_seconds, robot_done)) {
        fprintf(stderr, "ludoteka: out of memory\n");
        return 1;
    }
    int expired = rooms_expire(opt.keep_days * 86400.0);

    lws_set_log_level(LLL_ERR | LLL_WARN, lws_line);
    static const lws_retry_bo_t keepalive = {
        .secs_since_valid_ping = 30, /* a quiet WebSocket is pinged */
        .secs_since_valid_hangup = 45 /* and dropped if it stays quiet */
    };
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.port = opt.port;
    info.iface = opt.bind;
    info.protocols = protocols;
    info.fd_limit_per_thread = (unsigned)fds;
    info.count_threads = 1;
    info.timeout_secs = 10;       /* headers, handshakes */
    info.keepalive_timeout = 5;   /* an idle page connection */
    info.max_http_header_data = 4096;
    info.retry_and_idle_policy = &keepalive;
    info.options = LWS_SERVER_OPTION_VALIDATE_UTF8 |
                   LWS_SERVER_OPTION_DISABLE_OS_CA_CERTS;
    context = lws_create_context(&info);
    if (!context) {
        fprintf(stderr, "ludoteka: cannot listen on %s:%d\n",
                opt.bind ? opt.bind : "*", opt.port);
        robots_stop();
        rooms_shutdown();
        peers_shutdown();
        store_close(db);
        return 1;
    }
    struct lws_vhost *vh = lws_get_vhost_by_name(context, "default");
    port = vh ? lws_get_vhost_listen_port(vh) : opt.port;
    if (!opt.bind)
        find_addresses();
    httpapi_init(db, &(httpapi_status){port, naddresses, addresses});
    lt_error cerr = {0};
    if (!cluster_init(db, store_shared(db) ? opt.db : NULL, opt.node, wake_service,
                      &cerr)) {
        fprintf(stderr, "ludoteka: %s\n", cerr.msg);
        lws_context_destroy(context);
        robots_stop();
        rooms_shutdown();
        peers_shutdown();
        store_close(db);
        return 1;
    }
    int resumed = rooms_load_all(referee_resume) + rooms_adopt(referee_resume);
    lws_sul_schedule(context, 0, &cluster_timer, cluster_second, LWS_US_PER_SEC);
    lws_sul_schedule(context, 0, &janitor_timer, janitor,
                     (lws_usec_t)JANITOR_SECONDS * LWS_US_PER_SEC);
    lws_sul_schedule(context, 0, &clock_timer, clocks, 100 * LWS_US_PER_MS);
    if (expired)
        server_log("%d expired rooms removed", expired);
    printf("Ludoteka serving on http://%s:%d/ (rooms in %s; %d resumed)\n",
           opt.bind ? opt.bind : "localhost", port, opt.data_dir, resumed);
    for (int i = 0; i < naddresses; i++)
        printf("  and for others on the network: http://%s:%d/\n", addresses[i], port);
    fflush(stdout);

    pthread_t waiter;
    bool waiting = pthread_create(&waiter, NULL, signals, &set) == 0;
    while (!stopping && lws_service(context, 0) >= 0)
        cluster_flush(); /* what this turn had for other processes */
    robots_stop();
    cluster_shutdown();
    for (int i = 0; i < nmoves; i++) /* found too late: played on resuming */
        rooms_release(moves[i].r);
    lws_context_destroy(context);
    context = NULL;
    if (waiting) {
        if (!stopping)
            pthread_kill(waiter, SIGTERM);
        pthread_join(waiter, NULL);
    }
    rooms_shutdown();
    peers_shutdown();
    store_close(db);
    free(sockets);
    free(moves);
    return 0;
}
