// Klondike: the rules in play. rules.md gives the sources and readings.
#include <algorithm>
#include <cassert>

#include "core/deck.h"
#include "games/klondike/state.h"

namespace parlour::klondike {
namespace {

constexpr int column_of(int place) {
  return place - kColumn0;
}
bool is_column(int place) {
  return place >= kColumn0 && place < kColumn0 + kColumns;
}

}  // namespace

bool KlondikeState::builds_on(Card c, Card under) {
  return c.rank() + 1 == under.rank() && c.colour() != under.colour();
}

int KlondikeState::face_down() const {
  int n = 0;
  for (int d : down_) n += d;
  return n;
}

int KlondikeState::on_foundations() const {
  int n = 0;
  for (int f : found_) n += f;
  return n;
}

// ---- The deal --------------------------------------------------------------------------

void KlondikeState::apply_chance(Rng& rng) {
  assert(!dealt_);
  std::array<Card, 52> deck = standard_cards();
  rng.shuffle(std::span<Card>(deck));
  set_deal(deck);
}

void KlondikeState::set_deal(std::span<const Card> cards) {
  assert(cards.size() == 52u);
  // Seven columns, of one to seven cards, the top card of each face up (the
  // usual deal, row by row: the order here is column by column).
  std::size_t i = 0;
  for (int c = 0; c < kColumns; ++c) {
    columns_[static_cast<std::size_t>(c)].clear();
    for (int k = 0; k <= c; ++k) columns_[static_cast<std::size_t>(c)].push_back(cards[i++]);
    down_[static_cast<std::size_t>(c)] = c;
  }
  stock_.clear();
  for (std::size_t k = cards.size(); k > i; --k) stock_.push_back(cards[k - 1]);
  waste_.clear();
  found_ = {};
  score_ = r_.scoring == Scoring::kVegas ? -52 : 0;
  dealt_ = true;
  ev_ = Event{};
  ev_.steps.push_back({});  // kDeal
  auto_foundations();
  settle_end();
  if (over_) ev_.over = true, ev_.ending = ending();
  seen_ = visible();
}

void KlondikeState::set_position(const std::array<Pile, kColumns>& columns,
                                 const std::array<int, kColumns>& down, std::vector<Card> stock,
                                 std::vector<Card> waste, const std::array<int, 4>& found) {
  columns_ = columns, down_ = down, found_ = found;
  stock_.clear(), waste_.clear();
  for (Card c : stock) stock_.push_back(c);
  for (Card c : waste) waste_.push_back(c);
  score_ = recycles_ = actions_ = 0;
  played_since_recycle_ = true;
  since_.clear(), forget_last_event();
  dealt_ = true;
  seen_ = visible();
  settle_end();
}

// ---- Moves -----------------------------------------------------------------------------

Card KlondikeState::top_of(int place) const {
  if (place == kWaste) return waste_.empty() ? Card() : waste_.back();
  if (is_column(place)) {
    const Pile& p = columns_[static_cast<std::size_t>(column_of(place))];
    return p.empty() ? Card() : p.back();
  }
  const int s = place - kFoundation0;
  const int r = found_[static_cast<std::size_t>(s)];
  return r == 0 ? Card() : Card::standard(Rank(r), Suit(s));
}

template <class Out>
void KlondikeState::moves(Out& out) const {
  out.clear();
  if (!stock_.empty()) out.push_back(Move::turn());
  // The waste turned over to be the stock again: within the redeals, and
  // only if a card was played since it was last turned over (else the next
  // pass would be the last one again).
  if (stock_.empty() && !waste_.empty() && played_since_recycle_ &&
      (r_.redeals == kUnlimited || recycles_ < r_.redeals))
    out.push_back(Move::recycle());
  auto to_columns = [&](int from, int count, Card base, bool whole_column) {
    for (int d = 0; d < kColumns; ++d) {
      if (kColumn0 + d == from) continue;
      const Pile& p = columns_[static_cast<std::size_t>(d)];
      if (p.empty()) {
        // A King (or a run from one) into an empty column; not a whole
        // column from one empty place to another.
        if (base.rank() == kKing && !whole_column)
          out.push_back(Move::shift(from, kColumn0 + d, count));
      } else if (builds_on(base, p.back())) {
        out.push_back(Move::shift(from, kColumn0 + d, count));
      }
    }
  };
  auto fits_foundation = [&](Card c) {
    return found_[static_cast<std::size_t>(c.suit())] + 1 == c.rank();
  };
  if (!waste_.empty()) {
    const Card w = waste_.back();
    if (fits_foundation(w)) out.push_back(Move::shift(kWaste, kFoundation0, 1));
    to_columns(kWaste, 1, w, false);
  }
  for (int c = 0; c < kColumns; ++c) {
    const Pile& p = columns_[static_cast<std::size_t>(c)];
    if (p.empty()) continue;
    if (fits_foundation(p.back())) out.push_back(Move::shift(kColumn0 + c, kFoundation0, 1));
    for (int k = down_[static_cast<std::size_t>(c)]; k < static_cast<int>(p.size()); ++k)
      to_columns(kColumn0 + c, static_cast<int>(p.size()) - k, p[static_cast<std::size_t>(k)],
                 k == 0);
  }
  // A card back from a foundation to build on; not one that option `auto`
  // would put straight back up (issue 36, item 10: a move that only cost
  // its points).
  for (int s = 0; s < 4; ++s) {
    if (found_[static_cast<std::size_t>(s)] == 0) continue;
    const Card y = top_of(kFoundation0 + s);
    if (r_.auto_foundation && safe_up(y, found_)) continue;
    to_columns(kFoundation0 + s, 1, y, false);
  }
}

Seat KlondikeState::to_move() const {
  if (!dealt_) return kChance;
  return over_ ? kTerminal : 0;
}

template void KlondikeState::moves(std::vector<Move>&) const;
template void KlondikeState::moves(Moves&) const;

void KlondikeState::legal_actions(Seat, std::vector<Action>& out) const {
  Moves m;
  moves(m);
  out.clear();
  for (const Move& x : m) out.push_back(x.encode());
}

void KlondikeState::apply(Seat, Action a) {
  const Move m = *Move::decode(a);
  ++actions_;
  ev_ = Event{};
  if (since_.empty()) start_ = position();
  since_.push_back(static_cast<std::uint16_t>(a));
  play(m);
  // A card the player had not seen came to light: with option `undo=seen`,
  // no undo past it.
  const std::uint64_t now = visible();
  if ((now & ~seen_) != 0 && !r_.thoughtful && !r_.undo_all) since_.clear();
  seen_ |= now;
  settle_end();
  if (over_) ev_.over = true, ev_.ending = ending();
}

std::uint64_t KlondikeState::visible() const {
  std::uint64_t v = 0;
  auto see = [&](Card c) { v |= std::uint64_t{1} << c.index(); };
  for (int c = 0; c < kColumns; ++c)
    for (std::size_t k = static_cast<std::size_t>(down_[static_cast<std::size_t>(c)]);
         k < columns_[static_cast<std::size_t>(c)].size(); ++k)
      see(columns_[static_cast<std::size_t>(c)][k]);
  for (Card c : waste_) see(c);
  for (int s = 0; s < 4; ++s)
    for (int r = 1; r <= found_[static_cast<std::size_t>(s)]; ++r)
      see(Card::standard(Rank(r), Suit(s)));
  return v;
}

void KlondikeState::play_quiet(const Move& m) {
  quiet_ = true;
  play(m);
  quiet_ = false;
}

void KlondikeState::play(const Move& m) {
  if (m.kind == Move::kTurn) {
    // Turn `draw` cards (fewer if fewer are left) onto the waste.
    const int n = std::min<int>(r_.draw, static_cast<int>(stock_.size()));
    for (int i = 0; i < n; ++i) {
      waste_.push_back(stock_.back());
      stock_.pop_back();
    }
    if (!quiet_)
      ev_.steps.push_back({Told::kTurn, waste_.back(), static_cast<std::uint8_t>(n), -1});
  } else if (m.kind == Move::kRecycle) {
    stock_.clear();
    while (!waste_.empty()) stock_.push_back(waste_.back()), waste_.pop_back();
    ++recycles_;
    played_since_recycle_ = false;
    if (r_.scoring == Scoring::kStandard)
      score_ = std::max(0, score_ - (r_.draw == 1 ? 100 : recycles_ > 3 ? 20 : 0));
    if (!quiet_) ev_.steps.push_back({Told::kRecycle, Card(), 0, -1});
  } else {
    shift(m);
  }
  auto_foundations();
}

void KlondikeState::shift(const Move& m) {
  Pile moving;  // no allocation: the solver plays millions of these
  if (m.from == kWaste) {
    moving.push_back(waste_.back());
    waste_.pop_back();
  } else if (is_column(m.from)) {
    Pile& p = columns_[static_cast<std::size_t>(column_of(m.from))];
    for (const Card* c = p.end() - m.count; c != p.end(); ++c) moving.push_back(*c);
    for (int i = 0; i < m.count; ++i) p.pop_back();
  } else {
    const int s = m.from - kFoundation0;
    moving.push_back(top_of(m.from));
    --found_[static_cast<std::size_t>(s)];
  }
  const bool to_foundation = m.to >= kFoundation0;
  if (to_foundation) {
    const Card c = moving.front();
    found_[static_cast<std::size_t>(c.suit())] = c.rank();
  } else {
    Pile& p = columns_[static_cast<std::size_t>(column_of(m.to))];
    for (Card c : moving) p.push_back(c);
  }
  played_since_recycle_ = true;
  // Scoring (rules.md): Windows' standard points, or Vegas.
  if (r_.scoring == Scoring::kStandard) {
    if (m.from == kWaste)
      score_ += to_foundation ? 10 : 5;
    else if (is_column(m.from) && to_foundation)
      score_ += 10;
    else if (m.from >= kFoundation0)
      score_ = std::max(0, score_ - 15);
  } else if (r_.scoring == Scoring::kVegas) {
    if (to_foundation) score_ += 5;
    if (m.from >= kFoundation0) score_ -= 5;
  }
  if (!quiet_) {
    ev_.steps.push_back({Told::kMove, moving.front(), static_cast<std::uint8_t>(moving.size()),
                         static_cast<std::int8_t>(to_foundation ? -1 : column_of(m.to))});
    ev_.moved.insert(ev_.moved.end(), moving.begin(), moving.end());
  }
  turn_tops();
}

void KlondikeState::turn_tops() {
  // A face-down card left on top of a column is turned face up.
  for (int c = 0; c < kColumns; ++c) {
    int& d = down_[static_cast<std::size_t>(c)];
    const Pile& p = columns_[static_cast<std::size_t>(c)];
    if (d > 0 && d == static_cast<int>(p.size())) {
      --d;
      if (r_.scoring == Scoring::kStandard) score_ += 5;
      if (!quiet_) ev_.steps.push_back({Told::kTurnUp, p.back(), 0, static_cast<std::int8_t>(c)});
    }
  }
}

bool safe_up(Card c, const std::array<int, 4>& found) {
  // No card could need it to build on: Aces and Twos always; else when both
  // foundations of the other colour hold the rank below. And none could
  // need a card of the other colour brought back down onto it: that card
  // would be there to take the rank two below, of its colour, which the
  // other foundation of its colour must hold.
  if (c.rank() <= kTwo) return true;
  for (int s = 0; s < 4; ++s) {
    if (s == c.suit()) continue;
    const Card other = Card::standard(kAce, Suit(s));
    const int need = other.colour() != c.colour() ? c.rank() - 1 : c.rank() - 2;
    if (found[static_cast<std::size_t>(s)] < need) return false;
  }
  return true;
}

std::optional<Move> KlondikeState::next_safe() const {
  // From the columns only: a card the player leaves in the waste changes
  // which cards of the stock come to hand, so it goes up only by choice.
  for (int place = kColumn0; place < kColumn0 + kColumns; ++place) {
    const Card c = top_of(place);
    if (!c.valid() || !c.is_standard()) continue;
    if (is_column(place) &&
        down_[static_cast<std::size_t>(column_of(place))] ==
            static_cast<int>(columns_[static_cast<std::size_t>(column_of(place))].size()))
      continue;
    if (found_[static_cast<std::size_t>(c.suit())] + 1 == c.rank() && safe_up(c, found_))
      return Move::shift(place, kFoundation0, 1);
  }
  return std::nullopt;
}

void KlondikeState::auto_foundations() {
  if (!r_.auto_foundation) return;
  while (const std::optional<Move> m = next_safe()) shift(*m);
}

KlondikeState::Position KlondikeState::position() const {
  return {columns_, down_, stock_, waste_, found_, score_, recycles_, played_since_recycle_};
}

void KlondikeState::restore(const Position& p) {
  columns_ = p.columns, down_ = p.down, stock_ = p.stock, waste_ = p.waste, found_ = p.found;
  score_ = p.score, recycles_ = p.recycles, played_since_recycle_ = p.played;
}

bool KlondikeState::undo() {
  if (since_.empty()) return false;
  since_.pop_back();
  restore(start_);
  quiet_ = true;
  for (const std::uint16_t a : since_) play(*Move::decode(a));
  quiet_ = false;
  --actions_;
  over_ = false;
  forget_last_event();
  return true;
}

void KlondikeState::settle_end() {
  Moves m;
  moves(m);
  over_ = won() || m.empty() || actions_ >= kMaxMoves;
}

// ---- The end ---------------------------------------------------------------------------

Ending KlondikeState::ending() const {
  // The cap ends a game with moves left (issue 36, item 4): not "no move".
  Moves left;
  moves(left);
  return {on_foundations(), score_, !won() && !left.empty()};
}

Outcome KlondikeState::outcome() const {
  return outcome_of(r_, ending());
}

Outcome KlondikeState::outcome_of(const Rules& r, const Ending& e) {
  const bool won = e.on_foundations == 52;
  Outcome o;
  o.kind = OutcomeKind::kSolo;
  o.scores = {static_cast<double>(r.scoring == Scoring::kNone ? e.on_foundations : e.score)};
  o.places = {won ? 1 : 2};
  if (e.capped) o.cap = kMaxMoves, o.cap_unit = "moves";
  o.summary = won     ? "Won: the four foundations run Ace to King."
              : o.cap ? "Lost: the game ends at its cap of " + std::to_string(kMaxMoves) +
                            " moves, with " + std::to_string(e.on_foundations) +
                            " of 52 cards on the foundations."
                      : "Lost: " + std::to_string(e.on_foundations) +
                            " of 52 cards on the foundations, and no move is left.";
  if (r.scoring != Scoring::kNone) o.summary += " Score " + std::to_string(e.score) + ".";
  return o;
}

void KlondikeState::all_cards(std::vector<Card>& out) const {
  out.clear();
  if (!dealt_) {
    out = standard_deck();
    return;
  }
  for (const Pile& p : columns_) out.insert(out.end(), p.begin(), p.end());
  out.insert(out.end(), stock_.begin(), stock_.end());
  out.insert(out.end(), waste_.begin(), waste_.end());
  for (int s = 0; s < 4; ++s)
    for (int r = 1; r <= found_[static_cast<std::size_t>(s)]; ++r)
      out.push_back(Card::standard(Rank(r), Suit(s)));
}

std::vector<Card*> KlondikeState::hidden() {
  std::vector<Card*> out;
  for (int c = 0; c < kColumns; ++c)
    for (int k = 0; k < down_[static_cast<std::size_t>(c)]; ++k)
      out.push_back(&columns_[static_cast<std::size_t>(c)][static_cast<std::size_t>(k)]);
  for (Card& c : stock_) out.push_back(&c);
  return out;
}

std::uint64_t KlondikeState::hash() const {
  std::uint64_t h = splitmix64(static_cast<std::uint64_t>(recycles_) * 2 + played_since_recycle_);
  std::uint64_t k = 1;
  auto add = [&](Card c, std::uint64_t where) {
    h ^= splitmix64(where * 64 + c.index() + (k++ << 20));
  };
  for (int c = 0; c < kColumns; ++c) {
    k = 1;
    for (Card x : columns_[static_cast<std::size_t>(c)]) add(x, static_cast<std::uint64_t>(c) + 1);
    h ^= splitmix64(0xd0 + static_cast<std::uint64_t>(down_[static_cast<std::size_t>(c)]) * 16 + c);
  }
  k = 1;
  for (Card x : stock_) add(x, 10);
  k = 1;
  for (Card x : waste_) add(x, 11);
  for (int s = 0; s < 4; ++s)
    h ^= splitmix64(0xf00 + static_cast<std::uint64_t>(s) * 16 +
                    found_[static_cast<std::size_t>(s)]);
  return h;
}

}  // namespace parlour::klondike
