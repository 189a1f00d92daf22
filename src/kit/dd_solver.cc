// The solver in one file, over the guideline's thousand lines: the search,
// its bounds, its move ordering and its table share the position's state,
// and the hot path (play, unplay, search) inlines across them.
#include "kit/dd_solver.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <utility>
#include <vector>

namespace parlour::kit {

namespace {

using Mask = std::uint16_t;  // a suit's cards, bit o for trick order o
constexpr int kNone = SUIT_NB;
constexpr int kMaxTricks = 52;

inline int top(unsigned m) {
  return 31 - std::countl_zero(m);
}

// A card as the search sees it: its suit and its trick order.
struct Move {
  std::int8_t suit, order, low;  // low: the lowest card of the run it stands for
  std::int16_t score;
};

// The trick as it is played: who led, who played what, who wins so far.
struct TrickRec {
  std::int8_t leader = 0, count = 0, win = 0;
  std::array<std::int8_t, kMaxTrickSeats> seat{}, suit{}, order{};
};

// The lowest trick order in each suit that a search's result rests on (13:
// none): the result holds for every position that has the same hand
// lengths, the same leader, and the same owners of the cards from the top
// of each suit down to that order (partition search: Ginsberg; DDS's
// "winning ranks").
using Floor = std::array<std::int8_t, SUIT_NB>;
constexpr Floor kNoFloor = {13, 13, 13, 13};

// A trick boundary as the table sees it: the leader and every hand's length
// in each suit (exact), and the owners of each suit's cards from the top,
// b bits each (b = 2 for four seats or fewer, 3 above), the top card's in
// the highest bits of a 32-bit lane, suit s in lane s of `tops` (the lowest
// cards of a long suit of five seats or more fall off the end).
struct Shape {
  std::array<std::uint64_t, 2> lens{};
  std::array<std::uint64_t, 2> tops{};
};

// Bounds on the tricks still to come that the side takes, for the positions
// of a shape's `lens` whose tops, in their highest bits[s] bits of each
// lane, read `tops`; and the lead that last cut the search off (suit * 16 +
// place from the top among the suit's cards; 0xff none).
struct Entry {
  std::array<std::uint64_t, 2> tops;
  std::array<std::uint8_t, SUIT_NB> bits;
  std::uint8_t lb, ub, move, unused;
};
static_assert(sizeof(Entry) == 24);

// The highest `lo` bits of the low lane and `hi` of the high one.
inline std::uint64_t lanes_mask(std::uint8_t lo, std::uint8_t hi) {
  const auto lane = [](std::uint8_t b) { return static_cast<std::uint32_t>(~0ull << (32 - b)); };
  return lane(lo) | static_cast<std::uint64_t>(lane(hi)) << 32;
}

// The entries of one `lens`, newest block first.
constexpr int kPerBlock = 5;
constexpr std::uint32_t kNil = ~0u;
struct Block {
  std::array<Entry, kPerBlock> e;
  std::uint32_t next, count;
};
static_assert(sizeof(Block) == 128);
// A list's positions all have the same number of tricks left: its depth.
struct Lens {
  std::array<std::uint64_t, 2> lens;
  std::uint32_t head;
  std::uint16_t gen;
  std::uint8_t depth, unused;
};
static_assert(sizeof(Lens) == 24);

// Bit counts of 13-bit suits: std::popcount compiles to a library call
// where the build does not assume the instruction.
constexpr std::array<std::uint8_t, 8192> kPop = [] {
  std::array<std::uint8_t, 8192> t{};
  for (int i = 1; i < 8192; ++i) t[i] = static_cast<std::uint8_t>(t[i >> 1] + (i & 1));
  return t;
}();
inline int pop(unsigned m) {
  return kPop[m & 8191];
}

inline bool same(const std::array<std::uint64_t, 2>& a, const std::array<std::uint64_t, 2>& b) {
  return a[0] == b[0] && a[1] == b[1];
}

}  // namespace

struct DdSolver::Impl {
  explicit Impl(int bits);

  // Setting up.
  void context(int seats, int trump, std::uint8_t side, bool fewest,
               const std::array<std::uint8_t, 52>& points);
  void load(const DdPosition& p);
  int value(int lo, int hi, int guess);
  int tricks_left() const;
  // What is still to be won, the trick in progress included: tricks, or
  // points where cards are worth points.
  int still_to_win() const;
  int points_live() const;
  // What a finished trick is worth to its winner.
  int worth(const TrickRec& t) const {
    if (!by_points) return 1;
    int v = 0;
    for (int i = 0; i < t.count; ++i) v += worth_of[t.suit[i]][t.order[i]];
    return v;
  }
  // The table's key for the cards worth points: for each, 0 once it is
  // played, else 1 + the live cards above it, 3 bits each.
  std::uint64_t points_key() const;
  // Lowers `floor` to every live card worth points: a result rests on who
  // holds them.
  void points_floor(Floor& floor) const;

  // Playing.
  int next_to_play() const;
  void play(int seat, int suit, int order);
  void unplay();
  void finish_trick();
  void unfinish_trick();
  int max_size() const {
    int m = 0;
    for (int s = 0; s < n; ++s) m = std::max<int>(m, size[s]);
    return m;
  }
  bool ours(int seat) const { return side >> seat & 1; }
  // Whether `seat` plays for the side to take more tricks.
  bool wants(int seat) const { return ours(seat) != fewest; }

  // Searching.
  bool search(int target, Floor& floor);
  int last_trick(Floor& floor) const;
  int quick_tricks(int leader, Floor& floor) const;
  bool wins_trick(int seat, Floor& floor) const;
  int trump_tricks(bool counted, Floor& floor) const;
  int cash(int seat, Floor& floor) const;
  int generate(int seat, Move* out, int hint) const;
  int lead_weight(int leader, const Move& m) const;
  // The seats still to play to the trick after one: the adversaries' best
  // and lowest cards of the suit led and their best trump among those void
  // in it, and the partners' best card of the suit led.
  struct After {
    int opp_led = -1, opp_ruff = -1, opp_low = 99, pd_led = -1;
    bool last = true, opp_void_ruff = false;
  };
  After after(int seat) const;
  int play_weight(int seat, const Move& m, const After& a) const;
  void trick_floor(Floor& floor) const;
  void shape(int leader, Shape& sh) const;
  const Entry* probe(const Shape& sh, int target, Floor& floor, int& hint);
  void store(const Shape& sh, int depth, int most, const Floor& floor, bool fail_high, int bound,
             int move);
  Lens* find(const std::array<std::uint64_t, 2>& key, int depth, bool add);
  std::uint32_t new_block(int depth);
  void make_room();
  void forget();

