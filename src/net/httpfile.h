/* httpfile.h — how `ludoteka serve` sends a file of the page: which of
 * its encodings on disk (FILE.br, FILE.gz, FILE) the request takes best
 * (Accept-Encoding, RFC 9110 12.5.3), whether its name says it never
 * changes (a digest in it: web/publish.cmake), and whether the copy the
 * browser has is still the one (If-None-Match against the ETag). */
#ifndef LUDOTEKA_NET_HTTPFILE_H
#define LUDOTEKA_NET_HTTPFILE_H

#include <stdbool.h>
#include <stddef.h>

typedef enum {
    HTTPFILE_IDENTITY, /* the file as it is */
    HTTPFILE_GZIP,     /* FILE.gz */
    HTTPFILE_BR        /* FILE.br */
} httpfile_encoding;

/* The encoding to send, of those there are (identity always is), by the
 * request's Accept-Encoding (NULL when it has none): the one with the
 * highest q-value above 0, brotli before gzip before identity at equal
 * q; "*" stands for every encoding the header does not name, and
 * identity not named (nor by "*") is acceptable but comes last.  Without
 * a header, or when the header refuses everything, the file as it is. */
httpfile_encoding httpfile_encoding_for(const char *accept, bool have_br,
                                        bool have_gzip);
/* The header value's name of an encoding ("br", "gzip"), NULL for
 * identity. */
const char *httpfile_encoding_name(httpfile_encoding);

/* Is the file's name one the build gave a digest of its content, as
 * "app.1a2b3c4d.js": 8 lowercase hex digits between its stem and its
 * extension?  Such a file never changes; the others (index.html, sw.js)
 * may change at any build. */
bool httpfile_immutable(const char *path);

/* The ETag of a file of this size and modification time, in quotes. */
void httpfile_etag(char *out, size_t size, long long bytes, long long mtime_ns);
/* Does an If-None-Match header name this ETag ("*", a list, W/ tags
 * compared weakly)? */
bool httpfile_etag_matches(const char *if_none_match, const char *etag);

#endif
