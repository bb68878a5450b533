/* The exact double-dummy trick count of a Batak deal, in C: the native core behind
 * ``batak_core.ai.native`` (built by ``compiled.py`` where a C compiler exists).
 *
 * It knows no rule of its own. Which cards may be played comes from tables that
 * ``native.py`` fills by asking ``legality.narrowing`` (the rules' one definition) about every
 * suit pattern; what the search does with them follows ``solver.Search`` (zero-window tests
 * from the top, the sure-trick bounds, the mid-trick cut, the move order), with one
 * simplification: its transposition table keys a trick-boundary position by the holders of
 * every live card in rank order (relative ranks), not by the partition of the cards that
 * decided a result. So it visits more nodes than ``solver.Search`` and spends far less on each;
 * the values are the same (tests compare them position by position).
 *
 * Cards are 0..51, suit * 13 + rank (rank 0 is the two); a hand is a 52-bit mask.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t u64;
#define POP(x) __builtin_popcountll(x)
#define HIGH(x) (63 - __builtin_clzll(x))
#define LOW(x) __builtin_ctzll(x)

/* The legality tables, filled from ``legality.narrowing`` (see native.py for their layout). */
typedef struct {
    const uint16_t *lead;    /* [broken 2][has side cards 2][trump pattern 8192]: trumps allowed | 1 << 13 side cards allowed */
    const uint16_t *follow;  /* [led is trump 2][trumped 2][top led rank 13][pattern 8192]: cards of the led suit allowed */
    const uint16_t *ruff;    /* [top trump rank + 1: 14][trump pattern 8192]: trumps allowed, or 1 << 13 the whole hand */
    int breaks[3];           /* a trump played breaks trump: [0] as the lead, [1] on a trump lead, [2] on a side suit */
    int broken_matters;      /* whether "trump is broken" can change what may be led */
    int raw_trump;           /* the trump suit's absolute ranks decide (the A-K-Q lead exception) */
} Tables;

typedef struct {
    u64 k0, k1;    /* relative-rank key of the hands */
    uint16_t raw;  /* the trump suit's absolute pattern where it decides (else 0) */
    uint8_t flags, lo, hi, best, used, left;
} Entry;

typedef struct {
    const Tables *t;
    int trump;
    u64 tm;       /* the trump suit's mask (0 without trump) */
    int side;     /* seat mask of the declarer side */
    u64 h[4];
    int left;     /* cards each hand holds at the start of the current trick */
    long long nodes, limit;
    int limit_hit;
    Entry *tt;
    u64 tt_mask;
    long long tt_used;
    int last_best;
} Ctx;

static u64 SUIT_MASK[4];
static u64 ABOVE[52];

static void init_masks(void) {
    for (int s = 0; s < 4; s++) SUIT_MASK[s] = 0x1FFFull << (13 * s);
    for (int c = 0; c < 52; c++) ABOVE[c] = SUIT_MASK[c / 13] & ~((2ull << c) - 1);
}

static u64 legal(const Ctx *c, u64 hand, int broken, int led, int top_led, int top_trump) {
    const Tables *t = c->t;
    int trump = c->trump;
    if (led < 0) {
        if (trump < 0) return hand;
        u64 trumps = hand & c->tm;
        u64 side_cards = hand & ~c->tm;
        unsigned code = t->lead[((broken ? 1 : 0) * 2 + (side_cards ? 1 : 0)) * 8192 + (unsigned)(trumps >> (13 * trump))];
        return ((u64)(code & 0x1FFF) << (13 * trump)) | ((code >> 13) & 1 ? side_cards : 0);
    }
    u64 follow = hand & SUIT_MASK[led];
    if (follow) {
        int trumped = top_trump >= 0 && led != trump;
        unsigned code = t->follow[(((led == trump ? 1 : 0) * 2 + trumped) * 13 + top_led % 13) * 8192
                                  + (unsigned)(follow >> (13 * led))];
        return (u64)code << (13 * led);
    }
    if (trump < 0 || !(hand & c->tm)) return hand;
    unsigned code = t->ruff[(top_trump < 0 ? 0 : top_trump % 13 + 1) * 8192 + (unsigned)((hand & c->tm) >> (13 * trump))];
    if ((code >> 13) & 1) return hand;
    return (u64)code << (13 * trump);
}

