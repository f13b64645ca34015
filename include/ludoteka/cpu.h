/* cpu.h — code that counts bits all the time (random playouts' draws,
 * evaluations, perft) is compiled twice: once for x86-64 processors with
 * the POPCNT instruction, chosen when the processor has it, and once
 * plain.  Elsewhere (the page's WebAssembly, other processors, other
 * compilers) both are the plain build and the plain one runs. */
#ifndef LUDOTEKA_CPU_H
#define LUDOTEKA_CPU_H

#if defined(__x86_64__) && defined(__GNUC__)
#define LT_POPCNT_TARGET __attribute__((target("popcnt")))
#define lt_has_popcnt() __builtin_cpu_supports("popcnt")
#else
#define LT_POPCNT_TARGET
#define lt_has_popcnt() 0
#endif

#endif
