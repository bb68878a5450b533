/* The exact double-dummy trick count of a Batak deal, in C: the native core behind
 * ``batak_core.ai.native`` (built by ``compiled.py`` where a C compiler exists).
 *
 * It knows no rule of its own. Which cards may be played comes from tables that ``native.py``
 * fills by asking ``legality.narrowing`` about every suit pattern (a second follow and ruff table
 * for a player whose partner is winning the trick, where the rules exempt such a player), and
 * which ranks a legal set hangs on from three flags it sets as ``solver.Search`` does. The search
 * is ``solver.Search``'s, step for step: zero-window tests from the top, the sure-trick bounds, the mid-trick cut, the
 * move order, and the transposition table keyed by the partition of the cards whose ranks
 * decided (``rel``). So it visits about as many nodes and spends far less on each; tests compare
 * its values with ``Search``'s position by position.
 *
 * Cards are 0..51, suit * 13 + rank (rank 0 is the two); a hand is a 52-bit mask.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

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
    int overtake_ranks;      /* following compares ranks (an overtaking duty) */
    int overtrump_ranks;     /* ruffing compares ranks (an overtrumping duty, or freedom when one cannot) */
    const uint16_t *follow_exempt;  /* the follow table for a player whose partner is winning the trick */
    const uint16_t *ruff_exempt;    /* the ruff table for the same player */
    int exempt_by[4];        /* per seat: the seats (as a mask) whose winning card exempts it (Esli) */
    int exempt_ranks;        /* the legal set hangs on the trick's winning card (the exemption) */
} Tables;

/* The transposition table, as in solver.Search: positions with the same suit lengths, leader and
 * broken flag share a bucket, which lists the depth patterns stored for it (how deep each suit's
 * deciding cards went, 4 bits a suit); an entry is keyed by its bucket, a pattern and the holders
 * of each suit's top cards down to that pattern's depth. */
typedef struct {
    u64 ka, kb;            /* the bucket's key */
    u64 hlo, hhi;          /* the holders of suits 0-1 and 2-3 down to the pattern's depths */
    uint16_t pattern;
    uint8_t lo, hi, best, used, left;
} Entry;

#define PATTERNS 16        /* depth patterns a bucket keeps (the most recent first) */
typedef struct {
    u64 ka, kb;
    uint16_t patterns[PATTERNS];
    uint8_t count, used;
} Bucket;

/* What a kept context (``exact_context_open``) knows of one exact trick-boundary position, as
 * solver.Search's ``Known`` records: its sure-trick bounds and the bounds of the table entry that
 * last answered for it, with the cards that entry hangs on. One probe of these answers most
 * revisits, where the table would be probed pattern by pattern. */
typedef struct {
    u64 h[4];
    u64 rel;               /* the cards the bounds lo..hi hang on (the entry's top cards) */
    u64 sure_rel, lost_rel;
    uint8_t flags;         /* leader | broken (where it matters) << 2 | 8: in use */
    uint8_t lo, hi, sure, lost;
} Known;

#define KNOWN_SLOTS (1u << 20)  /* 56 MB */

typedef struct {           /* one suit of a trick-boundary position */
    u64 live;              /* its live cards (absolute bits) */
    u64 holders;           /* their holders, 2 bits each, the highest card in the top bits */
    int length;
    int cards[13];         /* the live cards, highest first */
} Shape;

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
    Bucket *buckets;
    u64 bucket_mask;
    long long buckets_used;
    int last_best;
    u64 rel;      /* the cards whose ranks decided the last test (solver.Search.rel) */
    Known *known; /* the exact positions' records: only in a kept context (else NULL) */
    u64 tt_max, bucket_max;  /* the most slots the tables grow to */
    int8_t killer[14][4];    /* the lead that last won its test, by cards left and leader (card + 1; 0: none) */
} Ctx;

/* A zeroed table. One of many MB is probed at random, a TLB miss a probe with 4 KB pages, so on
 * Linux it is asked for in 2 MB pages. With that and the prefetching in ``boundary``, 40 full-deal
 * solves of 88 million nodes took 23 s instead of 30 s. */
#define HUGE_PAGE (2u << 20)
static void *table_alloc(size_t count, size_t size) {
    size_t bytes = count * size;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (bytes >= HUGE_PAGE) {
        void *table = NULL;
        bytes = (bytes + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
        if (posix_memalign(&table, HUGE_PAGE, bytes)) return NULL;
        madvise(table, bytes, MADV_HUGEPAGE);  /* a hint: without it the table still works */
        return memset(table, 0, bytes);
    }
#endif
    return calloc(count, size);
}

static u64 SUIT_MASK[4];
static u64 ABOVE[52];

static void init_masks(void) {
    for (int s = 0; s < 4; s++) SUIT_MASK[s] = 0x1FFFull << (13 * s);
    for (int c = 0; c < 52; c++) ABOVE[c] = SUIT_MASK[c / 13] & ~((2ull << c) - 1);
}

/* The legal cards of ``hand``; ``exempt``: the player's partner is winning the trick (the
 * partner-winning tables apply, where the rules have the exemption; see Tables.exempt_by). */
static u64 legal(const Ctx *c, u64 hand, int broken, int led, int top_led, int top_trump, int exempt) {
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
        unsigned code = (exempt ? t->follow_exempt : t->follow)[(((led == trump ? 1 : 0) * 2 + trumped) * 13
                                                                 + top_led % 13) * 8192 + (unsigned)(follow >> (13 * led))];
        return (u64)code << (13 * led);
    }
    if (trump < 0 || !(hand & c->tm)) return hand;
    unsigned code = (exempt ? t->ruff_exempt : t->ruff)[(top_trump < 0 ? 0 : top_trump % 13 + 1) * 8192
                                                        + (unsigned)((hand & c->tm) >> (13 * trump))];
    if ((code >> 13) & 1) return hand;
    return (u64)code << (13 * trump);
}

