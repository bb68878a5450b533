/* Drawing the hidden hands: knowledge.sample_hands in C, draw for draw.

   The expert and the outside bot's stand-in deal the unseen cards many times a decision, and in
   Python that drawing was most of a stand-in match's time. This file does the same work in the
   same order with the same random numbers: it runs Python's own generator (MT19937) from the
   state ``random.Random.getstate()`` gives, draws integers below n and floats as
   ``random.Random`` does, shuffles as ``Random.shuffle`` does, and hands the state back, so a
   seed gives the same layouts with or without this library (a test holds the two together).

   It holds no rule and no hand count of its own: the facts (which seat may hold which card) come
   from knowledge.Knowledge, and each suit's part of a hand's trick count (evaluate._suit_part)
   comes in tables filled from Python. */

#include <math.h>
#include <stdint.h>

#define MT_N 624
#define MT_M 397
#define PATTERNS 8192

typedef struct {
    uint32_t *state; /* MT_N words, then the position */
} Generator;

static uint32_t next_word(Generator *g) {
    uint32_t *mt = g->state;
    uint32_t y;
    if (mt[MT_N] >= MT_N) {
        int k;
        for (k = 0; k < MT_N - MT_M; k++) {
            y = (mt[k] & 0x80000000u) | (mt[k + 1] & 0x7fffffffu);
            mt[k] = mt[k + MT_M] ^ (y >> 1) ^ ((y & 1u) ? 0x9908b0dfu : 0u);
        }
        for (; k < MT_N - 1; k++) {
            y = (mt[k] & 0x80000000u) | (mt[k + 1] & 0x7fffffffu);
            mt[k] = mt[k + (MT_M - MT_N)] ^ (y >> 1) ^ ((y & 1u) ? 0x9908b0dfu : 0u);
        }
        y = (mt[MT_N - 1] & 0x80000000u) | (mt[0] & 0x7fffffffu);
        mt[MT_N - 1] = mt[MT_M - 1] ^ (y >> 1) ^ ((y & 1u) ? 0x9908b0dfu : 0u);
        mt[MT_N] = 0;
    }
    y = mt[mt[MT_N]++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
}

/* Random._randbelow_with_getrandbits: k = n.bit_length() bits at a time until below n. */
static int below(Generator *g, int n) {
    int k = 0;
    while ((n >> k) != 0) k++;
    for (;;) {
        uint32_t r = next_word(g) >> (32 - k);
        if (r < (uint32_t)n) return (int)r;
    }
}

/* Random.random. */
static double uniform(Generator *g) {
    uint32_t a = next_word(g) >> 5, b = next_word(g) >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

static void shuffle(Generator *g, int *items, int count) {
    for (int i = count - 1; i > 0; i--) {
        int j = below(g, i + 1);
        int t = items[i];
        items[i] = items[j];
        items[j] = t;
    }
}

typedef struct {
    int slots;
    int slot_seat[52];
    int order[52];
    int holder[52];
    uint64_t allowed[4];
} Matching;

/* knowledge._draw_layout's place: a free allowed slot in ``order``, else move a placed card
   along (Kuhn's augmenting path), trying the slots in the same order. */
static int place(Matching *m, int card, uint64_t *seen) {
    for (int i = 0; i < m->slots; i++) {
        int slot = m->order[i];
        if (m->holder[slot] < 0 && (m->allowed[m->slot_seat[slot]] >> card & 1)) {
            m->holder[slot] = card;
            return 1;
        }
    }
    for (int i = 0; i < m->slots; i++) {
        int slot = m->order[i];
        if ((*seen >> slot & 1) || !(m->allowed[m->slot_seat[slot]] >> card & 1)) continue;
        *seen |= (uint64_t)1 << slot;
        if (place(m, m->holder[slot], seen)) {
            m->holder[slot] = card;
            return 1;
        }
    }
    return 0;
}

typedef struct {
    int viewer;
    uint64_t mine, unseen;
    int counts[4];
    uint64_t excluded[4];
    uint64_t played_by[4];
} Facts;

/* knowledge._draw_layout: 1 and the four hands, or 0 when no layout fits. */
static int draw_layout(const Facts *f, Generator *g, uint64_t *hands) {
    Matching m;
    int cards[52], count = 0;
    m.slots = 0;
    for (int seat = 0; seat < 4; seat++) {
        if (seat == f->viewer) continue;
        for (int i = 0; i < f->counts[seat] && m.slots < 52; i++) m.slot_seat[m.slots++] = seat;
    }
    for (int card = 0; card < 52; card++)
        if (f->unseen >> card & 1) cards[count++] = card;
    if (count != m.slots) return 0;
    shuffle(g, cards, count);
    for (int i = 0; i < m.slots; i++) {
        m.order[i] = i;
        m.holder[i] = -1;
    }
    shuffle(g, m.order, m.slots);
    for (int seat = 0; seat < 4; seat++) m.allowed[seat] = seat == f->viewer ? 0 : f->unseen & ~f->excluded[seat];
    for (int i = 0; i < count; i++) {
        uint64_t seen = 0;
        if (!place(&m, cards[i], &seen)) return 0;
    }
    for (int seat = 0; seat < 4; seat++) hands[seat] = 0;
    hands[f->viewer] = f->mine;
    for (int slot = 0; slot < m.slots; slot++) hands[m.slot_seat[slot]] |= (uint64_t)1 << m.holder[slot];
    return 1;
}

/* evaluate.trick_estimate without a preset: each suit's part, added in suit order. */
static double trick_estimate(const double *trump_part, const double *side_part, uint64_t hand, int trump) {
    int trump_length = __builtin_popcountll(hand >> (13 * trump) & 0x1FFF);
    double total = 0.0;
    for (int suit = 0; suit < 4; suit++) {
        int pattern = (int)(hand >> (13 * suit) & 0x1FFF);
        total += suit == trump ? trump_part[pattern] : side_part[trump_length * PATTERNS + pattern];
    }
    return total;
}

static double logistic(double x) { return 1.0 / (1.0 + exp(-x)); }

/* knowledge.AuctionClue.likelihood of the hand dealt (with CLUE_SPREAD ``spread``). */
static double clue_likelihood(const double *trump_part, const double *side_part, double spread, int bid,
                              int declined, int trump, uint64_t dealt) {
    double strength;
    if (trump >= 0) {
        strength = trick_estimate(trump_part, side_part, dealt, trump);
    } else { /* evaluate.best_trump's count: the highest of the four */
        strength = trick_estimate(trump_part, side_part, dealt, 0);
        for (int suit = 1; suit < 4; suit++) {
            double s = trick_estimate(trump_part, side_part, dealt, suit);
            if (s > strength) strength = s;
        }
    }
    double odds = 1.0;
    if (bid) odds *= logistic((strength - (bid - 1.0)) / spread);
    if (declined) odds *= logistic(((declined - 0.5) - strength) / spread);
    return odds;
}

/* knowledge.sample_hands, ``samples`` times (stopping at the first that finds no layout):
   ``state`` is Python's generator state (624 words and the position), advanced in place; each
   clue is (seat, bid, declined, trump) in ``clues``. Writes four hands a layout to ``out`` and
   returns how many layouts it drew. */
int sample_layouts(uint32_t *state, int viewer, uint64_t mine, uint64_t unseen, const int *counts,
                   const uint64_t *excluded, const uint64_t *played_by, const int *clues, int clue_count,
                   const double *trump_part, const double *side_part, double spread, int draws_per_sample,
                   int samples, uint64_t *out) {
    Generator g = {state};
    Facts f;
    f.viewer = viewer;
    f.mine = mine;
    f.unseen = unseen;
    for (int seat = 0; seat < 4; seat++) {
        f.counts[seat] = counts[seat];
        f.excluded[seat] = excluded[seat];
        f.played_by[seat] = played_by[seat];
    }
    for (int n = 0; n < samples; n++) {
        uint64_t hands[4], best[4];
        double best_odds = -1.0;
        int found = 0;
        int draws = clue_count ? draws_per_sample : 1;
        for (int d = 0; d < draws; d++) {
            if (!draw_layout(&f, &g, hands)) return n;
            if (!clue_count) {
                found = 1;
                break;
            }
            double odds = 1.0;
            for (int c = 0; c < clue_count; c++) {
                const int *clue = clues + 4 * c;
                odds *= clue_likelihood(trump_part, side_part, spread, clue[1], clue[2], clue[3],
                                        hands[clue[0]] | f.played_by[clue[0]]);
            }
            if (uniform(&g) < odds) {
                found = 1;
                break;
            }
            if (odds > best_odds) {
                best_odds = odds;
                for (int seat = 0; seat < 4; seat++) best[seat] = hands[seat];
            }
        }
        for (int seat = 0; seat < 4; seat++) out[4 * n + seat] = found ? hands[seat] : best[seat];
    }
    return samples;
}
