/* cmd_serve.c — ludoteka serve: the page and network rooms (src/net/). */
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "cmd.h"
#include "ludoteka/text.h"
#include "net/server.h"

/* The page beside the program: build/web/ in the build tree, and
 * PREFIX/share/ludoteka/web/ when installed (bin/ is its sibling). */
static void default_web_dir(char *out, size_t size)
{
    static const char *const places[] = {"web", "../share/ludoteka/web"};
    char exe[PATH_MAX], index[PATH_MAX + 64];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    out[0] = '\0';
    if (n <= 0)
        return;
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    if (!slash)
        return;
    *slash = '\0';
    for (size_t i = 0; i < sizeof places / sizeof places[0]; i++) {
        size_t len = 0, ilen = 0;
        if (lt_appendf(out, size, &len, "%s/%s", exe, places[i]) &&
            lt_appendf(index, sizeof index, &ilen, "%s/index.html", out) &&
            access(index, R_OK) == 0)
            return;
    }
    size_t len = 0; /* serve says the page is not there */
    lt_appendf(out, size, &len, "%s/web", exe);
}

static void default_data_dir(char *out, size_t size)
{
    const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    if (xdg && *xdg)
        snprintf(out, size, "%s/ludoteka/rooms", xdg);
    else if (home && *home)
        snprintf(out, size, "%s/.local/share/ludoteka/rooms", home);
    else
        snprintf(out, size, "ludoteka-rooms");
}

int cmd_serve(int argc, char **argv)
{
    static char web[PATH_MAX], data[PATH_MAX];
    serve_options o = {.port = 8080, .max_rooms = 200, .max_stored = 10000,
                       .keep_days = 30, .max_connections = 256,
                       .max_per_ip = 32, .idle_seconds = 10,
                       .rooms_per_hour = 60, .rooms_each = 20, .robots = 2,
                       .think_seconds = 10, .rate = 20,
                       .max_queue_kib = 1024};
    default_web_dir(web, sizeof web);
    default_data_dir(data, sizeof data);
    o.web_dir = web;
    o.data_dir = data;
    static const struct {
        const char *flag;
        int lo, hi;
        size_t offset;
    } numbers[] = {
        {"--port", 0, 65535, offsetof(serve_options, port)},
        {"--max-rooms", 1, 100000, offsetof(serve_options, max_rooms)},
        {"--max-stored", 1, 10000000, offsetof(serve_options, max_stored)},
        {"--keep-days", 1, 36500, offsetof(serve_options, keep_days)},
        {"--max-connections", 1, 10000, offsetof(serve_options, max_connections)},
        {"--max-per-ip", 1, 10000, offsetof(serve_options, max_per_ip)},
        {"--idle-seconds", 1, 3600, offsetof(serve_options, idle_seconds)},
        {"--rooms-per-hour", 1, 1000000, offsetof(serve_options, rooms_per_hour)},
        {"--rooms-each", 1, 100000, offsetof(serve_options, rooms_each)},
        {"--robots", 1, 8, offsetof(serve_options, robots)},
        {"--think-seconds", 1, 3600, offsetof(serve_options, think_seconds)},
        {"--rate", 1, 10000, offsetof(serve_options, rate)},
        {"--max-queue-kib", 16, 1048576, offsetof(serve_options, max_queue_kib)},
    };
    for (int i = 1; i < argc; i++) {
        const char *v;
        bool known = false;
        for (size_t k = 0; k < sizeof numbers / sizeof numbers[0] && !known; k++) {
            if (!cli_flag(argc, argv, &i, numbers[k].flag, &v))
                continue;
            long long n;
            if (!cli_int(numbers[k].flag, v, numbers[k].lo, numbers[k].hi, &n))
                return EXIT_USAGE;
            *(int *)((char *)&o + numbers[k].offset) = (int)n;
            known = true;
        }
        if (known)
            continue;
        const char **slot = NULL;
        if (cli_flag(argc, argv, &i, "--data", &v))
            slot = &o.data_dir;
        else if (cli_flag(argc, argv, &i, "--web", &v))
            slot = &o.web_dir;
        else if (cli_flag(argc, argv, &i, "--bind", &v))
            slot = &o.bind;
        else if (cli_flag(argc, argv, &i, "--db", &v))
            slot = &o.db;
        else if (cli_flag(argc, argv, &i, "--node", &v))
            slot = &o.node;
        else if (cli_flag(argc, argv, &i, "--proxy", &v))
            slot = &o.proxy;
        else
            return cli_fail(EXIT_USAGE, "serve: unexpected argument '%s' (see "
                                        "ludoteka serve --help)", argv[i]);
        if (!v)
            return EXIT_USAGE;
        *slot = v;
    }
    return net_serve(&o);
}