/* Whether ``seat`` is exempt from the overtake and ruff duties: the rules' exemption, and the
 * seat ``win`` winning the trick so far is its partner (win -1: nobody yet). */
static int exempted(const Ctx *c, int seat, int win) {
    return win >= 0 && (c->t->exempt_by[seat] >> win & 1);
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

/* Tricks one player's trumps win for its side whatever anyone plays, and the deciding card as a
 * bit (solver._trump_tricks). */
static int trump_tricks(u64 trumps, u64 beaters, u64 *bit) {
    int best = 0, k = 0;
    *bit = 0;
    while (trumps) {
        int card = HIGH(trumps);
        k++;
        int won = k - POP(beaters >> card);
        if (won > best) { best = won; *bit = beaters ? 1ull << card : 0; }
        trumps ^= 1ull << card;
    }
    return best;
}

static void trump_bounds(const Ctx *c, int *sure, u64 *sure_rel, int *lost, u64 *lost_rel) {
    u64 ours = 0, theirs = 0;
    for (int s = 0; s < 4; s++) {
        if (c->side >> s & 1) ours |= c->h[s] & c->tm; else theirs |= c->h[s] & c->tm;
    }
    *sure = *lost = 0;
    *sure_rel = *lost_rel = 0;
    for (int s = 0; s < 4; s++) {
        u64 bit;
        if (c->side >> s & 1) {
            int k = trump_tricks(c->h[s] & c->tm, theirs, &bit);
            if (k > *sure) { *sure = k; *sure_rel = bit; }
        } else {
            int k = trump_tricks(c->h[s] & c->tm, ours, &bit);
            if (k > *lost) { *lost = k; *lost_rel = bit; }
        }
    }
}

/* Side-suit winners the leader can cash one after another, and their deciding cards
 * (solver.Search._cashable). */
static int cashable(const Ctx *c, int leader, int pending, u64 *rel) {
    u64 mine = c->h[leader];
    u64 rest_all = (c->h[0] | c->h[1] | c->h[2] | c->h[3]) & ~mine;
    int ruffers = 0;
    if (c->tm)
        for (int s = 0; s < 4; s++)
            if (s != leader && (c->h[s] & c->tm)) ruffers |= 1 << s;
    int total = 0;
    *rel = 0;
    for (int suit = 0; suit < 4; suit++) {
        if (SUIT_MASK[suit] == c->tm) continue;
        u64 own = mine & SUIT_MASK[suit];
        if (!own) continue;
        u64 rest = rest_all & SUIT_MASK[suit];
        int run = rest ? POP(own >> (HIGH(rest) + 1)) : POP(own);
        if (run) {
            if (ruffers)
                for (int s = 0; s < 4; s++)
                    if (ruffers >> s & 1) {
                        int k = POP(c->h[s] & SUIT_MASK[suit]) - (pending >> s & 1);
                        if (k < run) run = k < 0 ? 0 : k;
                    }
            total += run;
            if (rest) *rel |= 1ull << HIGH(rest);
        }
    }
    return total;
}

/* Mid-trick lower bound (solver.Search._won_ahead). */
static int won_ahead(Ctx *c, int leader, int depth, int led, int top_led, int top_trump, int win, int target) {
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
        if ((follow ? follow : hand) & beaters) return 0;  /* what it may play is among these */
    }
    int top = top_trump >= 0 ? top_trump : top_led;
    if (target <= 1) { c->rel = 1ull << top; return 1; }
    int sure = 0, lost = 0;
    u64 sure_rel = 0, lost_rel = 0;
    if (c->tm) trump_bounds(c, &sure, &sure_rel, &lost, &lost_rel);
    if (target - 1 > sure) {
        u64 cash_rel;
        int cash = cashable(c, win, pending, &cash_rel);
        if (target - 1 > sure + cash) return 0;
        sure_rel |= cash_rel;
    }
    c->rel = 1ull << top | sure_rel;
    return 1;
}

static void shape_of(const Ctx *c, int suit, Shape *shape) {
    u64 live = (c->h[0] | c->h[1] | c->h[2] | c->h[3]) & SUIT_MASK[suit];
    shape->live = live;
    shape->holders = 0;
    shape->length = 0;
    while (live) {
        int card = HIGH(live);
        live ^= 1ull << card;
        u64 holder = (c->h[1] >> card & 1) | (c->h[2] >> card & 1) * 2 | (c->h[3] >> card & 1) * 3;
        shape->holders = shape->holders << 2 | holder;
        shape->cards[shape->length++] = card;
    }
}

static u64 tops(const Shape *shape, int depth) {  /* the ``depth`` highest live cards */
    u64 bits = 0;
    for (int i = 0; i < depth; i++) bits |= 1ull << shape->cards[i];
    return bits;
}

static u64 prefix(const Shape *shape, int depth) {  /* the holders of the ``depth`` highest */
    return shape->holders >> 2 * (shape->length - depth);
}

static int depth_of(const Shape *shape, u64 rel) {  /* how deep the suit's deciding cards go */
    u64 deciding = rel & shape->live;
    if (!deciding) return 0;
    return POP(shape->live & ~((deciding & -deciding) - 1));
}

static void holders_of(const Shape *shapes, unsigned pattern, u64 *hlo, u64 *hhi) {
    int d0 = pattern & 15, d1 = pattern >> 4 & 15, d2 = pattern >> 8 & 15, d3 = pattern >> 12;
    *hlo = prefix(&shapes[0], d0) << 2 * d1 | prefix(&shapes[1], d1);
    *hhi = prefix(&shapes[2], d2) << 2 * d3 | prefix(&shapes[3], d3);
}

