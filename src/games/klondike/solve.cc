// Klondike's solver: a depth-first search of the thoughtful game (every card
// known) over a compact position of its own, each position searched once.
// A search that meets each position once (kit::DepthFirst) proves a deal
// lost only if the moves it tries from a position depend on nothing but
// what the position's hash holds, and if every folding and every move it
// leaves out is sound: a position is won if and only if one it folds with is,
// and a win that needs a move left out has another that does not. Each is
// argued where it is made; this folder's tests check them against a plain
// search of the rules on thousands of seeded endgames (klondike_test.cc).
//
// Four more that it once made were not sound: together they proved lost a
// deal another solver wins (issue 36, item 20), and they are gone: a loose
// card that fits going up at once, a card back from a foundation only for
// a card to go onto it at once, a column emptied only for a King to come at
// once, and, after a card from the stock to a column, no column move the
// position before had (the move set then hung on the path, not the hash).
//
// The foldings:
// - The stock's turning is folded into the moves that play its cards: a move
//   names the card, and turning to it is part of it (Search::stock, align).
// - The face-up cards are a set. Each face-up card that is not the first of
//   its column's face-up cards lies on a card one higher of the other colour,
//   and there are two of those (twins: same rank and colour). Positions that
//   differ only in which of the two a card lies on are one position:
//   . Where only card c of its rank and colour lies on one of them, nothing
//     lies on the other (only c and its twin could), so the player moves c's
//     run from one to the other at will.
//   . Where c and its twin lie on them, one each, the two ways round are
//     alike: until one of the two leaves, neither twin below them can be
//     reached, whichever way round; and one can leave only for its
//     foundation (it cannot go onto a card one higher of the other colour,
//     the two being covered, nor to an empty column, not being a King), and
//     then the other moves onto either at will.
//   So such a move is made only as part of a move that needs it: a card is
//   "reachable" if it is on top, or the run on it can move onto its twin,
//   which is on top.
#include <algorithm>
#include <array>
#include <cassert>
#include <chrono>
#include <cmath>
#include <unordered_set>
#include <vector>

#include "games/klondike/state.h"
#include "kit/race.h"
#include "kit/solver.h"

namespace parlour::klondike {
namespace {

constexpr int kDeck = 24;  // the stock and the waste hold 24 cards at most
constexpr std::uint8_t kToEmpty = 52, kToFoundation = 53;  // a move's target besides a card

std::uint64_t bit(Card c) {
  return std::uint64_t{1} << c.index();
}
// The other card of c's rank and colour.
Card twin(Card c) {
  return Card::standard(c.rank(), Suit(3 - c.suit()));
}

// Random keys for the positions' hashes.
struct Keys {
  std::array<std::array<std::uint64_t, 20>, 52> hidden{};  // a face-down card at a height
  std::array<std::uint64_t, 52> base{};  // the first face-up card of a column over face-down ones
  std::array<std::uint64_t, 52> free{};  // any other face-up card
  std::array<std::array<std::uint64_t, kDeck>, 52> deck{};
  std::array<std::uint64_t, kDeck + 1> turned{};
  std::array<std::uint64_t, 16> recycles{};
  std::uint64_t unplayed = 0;
};

const Keys& keys() {
  static const Keys k = [] {
    Keys k;
    std::uint64_t n = 0x6b6c6f6e64696b65ull;  // "klondike"
    for (auto& row : k.hidden)
      for (auto& x : row) x = splitmix64(++n);
    for (auto& x : k.base) x = splitmix64(++n);
    for (auto& x : k.free) x = splitmix64(++n);
    for (auto& row : k.deck)
      for (auto& x : row) x = splitmix64(++n);
    for (auto& x : k.turned) x = splitmix64(++n);
    for (auto& x : k.recycles) x = splitmix64(++n);
    k.unplayed = splitmix64(++n);
    return k;
  }();
  return k;
}

// A solver's move. kUp: face-up card `from` to its foundation. kDeck: the
// stock's card at place `from` (turned card first), turning the stock over
// first if `recycle`. kReveal: the face-up run from card `from`, the first
// over its column's face-down cards (or alone in it). kBack: suit `from`'s
// top card back down. `to`: a card to go onto, kToEmpty or kToFoundation.
struct Step {
  enum Kind : std::uint8_t { kUp, kDeck, kReveal, kBack };
  Kind kind = kUp;
  std::uint8_t from = 0, to = kToFoundation;
  bool recycle = false;

