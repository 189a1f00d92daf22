// Montana: the rules in play. Quotations are from seed 002; rules.md gives
// the readings.
#include <algorithm>
#include <cassert>

#include "core/deck.h"
#include "games/montana/state.h"

namespace parlour::montana {
namespace {

constexpr int row_of(int cell) {
  return cell / kColumns;
}
constexpr int column_of(int cell) {
  return cell % kColumns;
}

// Zobrist keys: a card in a cell, and the redeals used.
std::uint64_t key(int cell, std::uint8_t card) {
  return splitmix64(static_cast<std::uint64_t>(cell) * 64 + card + 1);
}

}  // namespace

// ---- The deal ------------------------------------------------------------------------

void MontanaState::lay(std::span<const Card> cards, std::span<const int> cells) {
  assert(cards.size() == cells.size());
  for (std::size_t i = 0; i < cards.size(); ++i) {
    const auto cell = static_cast<std::size_t>(cells[i]);
    // "remove the four aces to create four 'holes'"
    const bool ace = cards[i].rank() == kAce;
    grid_[cell] = ace ? kGap : cards[i].index();
    pos_[cards[i].index()] = ace ? kGap : static_cast<std::uint8_t>(cell);
  }
}

void MontanaState::apply_chance(Rng& rng) {
  assert(!dealt_);
  // "Start out by dealing all fifty-two cards in four rows of thirteen cards
  // each. All cards should be dealt face up".
  std::array<Card, 52> deck = standard_cards();
  rng.shuffle(std::span<Card>(deck));
  const std::uint64_t hi = rng.next();
  set_deal(deck, hi << 32 | rng.next());
}

void MontanaState::set_deal(std::span<const Card> cards, std::uint64_t shuffles) {
  assert(cards.size() == static_cast<std::size_t>(kCells));
  std::array<int, kCells> cells;
  for (int i = 0; i < kCells; ++i) cells[static_cast<std::size_t>(i)] = i;
  lay(cards, cells);
  shuffles_ = shuffles;
  rehash();
  dealt_ = true;
  ev_ = Event{};
  ev_.kind = Event::kDeal;
  settle_end();
}

// ---- Moves -----------------------------------------------------------------------------

template <class Out>
void MontanaState::moves(Out& out) const {
  out.clear();
  for (int g = 0; g < kCells; ++g) {
    if (grid_[static_cast<std::size_t>(g)] != kGap) continue;
    if (column_of(g) == 0) {
      // "Only a two may be placed at the beginning of the row (to the left)";
      // under Blue Moon, the Two of the suit of the ace on the row's left.
      for (int s = 0; s < 4; ++s) {
        if (r_.aces == Aces::kLeft && s != row_of(g)) continue;
        const std::uint8_t p = pos_[Card::standard(kTwo, Suit(s)).index()];
        out.push_back(Move::place(p, g));
      }
      continue;
    }
    const std::uint8_t left = grid_[static_cast<std::size_t>(g - 1)];
    // "no cards can be placed to the right of a king"; nor of a gap.
    if (left == kGap) continue;
    const Card l = Card::from_index(left);
    if (l.rank() == kKing) continue;
    // "as long as that card is one value higher than, and the same suit as,
    // the card to the left"
    out.push_back(Move::place(pos_[Card::standard(Rank(l.rank() + 1), l.suit()).index()], g));
  }
}

Seat MontanaState::to_move() const {
  if (!dealt_) return kChance;
  return over_ ? kTerminal : 0;
}

template void MontanaState::moves(std::vector<Move>&) const;
template void MontanaState::moves(Moves&) const;

void MontanaState::legal_actions(Seat, std::vector<Action>& out) const {
  Moves m;
  moves(m);
  out.clear();
  for (const Move& x : m) out.push_back(x.encode());
  // "If no further cards can be moved, you'll pick up all unordered cards".
  if (out.empty()) out.push_back(Move::redeal_move().encode());
}

void MontanaState::apply(Seat, Action a) {
  const Move m = *Move::decode(a);
  ++actions_;
  ev_ = Event{};
  if (m.redeal) {
    redeal();
    ev_.kind = Event::kRedeal, ev_.redeal = redeals_;
  } else {
    ev_.kind = Event::kMove, ev_.from = m.from, ev_.to = m.to;
    ev_.card = Card::from_index(grid_[static_cast<std::size_t>(m.from)]);
    step(m);
    if (since_redeal_.size() == kUndo) since_redeal_.erase(since_redeal_.begin());
    since_redeal_.push_back({static_cast<std::uint8_t>(m.from), static_cast<std::uint8_t>(m.to)});
    ++moved_since_redeal_;
  }
  settle_end();
}

void MontanaState::step(const Move& m) {
  const std::uint8_t c = grid_[static_cast<std::size_t>(m.from)];
  grid_[static_cast<std::size_t>(m.to)] = c;
  grid_[static_cast<std::size_t>(m.from)] = kGap;
  pos_[c] = static_cast<std::uint8_t>(m.to);
  hash_ ^= key(m.from, c) ^ key(m.to, c);
}

bool MontanaState::undo() {
  if (since_redeal_.empty()) return false;
  const Moved m = since_redeal_.back();
  since_redeal_.pop_back();
  --moved_since_redeal_;
  unstep(Move::place(m.from, m.to));
  --actions_;
  over_ = false;
  ev_ = Event{};
  return true;
}

void MontanaState::settle_end() {
  // "The game ends when all fifty-two cards form four rows in ascending order
  // or when no more plays are available."
  Moves m;
  moves(m);
  over_ = won() || (m.empty() && redeals_left() <= 0);
  if (over_) ev_.over = true, ev_.won = won(), ev_.placed = placed(), ev_.redeals = redeals_;
}

// ---- The redeal ------------------------------------------------------------------------

int MontanaState::in_sequence(int row) const {
  int n = 0;
  for (int c = 0; c < kColumns; ++c) {
    const std::uint8_t x = grid_[static_cast<std::size_t>(row * kColumns + c)];
    if (x == kGap) break;
    const Card card = Card::from_index(x);
    if (card.rank() != Rank(kTwo + c)) break;
    const Suit suit =
        r_.aces == Aces::kLeft
            ? Suit(row)
            : Card::from_index(grid_[static_cast<std::size_t>(row * kColumns)]).suit();
    if (card.suit() != suit) break;
    ++n;
  }
  return n;
}

int MontanaState::placed() const {
  int n = 0;
  for (int r = 0; r < kRows; ++r) n += in_sequence(r);
  return n;
}

void MontanaState::redeal() {
  assert(redeals_left() > 0);
  // "pick up all unordered cards from each row and shuffle them with the
  // aces. Re-deal the cards into the empty spaces in the rows, and remove the
  // four aces again."
  std::array<int, kRows> kept{};
  for (int r = 0; r < kRows; ++r) kept[static_cast<std::size_t>(r)] = in_sequence(r);
  SmallVec<Card, 52> gathered;  // on the stack: a step allocates nothing
  SmallVec<int, kCells> cells;
  for (int cell = 0; cell < kCells; ++cell) {
    const bool keep = column_of(cell) < kept[static_cast<std::size_t>(row_of(cell))];
    if (keep) continue;
    const std::uint8_t x = grid_[static_cast<std::size_t>(cell)];
    if (x != kGap) gathered.push_back(Card::from_index(x));
    grid_[static_cast<std::size_t>(cell)] = kGap;
    // Our reading (rules.md): seed, the aces dealt in and removed, so the
    // gaps fall anywhere; after-sequence, one gap just right of each row's
    // sequence.
    if (r_.gaps == Gaps::kShuffledIn ||
        column_of(cell) > kept[static_cast<std::size_t>(row_of(cell))])
      cells.push_back(cell);
  }
  if (r_.gaps == Gaps::kShuffledIn)
    for (int s = 0; s < 4; ++s) gathered.push_back(Card::standard(kAce, Suit(s)));
  // The shuffle depends on which cards are gathered, not where they lay.
  std::sort(gathered.begin(), gathered.end());
  ++redeals_;
  Rng rng(shuffles_, static_cast<std::uint64_t>(redeals_));
  rng.shuffle(std::span<Card>(gathered.data(), gathered.size()));
  lay(std::span<const Card>(gathered.data(), gathered.size()),
      std::span<const int>(cells.data(), cells.size()));
  rehash();
  since_redeal_.clear();
  moved_since_redeal_ = 0;
}

// ---- The end ---------------------------------------------------------------------------

Outcome MontanaState::outcome() const {
  Outcome o;
  o.kind = OutcomeKind::kSolo;
  const int n = placed();
  o.scores = {static_cast<double>(n)};
  o.places = {won() ? 1 : 2};
  o.summary = summary(won(), n, redeals_);
  return o;
}

std::string MontanaState::summary(bool won, int placed, int redeals) {
  return won ? "Won: the four rows run 2 to King in suit."
             : "Lost: " + std::to_string(placed) + " of 48 cards in sequence, after " +
                   std::to_string(redeals) + (redeals == 1 ? " redeal." : " redeals.");
}

void MontanaState::all_cards(std::vector<Card>& out) const {
  out.clear();
  if (!dealt_) {
    out = standard_deck();
    return;
  }
  for (std::uint8_t x : grid_)
    if (x != kGap) out.push_back(Card::from_index(x));
  // The aces lie aside.
  for (int s = 0; s < 4; ++s) out.push_back(Card::standard(kAce, Suit(s)));
}

void MontanaState::rehash() {
  hash_ = splitmix64(0x6d6f6e74616e61ull + static_cast<std::uint64_t>(redeals_));
  for (int cell = 0; cell < kCells; ++cell) {
    const std::uint8_t x = grid_[static_cast<std::size_t>(cell)];
    if (x != kGap) hash_ ^= key(cell, x);
  }
}

}  // namespace parlour::montana
