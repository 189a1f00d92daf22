// Monte Carlo: the rules in play. Quotations are from seed 002; rules.md
// gives the readings.
#include <algorithm>
#include <cassert>

#include "core/deck.h"
#include "games/monte_carlo/state.h"

namespace parlour::monte_carlo {

void MonteCarloState::apply_chance(Rng& rng) {
  assert(!dealt_);
  std::array<Card, 52> deck = standard_cards();
  rng.shuffle(std::span<Card>(deck));
  set_deal(deck);
}

void MonteCarloState::set_deal(std::span<const Card> cards) {
  assert(cards.size() == 52u);
  // "The 'table' is created by dealing out five columns of five cards each";
  // "The remaining twenty-seven cards are placed face down ... to create the
  // stockpile."
  for (int i = 0; i < kCells; ++i)
    cells_[static_cast<std::size_t>(i)] = cards[static_cast<std::size_t>(i)].index();
  stock_.clear();  // its next card last
  for (std::size_t i = cards.size(); i > static_cast<std::size_t>(kCells); --i)
    stock_.push_back(cards[i - 1]);
  dealt_ = true;
  ev_ = Event{};
  ev_.kind = Event::kDeal;
  settle_end();
}

bool MonteCarloState::can_close() const {
  // Closing changes the grid where a gap lies before a card, or where a gap
  // can be filled from the stock.
  bool gap = false;
  for (std::uint8_t x : cells_) {
    if (x == kGap)
      gap = true;
    else if (gap)
      return true;
  }
  return gap && !stock_.empty();
}

template <class Out>
void MonteCarloState::moves(Out& out) const {
  out.clear();
  // "discard pairs of cards of the same rank ... that are adjacent to each
  // other, whether horizontally, vertically, or diagonally".
  for (int a = 0; a < kCells; ++a) {
    const std::uint8_t x = cells_[static_cast<std::size_t>(a)];
    if (x == kGap) continue;
    const int r = a / kSide, c = a % kSide;
    // The cells after a that touch it: right, and the row below.
    const int next[4] = {c + 1 < kSide ? a + 1 : -1, r + 1 < kSide && c > 0 ? a + kSide - 1 : -1,
                         r + 1 < kSide ? a + kSide : -1,
                         r + 1 < kSide && c + 1 < kSide ? a + kSide + 1 : -1};
    for (int b : next) {
      if (b < 0) continue;
      const std::uint8_t y = cells_[static_cast<std::size_t>(b)];
      if (y != kGap && Card::from_index(x).rank() == Card::from_index(y).rank())
        out.push_back(Move::pair(a, b));
    }
  }
  // "When there are no available pairs of cards to remove, move all of the
  // cards left to fill up blank spaces": option close-gaps.
  if ((r_.close == CloseGaps::kAnyTime || out.empty()) && can_close())
    out.push_back(Move::close_gaps());
}

Seat MonteCarloState::to_move() const {
  if (!dealt_) return kChance;
  return over_ ? kTerminal : 0;
}

template void MonteCarloState::moves(std::vector<Move>&) const;
template void MonteCarloState::moves(Moves&) const;

void MonteCarloState::legal_actions(Seat, std::vector<Action>& out) const {
  Moves m;
  moves(m);
  out.clear();
  for (const Move& x : m) out.push_back(x.encode());
}

void MonteCarloState::take(const Move& m) {
  cells_[static_cast<std::size_t>(m.a)] = kGap;
  cells_[static_cast<std::size_t>(m.b)] = kGap;
  discarded_ += 2;
}

void MonteCarloState::put_back(const Move& m, std::uint8_t ca, std::uint8_t cb) {
  cells_[static_cast<std::size_t>(m.a)] = ca;
  cells_[static_cast<std::size_t>(m.b)] = cb;
  discarded_ -= 2;
}

void MonteCarloState::apply(Seat, Action a) {
  const Move m = *Move::decode(a);
  ++actions_;
  ev_ = Event{};
  if (m.close) {
    close();
    ev_.kind = Event::kClose, ev_.stock = static_cast<int>(stock_.size());
  } else {
    const std::uint8_t ca = at(m.a), cb = at(m.b);
    ev_.kind = Event::kPair, ev_.a = Card::from_index(ca), ev_.b = Card::from_index(cb);
    pairs_.push_back({m, ca, cb});
    pile_.push_back(Card::from_index(ca));
    pile_.push_back(Card::from_index(cb));
    take(m);
  }
  settle_end();
}

void MonteCarloState::close() {
  // "move all of the cards left to fill up blank spaces. Then wrap the first
  // card in a row to the end of the row above so that each of the top rows
  // contains five cards. When you are done, use cards from the stockpile to
  // complete the grid."
  int k = 0;
  for (int i = 0; i < kCells; ++i)
    if (cells_[static_cast<std::size_t>(i)] != kGap)
      cells_[static_cast<std::size_t>(k++)] = cells_[static_cast<std::size_t>(i)];
  for (; k < kCells; ++k) {
    if (stock_.empty()) {
      cells_[static_cast<std::size_t>(k)] = kGap;
      continue;
    }
    cells_[static_cast<std::size_t>(k)] = stock_.back().index();
    stock_.pop_back();
  }
  ++closes_;
  pairs_.clear();
}

bool MonteCarloState::undo() {
  if (pairs_.empty()) return false;
  const Taken t = pairs_.back();
  pairs_.pop_back();
  pile_.pop_back();
  pile_.pop_back();
  put_back(t.m, t.ca, t.cb);
  --actions_;
  over_ = false;
  forget_last_event();
  return true;
}

void MonteCarloState::settle_end() {
  // "The game ends when all fifty-two cards are in the discard pile or when
  // no further cards may be moved."
  Moves m;
  moves(m);
  over_ = won() || m.empty();
  if (over_) ev_.over = true, ev_.won = won(), ev_.discarded = discarded_;
}

Outcome MonteCarloState::outcome() const {
  Outcome o;
  o.kind = OutcomeKind::kSolo;
  o.scores = {static_cast<double>(discarded_)};
  o.places = {won() ? 1 : 2};
  o.summary = summary(won(), discarded_);
  return o;
}

std::string MonteCarloState::summary(bool won, int discarded) {
  return won ? "Won: all 52 cards are discarded."
             : "Lost: " + std::to_string(discarded) +
                   " of 52 cards discarded, and no pair touches.";
}

void MonteCarloState::all_cards(std::vector<Card>& out) const {
  out.clear();
  if (!dealt_) {
    out = standard_deck();
    return;
  }
  for (std::uint8_t x : cells_)
    if (x != kGap) out.push_back(Card::from_index(x));
  out.insert(out.end(), stock_.begin(), stock_.end());
  out.insert(out.end(), pile_.begin(), pile_.end());
}

std::uint64_t MonteCarloState::hash() const {
  std::uint64_t h = splitmix64(0x6d6f6e7465ull + stock_.size());
  for (std::size_t i = 0; i < stock_.size(); ++i)
    h ^= splitmix64((100 + i) * 64 + stock_[i].index() + 1);
  for (int i = 0; i < kCells; ++i) {
    const std::uint8_t x = cells_[static_cast<std::size_t>(i)];
    if (x != kGap) h ^= splitmix64(static_cast<std::uint64_t>(i) * 64 + x + 1);
  }
  return h;
}

}  // namespace parlour::monte_carlo