  Action encode() const { return static_cast<Action>(kind | from << 4 | to << 10 | recycle << 16); }
  static Step decode(Action a) {
    return {Kind(a & 15), static_cast<std::uint8_t>(a >> 4 & 63),
            static_cast<std::uint8_t>(a >> 10 & 63), (a >> 16 & 1) != 0};
  }
};

// A card move the line makes, to be played in the game: `card` (with the
// run on it) to a card, an empty column or its foundation.
struct Played {
  Card card;
  std::uint8_t to = kToFoundation;
  bool back = false;  // from its foundation
};

struct Table {
  int draw = 3, redeals = kUnlimited;
};

// The position, as the game has it: columns (face-down cards first),
// foundations, and the stock and waste as one row in the order of turning,
// `turned` of them in the waste (its top at turned - 1).
struct Pos {
  std::array<std::array<Card, 19>, kColumns> col;
  std::array<std::uint8_t, kColumns> n{}, down{};
  std::uint64_t shown = 0;  // the face-up cards of the columns
  // Where each face-up card lies (column << 5 | height): find() is asked
  // for every card that might go up, after every move.
  std::array<std::uint8_t, 52> at;
  // Parts of hash(), kept up to date by the moves: the face-down cards of
  // each column, every face-up card as if loose, the stock's row.
  std::array<std::uint64_t, kColumns> hidden_key{};
  std::uint64_t shown_key = 0, deck_key = 0;
  std::uint64_t stock_set = 0;  // the cards of the stock and the waste
  std::array<int, 4> found{};
  std::array<Card, kDeck> deck;
  std::uint8_t size = 0, turned = 0;
  bool played = true;    // a card played since the stock was last turned over
  bool limited = false;  // the redeals are: their count tells positions apart
  std::uint8_t draw = 3;
  int recycles = 0, up = 0;
  std::vector<Played>* log = nullptr;  // where the card moves are told, if anywhere
  bool may_stick = true;               // whether Search::expand asks stuck()

  // Works out `shown` and the keys afresh.
  void rekey() {
    const Keys& k = keys();
    shown = shown_key = deck_key = 0;
    for (int c = 0; c < kColumns; ++c) {
      hidden_key[c] = 0;
      for (int i = 0; i < down[c]; ++i) hidden_key[c] ^= k.hidden[col[c][i].index()][i];
      for (int i = down[c]; i < n[c]; ++i) {
        shown |= bit(col[c][i]), shown_key ^= k.free[col[c][i].index()];
        at[col[c][i].index()] = static_cast<std::uint8_t>(c << 5 | i);
      }
    }
    stock_set = 0;
    for (int i = 0; i < size; ++i)
      deck_key ^= k.deck[deck[i].index()][i], stock_set |= bit(deck[i]);
  }

  static Pos of(const KlondikeState& s) {
    Pos p;
    p.limited = s.rules().redeals != kUnlimited;
    p.draw = static_cast<std::uint8_t>(s.rules().draw);
    for (int c = 0; c < kColumns; ++c) {
      const Pile& pile = s.column(c);
      p.n[c] = static_cast<std::uint8_t>(pile.size());
      p.down[c] = static_cast<std::uint8_t>(s.down(c));
      std::copy(pile.begin(), pile.end(), p.col[c].begin());
    }
    for (int f = 0; f < 4; ++f) p.found[f] = s.foundation(f), p.up += p.found[f];
    for (Card c : s.waste()) p.deck[p.size++] = c;
    p.turned = p.size;
    for (std::size_t i = s.stock().size(); i > 0; --i) p.deck[p.size++] = s.stock()[i - 1];
    p.played = s.played_since_recycle(), p.recycles = s.recycles();
    p.rekey();
    return p;
  }

