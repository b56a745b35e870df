/* The native solver core's API for WebAssembly: plain 32-bit numbers only,
 * so that JavaScript (and Python under Pyodide, through prefa/_solver/wasm.py)
 * can call it without touching the module's memory.  Built with solver.c by
 * prefa/_solver/build_wasm.py; not part of the CPython extension.
 */
#include "solver.h"

#define EXPORT __attribute__((visibility("default")))

static ps_rules rules;
static int t_cards[16], t_values[16], t_count;

/* The rules of the next pw_create: strengths are set card by card (all -1 here). */
EXPORT void pw_rules(int trump, int must_trump, int overtake, int must_overtrump) {
    rules.trump = trump;
    rules.must_trump = must_trump;
    rules.overtake = overtake;
    rules.must_overtrump = must_overtrump;
    for (int c = 0; c < 64; c++) rules.strength[c] = -1;
}

EXPORT void pw_strength(int card, int strength) {
    if (card >= 0 && card < 64) rules.strength[card] = strength;
}

EXPORT ps_solver *pw_create(int declarer, int out, int betl, int max_entries) {
    return ps_create(&rules, declarer, out, betl ? PS_GOAL_BETL : PS_GOAL_TRICKS,
                     (size_t)(max_entries > 0 ? max_entries : 1));
}

EXPORT void pw_destroy(ps_solver *s) { ps_destroy(s); }
EXPORT void pw_clear(ps_solver *s) { ps_clear(s); }
EXPORT double pw_nodes(ps_solver *s) { return (double)ps_nodes(s); }
EXPORT double pw_memory(ps_solver *s) { return (double)ps_memory(s); }

/* hands as 32-bit halves (low, high); ntrick cards t0, t1 of the trick so far */
EXPORT int pw_load(ps_solver *s, unsigned a_lo, unsigned a_hi, unsigned b_lo, unsigned b_hi,
                   unsigned c_lo, unsigned c_hi, int leader, int ntrick, int t0, int t1) {
    uint64_t hands[3] = {(uint64_t)a_hi << 32 | a_lo, (uint64_t)b_hi << 32 | b_lo,
                         (uint64_t)c_hi << 32 | c_lo};
    int trick[2] = {t0, t1};
    return ps_load(s, hands, leader, trick, ntrick);
}

EXPORT int pw_value(ps_solver *s) { return ps_value(s); }
EXPORT int pw_at_least(ps_solver *s, int need) { return ps_at_least(s, need); }

/* the card table of the loaded position: its size; then pw_card(i), pw_tricks(i) */
EXPORT int pw_table(ps_solver *s) {
    t_count = ps_table(s, t_cards, t_values);
    return t_count;
}
EXPORT int pw_card(int i) { return i >= 0 && i < t_count ? t_cards[i] : -1; }
EXPORT int pw_tricks(int i) { return i >= 0 && i < t_count ? t_values[i] : -1; }