static u64 pattern_tops(const Shape *shapes, unsigned pattern) {
    return tops(&shapes[0], pattern & 15) | tops(&shapes[1], pattern >> 4 & 15)
           | tops(&shapes[2], pattern >> 8 & 15) | tops(&shapes[3], pattern >> 12);
}

static u64 mix(u64 a, u64 b, u64 d, u64 e, u64 f) {
    u64 key = a * 0x9E3779B97F4A7C15ull ^ b * 0xC2B2AE3D27D4EB4Full ^ d * 0x165667B19E3779F9ull
              ^ e * 0xD6E8FEB86659FD93ull ^ f * 0xFF51AFD7ED558CCDull;
    return key ^ key >> 31;
}

/* The tables grow to at most 84 MB of 40-byte entries (then a position replaces another in its
 * pair) and 59 MB of 56-byte buckets (then a bucket starts again empty): a full-deal solve of
 * tens of millions of nodes stays within them. A kept context (a whole deal's decisions, up to a
 * few hundred million nodes) grows them to twice that (about 300 MB): the hardest deals measured
 * took a third less time so, and no less with more. */
#define TT_MAX_SLOTS (1ull << 21)
#define BUCKET_MAX_SLOTS (1ull << 20)
#define KEPT_TT_MAX_SLOTS (1ull << 22)
#define KEPT_BUCKET_MAX_SLOTS (1ull << 21)

static Entry *pair_for(const Ctx *c, u64 ka, u64 kb, unsigned pattern, u64 hlo, u64 hhi) {
    return &c->tt[mix(ka, kb, pattern, hlo, hhi) & c->tt_mask & ~1ull];
}

static Entry *entry_in(Entry *pair, u64 ka, u64 kb, unsigned pattern, u64 hlo, u64 hhi) {
    for (int i = 0; i < 2; i++) {
        Entry *e = &pair[i];
        if (e->used && e->pattern == pattern && e->hlo == hlo && e->hhi == hhi && e->ka == ka && e->kb == kb) return e;
    }
    return NULL;
}

static Entry *entry_for(Ctx *c, u64 ka, u64 kb, unsigned pattern, u64 hlo, u64 hhi) {
    return entry_in(pair_for(c, ka, kb, pattern, hlo, hhi), ka, kb, pattern, hlo, hhi);
}

static int grow_entries(Ctx *c) {
    u64 size = (c->tt_mask + 1) * 2;
    Entry *table = table_alloc(size, sizeof(Entry));
    if (!table) return 0;
    for (u64 i = 0; i <= c->tt_mask; i++) {
        Entry *e = &c->tt[i];
        if (e->used) {
            Entry *pair = &table[mix(e->ka, e->kb, e->pattern, e->hlo, e->hhi) & (size - 1) & ~1ull];
            pair[pair[0].used ? 1 : 0] = *e;  /* two to a pair at most: the old pair held two */
        }
    }
    free(c->tt);
    c->tt = table;
    c->tt_mask = size - 1;
    return 1;
}

static Entry *new_entry(Ctx *c, u64 ka, u64 kb, unsigned pattern, u64 hlo, u64 hhi) {
    if (c->tt_used * 4 > (long long)(c->tt_mask + 1) && c->tt_mask + 1 < c->tt_max) grow_entries(c);
    Entry *pair = &c->tt[mix(ka, kb, pattern, hlo, hhi) & c->tt_mask & ~1ull];
    Entry *e = !pair[0].used ? &pair[0] : !pair[1].used ? &pair[1] : pair[1].left < pair[0].left ? &pair[1] : &pair[0];
    if (!e->used) c->tt_used++;
    e->used = 1; e->ka = ka; e->kb = kb; e->pattern = (uint16_t)pattern; e->hlo = hlo; e->hhi = hhi;
    e->lo = 0; e->hi = 13; e->best = 255; e->left = (uint8_t)c->left;
    return e;
}

static Bucket *bucket_for(Ctx *c, u64 ka, u64 kb, int make) {
    if (make && c->buckets_used * 2 > (long long)(c->bucket_mask + 1) && c->bucket_mask + 1 < c->bucket_max) {
        u64 size = (c->bucket_mask + 1) * 2;
        Bucket *table = table_alloc(size, sizeof(Bucket));
        if (table) {
            for (u64 i = 0; i <= c->bucket_mask; i++) {
                Bucket *b = &c->buckets[i];
                if (!b->used) continue;
                u64 j = mix(b->ka, b->kb, 0, 0, 0) & (size - 1);
                while (table[j].used) j = (j + 1) & (size - 1);
                table[j] = *b;
            }
            free(c->buckets);
            c->buckets = table;
            c->bucket_mask = size - 1;
        }
    }
    u64 j = mix(ka, kb, 0, 0, 0) & c->bucket_mask;
    for (u64 probes = 0; probes <= c->bucket_mask; probes++, j = (j + 1) & c->bucket_mask) {
        Bucket *b = &c->buckets[j];
        if (!b->used) {
            if (!make) return NULL;
            if (c->buckets_used * 10 > (long long)(c->bucket_mask + 1) * 9) {  /* full: reuse this one */
                Bucket *victim = &c->buckets[mix(ka, kb, 0, 0, 0) & c->bucket_mask];
                victim->ka = ka; victim->kb = kb; victim->count = 0;
                return victim;
            }
            b->used = 1; b->ka = ka; b->kb = kb; b->count = 0;
            c->buckets_used++;
            return b;
        }
        if (b->ka == ka && b->kb == kb) return b;
    }
    return NULL;
}