static int breaks(const Ctx *c, int card, int led) {
    if (c->trump < 0 || card / 13 != c->trump) return 0;
    return c->t->breaks[led < 0 ? 0 : (led == c->trump ? 1 : 2)];
}

static void advance(int depth, int *led, int *top_led, int *top_trump, int *win, int seat, int card, int trump) {
    int suit = card / 13;
    if (!depth) {
        *led = suit; *top_led = card; *top_trump = suit == trump ? card : -1; *win = seat;
        return;
    }
    if (suit == trump) {
        if (card > *top_trump) { *top_trump = card; *win = seat; }
        if (suit == *led && card > *top_led) *top_led = card;
    } else if (suit == *led && card > *top_led) {
        *top_led = card;
        if (*top_trump < 0) *win = seat;
    }
}

/* Tricks one player's trumps win for its side whatever anyone plays (solver._trump_tricks). */
static int trump_tricks(u64 trumps, u64 beaters) {
    int best = 0, k = 0;
    while (trumps) {
        int card = HIGH(trumps);
        k++;
        int won = k - POP(beaters >> card);
        if (won > best) best = won;
        trumps ^= 1ull << card;
    }
    return best;
}

static void trump_bounds(const Ctx *c, int *sure, int *lost) {
    u64 ours = 0, theirs = 0;
    for (int s = 0; s < 4; s++) {
        if (c->side >> s & 1) ours |= c->h[s] & c->tm; else theirs |= c->h[s] & c->tm;
    }
    *sure = *lost = 0;
    for (int s = 0; s < 4; s++) {
        if (c->side >> s & 1) { int k = trump_tricks(c->h[s] & c->tm, theirs); if (k > *sure) *sure = k; }
        else { int k = trump_tricks(c->h[s] & c->tm, ours); if (k > *lost) *lost = k; }
    }
}

/* Side-suit winners the leader can cash one after another (solver.Search._cashable). */
static int cashable(const Ctx *c, int leader, int pending) {
    u64 mine = c->h[leader];
    u64 rest_all = (c->h[0] | c->h[1] | c->h[2] | c->h[3]) & ~mine;
    int ruffers = 0;
    if (c->tm)
        for (int s = 0; s < 4; s++)
            if (s != leader && (c->h[s] & c->tm)) ruffers |= 1 << s;
    int total = 0;
    for (int suit = 0; suit < 4; suit++) {
        if (SUIT_MASK[suit] == c->tm) continue;
        u64 own = mine & SUIT_MASK[suit];
        if (!own) continue;
        u64 rest = rest_all & SUIT_MASK[suit];
        int run = rest ? POP(own >> (HIGH(rest) + 1)) : POP(own);
        if (run && ruffers)
            for (int s = 0; s < 4; s++)
                if (ruffers >> s & 1) {
                    int k = POP(c->h[s] & SUIT_MASK[suit]) - (pending >> s & 1);
                    if (k < run) run = k < 0 ? 0 : k;
                }
        total += run;
    }
    return total;
}

/* Mid-trick lower bound (solver.Search._won_ahead). */
static int won_ahead(const Ctx *c, int leader, int depth, int led, int top_led, int top_trump, int win, int target) {
    int pending = 0;
    for (int d = depth; d < 4; d++) {
        int s = (leader + d) & 3;
        if (c->side >> s & 1) return 0;
        pending |= 1 << s;
    }
    u64 beaters = top_trump >= 0 ? ABOVE[top_trump] : (ABOVE[top_led] | c->tm);
    for (int d = depth; d < 4; d++) {
        u64 hand = c->h[(leader + d) & 3];
        u64 follow = hand & SUIT_MASK[led];
        if ((follow ? follow : hand) & beaters) return 0;
    }
    if (target <= 1) return 1;
    int sure = 0, lost = 0;
    if (c->tm) trump_bounds(c, &sure, &lost);
    if (target - 1 > sure && target - 1 > sure + cashable(c, win, pending)) return 0;
    return 1;
}

