/* train.h — the trainer of the learned evaluation (nnue.h): a float
 * network fitted by Adam to self-play positions (selfplay.h), then
 * turned into integers. */
#ifndef CHESS_TRAIN_H
#define CHESS_TRAIN_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "nnue.h"

typedef struct {
    int hidden;    /* a multiple of 16, 16..NNUE_HIDDEN_MAX */
    int epochs;    /* passes over the training positions */
    int batch;     /* positions a step */
    double lr;     /* Adam's rate */
    double lambda; /* the result's share of the target */
    uint64_t seed; /* the first weights and the order of the positions */
    bool mirror;   /* mirror positions without castling at random */
    FILE *log;     /* a line an epoch, or NULL */
} nnue_train_opts;

/* The float network: w1[768][H], b1[H], w2[2H] (the mover's half first),
 * b2; out in units of NNUE_SCALE centipawns. */
typedef struct {
    int hidden;
    float *w1, *b1, *w2, *b2;
} nnue_float;

/* The positions of selfplay files: n records of SP_RECORD bytes. */
typedef struct {
    unsigned char *rec;
    long n, cap;
} nnue_data;

/* Appends the records of a selfplay file; false with a message (not such
 * a file, a record that is not a position, more than max records). */
bool nnue_data_read(nnue_data *, const char *path, long max, char *msg,
                    size_t msize);
void nnue_data_free(nnue_data *);

/* Trains on the data (every twentieth block held out); returns the
 * network of the epoch with the least held-out loss (NULL with a
 * message); *loss gets that loss (the mean squared error of the win
 * probability). */
nnue_float *nnue_train(const nnue_data *, const nnue_train_opts *,
                       double *loss, char *msg, size_t msize);
void nnue_float_free(nnue_float *);
/* The float network's centipawns for the side to move. */
double nnue_float_eval(const nnue_float *, const chess_pos *);
/* The network in integers (NULL without memory); weights beyond the
 * integers' bounds are clipped. */
nnue_net *nnue_quantize(const nnue_float *);

#endif