  // Won, or sure to be: with no card face down and none in the stock, the
  // columns' tops go up one by one (each column runs down, so the lowest
  // card left is on top of its column).
  bool won() const {
    if (up == 52) return true;
    if (size != 0) return false;
    for (int c = 0; c < kColumns; ++c)
      if (down[c] != 0) return false;
    return true;
  }
  bool fits(Card c) const { return found[c.suit()] + 1 == c.rank(); }
  // Whether some card can never go up, even if every card could be put
  // anywhere the rules let it go once nothing lay on it (so the deal is
  // lost). Worked out as what could ever happen, from what surely can:
  // - a card can be on top of a column if it is; once the card on it can
  //   leave (for its foundation, or onto its twin on top); from the stock or
  //   a foundation, if a card one higher of the other colour can be on top
  //   (or it is a King, for an empty column);
  // - a face-down card is turned up, and so on top, once the card over it
  //   can leave: for its foundation, onto a card one higher of the other
  //   colour on top, or (a King) to an empty column;
  // - a card goes up once it can be on top or is in the stock, and the one
  //   below it is up.
  bool stuck() const {
    // Sets of cards as bits, a card at 4 * (rank - 1) + suit: a rank is a
    // nibble (clubs, diamonds, hearts, spades), so "one higher" is a shift.
    constexpr std::uint64_t kAll = (std::uint64_t{1} << 52) - 1, kOnes = kAll / 15,
                            kKings = std::uint64_t{15} << 48;
    // The cards with a card to go onto (one higher, the other colour) in s.
    auto onto = [&](std::uint64_t s) {
      const std::uint64_t a = s >> 4;
      const std::uint64_t red = (a >> 1 | a >> 2) & kOnes, black = (a | a >> 3) & kOnes;
      return (red | red << 3 | black << 1 | black << 2) & ~kKings;
    };
    // Each card's twin (clubs and spades, diamonds and hearts).
    auto twins = [&](std::uint64_t s) {
      return (s & kOnes) << 3 | (s >> 3 & kOnes) | (s & kOnes << 1) << 1 | (s >> 1 & kOnes << 1);
    };
    std::uint64_t on_top = 0, upped = 0;
    for (int f = 0; f < 4; ++f) upped |= kOnes << f & ((std::uint64_t{1} << 4 * found[f]) - 1);
    const std::uint64_t stock = stock_set;
    // Face-up cards with a card on them, by where the card on them lies:
    // one rank lower and d suits along (d = -2, -1, 1 or 2, the other
    // colour), so that a set of them with the card on them up is one shift.
    std::array<std::uint64_t, 4> under{};
    std::array<int, kColumns> over = {};  // the height of the card over the face-down ones left
    for (int c = 0; c < kColumns; ++c) {
      over[c] = down[c];
      if (n[c] == 0) continue;
      for (int i = down[c]; i + 1 < n[c]; ++i) {
        const int d = col[c][i + 1].suit() - col[c][i].suit();
        assert(d == -2 || d == -1 || d == 1 || d == 2);  // a face-up run alternates colours
        under[static_cast<std::size_t>(d < 0 ? d + 2 : d + 1)] |= bit(col[c][i]);
      }
      on_top |= bit(top(c));
    }
    const std::uint64_t loose = stock | upped;  // out of the columns at the start
    bool empty = false;                         // whether a column can be empty
    auto leaves = [&](Card x) {
      const std::uint64_t b = bit(x);
      return (x.rank() == kKing ? empty : (onto(on_top) & b) != 0) || (upped & b);
    };
    for (bool again = true; again;) {
      const std::uint64_t top_before = on_top, up_before = upped;
      const bool empty_before = empty;
      for (int c = 0; c < kColumns && !empty; ++c)
        if (n[c] == 0 || (over[c] == 0 && leaves(col[c][0]))) empty = true;
      for (int c = 0; c < kColumns; ++c)
        while (over[c] > 0 && leaves(col[c][over[c]])) {
          --over[c];
          on_top |= bit(col[c][over[c]]);
        }
      // A card with a card on it comes on top once that card can go up, or
      // onto the card's twin on top.
      on_top |= (under[0] | under[1] | under[2] | under[3]) & twins(on_top);
      on_top |= (under[0] & upped << 6) | (under[1] & upped << 5) | (under[2] & upped << 3) |
                (under[3] & upped << 2);
      on_top |= loose & (onto(on_top) | (empty ? kKings : 0));
      // Up: of each suit, the cards with every card from the Ace to them up,
      // on top or in the stock. A card and the one below it, then the two
      // below those, the four, the eight: 13 ranks in four steps.
      std::uint64_t chain = (upped | on_top | stock) & kAll;
      chain &= chain << 4 | 0xf;
      chain &= chain << 8 | 0xff;
      chain &= chain << 16 | 0xffff;
      chain &= chain << 32 | 0xffffffff;
      upped = chain;
      if (upped == kAll) return false;
      again = on_top != top_before || upped != up_before || empty != empty_before;
    }
    return upped != kAll;
  }
  Card top(int c) const { return col[c][n[c] - 1]; }
  // The first face-up card of column c, unless a King alone at its foot
  // (that one is free like any other).
  bool locked(int c) const { return n[c] > down[c] && (down[c] > 0 || col[c][0].rank() != kKing); }

  // Where face-up card x lies: its column and height, or false.
  bool find(Card x, int& c, int& k) const {
    c = k = -1;
    if (!(shown & bit(x))) return false;
    c = at[x.index()] >> 5, k = at[x.index()] & 31;
    return true;
  }
  // Whether face-up card x can be brought on top: it is, or the run on it
  // can move onto its twin, which is on top.
  bool reachable(Card x) const {
    int c, k;
    if (!find(x, c, k)) return false;
    if (k == n[c] - 1) return true;
    int tc, tk;
    return find(twin(x), tc, tk) && tk == n[tc] - 1;
  }

  std::uint64_t hash() const {
    const Keys& k = keys();
    std::uint64_t h = 0, free = shown_key;
    for (int c = 0; c < kColumns; ++c) {
      std::uint64_t x = k.turned[down[c]] ^ hidden_key[c];
      if (locked(c)) {
        const int b = col[c][down[c]].index();
        x ^= k.base[b], free ^= k.free[b];
      }
      h += splitmix64(x);  // a sum: the columns in any order hash alike
    }
    h ^= free ^ deck_key ^ k.turned[turned] * 3;
    if (limited) h ^= k.recycles[static_cast<std::size_t>(recycles & 15)];
    if (!played) h ^= k.unplayed;
    return h;
  }