static void relative_key(const Ctx *c, u64 *k0, u64 *k1, unsigned *raw) {
    u64 all = c->h[0] | c->h[1] | c->h[2] | c->h[3];
    u64 part[4];
    for (int suit = 0; suit < 4; suit++) {
        u64 live = all & SUIT_MASK[suit];
        u64 code = (u64)POP(live);
        while (live) {
            int card = HIGH(live);
            live ^= 1ull << card;
            u64 holder = (c->h[1] >> card & 1) | (c->h[2] >> card & 1) * 2 | (c->h[3] >> card & 1) * 3;
            code = code << 2 | holder;
        }
        part[suit] = code;  /* 4 bits of length and 2 bits a card: at most 30 bits */
    }
    *k0 = part[0] | part[1] << 32;
    *k1 = part[2] | part[3] << 32;
    *raw = c->t->raw_trump && c->trump >= 0 ? (unsigned)((all & c->tm) >> (13 * c->trump)) : 0;
}

static u64 slot_of(u64 k0, u64 k1, unsigned raw, int flags) {
    u64 key = k0 * 0x9E3779B97F4A7C15ull ^ k1 * 0xC2B2AE3D27D4EB4Full
              ^ ((u64)raw << 3 | (u64)flags) * 0x165667B19E3779F9ull;
    return key ^ key >> 31;
}

/* Twice the table (entries are a cache: moving them keeps every result). */
static int grow(Ctx *c) {
    u64 size = (c->tt_mask + 1) * 2;
    Entry *table = calloc(size, sizeof(Entry));
    if (!table) return 0;
    for (u64 i = 0; i <= c->tt_mask; i++) {
        Entry *e = &c->tt[i];
        if (e->used) {
            Entry *bucket = &table[slot_of(e->k0, e->k1, e->raw, e->flags) & (size - 1) & ~1ull];
            bucket[bucket[0].used ? 1 : 0] = *e;  /* two to a bucket at most: the old bucket held two */
        }
    }
    free(c->tt);
    c->tt = table;
    c->tt_mask = size - 1;
    return 1;
}

#define TT_MAX_SLOTS (1ull << 22)  /* about 100 MB of 24-byte entries: past it a position replaces another */

static int ply(Ctx *c, int leader, int depth, int led, int top_led, int top_trump, int win, u64 in_trick,
               int broken, int target, int hint);

static int last_trick(const Ctx *c, int leader) {
    int led = -1, top_led = -1, top_trump = -1, win = -1;
    for (int i = 0; i < 4; i++) {
        int s = (leader + i) & 3;
        advance(i, &led, &top_led, &top_trump, &win, s, HIGH(c->h[s]), c->trump);
    }
    return c->side >> win & 1;
}

/* A position lives in one of the two slots of its bucket. */
static Entry *entry_for(Ctx *c, u64 k0, u64 k1, unsigned raw, int flags) {
    Entry *bucket = &c->tt[slot_of(k0, k1, raw, flags) & c->tt_mask & ~1ull];
    for (int i = 0; i < 2; i++) {
        Entry *e = &bucket[i];
        if (e->used && e->flags == flags && e->k0 == k0 && e->k1 == k1 && e->raw == raw) return e;
    }
    return NULL;
}

/* The slot a new position takes: a free one, else the one whose result cost less to find
 * (fewer cards left). */
static Entry *slot_for_new(Ctx *c, u64 k0, u64 k1, unsigned raw, int flags) {
    Entry *bucket = &c->tt[slot_of(k0, k1, raw, flags) & c->tt_mask & ~1ull];
    if (!bucket[0].used) return &bucket[0];
    if (!bucket[1].used) return &bucket[1];
    return bucket[1].left < bucket[0].left ? &bucket[1] : &bucket[0];
}

