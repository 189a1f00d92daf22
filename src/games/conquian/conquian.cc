// Conquian's rules: the cut, the deal, the faced card, melds, forcing, the
// end of a deal and the counters. Each rule names its source (rules.md).
#include <algorithm>
#include <bit>
#include <cassert>

#include "games/conquian/state.h"

namespace parlour::conquian {

using kit::card_bit;

ConquianState::ConquianState(const Rules& rules)
    : r_(rules),
      meld_(rules.pack == Pack::kSpanish ? kit::MeldRules::spanish()
                                         : kit::MeldRules::ace_to_ten()),
      chips_(rules.players, 0) {}

Seat ConquianState::opponent(Seat s) const {
  for (int k = 1; k < r_.players; ++k)
    if (plays(left(s, k))) return left(s, k);
  return s;
}

int ConquianState::melded_count(Seat s) const {
  return std::popcount(melded(s));
}

CardBits ConquianState::hand_bits(Seat s, std::uint16_t mask) const {
  CardBits b = 0;
  const Hand& h = hand(s);
  for (std::size_t i = 0; i < h.size(); ++i)
    if (mask >> i & 1) b |= card_bit(h[i]);
  return b;
}

bool ConquianState::lays_out(Seat s, CardBits extra) const {
  return kit::partition_melds(melded(s) | extra, meld_);
}

kit::MeldList ConquianState::layout(Seat s) const {
  kit::MeldList out;
  kit::partition_melds(melded(s), meld_, &out);
  return out;
}

void ConquianState::sort_hand(Seat s) {
  Hand& h = hands_[static_cast<std::size_t>(s)];
  std::sort(h.begin(), h.end(), [&](Card a, Card b) {
    return a.suit() != b.suit() ? a.suit() < b.suit()
                                : meld_.position(a.rank()) < meld_.position(b.rank());
  });
}

// ---- Chance: the cut and the deal ----------------------------------------------

void ConquianState::apply_chance(Rng& rng) {
  ev_ = Event();
  Pile deck;  // on the stack: steps allocate nothing
  for (Rank rank : meld_.order)
    for (int su = 0; su < SUIT_NB; ++su) deck.push_back(Card::standard(rank, Suit(su)));
  rng.shuffle(std::span<Card>(deck.data(), deck.size()));
  if (phase_ == Phase::kCut) {
    // C2: "The lowest cut deals", the ace low (kit/cut.h).
    ev_.kind = Event::kCut;
    scene_.cut = kit::cut_for_deal(std::span<const Card>(deck.data(), deck.size()),
                                   (SeatMask{1} << r_.players) - 1);
    dealer_ = scene_.cut.dealer;
    for (Card c : scene_.cut.cards) cut_.push_back(c);
    ev_.actor = dealer_;
    phase_ = Phase::kDeal;
    return;
  }
  assert(phase_ == Phase::kDeal);
  // C1: ten cards each, one at a time (C3: two at a time), from the
  // dealer's left; with three the dealer sits out (C2). The rest is the
  // stock; no upcard (C4).
  for (auto& h : hands_) h.clear();
  table_ = {};
  dead_.clear();
  chips_.begin_hand();
  const Seat a = eldest(), b = opponent(a);
  std::size_t next = 0;
  for (int round = 0; round < kHandSize / r_.deal_by; ++round)
    for (Seat s : {a, b})
      for (int k = 0; k < r_.deal_by; ++k)
        hands_[static_cast<std::size_t>(s)].push_back(deck[next++]);
  stock_.clear();
  // The stock's top is its last card: the next card of the shuffled pack.
  for (std::size_t i = deck.size(); i > next; --i) stock_.push_back(deck[i - 1]);
  for (Seat s = 0; s < r_.players; ++s) sort_hand(s);
  ev_.kind = Event::kDeal, ev_.actor = dealer_, ev_.deal = deals_ + 1;
  scene_.dealt.record(hands_, r_.players);
  // C1: "The non-dealer begins by turning the top card of the stock".
  turn_next(a);
}

void ConquianState::set_position(Seat dealer, const std::vector<std::vector<Card>>& hands,
                                 const std::vector<std::vector<Card>>& melds,
                                 const std::vector<Card>& stock, Card faced, Faced how, Seat by,
                                 Seat to, bool last) {
  dealer_ = dealer;
  for (Seat s = 0; s < r_.players; ++s) {
    hands_[static_cast<std::size_t>(s)].clear();
    table_[static_cast<std::size_t>(s)] = 0;
    if (static_cast<std::size_t>(s) < hands.size())
      for (Card c : hands[static_cast<std::size_t>(s)])
        hands_[static_cast<std::size_t>(s)].push_back(c);
    if (static_cast<std::size_t>(s) < melds.size())
      for (Card c : melds[static_cast<std::size_t>(s)])
        table_[static_cast<std::size_t>(s)] |= card_bit(c);
    sort_hand(s);
  }
  stock_.clear();
  for (Card c : stock) stock_.push_back(c);
  dead_.clear();
  faced_ = faced, how_ = how, from_ = by, turn_ = to, last_ = last;
  phase_ = Phase::kOffer;
}

void ConquianState::turn_next(Seat s) {
  if (stock_.empty()) {
    // C3: "if the pack runs out, it is a tableau".
    end_deal(kNobody);
    return;
  }
  faced_ = stock_.back();
  stock_.pop_back();
  how_ = Faced::kTurned, from_ = s, turn_ = s, last_ = false;
  ev_.turned = faced_, ev_.turner = s;
  phase_ = Phase::kOffer;
}

// ---- Whose move and what is legal ---------------------------------------------

Seat ConquianState::to_move() const {
  switch (phase_) {
    case Phase::kCut:
    case Phase::kDeal:
      return kChance;
    case Phase::kOver:
      return kTerminal;
    default:
      return turn_;
  }
}

void ConquianState::legal_actions(Seat seat, std::vector<Action>& out) const {
  out.clear();
  if (seat < 0 || seat >= r_.players || seat != to_move()) return;
  const Hand& h = hand(seat);
  if (phase_ == Phase::kDiscard) {
    for (std::size_t i = 0; i < h.size(); ++i)
      out.push_back(Move::discard(static_cast<int>(i)).encode());
    return;
  }
  assert(phase_ == Phase::kOffer);
  // C1: the faced card is melded with cards of the hand (of its rank or its
  // suit), the player's melds rearranged as need be, every card of them
  // still in a meld. Never taken into the hand (C3): no move puts it there.
  std::uint16_t near = 0;
  for (std::size_t i = 0; i < h.size(); ++i)
    if (h[i].rank() == faced_.rank() || h[i].suit() == faced_.suit())
      near = static_cast<std::uint16_t>(near | 1u << i);
  for (std::uint16_t sub = near;; sub = static_cast<std::uint16_t>((sub - 1) & near)) {
    // A meld that leaves an empty hand and fewer than eleven down needs a
    // discard it cannot make: with ten in hand and melds, a meld of the faced
    // card and every card of the hand is eleven, and goes out.
    if (lays_out(seat, hand_bits(seat, sub) | card_bit(faced_)))
      out.push_back(Move::meld(sub).encode());
    if (!sub) break;
  }
  std::sort(out.begin(), out.end());
  out.push_back(Move::pass().encode());
  // C4: a card that fits the other player's melds, he may be made to take.
  // Not a card he discarded himself.
  const Seat o = opponent(seat);
  if (r_.forcing && !(how_ == Faced::kDiscarded && from_ == o) && melded(o) &&
      lays_out(o, card_bit(faced_)))
    out.push_back(Move::force().encode());
}

void ConquianState::apply(Seat seat, Action a) {
  ev_ = Event();
  ++actions_;
  const Move m = *Move::decode(a);
  ev_.actor = seat;
  switch (m.kind) {
    case Move::kMeld: {
      const CardBits add = hand_bits(seat, m.mask);
      Hand& h = hands_[static_cast<std::size_t>(seat)];
      Hand kept;
      for (Card c : h)
        if (!(add & card_bit(c))) kept.push_back(c);
      h = kept;
      table_[static_cast<std::size_t>(seat)] |= add | card_bit(faced_);
      ev_.kind = Event::kMeld, ev_.card = faced_, ev_.added = add;
      how_ = Faced::kNone;
      // C1, C3: "whoever first has eleven cards down wins".
      if (melded_count(seat) >= kToGoOut) {
        end_deal(seat);
        return;
      }
      phase_ = Phase::kDiscard;
      turn_ = seat;
      return;
    }
    case Move::kForce: {
      // C4: the other player adds the card to his melds, then discards.
      const Seat o = opponent(seat);
      table_[static_cast<std::size_t>(o)] |= card_bit(faced_);
      ev_.kind = Event::kForce, ev_.card = faced_, ev_.forced = o;
      how_ = Faced::kNone;
      if (melded_count(o) >= kToGoOut) {
        end_deal(o);
        return;
      }
      phase_ = Phase::kDiscard;
      turn_ = o;
      return;
    }
    case Move::kDiscard: {
      Hand& h = hands_[static_cast<std::size_t>(seat)];
      const Card c = h[static_cast<std::size_t>(m.pos)];
      h.erase(h.begin() + m.pos);
      ev_.kind = Event::kDiscard, ev_.card = c;
      // The discard is faced, and offered to the other player alone.
      faced_ = c, how_ = Faced::kDiscarded, from_ = seat, turn_ = opponent(seat), last_ = true;
      phase_ = Phase::kOffer;
      return;
    }
    case Move::kPass: {
      ev_.kind = Event::kPass, ev_.card = faced_;
      if (!last_) {
        // C1: a card turned and not used is offered to the other player.
        turn_ = opponent(seat), last_ = true;
        return;
      }
      // Let go by both (or a discard let go): turned down, and the one who
      // let it go turns the next card (C1).
      ev_.dead = true;
      dead_.push_back(faced_);
      how_ = Faced::kNone;
      turn_next(seat);
      return;
    }
  }
}

// ---- The end of a deal -------------------------------------------------------------

void ConquianState::end_deal(Seat winner) {
  ev_.deal_done = true;
  cut_.clear();
  ev_.winner = winner;
  ev_.deal = ++deals_;
  last_winner_ = winner, last_loser_ = kNobody, last_paid_ = 0;
  const Seat a = eldest(), b = opponent(a);
  for (Seat s = 0; s < r_.players; ++s) scene_.shown[static_cast<std::size_t>(s)] = hand(s);
  scene_.players = {a, b};
  if (winner == kNobody) {
    // C2: a tableau puts a counter each into a pool that the winner of the
    // next game takes (tableau=pool); C3: it "goes to the winner of the next
    // game" (tableau=carry: the next deal pays its stake once more).
    if (r_.tableau == Tableau::kPool) {
      for (Seat s : {a, b})
        chips_.stake(s, 0, r_.stake), pool_in_[static_cast<std::size_t>(s)] += r_.stake;
      ev_.pool_in = 2 * r_.stake;
    } else if (r_.tableau == Tableau::kCarry) {
      ++carry_;
    }
  } else {
    // R15, C2: flat-out: "each deal is a game, and the loser pays one
    // counter"; what he holds changes nothing.
    const Seat loser = winner == a ? b : a;
    ev_.loser = loser;
    ev_.paid = r_.stake * (1 + carry_);
    carry_ = 0;
    chips_.pay(loser, winner, ev_.paid);
    last_loser_ = loser, last_paid_ = ev_.paid;
    ev_.pool_won = chips_.take_pot(winner, 0);
    pool_in_ = {};
  }
  const bool last = deals_ >= r_.deals;
  if (last) {
    // A pool still there when the match ends goes back to those who put it
    // in (ours: the sources end with the next game's winner taking it).
    for (Seat s = 0; s < r_.players; ++s)
      if (const int n = pool_in_[static_cast<std::size_t>(s)]; n > 0)
        chips_.award(s, 0, n), ev_.returned[static_cast<std::size_t>(s)] = n;
    pool_in_ = {};
  }
  for (Seat s = 0; s < r_.players; ++s)
    last_change_[static_cast<std::size_t>(s)] = chips_.hand_change(s);
  phase_ = Phase::kDeal;
  if (last) {
    phase_ = Phase::kOver;
    ev_.over = true;
    scene_.chips = chips_;
    return;
  }
  // The deal alternates between two players; with three it passes to the
  // left (seed 004: "Play to the left (clockwise) unless otherwise stated").
  dealer_ = left(dealer_);
}

Outcome ConquianState::outcome() const {
  return outcome_of(r_, chips_);
}

Outcome ConquianState::outcome_of(const Rules& r, const Chips& chips) {
  Outcome o;
  o.kind = OutcomeKind::kScores;
  for (Seat s = 0; s < r.players; ++s) o.scores.push_back(chips.balance(s));
  o.places.resize(static_cast<std::size_t>(r.players));
  rank_places(r.players, o.scores, o.places);
  int best = 0;
  for (Seat s = 1; s < r.players; ++s)
    if (chips.balance(s) > chips.balance(best)) best = s;
  int level = 0;
  for (Seat s = 0; s < r.players; ++s) level += chips.balance(s) == chips.balance(best);
  std::string counters;
  for (Seat s = 0; s < r.players; ++s)
    counters += std::string(s ? ", " : "") + seat_name(s) + " " + std::to_string(chips.balance(s));
  if (const int pool = chips.pot(0); pool > 0)
    counters += "; " + std::to_string(pool) + " left in the pool";
  o.summary = level > 1 ? "Nobody is ahead: counters " + counters + "."
                        : seat_name(best) + " is ahead: counters " + counters + ".";
  return o;
}

void ConquianState::all_cards(std::vector<Card>& out) const {
  out.clear();
  for (Seat s = 0; s < r_.players; ++s) {
    for (Card c : hand(s)) out.push_back(c);
    for (CardBits b = melded(s); b; b &= b - 1)
      out.push_back(Card::from_index(static_cast<std::uint8_t>(std::countr_zero(b))));
  }
  for (Card c : stock_) out.push_back(c);
  for (Card c : dead_) out.push_back(c);
  if (phase_ == Phase::kOffer) out.push_back(faced_);
  // Before the first deal, and between deals, the pack is whole.
  if (phase_ == Phase::kCut ||
      ((phase_ == Phase::kDeal || phase_ == Phase::kOver) && out.empty())) {
    out.clear();
    for (Rank rank : meld_.order)
      for (int su = 0; su < SUIT_NB; ++su) out.push_back(Card::standard(rank, Suit(su)));
  }
}

}  // namespace parlour::conquian