  void tell(Card x, std::uint8_t to, bool back = false) {
    if (log) log->push_back({x, to, back});
  }
  void push(int c, Card x) {
    at[x.index()] = static_cast<std::uint8_t>(c << 5 | n[c]);
    col[c][n[c]++] = x;
    shown |= bit(x), shown_key ^= keys().free[x.index()];
  }
  // Takes column c's cards from height k off, turning up a face-down card
  // left on top. They stay in col[c] past n[c], for a move to push.
  void cut(int c, int k) {
    const Keys& ring = keys();
    for (int i = k; i < n[c]; ++i) {
      const Card x = col[c][i];
      shown &= ~bit(x), shown_key ^= ring.free[x.index()];
    }
    n[c] = static_cast<std::uint8_t>(k);
    if (down[c] > 0 && down[c] == n[c]) {
      const Card x = col[c][--down[c]];
      at[x.index()] = static_cast<std::uint8_t>(c << 5 | down[c]);
      hidden_key[c] ^= ring.hidden[x.index()][down[c]];
      shown |= bit(x), shown_key ^= ring.free[x.index()];
    }
  }
  // Moves column c's cards from height k onto column d.
  void move_run(int c, int k, int d) {
    const int end = n[c];
    cut(c, k);
    for (int i = k; i < end; ++i) push(d, col[c][i]);
  }
  void to_foundation(Card x) {
    found[x.suit()] = x.rank();
    ++up;
  }
  // The stock's card at i out of the row; the waste's top is then the card
  // before it.
  Card draw_out(int i) {
    const Keys& k = keys();
    const Card x = deck[i];
    deck_key ^= k.deck[x.index()][i], stock_set &= ~bit(x);
    for (int j = i + 1; j < size; ++j) {
      const Card y = deck[j];
      deck_key ^= k.deck[y.index()][j] ^ k.deck[y.index()][j - 1];
      deck[j - 1] = y;
    }
    --size;
    turned = static_cast<std::uint8_t>(i);
    return x;
  }
  // Brings reachable card x on top (moving the run on it onto its twin);
  // returns its column.
  int bring_up(Card x) {
    int c, k;
    find(x, c, k);
    if (k < n[c] - 1) {
      int tc, tk;
      find(twin(x), tc, tk);
      tell(col[c][k + 1], twin(x).index());
      move_run(c, k + 1, tc);
    }
    return c;
  }
  // The column a card going to `to` lands in: the target's (brought on
  // top), or the first empty one.
  int landing(std::uint8_t to) {
    if (to != kToEmpty) return bring_up(Card::from_index(to));
    for (int c = 0; c < kColumns; ++c)
      if (n[c] == 0) return c;
    return -1;
  }

  // Option `auto`'s safe cards up (state.h), and those that a run moved
  // onto a twin brings on top, with or without the option: safe_up's cards
  // are those no card could need to build on, nor need brought back down
  // (its comment argues it), so a line that leaves one down wins as well
  // with it up.
  void settle() {
    for (bool again = true; again;) {
      again = false;
      for (int f = 0; f < 4; ++f) {
        if (found[f] == kKing) continue;
        const Card x = Card::standard(Rank(found[f] + 1), Suit(f));
        if (!(shown & bit(x))) continue;
        if (!reachable(x) || !safe_up(x, found)) continue;
        const int c = bring_up(x);
        tell(x, kToFoundation);
        to_foundation(x);
        cut(c, n[c] - 1);
        again = played = true;
      }
    }
  }

  // `then_settle`: false only to read a move's own card moves (bot.cc's
  // plans end where a card turns up, before what it makes possible).
  void play(const Step& s, bool then_settle = true) {
    if (s.recycle) ++recycles;
    switch (s.kind) {
      case Step::kUp: {
        const Card x = Card::from_index(s.from);
        const int c = bring_up(x);
        tell(x, kToFoundation);
        to_foundation(x);
        cut(c, n[c] - 1);
        break;
      }
      case Step::kDeck: {
        const Card x = deck[s.from];
        const int d = s.to == kToFoundation ? -1 : landing(s.to);
        tell(x, s.to);
        draw_out(s.from);
        if (d < 0)
          to_foundation(x);
        else
          push(d, x);
        break;
      }
      case Step::kReveal: {
        const Card b = Card::from_index(s.from);
        const int d = landing(s.to);  // first: it may add to the run
        int c, k;
        find(b, c, k);
        tell(b, s.to);
        move_run(c, k, d);
        break;
      }
      case Step::kBack: {
        const Card y = Card::standard(Rank(found[s.from]), Suit(s.from));
        const int d = landing(s.to);
        tell(y, s.to, true);
        --found[s.from], --up;
        push(d, y);
        break;
      }
    }
    played = true;
    if (then_settle) rest();
  }
  int face_down() const {
    int d = 0;
    for (int c = 0; c < kColumns; ++c) d += down[c];
    return d;
  }
  // Deals the face-down cards afresh, among the places they fill. Sorted
  // first: the deal depends on which cards they are, not on where they lay.
  void shuffle_face_down(Rng& rng) {
    std::array<Card, 52> cards;
    int k = 0;
    for (int c = 0; c < kColumns; ++c)
      for (int i = 0; i < down[c]; ++i) cards[static_cast<std::size_t>(k++)] = col[c][i];
    const std::span<Card> these(cards.data(), static_cast<std::size_t>(k));
    std::sort(these.begin(), these.end());
    rng.shuffle(these);
    k = 0;
    for (int c = 0; c < kColumns; ++c)
      for (int i = 0; i < down[c]; ++i) col[c][i] = cards[static_cast<std::size_t>(k++)];
    rekey();
  }

