/* Native core of the exact double-dummy solver (see solver.h).
 *
 * A port of the search of prefa/solver.py, with the same rules of play, the
 * same null-window (MTD-style) driver, the same equivalent-card reduction,
 * sure bounds and move ordering.  What differs: the transposition table is
 * exact (one entry per layout in relative ranks, the cards renumbered once
 * the played ones are gone) instead of the Python solver's generalised
 * "winning ranks" entries; a compiled node is cheap enough that the extra
 * nodes do not matter.  It searches exactly the tree of the Python solver
 * made with generalise=False: the same cards in the same order, the same
 * bounds and cuts, and so the same node count (the tests check this).
 *
 * Internal cards: suit * 8 + strength, strength 0-7 (the rank of the card
 * among the cards of its suit that the rules order, the lowest 0), so that a
 * higher bit always beats a lower one of the same suit; a hand is a 32-bit
 * mask, one byte per suit.
 */
#include "solver.h"

#include <stdlib.h>
#include <string.h>

#define FIELD 0xFFu
#define MAXLEADS 16

static uint8_t PEXT8[256][256];  /* PEXT8[u][x]: the bits of x at u's bits, packed */
static uint8_t REP8[256][256];   /* REP8[u][m]: lowest card of each run of m within u */
static uint16_t SPREAD[256];     /* bit i -> bit 2i */
static int tables_ready = 0;

static void init_tables(void) {
    if (tables_ready) return;
    for (int u = 0; u < 256; u++) {
        for (int x = 0; x < 256; x++) {
            int out = 0, k = 0;
            for (int b = 0; b < 8; b++) {
                if (u >> b & 1) {
                    if (x >> b & 1) out |= 1 << k;
                    k++;
                }
            }
            PEXT8[u][x] = (uint8_t)out;
            /* representatives: the lowest card of every run of cards of x not
               separated by another card of u */
            int rep = 0, inside = 0;
            for (int b = 0; b < 8; b++) {
                if (!(u >> b & 1)) continue;
                if (x >> b & 1) {
                    if (!inside) rep |= 1 << b;
                    inside = 1;
                } else {
                    inside = 0;
                }
            }
            REP8[u][x] = (uint8_t)rep;
        }
    }
    for (int x = 0; x < 256; x++) {
        int s = 0;
        for (int b = 0; b < 8; b++)
            if (x >> b & 1) s |= 1 << (2 * b);
        SPREAD[x] = (uint16_t)s;
    }
    tables_ready = 1;
}