  // The table: lists of entries by lens, in a fixed pool of blocks. When
  // the pool or the lists run out, the lists of the positions nearest the
  // end of play (the cheapest to search again) are dropped, half the pool
  // at least: memory stays fixed, and what cost the most is kept.
  std::vector<Lens> lists, kept;
  std::vector<Block> blocks;
  std::size_t lists_mask = 0, lists_used = 0, blocks_used = 0;
  std::uint32_t free_blocks = kNil;
  std::array<std::size_t, kMaxTricks + 1> blocks_at{};  // in use, by depth
  std::uint16_t gen = 1;

  // What stays fixed in a search.
  int n = 4, trump = kNone, owner_bits = 2, max_places = 13;
  std::uint8_t side = 0b0101;
  // The side plays to take the fewest. The bounds from sure tricks then say
  // nothing (a seat need not cash its winners), so they are not used.
  bool fewest = false;
  // Cards are worth points (DdPosition::points), counted instead of tricks.
  // The sure-trick bounds count tricks, so they are not used either.
  bool by_points = false;
  bool sure_bounds() const { return !fewest && !by_points; }
  std::array<std::uint8_t, 52> points_by_card{};
  std::array<std::array<std::uint8_t, 16>, SUIT_NB> worth_of{};  // by suit and trick order
  int point_cards = 0;                                           // at most 4
  std::array<std::int8_t, 4> point_suit{}, point_order{};
  bool have_context = false;
  std::uint64_t node_limit = 0;  // 0: none
  std::function<bool()> stop;
  std::array<std::array<std::int8_t, 16>, SUIT_NB> owner{};