static void to_front(Bucket *b, int i) {
    uint16_t pattern = b->patterns[i];
    for (int j = i; j > 0; j--) b->patterns[j] = b->patterns[j - 1];
    b->patterns[0] = pattern;
}

static void remember_pattern(Bucket *b, unsigned pattern) {
    for (int i = 0; i < b->count; i++)
        if (b->patterns[i] == pattern) return;
    int n = b->count < PATTERNS ? b->count + 1 : PATTERNS;
    for (int j = n - 1; j > 0; j--) b->patterns[j] = b->patterns[j - 1];
    b->patterns[0] = (uint16_t)pattern;
    b->count = (uint8_t)n;
}

static int ply(Ctx *c, int leader, int depth, int led, int top_led, int top_trump, int win, u64 in_trick,
               int broken, int target, int hint);

/* A Known record's flags: the leader, whether trump is broken (where that matters), in use. */
static unsigned known_flags(const Ctx *c, int leader, int broken) {
    return (unsigned)(leader | (broken && c->t->broken_matters ? 4 : 0) | 8);
}

static Known *known_slot(const Ctx *c, const u64 *hands, unsigned flags) {
    return &c->known[mix(hands[0], hands[1], hands[2], hands[3], flags) & (KNOWN_SLOTS - 1)];
}

static int last_trick(Ctx *c, int leader) {
    int led = -1, top_led = -1, top_trump = -1, win = -1, cards[4];
    for (int i = 0; i < 4; i++) {
        int s = (leader + i) & 3;
        cards[i] = HIGH(c->h[s]);
        advance(i, &led, &top_led, &top_trump, &win, s, cards[i], c->trump);
    }
    int top = top_trump >= 0 ? top_trump : top_led, same_suit = 0;
    for (int i = 0; i < 4; i++) same_suit += cards[i] / 13 == top / 13;
    c->rel = same_suit > 1 ? 1ull << top : 0;
    return c->side >> win & 1;
}