#if defined(_MSC_VER) && !defined(__clang__)
#include <intrin.h>
static inline int popc(uint32_t x) {
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    return (int)((((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}
static inline int ctz32(uint32_t x) {
    unsigned long i;
    _BitScanForward(&i, x);
    return (int)i;
}
static inline int clz32(uint32_t x) {
    unsigned long i;
    _BitScanReverse(&i, x);
    return 31 - (int)i;
}
static inline int ctz64(uint64_t x) {
    return (uint32_t)x ? ctz32((uint32_t)x) : 32 + ctz32((uint32_t)(x >> 32));
}
#else
static inline int popc(uint32_t x) { return __builtin_popcount(x); }
static inline int ctz32(uint32_t x) { return __builtin_ctz(x); }
static inline int clz32(uint32_t x) { return __builtin_clz(x); }
static inline int ctz64(uint64_t x) { return __builtin_ctzll(x); }
#endif
static inline int bitlen(uint32_t x) { return x ? 32 - clz32(x) : 0; }
static inline uint32_t lowbit(uint32_t x) { return x & (0u - x); }
static inline uint32_t shr(uint32_t x, int n) { return n >= 32 ? 0 : x >> n; }
static inline uint32_t field(uint32_t h, int i) { return h >> (8 * i) & FIELD; }
/* the cards above c (all suits' bits above it; callers mask by suit) */
static inline uint32_t above(int c) { return c >= 31 ? 0 : ~0u << (c + 1); }

typedef struct {
    uint64_t code;
    uint8_t leader;  /* leader + 1; 0 = empty slot */
    int8_t lb, ub;
    uint8_t hint;    /* (suit << 4 | cards out above the best lead) + 1; 0 = none */
    uint8_t bounded; /* sure bounds worked out */
    uint8_t pad[3];
} Entry;

struct ps_solver {
    /* setting */
    int trump, must_trump, must_over, ot_all, ot_trump, ot_any, by_led;
    int declarer, out, betl, nact;
    int active[3];
    int next[3];
    int others[3][2];
    int nothers[3];
    int partner[3];
    int want[3];
    uint32_t tm;        /* the trump suit's field, or 0 */
    uint8_t to_int[64]; /* card -> internal card, 0xFF when the rules leave it out */
    int8_t from_int[32];
    /* table */
    Entry *tt;
    size_t cap, count, max_entries;
    int killer[48];
    uint64_t nodes;
    /* loaded position */
    uint32_t H[3];
    int leader;
    int trick[3];
    int ntrick;
};

/* ------------------------------------------------------------------------ */
/* Setting                                                                  */
/* ------------------------------------------------------------------------ */

static int tt_alloc(ps_solver *s, size_t cap) {
    Entry *t = (Entry *)calloc(cap, sizeof(Entry));
    if (!t) return 0;
    free(s->tt);
    s->tt = t;
    s->cap = cap;
    s->count = 0;
    return 1;
}

ps_solver *ps_create(const ps_rules *rules, int declarer, int out, int goal,
                     size_t max_entries) {
    init_tables();
    if (!rules || declarer < 0 || declarer > 2 || out < -1 || out > 2 || out == declarer
        || (goal != PS_GOAL_TRICKS && goal != PS_GOAL_BETL) || rules->trump < -1
        || rules->trump > 3 || rules->overtake < 0 || rules->overtake > 2)
        return NULL;
    ps_solver *s = (ps_solver *)calloc(1, sizeof(ps_solver));
    if (!s) return NULL;
    memset(s->to_int, 0xFF, sizeof s->to_int);
    memset(s->from_int, -1, sizeof s->from_int);
    for (int suit = 0; suit < 4; suit++) {
        int cards[16], n = 0;
        for (int r = 0; r < 16; r++) {
            int c = suit * 16 + r;
            if (rules->strength[c] >= 0) cards[n++] = c;
        }
        if (n > 8) {
            free(s);
            return NULL;
        }
        /* sort by strength, the weakest first */
        for (int i = 1; i < n; i++) {
            int c = cards[i], j = i;
            while (j > 0 && rules->strength[cards[j - 1]] > rules->strength[c]) {
                cards[j] = cards[j - 1];
                j--;
            }
            cards[j] = c;
        }
        for (int i = 0; i < n; i++) {
            s->to_int[cards[i]] = (uint8_t)(suit * 8 + i);
            s->from_int[suit * 8 + i] = (int8_t)cards[i];
        }
    }
    s->trump = rules->trump;
    s->tm = rules->trump >= 0 ? FIELD << (8 * rules->trump) : 0;
    s->must_trump = rules->must_trump && rules->trump >= 0;
    s->must_over = rules->must_overtrump && rules->trump >= 0;
    s->ot_all = rules->overtake == PS_OVERTAKE_ALWAYS;
    s->ot_trump = rules->overtake == PS_OVERTAKE_TRUMP_LEAD;
    s->ot_any = s->ot_all || s->ot_trump;
    s->by_led = !(s->ot_any || s->must_over);
    s->declarer = declarer;
    s->out = out;
    s->betl = goal == PS_GOAL_BETL;
    s->nact = 0;
    for (int i = 0; i < 3; i++)
        if (i != out) s->active[s->nact++] = i;
    for (int i = 0; i < 3; i++) s->next[i] = s->partner[i] = -1;
    for (int i = 0; i < s->nact; i++) s->next[s->active[i]] = s->active[(i + 1) % s->nact];
    for (int x = 0; x < 3; x++) {
        s->nothers[x] = 0;
        for (int i = 0; i < s->nact; i++)
            if (s->active[i] != x) s->others[x][s->nothers[x]++] = s->active[i];
        s->want[x] = (x == declarer) != s->betl;
    }
    if (s->nact == 3)
        for (int x = 0; x < 3; x++)
            if (x != declarer) s->partner[x] = 3 - x - declarer;
    for (int i = 0; i < 48; i++) s->killer[i] = -1;
    s->max_entries = max_entries < 16 ? 16 : max_entries;
    if (!tt_alloc(s, 4096)) {
        free(s);
        return NULL;
    }
    return s;
}

void ps_destroy(ps_solver *s) {
    if (!s) return;
    free(s->tt);
    free(s);
}

void ps_clear(ps_solver *s) {
    memset(s->tt, 0, s->cap * sizeof(Entry));
    s->count = 0;
}

uint64_t ps_nodes(const ps_solver *s) { return s->nodes; }

size_t ps_memory(const ps_solver *s) { return sizeof *s + s->cap * sizeof(Entry); }

/* ------------------------------------------------------------------------ */
/* Transposition table: exact layouts in relative ranks                     */
/* ------------------------------------------------------------------------ */

static inline uint64_t layout(const ps_solver *s) {
    uint32_t a = s->H[0], b = s->H[1], c = s->H[2];
    uint32_t u = a | b | c;
    uint64_t code = 0;
    for (int i = 0; i < 4; i++) {
        uint32_t uf = field(u, i);
        if (!uf) continue;
        /* two bits per card still out, the lowest first: 1, 2 or 3 by holder */
        uint32_t x = SPREAD[PEXT8[uf][field(a | c, i)]] | (uint32_t)SPREAD[PEXT8[uf][field(b | c, i)]] << 1;
        code |= (uint64_t)x << (16 * i);
    }
    return code;
}

static inline size_t slot_of(uint64_t code, int leader, size_t cap) {
    uint64_t h = (code ^ ((uint64_t)leader << 62)) * 0x9E3779B97F4A7C15ull;
    h ^= h >> 29;
    return (size_t)h & (cap - 1);
}

static int tt_grow(ps_solver *s) {
    size_t cap = s->cap * 2;
    Entry *t = (Entry *)calloc(cap, sizeof(Entry));
    if (!t) return 0;
    for (size_t i = 0; i < s->cap; i++) {
        Entry *e = &s->tt[i];
        if (!e->leader) continue;
        size_t j = slot_of(e->code, e->leader - 1, cap);
        while (t[j].leader) j = (j + 1) & (cap - 1);
        t[j] = *e;
    }
    free(s->tt);
    s->tt = t;
    s->cap = cap;
    return 1;
}

/* The entry of (code, leader), created empty (bounds 0..r) when missing. */
static Entry *tt_get(ps_solver *s, uint64_t code, int leader, int r) {
    size_t j = slot_of(code, leader, s->cap);
    for (;;) {
        Entry *e = &s->tt[j];
        if (!e->leader) break;
        if (e->code == code && e->leader == leader + 1) return e;
        j = (j + 1) & (s->cap - 1);
    }
    if (s->count >= s->max_entries) {
        ps_clear(s);
    } else if (2 * (s->count + 1) > s->cap) {
        if (!tt_grow(s)) ps_clear(s);
    } else {
        goto insert;
    }
    j = slot_of(code, leader, s->cap);
    while (s->tt[j].leader) j = (j + 1) & (s->cap - 1);
insert:;
    Entry *e = &s->tt[j];
    e->code = code;
    e->leader = (uint8_t)(leader + 1);
    e->lb = 0;
    e->ub = (int8_t)r;
    e->hint = 0;
    e->bounded = 0;
    s->count++;
    return e;
}

/* ------------------------------------------------------------------------ */
/* Rules of play on internal cards                                          */
/* ------------------------------------------------------------------------ */

static inline int beats(const ps_solver *s, int c, int best) {
    return (c >> 3) == (best >> 3) ? c > best : (c >> 3) == s->trump;
}

static inline uint32_t legal(const ps_solver *s, uint32_t h, int led, int best) {
    uint32_t f = h & (FIELD << (8 * led));
    if (f) {
        if (s->ot_any && (s->ot_all || led == s->trump) && (best >> 3) == led) {
            uint32_t hi = f & above(best);
            if (hi) return hi;
        }
        return f;
    }
    if (s->must_trump) {
        uint32_t t = h & s->tm;
        if (t) {
            if (s->must_over && (best >> 3) == s->trump) {
                uint32_t hi = t & above(best);
                if (hi) return hi;
            }
            return t;
        }
    }
    return h;
}

static inline uint32_t reps(uint32_t moves, uint32_t u) {
    uint32_t out = 0;
    for (int i = 0; i < 4; i++) {
        uint32_t m = field(moves, i);
        if (m) out |= (uint32_t)REP8[field(u, i)][m] << (8 * i);
    }
    return out;
}

/* ------------------------------------------------------------------------ */
/* Sure bounds                                                              */
/* ------------------------------------------------------------------------ */

/* Tricks the leader can cash at once from the top, leaving out suit skip. */
static int quick(const ps_solver *s, int leader, int skip) {
    uint32_t h = s->H[leader];
    uint32_t hx = s->H[s->others[leader][0]];
    uint32_t hy = s->nothers[leader] > 1 ? s->H[s->others[leader][1]] : 0;
    uint32_t o = hx | hy;
    int tx = s->tm && (hx & s->tm);
    int ty = s->tm && (hy & s->tm);
    int qt = 0;
    for (int i = 0; i < 4; i++) {
        uint32_t m = field(h, i);
        if (!m || i == skip) continue;
        uint32_t of = field(o, i);
        int k, nx, ny;
        if (of) {
            k = popc(m >> bitlen(of));
            if (!k) continue;
            nx = popc(field(hx, i));
            ny = popc(field(hy, i));
            if (k >= nx && k >= ny) k = popc(m);
        } else {
            k = popc(m);
            nx = ny = 0;
        }
        if (i != s->trump) {
            if (tx && nx < k) k = nx;
            if (ty && ny < k) k = ny;
        }
        qt += k;
    }
    return qt;
}

/* A defender on lead leading low to his partner's top card of a suit, then
   the partner cashing his own winners. */
static int partner_quick(const ps_solver *s, int leader) {
    int p = s->partner[leader];
    if (p < 0) return 0;
    uint32_t hl = s->H[leader], hp = s->H[p], d = s->H[s->declarer];
    int best = 0;
    for (int i = 0; i < 4; i++) {
        uint32_t pf = field(hp, i), lf = field(hl, i);
        if (!pf || !lf) continue;
        int ptop = bitlen(pf);
        uint32_t df = field(d, i);
        if (bitlen(df) > ptop || !(lf & ((1u << (ptop - 1)) - 1))) continue;
        if (s->tm && i != s->trump && !df && (d & s->tm)) continue;
        int q = quick(s, p, i);
        if (q + 1 > best) best = q + 1;
    }
    return best;
}

static void tricks_bounds(const ps_solver *s, int leader, int r, int *lbp, int *ubp) {
    int qt = quick(s, leader, -1);
    int lb, ub;
    if (s->tm) {
        int decl = s->declarer;
        uint32_t d = s->H[decl] & s->tm;
        int dtop = bitlen(d);
        int dsure = 0;
        uint32_t o = 0;
        for (int k = 0; k < s->nothers[decl]; k++) {
            uint32_t t = s->H[s->others[decl][k]] & s->tm;
            o |= t;
            int n = dtop ? popc(shr(t, dtop)) : popc(t);
            if (n > dsure) dsure = n;
        }
        if (o)
            lb = popc(shr(d, bitlen(o)));
        else
            lb = popc(d);
        ub = r - dsure;
    } else {
        lb = 0;
        ub = r;
    }
    if (leader == s->declarer) {
        if (qt > lb) lb = qt;
    } else {
        int pq = partner_quick(s, leader);
        if (pq > qt) qt = pq;
        if (r - qt < ub) ub = r - qt;
    }
    *lbp = lb;
    *ubp = ub;
}

/* 1 when the declarer's cards df of a suit can always go under the defenders'
   cards of: sorted from the lowest, his i-th card below their i-th. */
static int escape(uint32_t df, uint32_t of) {
    while (df && of) {
        uint32_t dl = lowbit(df), el = lowbit(of);
        if (dl > el) return 0;
        df ^= dl;
        of ^= el;
    }
    return 1;
}

static void betl_bounds(const ps_solver *s, int leader, int r, int *lbp, int *ubp) {
    int lb = 0, ub = r;
    *lbp = lb;
    *ubp = ub;
    if (s->ot_any || s->tm) return;
    int decl = s->declarer;
    uint32_t d = s->H[decl];
    const int *others = s->others[decl];
    int nothers = s->nothers[decl];
    uint32_t o = 0;
    for (int k = 0; k < nothers; k++) o |= s->H[others[k]];
    int bad = -1;
    for (int i = 0; i < 4; i++) {
        uint32_t df = field(d, i), of = field(o, i);
        if (df && of && !escape(df, of)) {
            if (bad >= 0) {
                bad = 9;
                break;
            }
            bad = i;
        }
    }
    if (bad != 9) {
        if (leader != decl) {
            if (bad < 0) {
                *lbp = 0;
                *ubp = 0;
                return;
            }
        } else {
            for (int i = bad >= 0 ? bad : 0; i < (bad >= 0 ? bad + 1 : 4); i++) {
                uint32_t df = field(d, i);
                if (!df) continue;
                uint32_t thr = 0;
                for (int k = 0; k < nothers; k++) {
                    uint32_t xf = field(s->H[others[k]], i);
                    if (xf && lowbit(xf) > thr) thr = lowbit(xf);
                }
                if (!thr) continue;
                uint32_t safe = df & (thr - 1);
                if (!safe) continue;
                int top = bitlen(safe) - 1;
                uint32_t rest = df ^ (1u << top);
                uint32_t of = field(o, i);
                if (rest && of && !escape(rest, of)) continue;
                *lbp = 0;
                *ubp = 0;
                return;
            }
        }
    }
    if (leader == decl) {
        int alltop = 1, caught = 1;
        for (int i = 0; i < 4; i++) {
            uint32_t df = field(d, i);
            if (!df) continue;
            uint32_t low = lowbit(df);
            uint32_t mx = 0;
            for (int k = 0; k < nothers; k++) {
                uint32_t xf = field(s->H[others[k]], i);
                if (!xf) continue;
                if (xf > mx) mx = xf;
                if (lowbit(xf) > low) {
                    if (ub == r) ub = r - 1;
                    caught = 0;
                }
            }
            if (mx && mx > low) alltop = 0;
        }
        if (alltop) {
            lb = r;
            ub = r;
        } else if (caught) {
            lb = 1;
        }
        *lbp = lb;
        *ubp = ub;
        return;
    }
    uint32_t h = s->H[leader];
    int partner = s->partner[leader];
    int second = partner;
    int duck = 1;
    for (int i = 0; i < 4; i++) {
        uint32_t df = field(d, i), mf = field(h, i);
        if (df && mf) {
            uint32_t dl = lowbit(df), ml = lowbit(mf);
            if (dl > ml) {
                uint32_t sf = second >= 0 ? field(s->H[second], i) : 0;
                if (lowbit(sf) > dl) continue;
                duck = 0;
                break;
            }
        }
    }
    if (duck) {
        ub = r - 1;
    } else if (r >= 2) {
        for (int i = 0; i < 4 && ub == r; i++) {
            uint32_t df = field(d, i);
            if (!df) continue;
            uint32_t dl = lowbit(df);
            for (int k = 0; k < nothers; k++) {
                int x = others[k];
                uint32_t xf = field(s->H[x], i);
                if (!xf || lowbit(xf) < dl) continue;
                if (x != leader && (xf & (xf - 1)) == 0) {
                    uint32_t hx = s->H[x];
                    int thrown = 0;
                    for (int t = 0; t < 4; t++)
                        if (t != i && field(h, t) && !field(hx, t)) thrown = 1;
                    if (thrown) continue;
                }
                ub = r - 1;
                break;
            }
        }
    }
    for (int i = 0; i < 4; i++) {
        uint32_t df = field(d, i), mf = field(h, i);
        if (!df || !mf) continue;
        uint32_t dlow = lowbit(df);
        if (lowbit(mf) > dlow) continue;
        if (partner < 0) {
            lb = 1;
            break;
        }
        uint32_t pf = field(s->H[partner], i);
        if (!pf || lowbit(pf) < dlow) {
            lb = 1;
            break;
        }
    }
    *lbp = lb;
    *ubp = ub;
}

/* ------------------------------------------------------------------------ */
/* Move ordering                                                            */
/* ------------------------------------------------------------------------ */

/* Leads, most promising first (a port of the Python order_lead). */
static int order_lead(const ps_solver *s, int leader, uint32_t moves, int hint, int *out) {
    uint32_t h = s->H[leader];
    const int *others = s->others[leader];
    int nothers = s->nothers[leader];
    uint32_t o = 0;
    for (int k = 0; k < nothers; k++) o |= s->H[others[k]];
    int sc[MAXLEADS], cd[MAXLEADS], n = 0;
    if (s->betl) {
        uint32_t d = s->H[s->declarer];
        if (leader == s->declarer) {
            for (int i = 0; i < 4; i++) {
                uint32_t m = field(moves, i);
                if (!m) continue;
                uint32_t of = field(o, i);
                uint32_t sure = 0;
                for (int k = 0; k < nothers; k++) {
                    uint32_t xf = field(s->H[others[k]], i);
                    if (xf && lowbit(xf) > sure) sure = lowbit(xf);
                }
                while (m) {
                    int top = bitlen(m) - 1;
                    m ^= 1u << top;
                    int v;
                    if ((sure >> top) > 1)
                        v = 200 + top;
                    else
                        v = (of >> top) ? 100 + top : top;
                    sc[n] = v;
                    cd[n++] = 8 * i + top;
                }
            }
        } else {
            for (int i = 0; i < 4; i++) {
                uint32_t m = field(moves, i);
                if (!m) continue;
                uint32_t df = field(d, i);
                while (m) {
                    int low = ctz32(m);
                    m &= m - 1;
                    sc[n] = (df ? 100 : 0) - low;
                    cd[n++] = 8 * i + low;
                }
            }
        }
    } else {
        int want = s->want[leader];
        int partner = s->partner[leader];
        uint32_t hp = partner >= 0 ? s->H[partner] : 0;
        int ruffers = 0;
        if (s->tm)
            for (int k = 0; k < nothers; k++) {
                int x = others[k];
                if ((x == s->declarer) != want && (s->H[x] & s->tm)) ruffers |= 1 << x;
            }
        for (int i = 0; i < 4; i++) {
            uint32_t m = field(moves, i);
            if (!m) continue;
            uint32_t of = field(o, i);
            int ruff = 0;
            if (ruffers && i != s->trump)
                for (int k = 0; k < nothers; k++) {
                    int x = others[k];
                    if ((ruffers >> x & 1) && !field(s->H[x], i)) ruff = 1;
                }
            int base;
            if (ruff) {
                base = -20;
            } else {
                uint32_t pf = field(hp, i);
                if (pf && bitlen(pf) >= bitlen(of))
                    base = 100;
                else
                    base = popc(field(h, i));
            }
            int ofl = bitlen(of);
            while (m) {
                int low = ctz32(m);
                m &= m - 1;
                sc[n] = (!ruff && low >= ofl) ? 200 + low : base - low;
                cd[n++] = 8 * i + low;
            }
        }
    }
    /* sort: higher score first, ties by the higher card */
    for (int i = 1; i < n; i++) {
        int v = sc[i], c = cd[i], j = i;
        while (j > 0 && (sc[j - 1] < v || (sc[j - 1] == v && cd[j - 1] < c))) {
            sc[j] = sc[j - 1];
            cd[j] = cd[j - 1];
            j--;
        }
        sc[j] = v;
        cd[j] = c;
    }
    /* the last lead that refuted at this depth, then the table's best lead */
    int firsts[2] = {s->killer[leader * 16 + popc(h)], hint};
    for (int f = 0; f < 2; f++) {
        int k = firsts[f];
        if (k < 0 || !(moves >> k & 1) || cd[0] == k) continue;
        int j = 0;
        while (cd[j] != k) j++;
        for (; j > 0; j--) cd[j] = cd[j - 1];
        cd[0] = k;
    }
    for (int i = 0; i < n; i++) out[i] = cd[i];
    return n;
}

/* A follower's cards, most promising first. */
static int forder(const ps_solver *s, uint32_t moves, int led, int best, int bseat, int want,
                  int *out) {
    uint32_t win;
    if ((best >> 3) == led) {
        win = moves & (FIELD << (8 * led)) & above(best);
        if (s->tm && led != s->trump) win |= moves & s->tm;
    } else if (s->tm) {
        win = moves & s->tm & above(best);
    } else {
        win = 0;
    }
    uint32_t lose = moves ^ win;
    int n = 0;
    if (s->betl) { /* losers before winners, high cards first */
        for (uint32_t x = lose; x; x ^= 1u << (bitlen(x) - 1)) out[n++] = bitlen(x) - 1;
        for (uint32_t x = win; x; x ^= 1u << (bitlen(x) - 1)) out[n++] = bitlen(x) - 1;
    } else {
        uint32_t first = ((bseat == s->declarer) == want) ? lose : win;
        uint32_t second = first ^ moves;
        for (uint32_t x = first; x; x &= x - 1) out[n++] = ctz32(x);
        for (uint32_t x = second; x; x &= x - 1) out[n++] = ctz32(x);
    }
    return n;
}

/* ------------------------------------------------------------------------ */
/* Search                                                                   */
/* ------------------------------------------------------------------------ */

static int boundary(ps_solver *s, int leader, int need);

/* Seat plays the (npos + 1)-th card of a trick; 1 when the declarer then takes
   at least need of the tricks left (this one included). */
static int follow(ps_solver *s, int seat, int need, int led, int best, int bseat, uint32_t u,
                  int npos) {
    uint32_t h = s->H[seat];
    int want = s->want[seat];
    uint32_t moves = reps(legal(s, h, led, best), u);
    int last = npos + 1 == s->nact;
    int order[MAXLEADS], n;
    if (moves & (moves - 1)) {
        n = forder(s, moves, led, best, bseat, want, order);
    } else {
        order[0] = ctz32(moves);
        n = 1;
    }
    for (int i = 0; i < n; i++) {
        int c = order[i];
        s->nodes += !last; /* counted as the Python solver counts: not the last card */
        s->H[seat] = h ^ (1u << c);
        int nb = best, ns = bseat;
        if (beats(s, c, best)) {
            nb = c;
            ns = seat;
        }
        int res;
        if (last)
            res = boundary(s, ns, ns == s->declarer ? need - 1 : need);
        else
            res = follow(s, s->next[seat], need, led, nb, ns, u, npos + 1);
        s->H[seat] = h;
        if (res == want) return want;
    }
    return !want;
}

static int last_trick(const ps_solver *s, int leader) {
    int best = bitlen(s->H[leader]) - 1, bseat = leader;
    for (int seat = s->next[leader]; seat != leader; seat = s->next[seat]) {
        int x = bitlen(s->H[seat]) - 1;
        if (beats(s, x, best)) {
            best = x;
            bseat = seat;
        }
    }
    return bseat == s->declarer;
}

/* At a trick boundary: does the declarer take at least need of the rest? */
static int boundary(ps_solver *s, int leader, int need) {
    if (need <= 0) return 1;
    uint32_t h = s->H[leader];
    int r = popc(h);
    if (need > r) return 0;
    if (r == 1) return last_trick(s, leader) >= need;
    uint64_t code = layout(s);
    Entry *e = tt_get(s, code, leader, r);
    if (e->lb >= need) return 1;
    if (e->ub < need) return 0;
    if (!e->bounded) {
        int lb, ub;
        e->bounded = 1;
        if (s->betl)
            betl_bounds(s, leader, r, &lb, &ub);
        else
            tricks_bounds(s, leader, r, &lb, &ub);
        if (lb > e->lb) e->lb = (int8_t)lb;
        if (ub < e->ub) e->ub = (int8_t)ub;
        if (e->lb >= need) return 1;
        if (e->ub < need) return 0;
    }
    uint32_t u = s->H[0] | s->H[1] | s->H[2];
    int hc = -1;
    if (e->hint) {
        int hint = e->hint - 1;
        int suit = hint >> 4, k = hint & 15;
        uint32_t m = field(h, suit), uf = field(u, suit);
        while (m) {
            int top = bitlen(m) - 1;
            m ^= 1u << top;
            if (popc(shr(uf, top + 1)) == k) {
                hc = 8 * suit + top;
                break;
            }
        }
    }
    int w1 = s->want[leader];
    int result = !w1;
    uint32_t lead_reps = reps(h, u);
    int leads[MAXLEADS], n;
    int pending;
    int first = (hc >= 0 && (lead_reps >> hc & 1)) ? hc : s->killer[leader * 16 + r];
    if (first >= 0 && (lead_reps >> first & 1)) {
        leads[0] = first;
        n = 1;
        pending = 1;
    } else {
        n = order_lead(s, leader, lead_reps, hc, leads);
        pending = 0;
    }
    int c1 = -1;
    s->nodes++; /* the position itself, searched */
    for (int i = 0; i < n; i++) {
        c1 = leads[i];
        s->nodes++;
        s->H[leader] = h ^ (1u << c1);
        int res = follow(s, s->next[leader], need, c1 >> 3, c1, leader, u, 1);
        s->H[leader] = h;
        if (res == w1) {
            result = w1;
            break;
        }
        if (pending) { /* the first lead did not do: order the others */
            int rest[MAXLEADS];
            int m = order_lead(s, leader, lead_reps, hc, rest);
            pending = 0;
            for (int j = 0; j < m; j++)
                if (rest[j] != c1) leads[n++] = rest[j];
        }
    }
    int hint = -1;
    if (result == w1) {
        s->killer[leader * 16 + r] = c1;
        int suit = c1 >> 3;
        hint = suit << 4 | popc(shr(field(u, suit), (c1 & 7) + 1));
    }
    /* the table may have grown or been cleared meanwhile: find the entry again */
    e = tt_get(s, code, leader, r);
    if (result) {
        if (need > e->lb) e->lb = (int8_t)need;
    } else {
        if (need - 1 < e->ub) e->ub = (int8_t)(need - 1);
    }
    if (hint >= 0) e->hint = (uint8_t)(hint + 1);
    return result;
}

/* ------------------------------------------------------------------------ */
/* Drivers                                                                  */
/* ------------------------------------------------------------------------ */

int ps_load(ps_solver *s, const uint64_t hands[3], int leader, const int *trick, int ntrick) {
    if (leader < 0 || leader > 2 || leader == s->out || ntrick < 0 || ntrick >= s->nact)
        return PS_ERR_POSITION;
    for (int x = 0; x < 3; x++) {
        uint32_t m = 0;
        uint64_t hx = x == s->out ? 0 : hands[x];
        while (hx) {
            int c = ctz64(hx);
            hx &= hx - 1;
            if (s->to_int[c] == 0xFF) return PS_ERR_CARD;
            m |= 1u << s->to_int[c];
        }
        s->H[x] = m;
    }
    for (int i = 0; i < ntrick; i++) {
        int c = trick[i];
        if (c < 0 || c > 63 || s->to_int[c] == 0xFF) return PS_ERR_CARD;
        s->trick[i] = s->to_int[c];
    }
    /* hand sizes must match the trick in progress */
    int seat = leader, after = popc(s->H[leader]) + (ntrick ? 1 : 0);
    for (int i = 0; i < s->nact; i++) {
        int expect = i < ntrick ? after - 1 : after;
        if (popc(s->H[seat]) != expect || expect > 10) return PS_ERR_POSITION;
        seat = s->next[seat];
    }
    s->leader = leader;
    s->ntrick = ntrick;
    return PS_OK;
}

static int remaining(const ps_solver *s, int leader, int ntrick) {
    return popc(s->H[leader]) + (ntrick ? 1 : 0);
}

/* Null-window search from the loaded hands with trick[0..ntrick) in progress. */
static int search(ps_solver *s, int leader, const int *trick, int ntrick, int need) {
    if (!ntrick) return boundary(s, leader, need);
    s->nodes++; /* the root, in the middle of a trick */
    int best = trick[0], bseat = leader, seat = leader;
    uint32_t u = s->H[0] | s->H[1] | s->H[2] | 1u << trick[0];
    for (int i = 1; i < ntrick; i++) {
        seat = s->next[seat];
        if (beats(s, trick[i], best)) {
            best = trick[i];
            bseat = seat;
        }
        u |= 1u << trick[i];
    }
    return follow(s, s->next[seat], need, trick[0] >> 3, best, bseat, u, ntrick);
}

static int value(ps_solver *s, int leader, const int *trick, int ntrick, int lo, int hi,
                 int guess) {
    if (hi < 0) hi = remaining(s, leader, ntrick);
    int g;
    if (guess < 0)
        g = s->betl ? 1 : (lo + hi + 1) / 2;
    else
        g = guess;
    while (lo < hi) {
        if (g < lo + 1) g = lo + 1;
        if (g > hi) g = hi;
        if (search(s, leader, trick, ntrick, g)) {
            lo = g;
            g++;
        } else {
            hi = g - 1;
            g--;
        }
    }
    return lo;
}

int ps_value(ps_solver *s) {
    return value(s, s->leader, s->trick, s->ntrick, 0, -1, -1);
}

int ps_at_least(ps_solver *s, int need) {
    if (need <= 0) return 1;
    if (need > remaining(s, s->leader, s->ntrick)) return 0;
    return search(s, s->leader, s->trick, s->ntrick, need);
}

int ps_table(ps_solver *s, int cards[16], int values[16]) {
    int leader = s->leader, ntrick = s->ntrick;
    int trick[3];
    memcpy(trick, s->trick, sizeof trick);
    if (remaining(s, leader, ntrick) == 0) return 0;
    int seats[3];
    seats[0] = leader;
    for (int i = 1; i < s->nact; i++) seats[i] = s->next[seats[i - 1]];
    int seat = seats[ntrick];
    uint32_t h = s->H[seat];
    uint32_t moves;
    int best = -1;
    if (ntrick) {
        best = trick[0];
        for (int i = 1; i < ntrick; i++)
            if (beats(s, trick[i], best)) best = trick[i];
        moves = legal(s, h, trick[0] >> 3, best);
    } else {
        moves = h;
    }
    uint32_t u = s->H[0] | s->H[1] | s->H[2];
    for (int i = 0; i < ntrick; i++) u |= 1u << trick[i];
    int root = value(s, leader, trick, ntrick, 0, -1, -1);
    int maximiser = (seat == s->declarer) != s->betl;
    uint32_t rp = reps(moves, u);
    int repval[32];
    /* the representatives, highest first */
    for (uint32_t x = rp; x; x ^= 1u << (bitlen(x) - 1)) {
        int c = bitlen(x) - 1;
        s->H[seat] = h ^ (1u << c);
        int t[3];
        memcpy(t, trick, sizeof t);
        t[ntrick] = c;
        int credit = 0, after = leader, nt = ntrick + 1;
        if (nt == s->nact) {
            int b = t[0], bi = 0;
            for (int i = 1; i < nt; i++)
                if (beats(s, t[i], b)) {
                    b = t[i];
                    bi = i;
                }
            after = seats[bi];
            credit = after == s->declarer;
            nt = 0;
        }
        int v;
        if (maximiser)
            v = value(s, after, t, nt, 0, root - credit, root - credit);
        else
            v = value(s, after, t, nt, root - credit > 0 ? root - credit : 0, -1,
                      root - credit + 1);
        repval[c] = credit + v;
        s->H[seat] = h;
    }
    /* every legal card takes the value of its run's representative; the
       cards in the engine's card order (suit by suit, high to low) */
    int n = 0;
    for (int suit = 0; suit < 4; suit++) {
        int sc[8], sv[8], k = 0;
        for (int b = 0; b < 8; b++) {
            int c = 8 * suit + b;
            if (!(moves >> c & 1)) continue;
            int r = c;
            while (!(rp >> r & 1)) r--;
            sc[k] = s->from_int[c];
            sv[k++] = repval[r];
        }
        /* by card number, high to low */
        for (int i = 1; i < k; i++) {
            int c = sc[i], v = sv[i], j = i;
            while (j > 0 && sc[j - 1] < c) {
                sc[j] = sc[j - 1];
                sv[j] = sv[j - 1];
                j--;
            }
            sc[j] = c;
            sv[j] = v;
        }
        for (int i = 0; i < k; i++) {
            cards[n] = sc[i];
            values[n++] = sv[i];
        }
    }
    return n;
}
