/* Native core of the exact double-dummy solver of prefa.solver.
 *
 * The same search as the Python reference (prefa/solver.py): three hands
 * (or two, with a lone defender), the tricks goal (suit games, sans,
 * preferans: the declarer takes as many tricks as he can) or betl (he takes
 * none), any rank orders, must-trump, must-overtake (never, on trump leads,
 * always) and must-overtrump, from a trick boundary or from the middle of a
 * trick.  Values are exact and equal to the Python solver's; node counts
 * differ (this core keeps exact transposition entries in relative ranks).
 *
 * Cards are the engine's integers: suit * 16 + rank (rank 0 = the two ...
 * 12 = the ace); a hand is a 64-bit mask of them.  This API knows nothing
 * of Python.
 */
#ifndef PREFA_SOLVER_H
#define PREFA_SOLVER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { PS_OVERTAKE_NEVER = 0, PS_OVERTAKE_TRUMP_LEAD = 1, PS_OVERTAKE_ALWAYS = 2 };
enum { PS_GOAL_TRICKS = 0, PS_GOAL_BETL = 1 };
enum { PS_OK = 0, PS_ERR_CARD = -1, PS_ERR_POSITION = -2, PS_ERR_SETTING = -3,
       PS_ERR_MEMORY = -4 };

typedef struct {
    int trump;            /* 0-3, or -1 for no trump */
    int must_trump;       /* a player void in the led suit must trump */
    int overtake;         /* PS_OVERTAKE_* */
    int must_overtrump;   /* a trumping player must beat an earlier trump */
    /* strength[c]: a number ordering the cards of one suit (higher beats
       lower), or -1 for a card the rules leave out; at most 8 cards of a
       suit may have one. */
    int strength[64];
} ps_rules;

typedef struct ps_solver ps_solver;

/* A solver for one setting: rules, declarer seat, the seat out (-1: none),
   goal.  Its transposition table persists between calls and is dropped when
   it holds max_entries entries.  NULL on a bad setting or no memory. */
ps_solver *ps_create(const ps_rules *rules, int declarer, int out, int goal,
                     size_t max_entries);
void ps_destroy(ps_solver *s);
void ps_clear(ps_solver *s);
/* Nodes of every search so far, counted as the Python solver counts them:
   each position searched at a trick boundary and each card tried in it but
   the trick's last. */
uint64_t ps_nodes(const ps_solver *s);
/* Bytes the solver holds (its transposition table and itself). */
size_t ps_memory(const ps_solver *s);

/* Loads a position: the three hands (the seat out holds nothing), the
   leader of the current trick and its cards so far (lead first).  The
   position must be legal (Python's Position checks it); PS_ERR_CARD for a
   card the rules leave out, PS_ERR_POSITION for hand sizes that do not
   match. */
int ps_load(ps_solver *s, const uint64_t hands[3], int leader, const int *trick, int ntrick);

/* The declarer's tricks from now on (the current trick included). */
int ps_value(ps_solver *s);
/* 1 when the declarer takes at least need of the remaining tricks. */
int ps_at_least(ps_solver *s, int need);
/* For each legal card of the player to move, the declarer's tricks from now
   on after it: cards[i], values[i]; returns how many (at most 10). */
int ps_table(ps_solver *s, int cards[16], int values[16]);

#ifdef __cplusplus
}
#endif
#endif