  // Turned to a multiple of the cards turned at a time, or to the end,
  // with a card played since the stock was last turned over (or none turned
  // yet), the stock brings the same cards to hand as from its start: every
  // `draw`-th, and the last. So such positions are one, with none turned.
  // Not where the redeals are counted.
  void align() {
    if (!limited && (played || turned == 0) && (turned % draw == 0 || turned == size))
      turned = 0, played = true;
  }
  // What follows every move: the cards that go up by themselves, and the
  // stock's turning folded.
  void rest() {
    settle();
    align();
  }
};

class Search final : public kit::DepthFirst<Search, Pos, Step> {
 public:
  // A line longer than 500 moves is longer than any win needs. The hard
  // deals meet tens of millions of positions: a table of up to 32M (256 MB).
  // `bold`: the quick search (solve, below).
  Search(const SolveLimits& limits, const Table& t, bool bold)
      : DepthFirst(limits, 500, /*table_bits=*/25), t_(t), bold_(bold) {}

  // The position's moves, as the search tries them (generate, below).
  void moves(const Pos& p, std::vector<Step>& out) { generate(p, out); }

  bool expand(Pos& p, std::vector<Step>& moves) {
    if (p.may_stick && p.stuck()) return false;  // lost: a card can never go up
    generate(p, moves);
    auto make = [&](const Step& m, Child& kid) {
      Pos& next = kid.state;
      next = p;
      next.play(m);
      // A card up or back down, or one from the stock up, has never been
      // seen to leave a card that can never go up: the test is skipped.
      // (Skipping a test that only ever cuts loses nothing.)
      next.may_stick = m.kind == Step::kReveal || (m.kind == Step::kDeck && m.to != kToFoundation);
      kid.hash = next.hash();
    };
    std::vector<Child>& kids = children();
    if (table_cached()) {
      // Each child made as it is entered: a search that wins, or runs out
      // of budget, makes none it does not enter (the bot's small searches).
      kids.resize(1);
      for (const Step& m : moves) {
        if (spent()) return false;
        make(m, kids[0]);
        if (deeper(kids[0].state, m.encode(), kids[0].hash)) return true;
      }
      return false;
    }
    // Every child first, its slot in the table asked for (kit::Seen::prefetch),
    // so that the misses of a table too large for the cache overlap.
    kids.resize(moves.size());
    for (std::size_t i = 0; i < moves.size(); ++i) {
      make(moves[i], kids[i]);
      prefetch(kids[i].hash);
    }
    for (std::size_t i = 0; i < moves.size(); ++i) {
      if (spent()) return false;
      if (deeper(kids[i].state, moves[i].encode(), kids[i].hash)) return true;
    }
    return false;
  }

  // Calls f(place, recycle) for each card of the stock the player can bring
  // to the waste's top: this pass's (every `draw`-th on from the top), then,
  // where the waste may be turned over, the next pass's.
  template <class F>
  void stock(const Pos& p, F&& f) const {
    const int size = p.size;
    std::uint32_t met = 0;
    if (p.turned > 0) met |= 1u << (p.turned - 1), f(p.turned - 1, false);
    auto pass = [&](int from, bool recycle) {
      for (int q = from; q < size;) {
        q = std::min(q + t_.draw, size);
        const int i = q - 1;
        if (met >> i & 1) continue;
        met |= 1u << i;
        f(i, recycle);
      }
    };
    pass(p.turned, false);
    if (size > 0 && p.turned > 0 && p.played &&
        (t_.redeals == kUnlimited || p.recycles < t_.redeals))
      pass(0, true);
  }

