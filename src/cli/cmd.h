/* cmd.h — the program's commands, which main.c runs by name: each is
 * defined in its own file of the commands' layer (commands.c: list,
 * rules, moves, replay; measure.c: bench, playouts, perft; cmd_*.c: the
 * others).  argv[0] is the command's name; each returns an exit status.
 * main.c prints a command's usage for --help, so none of them sees it. */
#ifndef LUDOTEKA_CMD_H
#define LUDOTEKA_CMD_H

int cmd_list(int argc, char **argv);
int cmd_rules(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_moves(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_bench_session(int argc, char **argv); /* "bench session" */
int cmd_benchmark(int argc, char **argv);
int cmd_playouts(int argc, char **argv);
int cmd_perft(int argc, char **argv);
int cmd_arena(int argc, char **argv);
int cmd_odds(int argc, char **argv);
int cmd_simulate(int argc, char **argv);
int cmd_solve(int argc, char **argv);
int cmd_analyse(int argc, char **argv);
int cmd_uci(int argc, char **argv);
int cmd_tune(int argc, char **argv);
extern const char cmd_tune_usage[]; /* English only, as tune speaks */
int cmd_selfplay(int argc, char **argv);
int cmd_train_nnue(int argc, char **argv);
int cmd_serve(int argc, char **argv);

#endif