/* Zero-window test at the start of a trick: can the side take ``target`` more tricks? */
static int boundary(Ctx *c, int leader, int broken, int target) {
    if (target <= 0) { c->rel = 0; return 1; }
    int n = c->left;
    if (target > n) { c->rel = 0; return 0; }
    if (n == 1) return last_trick(c, leader) >= target;
    Known *k = NULL;
    int sure = 0, lost = 0;
    u64 sure_rel = 0, lost_rel = 0, cash_rel;
    if (c->known) {
        unsigned flags = known_flags(c, leader, broken);
        k = known_slot(c, c->h, flags);
        if (k->flags == flags && k->h[0] == c->h[0] && k->h[1] == c->h[1] && k->h[2] == c->h[2] && k->h[3] == c->h[3]) {
            if (target <= k->sure) { c->rel = k->sure_rel; return 1; }
            if (target > n - k->lost) { c->rel = k->lost_rel; return 0; }
            if (k->lo >= target || k->hi < target) { c->rel = k->rel; return k->lo >= target; }
            sure = k->sure; sure_rel = k->sure_rel; lost = k->lost; lost_rel = k->lost_rel;
            goto searched_bounds;
        }
        memcpy(k->h, c->h, sizeof k->h);
        k->flags = (uint8_t)flags; k->lo = 0; k->hi = 13; k->rel = 0;
    }
    if (c->tm) trump_bounds(c, &sure, &sure_rel, &lost, &lost_rel);
    int cash = cashable(c, leader, 0, &cash_rel);
    if (c->side >> leader & 1) { sure += cash; sure_rel |= cash_rel; } else { lost += cash; lost_rel |= cash_rel; }
    if (k) { k->sure = (uint8_t)sure; k->sure_rel = sure_rel; k->lost = (uint8_t)lost; k->lost_rel = lost_rel; }
    if (target <= sure) { c->rel = sure_rel; return 1; }
    if (target > n - lost) { c->rel = lost_rel; return 0; }
searched_bounds:;
    Shape shapes[4];
    u64 ka = POP(c->h[0]);
    for (int suit = 0; suit < 4; suit++) shape_of(c, suit, &shapes[suit]);
    for (int suit = 0; suit < 3; suit++)
        for (int s = 0; s < 4; s++) ka = ka << 4 | (u64)POP(c->h[s] & SUIT_MASK[suit]);
    ka = ka << 3 | (u64)(leader | (broken && c->t->broken_matters ? 4 : 0));
    u64 kb = c->t->raw_trump && c->trump >= 0 ? ((c->h[0] | c->h[1] | c->h[2] | c->h[3]) & c->tm) >> (13 * c->trump) : 0;
    int hint = -1;
    Bucket *bucket = bucket_for(c, ka, kb, 0);
    if (bucket) {
        /* The patterns' entries lie far apart in a table of tens of MB: ask for all of them
         * before reading any, so their cache misses overlap. */
        Entry *pairs[PATTERNS];
        u64 hlos[PATTERNS], hhis[PATTERNS];
        for (int i = 0; i < bucket->count; i++) {
            holders_of(shapes, bucket->patterns[i], &hlos[i], &hhis[i]);
            pairs[i] = pair_for(c, ka, kb, bucket->patterns[i], hlos[i], hhis[i]);
            __builtin_prefetch(pairs[i]);
            __builtin_prefetch((const char *)(pairs[i] + 2) - 1);  /* a pair may straddle two lines */
        }
        for (int i = 0; i < bucket->count; i++) {
            unsigned pattern = bucket->patterns[i];
            Entry *e = entry_in(pairs[i], ka, kb, pattern, hlos[i], hhis[i]);
            if (!e) continue;
            if (e->lo >= target || e->hi < target) {
                c->rel = pattern_tops(shapes, pattern);
                if (i) to_front(bucket, i);
                if (k) { k->lo = e->lo; k->hi = e->hi; k->rel = c->rel; }
                return e->lo >= target;
            }
            if (hint < 0 && e->best != 255) hint = e->best;
        }
    }
    c->last_best = hint;
    int result = ply(c, leader, 0, -1, -1, -1, -1, 0, broken, target, hint);
    if (c->limit_hit) return 0;
    u64 rel = c->rel;
    unsigned pattern = (unsigned)(depth_of(&shapes[0], rel) | depth_of(&shapes[1], rel) << 4
                                  | depth_of(&shapes[2], rel) << 8 | depth_of(&shapes[3], rel) << 12);
    u64 hlo, hhi;
    holders_of(shapes, pattern, &hlo, &hhi);
    Entry *e = entry_for(c, ka, kb, pattern, hlo, hhi);
    if (!e) e = new_entry(c, ka, kb, pattern, hlo, hhi);
    if (result) { if (e->lo < target) e->lo = (uint8_t)target; }
    else if (e->hi > target - 1) e->hi = (uint8_t)(target - 1);
    e->best = c->last_best < 0 ? 255 : (uint8_t)c->last_best;
    bucket = bucket_for(c, ka, kb, 1);
    if (bucket) remember_pattern(bucket, pattern);
    if (k) {
        /* The same slot still (the search below this position may have taken it for another). */
        memcpy(k->h, c->h, sizeof k->h);
        k->flags = (uint8_t)known_flags(c, leader, broken);
        k->sure = (uint8_t)sure; k->sure_rel = sure_rel; k->lost = (uint8_t)lost; k->lost_rel = lost_rel;
        k->lo = e->lo; k->hi = e->hi; k->rel = pattern_tops(shapes, pattern);
    }
    c->rel = rel;
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

/* Moves ``card`` to the front of ``moves``, if it is there. */
static void to_first(int *moves, int n, int card) {
    for (int i = 0; i < n; i++)
        if (moves[i] == card) {
            for (int j = i; j > 0; j--) moves[j] = moves[j - 1];
            moves[0] = card;
            return;
        }
}

/* The lowest card equivalent to ``card`` (a run of legal cards with no other live card between
 * them), as a bit (solver._class_bottom). */
static u64 class_bottom(int card, u64 legal_cards, u64 live) {
    u64 bit = 1ull << card;
    u64 below = live & SUIT_MASK[card / 13] & (bit - 1);
    while (below) {
        u64 lower = 1ull << HIGH(below);
        if (!(lower & legal_cards)) break;
        bit = lower;
        below ^= lower;
    }
    return bit;
}

/* Ask for the record of the position after the last card of a trick, ``card`` from ``seat``
 * (holding ``hand``), before searching any: the trick's moves then wait for memory together. */
static void known_prefetch(const Ctx *c, u64 hand, int seat, int card, int broken, int led, int top_led,
                           int top_trump, int win) {
    u64 hands[4];
    memcpy(hands, c->h, sizeof hands);
    hands[seat] = hand ^ (1ull << card);
    int now_broken = broken || breaks(c, card, led);
    advance(3, &led, &top_led, &top_trump, &win, seat, card, c->trump);
    __builtin_prefetch(known_slot(c, hands, known_flags(c, win, now_broken)));
}

/* Zero-window test with the trick in progress (possibly empty) and someone to play. */
static int ply(Ctx *c, int leader, int depth, int led, int top_led, int top_trump, int win, u64 in_trick,
               int broken, int target, int hint) {
    if (++c->nodes == c->limit) { c->limit_hit = 1; return 0; }
    if (depth && (c->side >> win & 1) && won_ahead(c, leader, depth, led, top_led, top_trump, win, target)) return 1;
    int seat = (leader + depth) & 3;
    u64 hand = c->h[seat];
    u64 legal_cards = legal(c, hand, broken, led, top_led, top_trump, exempted(c, seat, win));
    int maximizing = c->side >> seat & 1;
    /* The ranks the legal set may hang on (solver.Search._ply). */
    u64 rel = 0;
    if (depth) {
        u64 follow = hand & SUIT_MASK[led];
        if (follow) {
            if (c->t->overtake_ranks)
                rel = (follow & ABOVE[top_led]) == follow ? follow & -follow : 1ull << top_led;
        } else if (top_trump >= 0 && c->t->overtrump_ranks) {
            u64 trumps = hand & c->tm;
            if (trumps) rel = (trumps & ABOVE[top_trump]) == trumps ? trumps & -trumps : 1ull << top_trump;
        }
        if (c->t->exempt_ranks) rel |= 1ull << (top_trump >= 0 ? top_trump : top_led);  /* who wins decides */
    }
    int moves[13], n;
    u64 live = 0;
    if (legal_cards & (legal_cards - 1)) {
        live = c->h[0] | c->h[1] | c->h[2] | c->h[3] | in_trick;
        n = ordered(c, legal_cards, live, depth, seat, top_led, top_trump, win, maximizing, moves);
        if (!depth) {
            /* The table's best lead for this very position first, else the lead that last won a
             * test with as many cards left and the same leader (solver.Search._killers). */
            int killer = c->killer[c->left][leader] - 1;
            if (killer >= 0) to_first(moves, n, killer);
            if (hint >= 0) to_first(moves, n, hint);
        }
    } else {
        moves[0] = LOW(legal_cards);
        n = 1;
    }
    if (depth == 3 && c->known && c->left > 2)
        for (int i = 0; i < n; i++) known_prefetch(c, hand, seat, moves[i], broken, led, top_led, top_trump, win);
    for (int i = 0; i < n; i++) {
        int card = moves[i];
        c->h[seat] = hand ^ (1ull << card);
        int now_broken = broken || breaks(c, card, led);
        int n_led = led, n_top_led = top_led, n_top_trump = top_trump, n_win = win;
        advance(depth, &n_led, &n_top_led, &n_top_trump, &n_win, seat, card, c->trump);
        int result;
        u64 child_rel;
        if (depth == 3) {
            c->left--;
            result = boundary(c, n_win, now_broken, target - (c->side >> n_win & 1));
            c->left++;
            child_rel = c->rel;
            /* The trick went to its winner by rank if another card of the winner's suit is in it. */
            int top = n_top_trump >= 0 ? n_top_trump : n_top_led;
            if ((in_trick | 1ull << card) & SUIT_MASK[top / 13] & ~(1ull << top)) child_rel |= 1ull << top;
        } else {
            result = ply(c, leader, depth + 1, n_led, n_top_led, n_top_trump, n_win, in_trick | 1ull << card,
                         now_broken, target, -1);
            child_rel = c->rel;
        }
        c->h[seat] = hand;
        if (c->limit_hit) return 0;
        if (live && (child_rel >> card & 1)) child_rel |= class_bottom(card, legal_cards, live);
        if (result == maximizing) {
            if (!depth) { c->last_best = card; c->killer[c->left][leader] = (int8_t)(card + 1); }
            c->rel = rel | child_rel;
            return result;
        }
        rel |= child_rel;
    }
    if (!depth) c->last_best = hint;
    c->rel = rel;
    return !maximizing;
}

static int open_ctx(Ctx *c, const Tables *tables, int trump, int side, const u64 *hands, long long limit) {
    init_masks();  /* 56 masks: cheaper than remembering, and safe from any thread */
    memset(c, 0, sizeof *c);
    c->t = tables;
    c->trump = trump;
    c->tm = trump >= 0 ? SUIT_MASK[trump] : 0;
    c->side = side;
    memcpy(c->h, hands, sizeof c->h);
    c->limit = limit < 0 ? -1 : limit;
    c->tt_max = TT_MAX_SLOTS;
    c->bucket_max = BUCKET_MAX_SLOTS;
    c->tt_mask = (1u << 14) - 1;
    c->tt = calloc(c->tt_mask + 1, sizeof(Entry));
    c->bucket_mask = (1u << 12) - 1;
    c->buckets = calloc(c->bucket_mask + 1, sizeof(Bucket));
    if (c->tt && c->buckets) return 1;
    free(c->tt);
    free(c->buckets);
    return 0;
}

static void close_ctx(Ctx *c, long long *nodes_out) {
    free(c->tt);
    free(c->buckets);
    free(c->known);
    *nodes_out = c->nodes;
}

/* The side's tricks from a trick boundary on (``leader`` to lead, every hand ``left`` cards),
 * found from the top down as ``solver.Search.value`` does; -1 once ``limit`` nodes are spent
 * (a negative limit: none). ``nodes_out`` gets the nodes searched. */
int exact_tricks(const Tables *tables, int trump, int side, int leader, int broken, const u64 *hands,
                 long long limit, long long *nodes_out) {
    Ctx c;
    if (!open_ctx(&c, tables, trump, side, hands, limit)) return -2;
    c.left = POP(hands[leader]);
    int n = c.left, lo = 0, hi = n, target = n;
    while (lo < hi) {
        if (target < lo + 1) target = lo + 1;
        if (target > hi) target = hi;
        int ok = boundary(&c, leader, broken, target);
        if (c.limit_hit) break;
        if (ok) { lo = target; target++; } else { hi = target - 1; target--; }
    }
    close_ctx(&c, nodes_out);
    return c.limit_hit ? -1 : lo;
}

/* Zero-window test after the player to move plays ``card`` (solver.Search._after). */
static int after(Ctx *c, int leader, int depth, int led, int top_led, int top_trump, int win, u64 in_trick,
                 int broken, int card, int target) {
    int seat = (leader + depth) & 3;
    u64 hand = c->h[seat];
    c->h[seat] = hand ^ (1ull << card);
    int now_broken = broken || breaks(c, card, led);
    advance(depth, &led, &top_led, &top_trump, &win, seat, card, c->trump);
    int result;
    if (depth == 3) {
        c->left--;
        result = boundary(c, win, now_broken, target - (c->side >> win & 1));
        c->left++;
    } else {
        result = ply(c, leader, depth + 1, led, top_led, top_trump, win, in_trick | 1ull << card, now_broken,
                     target, -1);
    }
    c->h[seat] = hand;
    return result;
}

/* Each legal card's tricks for the side from the current trick on, as solver.Search.card_values
 * finds them, in a context holding the hands (``c->h``): ``trick`` holds the ``played`` cards of
 * the trick in progress (lead first, not in the hands), ``leader`` led it. Writes values_out[card]
 * for every legal card (-1 for the rest) and returns 0; -1 once the context's limit is reached.
 * Cards with no live card between them share a value, so each run of them is searched once, by
 * its highest card. */
static int card_values_in(Ctx *c, int leader, int broken, const int *trick, int played, int *values_out) {
    int trump = c->trump;
    int led = -1, top_led = -1, top_trump = -1, win = -1;
    u64 in_trick = 0;
    for (int i = 0; i < played; i++) {
        advance(i, &led, &top_led, &top_trump, &win, (leader + i) & 3, trick[i], trump);
        in_trick |= 1ull << trick[i];
    }
    int seat = (leader + played) & 3;
    c->left = POP(c->h[leader]) + (played ? 1 : 0);
    u64 legal_cards = legal(c, c->h[seat], broken, led, top_led, top_trump, exempted(c, seat, win));
    u64 live = c->h[0] | c->h[1] | c->h[2] | c->h[3] | in_trick;
    for (int card = 0; card < 52; card++) values_out[card] = -1;
    int n = c->left, guess = -1;  /* the highest value so far (see solver.Search._card_values) */
    u64 run = 0, m = legal_cards;
    while (m && !c->limit_hit) {
        u64 low = m & -m;
        m ^= low;
        run |= low;
        u64 above = live & ABOVE[LOW(low)];
        if ((above & -above) & legal_cards) continue;  /* the next card up is legal too: the same run */
        int lo = 0, hi = n, target = guess > 0 && guess <= n ? guess : (n + 1) / 2;
        while (lo < hi) {
            if (target < lo + 1) target = lo + 1;
            if (target > hi) target = hi;
            int ok = after(c, leader, played, led, top_led, top_trump, win, in_trick, broken, LOW(low), target);
            if (c->limit_hit) break;
            if (ok) { lo = target; target++; } else { hi = target - 1; target--; }
        }
        if (lo > guess) guess = lo;
        for (u64 r = run; r; r &= r - 1) values_out[LOW(r)] = lo;
        run = 0;
    }
    return c->limit_hit ? -1 : 0;
}

/* ``card_values_in`` in a context of its own (the expert's exact solves): ``hands`` as they are,
 * at most ``limit`` nodes (negative: no limit); ``nodes_out`` gets the nodes searched. */
int exact_card_values(const Tables *tables, int trump, int side, int leader, int broken, const u64 *hands,
                      const int *trick, int played, long long limit, long long *nodes_out, int *values_out) {
    Ctx c;
    if (!open_ctx(&c, tables, trump, side, hands, limit)) return -2;
    int status = card_values_in(&c, leader, broken, trick, played, values_out);
    close_ctx(&c, nodes_out);
    return status;
}

/* --- a context kept across positions ---------------------------------------------------------
 * The analysis board values every decision of a deal with one context per counting side, from
 * the last trick backwards: the transposition table (keyed by rules, trump and side, which the
 * context fixes) holds what the later positions taught when the earlier ones are searched. */

/* A context for ``side`` under these tables and trump, with an empty table; NULL without memory. */
void *exact_context_open(const Tables *tables, int trump, int side) {
    static const u64 no_hands[4] = {0, 0, 0, 0};
    Ctx *c = malloc(sizeof *c);
    if (!c) return NULL;
    if (!open_ctx(c, tables, trump, side, no_hands, -1)) {
        free(c);
        return NULL;
    }
    c->tt_max = KEPT_TT_MAX_SLOTS;
    c->bucket_max = KEPT_BUCKET_MAX_SLOTS;
    c->known = table_alloc(KNOWN_SLOTS, sizeof(Known));
    if (!c->known) {
        long long nodes;
        close_ctx(c, &nodes);
        free(c);
        return NULL;
    }
    return c;
}

void exact_context_close(void *context) {
    Ctx *c = context;
    long long nodes;
    if (!c) return;
    close_ctx(c, &nodes);
    free(c);
}

/* ``exact_card_values`` in a kept context: at most ``limit`` more nodes (negative: no limit);
 * ``nodes_out`` gets the nodes this call searched. A call stopped by its limit leaves the table
 * as sound as before (only finished tests are stored). */
int exact_context_card_values(void *context, int leader, int broken, const u64 *hands, const int *trick,
                              int played, long long limit, long long *nodes_out, int *values_out) {
    Ctx *c = context;
    long long start = c->nodes;
    memcpy(c->h, hands, sizeof c->h);
    c->limit = limit < 0 ? -1 : start + limit;
    c->limit_hit = 0;
    int status = card_values_in(c, leader, broken, trick, played, values_out);
    *nodes_out = c->nodes - start;
    if (!status && !played && POP(hands[leader]) > 1) {
        /* The position's own value is now known exactly: the earlier decisions that reach it
         * (the previous trick's) find it in its record, hanging on every card. */
        int maximizing = c->side >> leader & 1, value = maximizing ? 0 : 13;
        for (int card = 0; card < 52; card++)
            if (values_out[card] >= 0 && (maximizing ? values_out[card] > value : values_out[card] < value))
                value = values_out[card];
        unsigned flags = known_flags(c, leader, broken);
        Known *k = known_slot(c, hands, flags);
        memcpy(k->h, hands, sizeof k->h);
        k->flags = (uint8_t)flags;
        k->sure = k->lost = 0;
        k->sure_rel = k->lost_rel = 0;
        k->lo = k->hi = (uint8_t)value;
        k->rel = hands[0] | hands[1] | hands[2] | hands[3];
    }
    return status;
}

/* A context for reading the tables alone: no search, no transposition table. */
static void light_ctx(Ctx *c, const Tables *tables, int trump) {
    memset(c, 0, sizeof *c);
    init_masks();
    c->t = tables;
    c->trump = trump;
    c->tm = trump >= 0 ? SUIT_MASK[trump] : 0;
}

/* The legal cards of ``hand`` as the search reads them from the tables (for the tests that hold
 * them to ``legality.narrowing``). */
u64 exact_legal(const Tables *tables, int trump, u64 hand, int broken, int led, int top_led, int top_trump,
                int partner_winning) {
    Ctx c;
    light_ctx(&c, tables, trump);
    return legal(&c, hand, broken, led, top_led, top_trump, partner_winning);
}

/* --- greedy playouts ------------------------------------------------------------------------
 * The quick open-hand policy of the outside bot's stand-in (``greedy_card`` in
 * benchmarks/outside_style.py, the reference: a test holds this copy to it card for card), so the
 * benchmark's thousands of playouts a decision run at native speed. */

/* The card to throw: a low rank, not a trump, not a card nobody else can beat. */
static int greedy_cheapest(u64 mask, int trump, u64 others) {
    int best = -1, best_cost = 1 << 30;
    for (u64 m = mask; m; m &= m - 1) {
        int card = LOW(m), suit = card / 13;
        int cost = card % 13 + (suit == trump ? 20 : 0);
        if (!(others & ABOVE[card]) && (others & SUIT_MASK[suit])) cost += 12;
        if (cost < best_cost) { best = card; best_cost = cost; }
    }
    return best;
}

static int greedy_card(const Ctx *c, int seat, int broken, int played, int led, int top_led, int top_trump) {
    u64 mine = c->h[seat];
    /* No partner exemption: the playouts are not run for the partnership games (the stand-in's
     * play with a partner is not copied here; native.greedy_playouts refuses them). */
    u64 legal_cards = legal(c, mine, broken, played ? led : -1, top_led, top_trump, 0);
    if (!(legal_cards & (legal_cards - 1))) return HIGH(legal_cards);
    u64 others = (c->h[0] | c->h[1] | c->h[2] | c->h[3]) & ~mine;
    int trump = c->trump;
    u64 trump_mask = c->tm;
    if (!played) {
        int best = -1;
        double best_score = -1e9;
        for (int suit = 0; suit < 4; suit++) {
            u64 cards = legal_cards & SUIT_MASK[suit];
            if (!cards) continue;
            int top = HIGH(cards), low = LOW(cards), card;
            int left = POP(others & SUIT_MASK[suit]);
            int master = !(others & ABOVE[top]);
            double score;
            if (suit == trump) {
                if (master && left) { score = 11.0; card = top; } else { score = 1.0; card = low; }
            } else if (!left) {
                score = (others & trump_mask) ? 0.5 : 10.0;
                card = top;
            } else if (master) {
                score = 10.0 + 0.3 * (left < 6 ? left : 6);
                card = top;
            } else {
                score = 3.0 + 0.25 * (left < 8 ? left : 8);
                card = low;
                int length = POP(mine & SUIT_MASK[suit]);
                if ((mine & trump_mask) && length <= 2) score += 3 - length;
            }
            if (score > best_score) { best = card; best_score = score; }
        }
        return best;
    }
    u64 winners = 0;
    for (u64 m = legal_cards; m; m &= m - 1) {
        int card = LOW(m), suit = card / 13;
        if ((suit == trump && card > top_trump) || (top_trump < 0 && suit == led && card > top_led))
            winners |= 1ull << card;
    }
    if (!winners) return greedy_cheapest(legal_cards, trump, others);
    if (played == 3) return LOW(winners);
    u64 masters = 0;
    for (u64 m = winners; m; m &= m - 1) {
        int card = LOW(m);
        if (!(others & ABOVE[card]) && (card / 13 == trump || !(others & trump_mask))) masters |= 1ull << card;
    }
    u64 pick = masters ? masters : winners;
    return LOW(pick);
}

/* Plays the deal out greedily from a position ``played`` cards into a trick, adding each seat's
 * tricks to ``won``. The hands in ``c->h`` are used up. */
static void greedy_finish(Ctx *c, int leader, int broken, int played, int led, int top_led, int top_trump,
                          int win, int *won) {
    for (;;) {
        int seat = (leader + played) & 3;
        if (!c->h[seat]) return;
        int card = greedy_card(c, seat, broken, played, led, top_led, top_trump);
        c->h[seat] ^= 1ull << card;
        if (!broken && breaks(c, card, played ? led : -1)) broken = 1;
        advance(played, &led, &top_led, &top_trump, &win, seat, card, c->trump);
        if (++played == 4) {
            won[win]++;
            leader = win;
            played = 0;
        }
    }
}

/* Greedy playouts of one open layout: ``trick`` holds the ``played`` cards of the trick in
 * progress (lead first, not in ``hands``), ``leader`` led it. With ``candidates`` 0 the deal is
 * played out as it stands and won_out[0..3] gets each seat's tricks from here on; otherwise each
 * candidate card (which must be legal) is played first, and won_out[card * 4 + seat] gets them. */
void greedy_playouts(const Tables *tables, int trump, int broken, int leader, const u64 *hands, const int *trick,
                     int played, u64 candidates, int *won_out) {
    Ctx c;
    light_ctx(&c, tables, trump);
    int led = -1, top_led = -1, top_trump = -1, win = -1;
    for (int i = 0; i < played; i++)
        advance(i, &led, &top_led, &top_trump, &win, (leader + i) & 3, trick[i], trump);
    if (!candidates) {
        memcpy(c.h, hands, sizeof c.h);
        for (int s = 0; s < 4; s++) won_out[s] = 0;
        greedy_finish(&c, leader, broken, played, led, top_led, top_trump, win, won_out);
        return;
    }
    int seat = (leader + played) & 3;
    for (u64 m = candidates; m; m &= m - 1) {
        int card = LOW(m), *won = won_out + 4 * card;
        int l = led, tl = top_led, tt = top_trump, w = win, b = broken, ld = leader, p = played;
        memcpy(c.h, hands, sizeof c.h);
        for (int s = 0; s < 4; s++) won[s] = 0;
        c.h[seat] ^= 1ull << card;
        if (!b && breaks(&c, card, p ? l : -1)) b = 1;
        advance(p, &l, &tl, &tt, &w, seat, card, trump);
        if (++p == 4) { won[w]++; ld = w; p = 0; }
        greedy_finish(&c, ld, b, p, l, tl, tt, w, won);
    }
}