 private:
  // The position's moves, the likeliest first: every move of the rules but
  // those folded (a run between twins, a turn of the stock) and those that
  // cannot serve:
  // - a run from a face-up card that is not its column's first: it can go
  //   only onto a card one higher of the other colour, and it lies on one
  //   of the two already, so the move is one between twins;
  // - a King's column, the King at its foot, to an empty column (the rules
  //   forbid it: it changes nothing);
  // - an Ace or a Two back from its foundation: nothing needs an Ace on a
  //   column (an Ace that could go onto a Two can go up), so neither a Two
  //   (nothing else can go onto it, nor onto its twin);
  // - a card back that safe_up() puts up: nothing can need it down.
  void generate(const Pos& p, std::vector<Step>& out) {
    ranked_.clear();
    auto add = [&](int rank, Step s) { ranked_.push_back({rank, s}); };
    bool empty = false;
    std::uint64_t tops_of_columns = 0;
    for (int c = 0; c < kColumns; ++c) {
      empty |= p.n[c] == 0;
      if (p.n[c] > p.down[c]) tops_of_columns |= bit(p.top(c));
    }
    const std::uint64_t face_up = p.shown;
    const auto at_col = [&](Card x) { return p.at[x.index()] >> 5; };  // REQUIRES: x face up
    const auto at_row = [&](Card x) { return p.at[x.index()] & 31; };
    const auto on_top = [&](Card x) { return (tops_of_columns & bit(x)) != 0; };
    // Pos::reachable: face up, and on top or its run can go onto its twin.
    const auto reachable = [&](Card x) {
      return (face_up & bit(x)) && (on_top(x) || ((face_up & bit(twin(x))) && on_top(twin(x))));
    };
    // Onto the cards that can take x, brought on top; a King to an empty
    // column.
    auto onto = [&](int rank, Step s, Card x) {
      if (x.rank() == kKing) {
        if (empty) s.to = kToEmpty, add(rank + 5, s);
        return;
      }
      const Suit a = x.colour() == kRed ? kClubs : kDiamonds;
      for (Card d :
           {Card::standard(Rank(x.rank() + 1), a), twin(Card::standard(Rank(x.rank() + 1), a))})
        if (reachable(d)) s.to = d.index(), add(rank, s);
    };
    if (bold_) {
      // A face-up card that could go up and turns nothing up goes up first,
      // the lowest first.
      int least = 99;
      Card up;
      for (int f = 0; f < 4; ++f) {
        if (p.found[f] == kKing) continue;
        const Card x = Card::standard(Rank(p.found[f] + 1), Suit(f));
        if (reachable(x) && at_row(x) > p.down[at_col(x)] && x.rank() < least)
          least = x.rank(), up = x;
      }
      if (least < 99) {
        out.assign(1, {Step::kUp, up.index()});
        return;
      }
    }
    // To the foundations.
    for (int f = 0; f < 4; ++f) {
      if (p.found[f] == kKing) continue;
      const Card x = Card::standard(Rank(p.found[f] + 1), Suit(f));
      if (reachable(x)) {
        const int c = at_col(x), k = at_row(x);
        add(k == p.down[c] && k > 0 && k == p.n[c] - 1 ? 90 + k : 55, {Step::kUp, x.index()});
      }
    }
    // The runs over face-down cards (or alone in a column).
    for (int c = 0; c < kColumns; ++c) {
      if (!p.locked(c)) continue;
      const Card b = p.col[c][p.down[c]];
      onto(p.down[c] > 0 ? 80 + p.down[c] : 40, {Step::kReveal, b.index(), 0, false}, b);
    }
    // The stock's cards.
    stock(p, [&](int i, bool recycle) {
      const Step s{Step::kDeck, static_cast<std::uint8_t>(i), kToFoundation, recycle};
      const Card x = p.deck[i];
      if (p.fits(x)) add(60, s);
      onto(35, s, x);
    });
    // Back from the foundations, to build on.
    for (int f = 0; f < 4; ++f) {
      if (p.found[f] < 3 || bold_) continue;
      const Card y = Card::standard(Rank(p.found[f]), Suit(f));
      if (safe_up(y, p.found)) continue;  // it would go straight back up
      onto(1, {Step::kBack, static_cast<std::uint8_t>(f), 0, false}, y);
    }
    finish(out);
  }

  void finish(std::vector<Step>& out) {
    // Stable, the highest first; an insertion sort, as the moves are few
    // (std::stable_sort asks for a buffer each time).
    for (std::size_t i = 1; i < ranked_.size(); ++i) {
      const auto x = ranked_[i];
      std::size_t j = i;
      for (; j > 0 && ranked_[j - 1].first < x.first; --j) ranked_[j] = ranked_[j - 1];
      ranked_[j] = x;
    }
    out.clear();
    for (const auto& [r, m] : ranked_) out.push_back(m);
  }