  // The position.
  std::array<std::array<Mask, SUIT_NB>, kMaxTrickSeats> hand{};
  std::array<Mask, SUIT_NB> live{};  // held by any seat
  std::array<Mask, SUIT_NB> down{};  // in the trick in progress
  std::array<std::int8_t, kMaxTrickSeats> size{};
  std::array<std::uint64_t, 2> lens{};          // as a Shape's, but for the leader
  std::array<std::uint64_t, SUIT_NB> owners{};  // as a Shape's
  std::array<TrickRec, kMaxTricks + 1> trick{};
  int ti = 0;   // the trick in progress: trick[ti]
  int won = 0;  // tricks the side has taken since the search began
  DdStats stats;
};

DdSolver::Impl::Impl(int bits) {
  bits = std::clamp(bits, 8, 24);
  blocks.resize(std::size_t{1} << bits);
  lists.assign(std::size_t{1} << bits, Lens{{}, kNil, 0, 0, 0});
  kept.reserve(lists.size());
  lists_mask = lists.size() - 1;
}

void DdSolver::Impl::forget() {
  if (++gen == 0) {
    std::fill(lists.begin(), lists.end(), Lens{{}, kNil, 0, 0, 0});
    gen = 1;
  }
  lists_used = blocks_used = 0;
  free_blocks = kNil;
  blocks_at = {};
}

std::uint32_t DdSolver::Impl::new_block(int depth) {
  std::uint32_t b = free_blocks;
  if (b != kNil)
    free_blocks = blocks[b].next;
  else if (blocks_used < blocks.size())
    b = static_cast<std::uint32_t>(blocks_used++);
  else
    return kNil;
  ++blocks_at[depth];
  return b;
}

// Drops the lists of the shallowest positions, half the blocks in use or
// more, and gives their blocks back.
void DdSolver::Impl::make_room() {
  ++stats.forgotten;
  std::size_t in_use = 0, dropped = 0;
  for (std::size_t b : blocks_at) in_use += b;
  int keep_from = 0;
  while (keep_from <= kMaxTricks && 2 * dropped < in_use) dropped += blocks_at[keep_from++];
  kept.clear();
  for (const Lens& l : lists) {
    if (l.gen != gen) continue;
    if (l.depth >= keep_from) {
      kept.push_back(l);
      continue;
    }
    for (std::uint32_t b = l.head; b != kNil;) {
      const std::uint32_t next = blocks[b].next;
      blocks[b].next = free_blocks;
      free_blocks = b;
      --blocks_at[l.depth];
      b = next;
    }
  }
  // The lists left, again from empty (open addressing has no deletion).
  if (++gen == 0) {
    std::fill(lists.begin(), lists.end(), Lens{{}, kNil, 0, 0, 0});
    gen = 1;
  }
  lists_used = 0;
  for (const Lens& l : kept) find(l.lens, l.depth, true)->head = l.head;
}

void DdSolver::Impl::context(int seats, int t, std::uint8_t s, bool f,
                             const std::array<std::uint8_t, 52>& points) {
  if (have_context && seats == n && t == trump && s == side && f == fewest &&
      points == points_by_card)
    return;
  have_context = true;
  n = seats, trump = t, side = s, fewest = f;
  points_by_card = points;
  by_points = std::any_of(points.begin(), points.end(), [](std::uint8_t v) { return v != 0; });
  owner_bits = n <= 4 ? 2 : 3;
  max_places = n <= 4 ? 13 : 10;
  forget();
}

// ---------------------------------------------------------------------------
// Playing

int DdSolver::Impl::next_to_play() const {
  const TrickRec& t = trick[ti];
  if (t.count == 0) return t.leader;
  int s = t.seat[t.count - 1];
  for (;;) {
    if (++s == n) s = 0;
    if (s == t.leader) return -1;
    if (size[s]) return s;
  }
}

void DdSolver::Impl::play(int seat, int suit, int order) {
  const Mask b = static_cast<Mask>(1u << order);
  {
    const int at = pop(live[suit] & (b - 1u)) * owner_bits;
    const std::uint64_t w = owners[suit];
    owners[suit] = (w & ((std::uint64_t{1} << at) - 1)) | (w >> (at + owner_bits) << at);
  }
  hand[seat][suit] ^= b;
  live[suit] ^= b;
  down[suit] |= b;
  --size[seat];
  lens[seat >> 2] -= std::uint64_t{1} << ((seat & 3) * 16 + suit * 4);
  TrickRec& t = trick[ti];
  const int i = t.count++;
  t.seat[i] = static_cast<std::int8_t>(seat);
  t.suit[i] = static_cast<std::int8_t>(suit);
  t.order[i] = static_cast<std::int8_t>(order);
  if (i == 0) {
    t.win = 0;
  } else {
    const int ws = t.suit[t.win];
    if (suit == ws ? order > t.order[t.win] : suit == trump) t.win = static_cast<std::int8_t>(i);
  }
}

// Undoes the last card of the trick in progress. The winner so far is found
// again: cheaper than keeping it, with eight cards at most.
void DdSolver::Impl::unplay() {
  TrickRec& t = trick[ti];
  const int i = --t.count;
  const int seat = t.seat[i], suit = t.suit[i];
  const Mask b = static_cast<Mask>(1u << t.order[i]);
  hand[seat][suit] |= b;
  live[suit] |= b;
  down[suit] &= static_cast<Mask>(~b);
  ++size[seat];
  {
    const int at = pop(live[suit] & (b - 1u)) * owner_bits;
    const std::uint64_t w = owners[suit], low = (std::uint64_t{1} << at) - 1;
    owners[suit] = (w & low) | static_cast<std::uint64_t>(seat) << at | (w & ~low) << owner_bits;
  }
  lens[seat >> 2] += std::uint64_t{1} << ((seat & 3) * 16 + suit * 4);
  if (t.win == i) {
    int w = 0;
    for (int j = 1; j < i; ++j)
      if (t.suit[j] == t.suit[w] ? t.order[j] > t.order[w] : t.suit[j] == trump) w = j;
    t.win = static_cast<std::int8_t>(w);
  }
}

void DdSolver::Impl::finish_trick() {
  const TrickRec& t = trick[ti];
  int w = t.seat[t.win];
  if (ours(w)) won += worth(t);
  down = {};
  // A winner without cards passes the lead to his left.
  for (int i = 0; i < n && size[w] == 0; ++i) w = w + 1 == n ? 0 : w + 1;
  TrickRec& next = trick[++ti];
  next.leader = static_cast<std::int8_t>(w);
  next.count = 0;
}

void DdSolver::Impl::unfinish_trick() {
  const TrickRec& t = trick[--ti];
  if (ours(t.seat[t.win])) won -= worth(t);
  for (int i = 0; i < t.count; ++i) down[t.suit[i]] |= static_cast<Mask>(1u << t.order[i]);
}

// ---------------------------------------------------------------------------
// Bounds

// With every hand down to one card: 1 if the side takes the last trick.
int DdSolver::Impl::last_trick(Floor& floor) const {
  const int leader = trick[ti].leader;
  int ws = -1, wo = -1, wseat = leader, worth_it = by_points ? 0 : 1;
  bool by_rank = false;  // whether the winner beat a card of its suit
  for (int i = 0, s = leader; i < n; ++i, s = s + 1 == n ? 0 : s + 1) {
    if (!size[s]) continue;
    int suit = 0;
    while (!hand[s][suit]) ++suit;
    const int o = top(hand[s][suit]);
    if (by_points) worth_it += worth_of[suit][o];
    if (ws < 0) {
      ws = suit, wo = o, wseat = s;
    } else if (suit == ws) {
      by_rank = true;
      if (o > wo) wo = o, wseat = s;
    } else if (suit == trump) {
      ws = suit, wo = o, wseat = s, by_rank = false;
    }
  }
  if (by_rank) floor[ws] = std::min(floor[ws], static_cast<std::int8_t>(wo));
  return ours(wseat) ? worth_it : 0;
}

// Tricks `seat` is sure of when it has the lead, suit by suit: it plays its
// cards of the suit from the top while each beats every card the others
// may still hold (each keeps its best to the last), and every adversary who
// could ruff follows. An adversary who holds trumps follows to every one of
// these tricks (or none were counted in that suit), and a discard only
// weakens the others' suits, so cashing one suit takes nothing from
// another's count. A partner who holds trumps must not be made to ruff: he
// keeps a card of another suit for each trick, or follows to all of them.
// `floor` gets the cards counted.
int DdSolver::Impl::cash(int seat, Floor& floor) const {
  const bool us = ours(seat);
  std::array<int, SUIT_NB> k{}, longest{};
  int side_suits = 0;
  for (int s = 0; s < SUIT_NB; ++s) {
    const Mask h = hand[seat][s];
    if (!h) continue;
    // Each other hand's length and best card in the suit, and the longest
    // adversary who could ruff it.
    std::array<int, kMaxTrickSeats> len{}, best{};
    int ruff = 99;
    for (int o = 0; o < n; ++o) {
      if (o == seat || !hand[o][s]) continue;
      len[o] = pop(hand[o][s]);
      best[o] = top(hand[o][s]);
      longest[s] = std::max(longest[s], len[o]);
    }
    if (trump != kNone && s != trump)
      for (int o = 0; o < n; ++o)
        if (ours(o) != us && hand[o][trump]) ruff = std::min(ruff, len[o]);
    unsigned x = h;
    int j = 0;
    while (x && j < ruff) {
      const int c = top(x);
      int beat = -1;
      for (int o = 0; o < n; ++o)
        if (len[o] > j) beat = std::max(beat, best[o]);
      if (beat > c) break;
      x ^= 1u << c;
      ++j;
    }
    k[s] = j;
    if (trump != kNone && s != trump) side_suits += j;
  }
  if (trump != kNone && side_suits) {
    for (int p = 0; p < n; ++p) {
      if (p == seat || ours(p) != us || !hand[p][trump]) continue;
      if (size[p] - pop(hand[p][trump]) >= side_suits) continue;
      for (int s = 0; s < SUIT_NB; ++s)
        if (s != trump) k[s] = std::min(k[s], pop(hand[p][s]));
    }
  }
  int q = 0;
  for (int s = 0; s < SUIT_NB; ++s) {
    q += k[s];
    // Once the others are out of the suit, the rest win by length: only
    // the cards played while they follow win by rank.
    const int ranked = std::min(k[s], longest[s]);
    if (!ranked) continue;
    unsigned l = hand[seat][s];
    for (int j = ranked; j > 1; --j) l ^= 1u << top(l);
    floor[s] = std::min(floor[s], static_cast<std::int8_t>(top(l)));
  }
  return q;
}

// Tricks the leader's side is sure of: those the leader cashes, or those a
// partner cashes once the leader reaches him in a suit where he holds the
// top card (each seat between them follows or cannot ruff).
int DdSolver::Impl::quick_tricks(int leader, Floor& floor) const {
  Floor best = kNoFloor;
  int q = cash(leader, best);
  const bool us = ours(leader);
  for (int p = 0; p < n; ++p) {
    if (p == leader || ours(p) != us || !size[p]) continue;
    for (int c = 0; c < SUIT_NB; ++c) {
      if (!hand[leader][c] || !live[c] || owner[c][top(live[c])] != p) continue;
      bool safe = true;
      if (trump != kNone && c != trump)
        for (int o = 0; o < n && safe; ++o)
          if (o != leader && o != p && size[o] && !hand[o][c] && hand[o][trump]) safe = false;
      if (!safe) continue;
      Floor f = kNoFloor;
      const int qp = cash(p, f);
      if (qp > q) q = qp, best = f;
      break;
    }
  }
  for (int s = 0; s < SUIT_NB; ++s) floor[s] = std::min(floor[s], best[s]);
  return q;
}

// Whether the side of `seat`, to play to the trick in progress, is sure to
// take it: it wins it already and no adversary still to play can beat or
// ruff the card, or it holds a card of the suit led above every other still
// to be played. `floor` gets the card.
bool DdSolver::Impl::wins_trick(int seat, Floor& floor) const {
  const TrickRec& t = trick[ti];
  const int led = t.suit[0], ws = t.suit[t.win], wo = t.order[t.win];
  const bool us = ours(seat);
  int best = -1, opp_best = -1;
  for (int x = seat;;) {
    if (size[x]) {
      const Mask f = hand[x][led];
      if (ours(x) == us) {
        if (f) best = std::max(best, top(f));
      } else if (f) {
        opp_best = std::max(opp_best, top(f));
      } else if (trump != kNone && led != trump && hand[x][trump]) {
        return false;  // it might ruff
      }
    }
    if (++x == n) x = 0;
    if (x == t.leader) break;
  }
  if (ours(t.seat[t.win]) == us && (ws != led || wo > opp_best)) {
    // (A ruff: no one left can overruff.)
    floor[ws] = std::min(floor[ws], static_cast<std::int8_t>(wo));
    return true;
  }
  if (ws == led && best > wo && best > opp_best) {
    floor[led] = std::min(floor[led], static_cast<std::int8_t>(best));
    return true;
  }
  return false;
}

// Trump tricks a side is sure of, whoever leads: a hand's j best trumps,
// each played to a trick of its own, lose at most one each to the
// adversaries' trumps above them, a of them; so j - a take tricks (a
// partner's higher trump wins for the side as well). The best hand, and j.
int DdSolver::Impl::trump_tricks(bool counted, Floor& floor) const {
  unsigned theirs = 0;
  for (int p = 0; p < n; ++p)
    if (ours(p) != counted) theirs |= hand[p][trump];
  const int their_top = theirs ? top(theirs) : 13;
  int best = 0, at = 13;
  for (int p = 0; p < n; ++p) {
    if (ours(p) != counted) continue;
    int j = 0;
    for (unsigned x = hand[p][trump]; x; x ^= 1u << top(x)) {
      const int o = top(x);
      const int a = pop(theirs >> (o + 1));
      ++j;
      if (j - a > best) {
        best = j - a;
        // Above the adversaries' best trump, the count needs no more.
        at = a == 0 ? their_top : o;
      }
    }
  }
  if (best) floor[trump] = std::min(floor[trump], static_cast<std::int8_t>(at));
  return best;
}

// ---------------------------------------------------------------------------
// Moves

// The cards `seat` may play, one of each run of cards it holds with no live
// card (held, or in the trick) between them, best first by guess.
int DdSolver::Impl::generate(int seat, Move* out, int hint) const {
  const TrickRec& t = trick[ti];
  const bool lead = t.count == 0;
  const int led = lead ? kNone : t.suit[0];
  const bool follow = !lead && hand[seat][led];
  int nm = 0;
  for (int s = 0; s < SUIT_NB; ++s) {
    if (follow && s != led) continue;
    const Mask h = hand[seat][s];
    if (!h) continue;
    bool prev = false;
    for (unsigned x = static_cast<unsigned>(live[s] | down[s]); x;) {
      const int o = top(x);
      x ^= 1u << o;
      const bool in = h >> o & 1;
      // A card worth points is a move of its own: which card of a run
      // falls matters then.
      const bool alone = by_points && worth_of[s][o];
      if (in && prev && !alone) out[nm - 1].low = static_cast<std::int8_t>(o);
      if (in && (!prev || alone))
        out[nm++] = Move{static_cast<std::int8_t>(s), static_cast<std::int8_t>(o),
                         static_cast<std::int8_t>(o), 0};
      prev = in && !alone;
    }
  }
  if (nm < 2) return nm;
  After a;
  if (!lead) a = after(seat);
  for (int i = 0; i < nm; ++i) {
    int w = lead ? lead_weight(seat, out[i]) : play_weight(seat, out[i], a);
    // Playing for the fewest, every seat mostly tries not to win the trick:
    // the weights for taking tricks, turned round, are a fair first guess.
    if (fewest) w = -w;
    out[i].score =
        static_cast<std::int16_t>(w + (out[i].suit * 16 + out[i].order == hint ? 1000 : 0));
  }
  return nm;
}

DdSolver::Impl::After DdSolver::Impl::after(int seat) const {
  const TrickRec& t = trick[ti];
  const int led = t.suit[0];
  const bool us = ours(seat);
  After a;
  for (int x = seat + 1 == n ? 0 : seat + 1; x != t.leader; x = x + 1 == n ? 0 : x + 1) {
    if (!size[x]) continue;
    a.last = false;
    const Mask f = hand[x][led];
    if (ours(x) == us) {
      if (f) a.pd_led = std::max(a.pd_led, top(f));
    } else if (f) {
      a.opp_led = std::max(a.opp_led, top(f));
      a.opp_low = std::min(a.opp_low, std::countr_zero(static_cast<unsigned>(f)));
    } else if (trump != kNone && hand[x][trump]) {
      a.opp_void_ruff = true;
      a.opp_ruff = std::max(a.opp_ruff, top(hand[x][trump]));
    }
  }
  return a;
}

// How promising a card to a trick in progress looks, after DDS's weights for
// the second, third and fourth hands, with the seats still to play standing
// for those after: win cheaply where no adversary after can beat it, play
// low where a partner wins or nothing can, ruff low where no one
// overruffs, and throw low cards from long suits, keeping guards and
// winners.
int DdSolver::Impl::play_weight(int seat, const Move& m, const After& a) const {
  const TrickRec& t = trick[ti];
  const int s = m.suit, o = m.order;
  const int led = t.suit[0];
  const int ws = t.suit[t.win], wo = t.order[t.win];
  const bool partner_wins = ours(t.seat[t.win]) == ours(seat);
  const int opp_led = a.opp_led, opp_low = a.opp_low, pd_led = a.pd_led;
  const bool last = a.last, opp_void_ruff = a.opp_void_ruff;
  // Whether a card of suit cs, order co, would lose to an adversary after.
  auto beaten = [&](int cs, int co) {
    if (cs == led) return opp_led > co || opp_void_ruff;
    return cs == trump && a.opp_ruff > co;
  };
  const int r_rank = pop(live[s] >> (o + 1)) + 1;
  if (s == led) {
    if (last) {
      if (partner_wins || ws != led) return -o;
      return o > wo ? 30 - o : -o;
    }
    if (partner_wins && !beaten(ws, wo)) return -o;
    if (ws == led && !opp_void_ruff && pd_led > std::max(wo, opp_led)) return -o;
    const bool beats = ws == led && o > wo;
    if (beats && !beaten(s, o)) return 81 - o;
    if (opp_low != 99 && opp_low > o) return -3 + r_rank;
    if (!beats) return -11 + r_rank;
    return m.low < m.order ? 10 + r_rank : 13 - o;
  }
  const int len = pop(hand[seat][s]);
  const unsigned lv = live[s];
  const int o1 = top(lv);
  const unsigned lv2 = lv ^ (1u << o1);
  const bool guard = len == 2 && lv2 && owner[s][top(lv2)] == seat;  // Kx
  const bool stiff = len == 1 && owner[s][o1] == seat;               // a lone winner
  const bool sure = partner_wins && !beaten(ws, wo);
  if (s == trump) {
    // Ruffing.
    if (sure) return -o - 50;
    if (ws == trump && o < wo) return -32 + r_rank + len * 64 / 40;
    if (last) return 33 + r_rank;
    if (!beaten(s, o)) return 72 - o + len * 64 / 50;
    return -12 - o + len * 64 / 50;
  }
  int w = -o + len * 64 / (sure ? 23 : 33);
  if (guard) w -= sure ? 2 : 6;
  if (stiff) w -= sure ? 3 : 8;
  if (trump != kNone && hand[seat][trump]) w += sure ? 25 : 14;
  return w;
}

// How promising a lead looks, after DDS's weights (Moves.cpp): cash what
// the side wins at once, lead towards a partner's winners, and prefer suits
// in which the adversaries next to the leader hold few cards (the tree
// grows with their choices). Here `lho` and `rho` are the seats after and
// before the leader, `pd` a partner of his.
int DdSolver::Impl::lead_weight(int l, const Move& m) const {
  const int s = m.suit, o = m.order;
  auto next_in = [&](int from, int step) {
    for (int i = 1, x = from; i < n; ++i) {
      x = (x + step + n) % n;
      if (size[x]) return x;
    }
    return -1;
  };
  const int lho = next_in(l, 1), rho = next_in(l, -1);
  int pd = -1;
  if (n == 4 && ours((l + 2) & 3) == ours(l) && size[(l + 2) & 3])
    pd = (l + 2) & 3;
  else
    for (int i = 1, x = l; i < n && pd < 0; ++i)
      if (x = (x + 1) % n; size[x] && ours(x) == ours(l)) pd = x;
  auto len = [&](int x, int su) { return x < 0 ? 0 : pop(hand[x][su]); };
  auto high = [&](int x, int su) { return x < 0 || !hand[x][su] ? -1 : top(hand[x][su]); };
  const unsigned lv = live[s];
  const int o1 = top(lv);
  const unsigned lv2 = lv ^ (1u << o1);
  const int o2 = lv2 ? top(lv2) : -1;
  const unsigned lv3 = o2 >= 0 ? lv2 ^ (1u << o2) : 0;
  const int winner = owner[s][o1];
  const int second = o2 >= 0 ? owner[s][o2] : -2;
  const int third = lv3 ? owner[s][top(lv3)] : -2;
  const int c_lho = len(lho, s), c_rho = len(rho, s), c_pd = len(pd, s), c_own = len(l, s);
  const int r_rank = pop(lv >> (o + 1)) + 1;  // 1 for the top card
  const bool seq = m.low < m.order;
  const int left = size[l];
  const int count_lh = (c_lho == 0 ? left + 1 : c_lho) * 4;
  const int count_rh = (c_rho == 0 ? left + 1 : c_rho) * 4;
  if (trump == kNone) {
    int d = -((count_lh + count_rh) * 32) / 19;
    if (c_pd == 0) d -= 9;
    if (o == o1 || high(pd, s) > std::max(high(lho, s), high(rho, s))) {
      if (second == rho) {
        if (c_rho != 1) d -= 1;
      } else if (second == lho) {
        d += c_lho != 1 ? 22 : 16;
      }
      const bool clear = (second != lho || c_lho == 1) && (second != rho || c_rho == 1);
      return d + (clear ? 45 : 18) + r_rank;
    }
    if (winner == rho || second == rho) {
      if (c_rho != 1) d -= 10;
    } else if (winner == lho && second == pd) {
      if (c_pd != 1) d += 31;
    }
    if (second == pd && third == pd)
      d += 35;
    else if (((second == l && third == pd) || (second == pd && third == l)) && c_pd > 1)
      d += 25;
    if ((c_lho == 1 && winner == lho) || (c_rho == 1 && winner == rho)) return d + 28 + r_rank;
    if (winner == l) return d - 17 + r_rank;
    if (!seq) return d + 12 + r_rank;
    if (o == o2) return d + 48;
    return d + 29 - r_rank;
  }
  const int t = trump;
  auto has_trump = [&](int x) { return x >= 0 && hand[x][t] != 0; };
  int bonus = 0;
  if (s != t && ((c_lho == 0 && has_trump(lho)) || (c_rho == 0 && has_trump(rho)))) bonus = -12;
  if (s != t && c_pd == 0 && has_trump(pd) && c_rho > 0) bonus += 17;
  if (winner == rho || second == rho) {
    if (c_rho != 1) bonus -= 12;
  } else if (winner == lho && second == pd) {
    if (c_pd != 1) bonus += 27;
  }
  if (s != t && c_own == 1 && has_trump(l) && c_pd > 1 && winner == pd) bonus += 19;
  int d = bonus - ((count_lh + count_rh) * 32) / 13;
  // Whether the lead wins the trick, for the leader or a partner.
  auto safe = [&](int x) { return x < 0 || len(x, s) != 0 || !has_trump(x); };
  bool win = false;
  if (o == o1) {
    if (s == t)
      win = true;
    else if (c_pd != 0 || !has_trump(pd))
      win = safe(lho) && safe(rho);
    else
      win = (len(lho, s) != 0 || high(pd, t) > high(lho, t)) &&
            (len(rho, s) != 0 || high(pd, t) > high(rho, t));
  } else if (high(pd, s) > std::max(high(lho, s), high(rho, s))) {
    win = s == t || (safe(lho) && safe(rho));
  } else if (s != t && c_pd == 0 && has_trump(pd)) {
    const bool lr = c_lho == 0 && has_trump(lho), rr = c_rho == 0 && has_trump(rho);
    if (lr && rr)
      win = high(pd, t) > std::max(high(lho, t), high(rho, t));
    else if (lr)
      win = high(pd, t) > high(lho, t);
    else if (rr)
      win = high(pd, t) > high(rho, t);
    else
      win = true;
  }
  if (win) {
    if ((c_lho == 1 && winner == lho) || (c_rho == 1 && winner == rho)) return d + 35 + r_rank;
    if (winner == l) {
      if (second == pd) return d + 48 + r_rank;
      if (o == o1) return d + 31;
      return d - 3 + r_rank;
    }
    if (winner == pd) return d + (second == l ? 42 : 28) + r_rank;
    if (seq && o == o2) return d + 40;
    return d + (seq ? 22 : 11) + r_rank;
  }
  if (second == pd && third == pd)
    d += 20;
  else if (((second == l && third == pd) || (second == pd && third == l)) && c_pd > 1)
    d += 13;
  if ((c_lho == 1 && winner == lho) || (c_rho == 1 && winner == rho)) return d + r_rank + 2;
  if (winner == l) {
    if (second == pd) return d + 33 + r_rank;
    if (o == o1) return d + 38;
    return d - 14 + r_rank;
  }
  if (winner == pd) return d + 34 + r_rank;
  if (seq && o == o2) return d + 35;
  return d + 17 - (o + 2);
}

// ---------------------------------------------------------------------------
// The transposition table

void DdSolver::Impl::shape(int leader, Shape& sh) const {
  sh.lens = lens;
  sh.lens[1] |= static_cast<std::uint64_t>(leader) << 60;
  // (Bits 48 to 59 are free: seven seats at most.)
  if (by_points) sh.lens[1] |= points_key() << 48;
  sh.tops = {};
  for (int s = 0; s < SUIT_NB; ++s) {
    // The suit's owners, from the lowest card up, moved to the lane's top.
    const int used = pop(live[s]) * owner_bits;
    const std::uint32_t lane = static_cast<std::uint32_t>(
        used <= 32 ? (used ? owners[s] << (32 - used) : 0) : owners[s] >> (used - 32));
    sh.tops[s >> 1] |= static_cast<std::uint64_t>(lane) << (32 * (s & 1));
  }
}

// The list of `lens`, made if `add`; nullptr if there is none, or no room.
Lens* DdSolver::Impl::find(const std::array<std::uint64_t, 2>& key, int depth, bool add) {
  std::uint64_t h = key[0] * 0x9e3779b97f4a7c15ull ^ key[1] * 0xc2b2ae3d27d4eb4full;
  h ^= h >> 29;
  h *= 0xbf58476d1ce4e5b9ull;
  std::size_t i = static_cast<std::size_t>(h ^ (h >> 32));
  for (int probe = 0; probe < 16; ++probe, ++i) {
    Lens& l = lists[i & lists_mask];
    if (l.gen != gen) {
      // Open addressing, kept short: at three quarters full, no more lists.
      if (!add || 4 * (lists_used + 1) > 3 * lists.size()) return nullptr;
      ++lists_used;
      l = Lens{key, kNil, gen, static_cast<std::uint8_t>(depth), 0};
      return &l;
    }
    if (same(l.lens, key)) return &l;
  }
  return nullptr;
}

// Whether an entry that fits the position settles the search for `target`
// (the entry, its floor in `floor`), else nullptr; `hint` gets a lead to try
// first.
const Entry* DdSolver::Impl::probe(const Shape& sh, int target, Floor& floor, int& hint) {
  const Lens* l = find(sh.lens, 0, false);
  if (!l) return nullptr;
  for (std::uint32_t bi = l->head; bi != kNil; bi = blocks[bi].next) {
    const Block& b = blocks[bi];
    for (std::uint32_t i = b.count; i-- > 0;) {
      const Entry& e = b.e[i];
      if ((sh.tops[0] & lanes_mask(e.bits[0], e.bits[1])) != e.tops[0] ||
          (sh.tops[1] & lanes_mask(e.bits[2], e.bits[3])) != e.tops[1])
        continue;
      if (won + e.lb >= target || won + e.ub < target) {
        for (int s = 0; s < SUIT_NB; ++s) {
          // The top cards it rests on, the lowest of them first.
          const int k = e.bits[s] / owner_bits;
          if (!k) continue;
          unsigned x = live[s];
          for (int j = k; j > 1; --j) x ^= 1u << top(x);
          floor[s] = std::min(floor[s], static_cast<std::int8_t>(top(x)));
        }
        return &e;
      }
      if (e.move != 0xff && hint < 0) {
        // The place from the top back to a card, if the leader holds it.
        const int s = e.move >> 4;
        unsigned x = live[s];
        for (int j = e.move & 15; j > 0 && x; --j) x ^= 1u << top(x);
        if (x && owner[s][top(x)] == trick[ti].leader) hint = s * 16 + top(x);
      }
    }
  }
  return nullptr;
}

void DdSolver::Impl::store(const Shape& sh, int depth, int most, const Floor& floor, bool fail_high,
                           int bound, int move) {
  Entry fresh{};
  for (int s = 0; s < SUIT_NB; ++s) {
    const int k = pop(live[s] >> floor[s]);
    if (k > max_places) return;
    fresh.bits[s] = static_cast<std::uint8_t>(k * owner_bits);
  }
  fresh.tops[0] = sh.tops[0] & lanes_mask(fresh.bits[0], fresh.bits[1]);
  fresh.tops[1] = sh.tops[1] & lanes_mask(fresh.bits[2], fresh.bits[3]);
  Lens* l = find(sh.lens, depth, true);
  if (!l) {
    make_room();
    if (!(l = find(sh.lens, depth, true))) return;
  }
  Entry* e = nullptr;
  for (std::uint32_t bi = l->head; bi != kNil && !e; bi = blocks[bi].next) {
    Block& b = blocks[bi];
    for (std::uint32_t i = 0; i < b.count; ++i)
      if (b.e[i].bits == fresh.bits && b.e[i].tops == fresh.tops) {
        e = &b.e[i];
        break;
      }
  }
  if (!e) {
    if (l->head == kNil || blocks[l->head].count == kPerBlock) {
      std::uint32_t nb = new_block(depth);
      if (nb == kNil) {
        make_room();
        if (!(l = find(sh.lens, depth, true)) || (nb = new_block(depth)) == kNil) return;
      }
      Block& b = blocks[nb];
      b.next = l->head;
      b.count = 0;
      l->head = nb;
    }
    Block& b = blocks[l->head];
    e = &b.e[b.count++];
    *e = fresh;
    e->lb = 0;
    e->ub = static_cast<std::uint8_t>(most);
    e->move = 0xff;
  }
  if (fail_high)
    e->lb = static_cast<std::uint8_t>(std::max<int>(e->lb, bound));
  else
    e->ub = static_cast<std::uint8_t>(std::min<int>(e->ub, bound));
  if (move >= 0) e->move = static_cast<std::uint8_t>(move);
}

// ---------------------------------------------------------------------------
// The search

// When the trick in progress is complete: its winner's rank decided it if
// another card of the winner's suit is in it.
void DdSolver::Impl::trick_floor(Floor& floor) const {
  const TrickRec& t = trick[ti];
  const int ws = t.suit[t.win];
  for (int i = 0; i < t.count; ++i)
    if (i != t.win && t.suit[i] == ws) {
      floor[ws] = std::min(floor[ws], t.order[t.win]);
      return;
    }
}

// Whether the side can take `target` tricks in all, counting those taken
// since the search began (won). Lowers `floor` to what the answer rests on.
bool DdSolver::Impl::search(int target, Floor& floor) {
  if ((++stats.nodes > node_limit && node_limit) ||
      (stop && (stats.nodes & 0xffff) == 0 && stop()) || stats.stopped) {
    stats.stopped = true;
    return false;
  }
  const TrickRec& t = trick[ti];
  const bool boundary = t.count == 0;
  Shape sh;
  int hint = -1;
  int left = 0, most = 0;
  if (boundary) {
    if (won >= target) return true;
    left = max_size();
    most = by_points ? points_live() : left;
    if (won + most < target) return false;
    if (left == 1) return won + last_trick(floor) >= target;
    shape(t.leader, sh);
    if (const Entry* e = probe(sh, target, floor, hint)) {
      ++stats.table_cuts;
      return won + e->lb >= target;
    }
    Floor qf = kNoFloor;
    const int q = sure_bounds() ? quick_tricks(t.leader, qf) : 0;
    if (q > 0 && (ours(t.leader) ? won + q >= target : won + left - q < target)) {
      for (int s = 0; s < SUIT_NB; ++s) floor[s] = std::min(floor[s], qf[s]);
      ++stats.quick_cuts;
      return ours(t.leader);
    }
    if (sure_bounds() && trump != kNone && live[trump]) {
      Floor fu = kNoFloor, ft = kNoFloor;
      const int k_us = trump_tricks(true, fu), k_them = trump_tricks(false, ft);
      if (won + k_us >= target || won + left - k_them < target) {
        const bool yes = won + k_us >= target;
        floor[trump] = std::min(floor[trump], yes ? fu[trump] : ft[trump]);
        ++stats.quick_cuts;
        return yes;
      }
    }
  }
  const int seat = boundary ? t.leader : next_to_play();
  if (!boundary && sure_bounds()) {
    // The side to play sure of this trick: enough for the side that needs
    // one more, and too many for the side that needs them all.
    Floor f = kNoFloor;
    if (wins_trick(seat, f) &&
        (ours(seat) ? won + 1 >= target : won + tricks_left() - 1 < target)) {
      for (int s = 0; s < SUIT_NB; ++s) floor[s] = std::min(floor[s], f[s]);
      ++stats.quick_cuts;
      return ours(seat);
    }
  }
  std::array<Move, 52> moves;
  const int nm = generate(seat, moves.data(), hint);
  const bool max_node = wants(seat);
  bool result = !max_node;
  int cut = -1;
  Floor all = kNoFloor;  // what the answer rests on, if every move is tried
  // Below skip[s], a card of suit s leads where one already tried led: both
  // lie under what that answer rests on (DDS's "lowest win").
  Floor skip = {-1, -1, -1, -1};
  for (int i = 0; i < nm; ++i) {
    // The best left, picked as needed: most nodes cut off at the first.
    int b = i;
    for (int j = i + 1; j < nm; ++j)
      if (moves[j].score > moves[b].score) b = j;
    std::swap(moves[i], moves[b]);
    const Move m = moves[i];
    // (Never from or to a card worth points: it is like no other.)
    const bool alone = by_points && worth_of[m.suit][m.order];
    if (m.order < skip[m.suit] && !alone) continue;
    play(seat, m.suit, m.order);
    const bool done = next_to_play() < 0;
    if (done) finish_trick(), ++stats.tricks;
    Floor f = kNoFloor;
    const bool r = search(target, f);
    if (done) {
      unfinish_trick();
      trick_floor(f);
    }
    unplay();
    // Stopped below: nothing learnt here is true, so nothing is stored.
    if (stats.stopped) return false;
    if (r == max_node) {
      result = r;
      cut = i;
      all = f;
      break;
    }
    for (int s = 0; s < SUIT_NB; ++s) all[s] = std::min(all[s], f[s]);
    if (m.order < all[m.suit] && !alone) skip[m.suit] = std::max(skip[m.suit], all[m.suit]);
  }
  if (cut < 0) {
    // Every card was tried, one for each run: where the answer rests on a
    // run's top card, it rests on the whole run, each card of which the
    // adversaries (or the side) might play.
    for (bool changed = true; changed;) {
      changed = false;
      for (int i = 0; i < nm; ++i) {
        const Move& m = moves[i];
        if (all[m.suit] <= m.order && all[m.suit] > m.low) {
          all[m.suit] = m.low;
          changed = true;
        }
      }
    }
  }
  if (by_points) points_floor(all);
  for (int s = 0; s < SUIT_NB; ++s) floor[s] = std::min(floor[s], all[s]);
  if (boundary) {
    int move = -1;
    if (cut >= 0) {
      const Move m = moves[cut];
      const int place = pop(live[m.suit] >> m.order) - 1;
      move = m.suit * 16 + place;
    }
    store(sh, left, most, all, result, result ? target - won : target - won - 1, move);
  }
  return result;
}

// ---------------------------------------------------------------------------
// Setting up and the answers

void DdSolver::Impl::load(const DdPosition& p) {
  assert(p.seats >= 2 && p.seats <= 7);
  context(p.seats, p.trump == kNoTrump ? kNone : p.trump, p.side, p.fewest, p.points);
  worth_of = {};
  point_cards = 0;
  if (by_points)
    for (int i = 0; i < 52; ++i) {
      if (!p.points[i]) continue;
      const Card c = Card::from_index(static_cast<std::uint8_t>(i));
      const int o = high(c, p.ace);
      assert(point_cards < 4 && o >= 6);  // DdPosition::points
      worth_of[c.suit()][o] = p.points[i];
      point_suit[point_cards] = static_cast<std::int8_t>(c.suit());
      point_order[point_cards++] = static_cast<std::int8_t>(o);
    }
  hand = {};
  live = {};
  down = {};
  size = {};
  for (auto& o : owner) o.fill(-1);
  // Every card in a hand, those down too: they are played below, in order.
  CardBits seen = 0;
  auto take = [&](int s, Card c) {
    assert(c.is_standard() && !(seen & card_bit(c)));
    seen |= card_bit(c);
    const int o = high(c, p.ace);
    hand[s][c.suit()] |= static_cast<Mask>(1u << o);
    live[c.suit()] |= static_cast<Mask>(1u << o);
    owner[c.suit()][o] = static_cast<std::int8_t>(s);
    ++size[s];
  };
  for (int s = 0; s < n; ++s) {
    for (CardBits b = p.hands[s]; b; b &= b - 1)
      take(s, Card::from_index(static_cast<std::uint8_t>(std::countr_zero(b))));
    if (p.played[s].valid()) take(s, p.played[s]);
  }
  owners = {};
  for (int su = 0; su < SUIT_NB; ++su) {
    int at = 0;
    for (unsigned x = live[su]; x; x &= x - 1, at += owner_bits)
      owners[su] |= static_cast<std::uint64_t>(owner[su][std::countr_zero(x)]) << at;
  }
  lens = {};
  for (int s = 0; s < n; ++s)
    for (int su = 0; su < SUIT_NB; ++su)
      lens[s >> 2] |= static_cast<std::uint64_t>(pop(hand[s][su])) << ((s & 3) * 16 + su * 4);
  ti = 0;
  won = 0;
  TrickRec& t = trick[0];
  t.count = 0;
  t.leader = static_cast<std::int8_t>(p.leader);
  for (int i = 0, s = p.leader; i < n; ++i, s = s + 1 == n ? 0 : s + 1)
    if (const Card c = p.played[s]; c.valid()) play(s, c.suit(), high(c, p.ace));
  if (t.count == 0) {
    // A leader without cards passes the lead to his left.
    int l = p.leader;
    for (int i = 0; i < n && size[l] == 0; ++i) l = l + 1 == n ? 0 : l + 1;
    t.leader = static_cast<std::int8_t>(l);
  } else if (next_to_play() < 0) {
    finish_trick();
  }
}

int DdSolver::Impl::points_live() const {
  int v = 0;
  for (int i = 0; i < point_cards; ++i)
    if (live[point_suit[i]] >> point_order[i] & 1) v += worth_of[point_suit[i]][point_order[i]];
  return v;
}

int DdSolver::Impl::still_to_win() const {
  if (!by_points) return tricks_left();
  int v = points_live();
  for (int i = 0; i < point_cards; ++i)
    if (down[point_suit[i]] >> point_order[i] & 1) v += worth_of[point_suit[i]][point_order[i]];
  return v;
}

std::uint64_t DdSolver::Impl::points_key() const {
  std::uint64_t k = 0;
  for (int i = 0; i < point_cards; ++i) {
    const unsigned l = live[point_suit[i]];
    if (l >> point_order[i] & 1)
      k |= static_cast<std::uint64_t>(1 + pop(l >> (point_order[i] + 1))) << (3 * i);
  }
  return k;
}

void DdSolver::Impl::points_floor(Floor& floor) const {
  for (int i = 0; i < point_cards; ++i)
    if (live[point_suit[i]] >> point_order[i] & 1)
      floor[point_suit[i]] = std::min(floor[point_suit[i]], point_order[i]);
}

// Tricks left to play, the one in progress included.
int DdSolver::Impl::tricks_left() const {
  const TrickRec& t = trick[ti];
  if (t.count == 0) return max_size();
  // Those still to play to it lose a card to it.
  int m = 0;
  std::uint8_t to_play = 0;
  for (int s = next_to_play(); s >= 0 && s != t.leader; s = s + 1 == n ? 0 : s + 1)
    if (size[s]) to_play |= static_cast<std::uint8_t>(1u << s);
  for (int s = 0; s < n; ++s) m = std::max(m, size[s] - (to_play >> s & 1));
  return 1 + m;
}

// The side's tricks in all (won included), between lo and hi, stepping from
// `guess`: each failed or passed search moves a bound.
int DdSolver::Impl::value(int lo, int hi, int guess) {
  const TrickRec& rt = trick[ti];
  if (sure_bounds() && rt.count == 0 && max_size() > 0) {
    Floor f = kNoFloor;
    const int q = quick_tricks(rt.leader, f);
    if (ours(rt.leader))
      lo = std::max(lo, won + q);
    else
      hi = std::min(hi, won + max_size() - q);
  }
  while (lo < hi) {
    const int t = std::clamp(guess, lo + 1, hi);
    Floor f = kNoFloor;
    ++stats.searches;
    const bool yes = search(t, f);
    if (stats.stopped) return lo;
    if (yes) {
      lo = t;
      guess = t + 1;
    } else {
      hi = t - 1;
      guess = t - 1;
    }
  }
  return lo;
}

DdSolver::DdSolver(int table_bits) : impl_(std::make_unique<Impl>(table_bits)) {}
DdSolver::~DdSolver() = default;

const DdStats& DdSolver::stats() const {
  return impl_->stats;
}

void DdSolver::limit(std::uint64_t nodes, std::function<bool()> stop) {
  impl_->node_limit = nodes;
  impl_->stop = std::move(stop);
}

int DdSolver::tricks(const DdPosition& p) {
  Impl& s = *impl_;
  s.stats = {};
  s.load(p);
  const int base = s.won, left = s.still_to_win();
  return s.value(base, base + left, base + (left + 1) / 2);
}

bool DdSolver::reaches(const DdPosition& p, int target) {
  Impl& s = *impl_;
  s.stats = {};
  s.load(p);
  const int base = s.won;
  if (target <= 0) return true;
  if (target > s.still_to_win()) return false;
  ++s.stats.searches;
  Floor f = kNoFloor;
  return s.search(base + target, f);
}

std::array<std::int8_t, 52> DdSolver::plays(const DdPosition& p) {
  std::array<std::int8_t, 52> out;
  out.fill(-1);
  Impl& s = *impl_;
  s.stats = {};
  s.load(p);
  const int seat = s.next_to_play();
  if (seat < 0 || !s.size[seat]) return out;
  const int base = s.won;
  const int left = s.still_to_win();
  const TrickRec& t = s.trick[s.ti];
  const int led = t.count ? t.suit[0] : kNone;
  const bool follow = led != kNone && s.hand[seat][led];
  int guess = base + (left + 1) / 2;
  for (CardBits b = p.hands[seat]; b; b &= b - 1) {
    const Card c = Card::from_index(static_cast<std::uint8_t>(std::countr_zero(b)));
    if (follow && c.suit() != led) continue;
    s.play(seat, c.suit(), high(c, p.ace));
    const bool done = s.next_to_play() < 0;
    if (done) s.finish_trick();
    guess = s.value(base, base + left, guess);
    out[c.index()] = static_cast<std::int8_t>(guess);
    if (done) s.unfinish_trick();
    s.unplay();
    if (s.stats.stopped) break;
  }
  return out;
}

DdTricks DdSolver::table(const std::array<CardBits, 4>& hands, AceRank ace) {
  Impl& s = *impl_;
  s.stats = {};
  DdTricks out{};
  const int k = std::popcount(hands[0]);
  for (CardBits h : hands) assert(std::popcount(h) == k && k <= 13);
  // Strains in the table's order: no trumps, spades, hearts, diamonds, clubs.
  constexpr std::array<Suit, 5> kStrains = {kNoTrump, kSpades, kHearts, kDiamonds, kClubs};
  for (std::size_t st = 0; st < 5; ++st) {
    // North-South's tricks with each seat on lead, all under one context so
    // that the table carries over: N declares with East on lead, S with
    // West; E declares with South on lead, W with North.
    std::array<int, 4> ns{};
    int guess = (k + 1) / 2;
    for (int leader : {1, 3, 0, 2}) {
      DdPosition p;
      p.seats = 4;
      for (int h = 0; h < 4; ++h) p.hands[h] = hands[h];
      p.leader = leader;
      p.trump = kStrains[st];
      p.ace = ace;
      p.side = 0b0101;
      s.load(p);
      ns[leader] = s.value(0, k, guess);
      guess = ns[leader];
    }
    out[st] = {ns[1], k - ns[2], ns[3], k - ns[0]};
  }
  return out;
}

void DdPosition::set_trick(const Trick& t) {
  leader = t.leader();
  played.fill(Card());
  for (int i = 0; i < t.count(); ++i) played[t.seat(i, seats)] = t.card(i);
}

int dd_tricks(const DdPosition& p) {
  int cards = 0;
  for (int s = 0; s < p.seats; ++s) cards += std::popcount(p.hands[s]);
  DdSolver s(cards > 24 ? 16 : 12);
  return s.tricks(p);
}

DdTricks dd_table(const std::array<CardBits, 4>& hands) {
  DdSolver s;
  return s.table(hands);
}

}  // namespace parlour::kit