/* Zero-window test at the start of a trick: can the side take ``target`` more tricks? */
static int boundary(Ctx *c, int leader, int broken, int target) {
    if (target <= 0) return 1;
    int n = c->left;
    if (target > n) return 0;
    if (n == 1) return last_trick(c, leader) >= target;
    int sure = 0, lost = 0;
    if (c->tm) trump_bounds(c, &sure, &lost);
    int cash = cashable(c, leader, 0);
    if (c->side >> leader & 1) sure += cash; else lost += cash;
    if (target <= sure) return 1;
    if (target > n - lost) return 0;
    int flags = leader | (broken && c->t->broken_matters ? 4 : 0);
    u64 k0, k1;
    unsigned raw;
    relative_key(c, &k0, &k1, &raw);
    int hint = -1;
    Entry *e = entry_for(c, k0, k1, raw, flags);
    if (e) {
        if (e->lo >= target) return 1;
        if (e->hi < target) return 0;
        hint = e->best == 255 ? -1 : e->best;
    }
    c->last_best = -1;
    int result = ply(c, leader, 0, -1, -1, -1, -1, 0, broken, target, hint);
    if (c->limit_hit) return 0;
    int best = c->last_best;
    e = entry_for(c, k0, k1, raw, flags);
    if (!e) {
        if (c->tt_used * 4 > (long long)(c->tt_mask + 1) && c->tt_mask + 1 < TT_MAX_SLOTS) grow(c);
        e = slot_for_new(c, k0, k1, raw, flags);
        if (!e->used) c->tt_used++;
        e->used = 1; e->flags = (uint8_t)flags; e->k0 = k0; e->k1 = k1; e->raw = (uint16_t)raw;
        e->lo = 0; e->hi = 13; e->best = 255; e->left = (uint8_t)c->left;
    }
    if (result) { if (e->lo < target) e->lo = (uint8_t)target; }
    else if (e->hi > target - 1) e->hi = (uint8_t)(target - 1);
    if (best >= 0) e->best = (uint8_t)best;
    return result;
}

#define ADD(mask) do { u64 m_ = (mask); while (m_) { out[n++] = LOW(m_); m_ &= m_ - 1; } } while (0)
#define ADD_RANKED(mask) do { u64 m_ = (mask); if (m_) for (int r_ = 0; r_ < 13; r_++) \
        for (int s_ = 0; s_ < 4; s_++) if (m_ >> (13 * s_ + r_) & 1) out[n++] = 13 * s_ + r_; } while (0)

/* One card per equivalence class, the likeliest best first (solver.Search._ordered). */
static int ordered(const Ctx *c, u64 legal_cards, u64 live, int depth, int seat, int top_led, int top_trump,
                   int win, int maximizing, int *out) {
    u64 reps = 0, m = legal_cards;
    while (m) {
        u64 low = m & -m;
        m ^= low;
        u64 above = live & ABOVE[LOW(low)];
        if (!((above & -above) & legal_cards)) reps |= low;
    }
    int n = 0;
    if (!(reps & (reps - 1))) { out[n++] = LOW(reps); return n; }
    u64 tm = c->tm;
    if (!depth) {
        u64 tops = 0;
        for (int suit = 0; suit < 4; suit++) { u64 x = live & SUIT_MASK[suit]; if (x) tops |= 1ull << HIGH(x); }
        u64 ruff = 0;
        if (tm) {
            int mine = c->side >> seat & 1;
            for (int s = 0; s < 4; s++)
                if ((c->side >> s & 1) != mine && (c->h[s] & tm))
                    for (int suit = 0; suit < 4; suit++)
                        if (!(c->h[s] & SUIT_MASK[suit])) ruff |= SUIT_MASK[suit];
            ruff &= ~tm;
        }
        u64 safe = reps & ~ruff & ~tm;
        ADD(safe & tops);
        ADD(reps & tops & tm);
        ADD_RANKED(safe & ~tops);
        ADD(reps & tm & ~tops);
        ADD_RANKED(reps & ruff);
        return n;
    }
    if ((c->side >> win & 1) == maximizing) { ADD_RANKED(reps); return n; }
    u64 beat = top_trump >= 0 ? ABOVE[top_trump] : (ABOVE[top_led] | tm);
    u64 beating = reps & beat;
    if (maximizing && depth < 3 && (beating & (beating - 1))) {
        u64 led_mask = SUIT_MASK[top_led / 13];
        u64 theirs = 0;
        int ruffed = 0;
        for (int i = 1; i < 4 - depth; i++) {
            int s = (seat + i) & 3;
            if (!(c->side >> s & 1)) {
                u64 follow = c->h[s] & led_mask;
                if (follow) theirs |= follow;
                else if ((c->h[s] & tm) && led_mask != tm) { ruffed = 1; break; }
            }
        }
        if (!ruffed) {
            u64 sure = beating & led_mask;
            if (theirs) sure &= ABOVE[HIGH(theirs)];
            if (sure && sure != beating) { ADD(sure); beating &= ~sure; }
        }
    }
    ADD(beating);
    ADD_RANKED(reps & ~beat);
    return n;
}