  Table t_;
  bool bold_;
  std::vector<std::pair<int, Step>> ranked_;
};

// The solver's line as the game's actions, played through a copy of the
// game: turns of the stock, the waste turned over, the card moves (a run
// onto a twin first where a move needs it), and (without option `auto`)
// the safe cards up. False if the line does not win there. `to_the_end`
// false: a line that need not win, read up to where its last move turns a
// card up (planner, below), its last move not settled.
bool to_actions(const KlondikeState& root, Pos pos, std::vector<Action>& line,
                bool to_the_end = true) {
  KlondikeState g = root;
  g.forget_history();
  std::vector<Action> out;
  const bool by_hand = !g.rules().auto_foundation;
  std::vector<Action> legal;
  auto act = [&](const Move& m) {
    if (g.terminal()) return false;
    // Only what the rules allow: a line out of step with the game stops.
    g.legal_actions(0, legal);
    if (std::find(legal.begin(), legal.end(), m.encode()) == legal.end()) return false;
    g.apply(0, m.encode());
    out.push_back(m.encode());
    if (by_hand)
      while (const std::optional<Move> up = g.next_safe()) {
        if (g.terminal()) return false;
        g.apply(0, up->encode());
        out.push_back(up->encode());
      }
    return true;
  };
  auto turn_until = [&](auto done) {
    for (int i = 0; !done(); ++i)
      if (i > 2 * kDeck + 2 || !act(g.stock().empty() ? Move::recycle() : Move::turn()))
        return false;
    return true;
  };
  auto is_up = [&](Card x) { return g.foundation(x.suit()) >= x.rank(); };
  // Where card x lies in the game: a place and the cards from it up.
  auto place_of = [&](Card x, int& count) {
    count = 1;
    if (!g.waste().empty() && g.waste().back() == x) return static_cast<int>(kWaste);
    for (int c = 0; c < kColumns; ++c) {
      const Pile& p = g.column(c);
      for (int k = g.down(c); k < static_cast<int>(p.size()); ++k)
        if (p[static_cast<std::size_t>(k)] == x) {
          count = static_cast<int>(p.size()) - k;
          return kColumn0 + c;
        }
    }
    if (g.foundation(x.suit()) == x.rank()) return kFoundation0 + static_cast<int>(x.suit());
    return -1;
  };
  auto play = [&](const Played& m) {
    // Gone up by itself (option `auto`), and so the cards that lay on it.
    if (!m.back && is_up(m.card)) return true;
    int count = 0;
    const bool in_stock =
        std::find(g.stock().begin(), g.stock().end(), m.card) != g.stock().end() ||
        std::find(g.waste().begin(), g.waste().end(), m.card) != g.waste().end();
    if (in_stock && !turn_until([&] { return !g.waste().empty() && g.waste().back() == m.card; }))
      return false;
    const int from = place_of(m.card, count);
    if (from < 0) return false;
    int to = kFoundation0;
    if (m.to == kToEmpty) {
      to = -1;
      for (int c = 0; c < kColumns && to < 0; ++c)
        if (g.column(c).empty()) to = kColumn0 + c;
    } else if (m.to != kToFoundation) {
      int unused = 0;
      to = place_of(Card::from_index(m.to), unused);
    }
    if (to < kColumn0) return false;
    return act(Move::shift(from, to, to == kFoundation0 ? 1 : count));
  };
  std::vector<Played> log;
  pos.log = &log;
  pos.rest();
  for (std::size_t i = 0; i < line.size(); ++i)
    pos.play(Step::decode(line[i]), to_the_end || i + 1 < line.size());
  for (const Played& m : log) {
    if (!to_the_end && g.face_down() < root.face_down()) break;
    if (!g.won() && !play(m)) return false;
  }
  if (!to_the_end) {
    // Up to the move that turned a card up: what follows it rests on that card.
    KlondikeState h = root;
    h.forget_history();
    std::size_t keep = 0;
    while (keep < out.size() && h.face_down() == root.face_down()) h.apply(0, out[keep++]);
    out.resize(keep);
    line = std::move(out);
    return !line.empty();
  }
  // The columns' tops up, to the end.
  while (!g.won()) {
    int from = -1;
    for (int c = 0; c < kColumns && from < 0; ++c) {
      const Pile& p = g.column(c);
      if (!p.empty() && g.foundation(p.back().suit()) + 1 == p.back().rank()) from = c;
    }
    if (from < 0 || !act(Move::shift(kColumn0 + from, kFoundation0, 1))) return false;
  }
  line = std::move(out);
  return true;
}

// The planner's lines: moves that turn nothing up from the position (and
// so, the stock known, depend on no face-down card), then one that turns a
// card up or plays one from the stock.
struct Line {
  std::vector<Step> steps;  // the last one turns a card up or plays the stock
  Pos before;               // the position before the last step
  bool shows = false;       // the last step turns a card up
};

// A line that turns a card up: its head start in the race, as a share of
// its deals, for what hindsight cannot see in it (plan_by_hindsight).
constexpr double kShowing = 0.2;

// Every line from p: a depth-first walk over the positions its moves that
// turn nothing up reach, each met once. Such moves are few (a card back
// from a foundation, a King's run to an empty column), and so are the
// positions; past 4096 of them the rest are not looked at.
void lines_from(Search& search, const Pos& p, std::vector<Step>& path,
                std::unordered_set<std::uint64_t>& met, std::vector<Line>& out) {
  if (met.size() >= 4096 || !met.insert(p.hash()).second) return;
  std::vector<Step> moves;
  search.moves(p, moves);
  for (const Step& m : moves) {
    Pos q = p;
    q.play(m);
    path.push_back(m);
    const bool shows = q.face_down() < p.face_down();
    if (m.kind == Step::kDeck || shows || q.won())
      out.push_back({path, p, shows});
    else
      lines_from(search, q, path, met, out);
    path.pop_back();
  }
}

}  // namespace

Plan plan_by_hindsight(const KlondikeState& seen, Rng& rng, int samples, std::uint64_t budget,
                       const std::function<bool()>& stop) {
  Plan plan;
  const Table t{seen.rules().draw, seen.rules().redeals};
  const Pos as_dealt = Pos::of(seen);
  Pos root = as_dealt;
  root.rest();
  if (root.face_down() < as_dealt.face_down()) {
    plan.lines = -1;  // a card that goes up by itself turns one over: not planned
    return plan;
  }
  std::vector<Line> lines;
  {
    SolveLimits none;
    none.max_nodes = 1;
    Search walk(none, t, false);
    std::vector<Step> path;
    std::unordered_set<std::uint64_t> met;
    lines_from(walk, root, path, met, lines);
  }
  plan.lines = static_cast<int>(lines.size());
  if (lines.empty()) return plan;
  // One deal of the face-down cards: the line's last move played there, and
  // solved within the budget (a quick search first, as solve does).
  SolveLimits quick, full;
  quick.max_nodes = std::max<std::uint64_t>(budget / 4, 1);
  full.max_nodes = std::max<std::uint64_t>(budget - quick.max_nodes, 1);
  // Deal k is the same for every line, so that lines differ by their play
  // and not by their luck.
  const std::uint64_t seed = (std::uint64_t{rng.next()} << 32) | rng.next();
  Search bold(quick, t, true), whole(full, t, false);
  auto wins = [&](std::size_t line, int k) {
    const Line& l = lines[line];
    Pos p = l.before;
    Rng deal(seed, static_cast<std::uint64_t>(k));
    p.shuffle_face_down(deal);
    p.play(l.steps.back());
    if (p.won()) return true;
    Pos q = p;
    bold.restart(quick);
    if (bold.run(q, false, "").verdict == SolveReport::kWon) return true;
    whole.restart(full);
    return whole.run(p, false, "").verdict == SolveReport::kWon;
  };
  // The lines raced on the same deals (kit/race.h) till the one ahead has
  // been tried on `samples`, or 4 × `samples` are spent in all. A line
  // leaves once it is surely not better than the one ahead by 2 points
  // (the race's default): 1 point took twice the time and won no more of
  // the same 2,000 deals (rules.md).
  //
  // A line that turns a card up starts 20 points ahead (kShowing). Each deal
  // is solved with every card known, so hindsight cannot value what a card
  // turned up tells, and sees no loss in waiting to turn it; a player who
  // turns it first plays the rest knowing it. Of deals 1-303 the bot won
  // 41.6% with no head start, 43.9% with 2 points, 46.9% with 5, 49.5%
  // with 10, 51.5% with 20, 48.5% with 30, and 45.2% where such a line
  // always went first (rules.md).
  kit::RaceLimits race;
  race.most = samples, race.spent = 4 * samples;
  race.stop = stop;
  std::vector<double> head_start(lines.size(), 0.0);
  for (std::size_t i = 0; i < lines.size(); ++i)
    if (lines[i].shows) head_start[i] = kShowing;
  const kit::RaceResult r = kit::race(lines.size(), wins, race, head_start);
  plan.wins = r.wins, plan.tries = r.tries, plan.deals = r.spent;
  std::vector<Action> line;
  for (const Step& m : lines[r.best].steps) line.push_back(m.encode());
  if (!to_actions(seen, as_dealt, line, /*to_the_end=*/false)) return plan;
  plan.actions = std::move(line);
  return plan;
}

std::uint64_t solver_key(const KlondikeState& s) {
  Pos p = Pos::of(s);
  p.rest();
  return p.hash();
}

bool deadlocked(const KlondikeState& s) {
  return Pos::of(s).stuck();
}

SolveReport solve(const KlondikeState& s, const SolveLimits& limits) {
  const Table t{s.rules().draw, s.rules().redeals};
  const Pos as_dealt = Pos::of(s);
  Pos root = as_dealt;
  root.rest();
  // First a quick search, on a tenth of the budget, that finds most wins:
  // a face-up card that can go up without turning a card up goes up at once,
  // and none comes back down. It may miss a win, so then the whole search.
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  SolveLimits quick = limits;
  quick.max_nodes = limits.max_nodes / 10, quick.max_seconds = limits.max_seconds / 10;
  Pos first = root;
  SolveReport r = Search(quick, t, true).run(first, /*proves_loss=*/false, "");
  if (r.verdict != SolveReport::kWon) {
    SolveLimits rest = limits;
    rest.max_nodes = limits.max_nodes - std::min(limits.max_nodes, r.nodes);
    if (limits.max_seconds > 0)
      rest.max_seconds = std::max(
          1e-3, limits.max_seconds - std::chrono::duration<double>(Clock::now() - start).count());
    const std::uint64_t spent = r.nodes;
    r = Search(rest, t, false).run(root, /*proves_loss=*/true, "");
    r.nodes += spent;
  }
  r.method =
      "depth-first search over the moves of the thoughtful game, the stock's turning folded "
      "into the moves that play its cards, face-up runs moved between twins only as part of a "
      "move that needs it; cards safe to go up go up; positions met before (the columns in any "
      "order, the face-up cards as a set) not searched again; first a quick search on a tenth "
      "of the budget that puts up at once what can go up";
  if (r.verdict == SolveReport::kWon && !to_actions(s, as_dealt, r.line))
    r.verdict = SolveReport::kUnknown, r.line.clear();
  return r;
}

}  // namespace parlour::klondike