/* Zero-window test with the trick in progress (possibly empty) and someone to play. */
static int ply(Ctx *c, int leader, int depth, int led, int top_led, int top_trump, int win, u64 in_trick,
               int broken, int target, int hint) {
    if (++c->nodes == c->limit) { c->limit_hit = 1; return 0; }
    if (depth && (c->side >> win & 1) && won_ahead(c, leader, depth, led, top_led, top_trump, win, target)) return 1;
    int seat = (leader + depth) & 3;
    u64 hand = c->h[seat];
    u64 legal_cards = legal(c, hand, broken, led, top_led, top_trump);
    int maximizing = c->side >> seat & 1;
    int moves[13], n;
    if (legal_cards & (legal_cards - 1)) {
        u64 live = c->h[0] | c->h[1] | c->h[2] | c->h[3] | in_trick;
        n = ordered(c, legal_cards, live, depth, seat, top_led, top_trump, win, maximizing, moves);
        if (!depth && hint >= 0)
            for (int i = 0; i < n; i++)
                if (moves[i] == hint) {
                    for (int j = i; j > 0; j--) moves[j] = moves[j - 1];
                    moves[0] = hint;
                    break;
                }
    } else {
        moves[0] = LOW(legal_cards);
        n = 1;
    }
    for (int i = 0; i < n; i++) {
        int card = moves[i];
        c->h[seat] = hand ^ (1ull << card);
        int now_broken = broken || breaks(c, card, led);
        int n_led = led, n_top_led = top_led, n_top_trump = top_trump, n_win = win;
        advance(depth, &n_led, &n_top_led, &n_top_trump, &n_win, seat, card, c->trump);
        int result;
        if (depth == 3) {
            c->left--;
            result = boundary(c, n_win, now_broken, target - (c->side >> n_win & 1));
            c->left++;
        } else {
            result = ply(c, leader, depth + 1, n_led, n_top_led, n_top_trump, n_win, in_trick | 1ull << card,
                         now_broken, target, -1);
        }
        c->h[seat] = hand;
        if (c->limit_hit) return 0;
        if (result == maximizing) {
            if (!depth) c->last_best = card;
            return result;
        }
    }
    return !maximizing;
}

/* The side's tricks from a trick boundary on (``leader`` to lead, every hand ``left`` cards),
 * found from the top down as ``solver.Search.value`` does; -1 once ``limit`` nodes are spent
 * (a negative limit: none). ``nodes_out`` gets the nodes searched. */
int exact_tricks(const Tables *tables, int trump, int side, int leader, int broken, const u64 *hands,
                 long long limit, long long *nodes_out) {
    init_masks();  /* 56 masks: cheaper than remembering, and safe from any thread */
    Ctx c;
    memset(&c, 0, sizeof c);
    c.t = tables;
    c.trump = trump;
    c.tm = trump >= 0 ? SUIT_MASK[trump] : 0;
    c.side = side;
    memcpy(c.h, hands, sizeof c.h);
    c.left = POP(hands[leader]);
    c.limit = limit < 0 ? -1 : limit;
    c.tt_mask = (1u << 16) - 1;
    c.tt = calloc(c.tt_mask + 1, sizeof(Entry));
    if (!c.tt) return -2;
    int n = c.left, lo = 0, hi = n, target = n;
    while (lo < hi) {
        if (target < lo + 1) target = lo + 1;
        if (target > hi) target = hi;
        int ok = boundary(&c, leader, broken, target);
        if (c.limit_hit) break;
        if (ok) { lo = target; target++; } else { hi = target - 1; target--; }
    }
    free(c.tt);
    *nodes_out = c.nodes;
    return c.limit_hit ? -1 : lo;
}

/* The legal cards of ``hand`` as the search reads them from the tables (for the tests that hold
 * them to ``legality.narrowing``). */
u64 exact_legal(const Tables *tables, int trump, u64 hand, int broken, int led, int top_led, int top_trump) {
    Ctx c;
    memset(&c, 0, sizeof c);
    init_masks();
    c.t = tables;
    c.trump = trump;
    c.tm = trump >= 0 ? SUIT_MASK[trump] : 0;
    return legal(&c, hand, broken, led, top_led, top_trump);
}
