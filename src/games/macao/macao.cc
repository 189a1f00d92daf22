// Macao: the rules in play. Quotations are from seed 003; rules.md gives the
// readings and the period sources.
#include <algorithm>
#include <bit>
#include <cassert>

#include "core/deck.h"
#include "games/macao/state.h"
#include "kit/bank.h"
#include "kit/standing.h"

namespace parlour::macao {

MacaoState::MacaoState(const Rules& rules) : r_(rules), chips_(rules.players, rules.chips) {}

int MacaoState::total(Seat s) const {
  int t = 0;
  for (Card c : hand(s)) t += points(c);
  return t;
}

int MacaoState::max_stake(Seat s) const {
  // Three times the stake is the most a hand can cost either side (a 9
  // natural): the punter must cover it, and the bank every stake so far.
  return kit::most_stake(chips_, banker_, s, punters_.staked(), r_.limit, 3);
}

// ---- The bank, the stakes and the deal -----------------------------------------------

void MacaoState::apply_chance(Rng& rng) {
  if (phase_ == Phase::kBanker) {
    // Foster's Vingt-et-un: "The cards are thrown round for the first deal,
    // and the first ace takes it": face up from seat 0.
    std::array<Card, 52> deck = standard_cards();
    const kit::Thrown t = kit::throw_round(std::span<Card>(deck), r_.players, 0, rng,
                                           [](Card c) { return c.rank() == kAce; });
    banker_ = t.seat;
    ev_ = Event{};
    ev_.kind = Event::kBanker, ev_.actor = ev_.banker = banker_, ev_.chips = t.cards;
    begin_hand();
    return;
  }
  assert(phase_ == Phase::kDeal);
  for (auto& h : hands_) h.clear();
  shown_ = 0;
  std::array<Card, 52> deck = standard_cards();
  rng.shuffle(std::span<Card>(deck));
  stock_.clear();
  for (Card c : deck) stock_.push_back(c);
  // "only one card is dealt to each player": from the banker's left, the
  // banker last.
  for (int k = 1; k <= r_.players; ++k) {
    const Seat s = left(banker_, k);
    if (s != banker_ && part(s) != Part::kIn) continue;
    hands_[static_cast<std::size_t>(s)].push_back(stock_.back());
    stock_.pop_back();
  }
  record_deal();
  after_deal();
}

void MacaoState::record_deal() {
  ev_ = Event{};
  ev_.kind = Event::kDeal, ev_.actor = ev_.banker = banker_, ev_.hand = hand_;
  for (Seat s = 0; s < r_.players; ++s)
    if (!hand(s).empty()) {
      ev_.first[static_cast<std::size_t>(s)] = hand(s)[0];
      ev_.dealt |= SeatMask{1} << s;
    }
}

void MacaoState::set_deal(const std::vector<std::vector<Card>>& first,
                          const std::vector<Card>& stock) {
  assert(phase_ == Phase::kDeal);
  shown_ = 0;
  for (Seat s = 0; s < r_.players; ++s) {
    hands_[static_cast<std::size_t>(s)].clear();
    for (Card c : first[static_cast<std::size_t>(s)])
      hands_[static_cast<std::size_t>(s)].push_back(c);
  }
  stock_.clear();
  for (Card c : stock) stock_.push_back(c);
  record_deal();
  after_deal();
}

void MacaoState::start_hand() {
  ++hand_;
  chips_.begin_hand();
  // The cards of the hand just over stay on show through the staking, until
  // the deal.
  stock_.clear();
  punters_.clear();
  phase_ = Phase::kStake;
  ev_.next_hand = hand_, ev_.next_banker = banker_;
  ev_.poor = ev_.uncovered = 0;
  next_staker(banker_);
}

// The next punter after `from` who can stake; the deal once none is left.
void MacaoState::next_staker(Seat from) {
  for (Seat s = left(from); s != banker_; s = left(s)) {
    if (max_stake(s) > 0) {
      turn_ = s;
      return;
    }
    // Passed over: the story says why.
    (chips_.balance(s) < 3 ? ev_.poor : ev_.uncovered) |= SeatMask{1} << s;
  }
  if (punters_.any_in()) {
    phase_ = Phase::kDeal;
    return;
  }
  // Nobody staked: no cards are dealt, and the hand counts as played.
  ev_.hand_over = true;
  end_hand();
}

void MacaoState::after_deal() {
  const int b = total(banker_);
  // "if the banker has a 7, 8, or 9 natural he receives from each of the
  // others once, twice, or three times the amount of their stakes. If the
  // banker has an equal number of points natural, it is a tie": and he pays a
  // higher natural as it stands.
  if (natural_multiple(b) > 0) {
    shown_ |= SeatMask{1} << banker_;
    tell(banker_);
    for (Seat s = 0; s < r_.players; ++s) {
      if (part(s) != Part::kIn) continue;
      shown_ |= SeatMask{1} << s;
      const int p = total(s);
      punters_.settle(chips_, banker_, s,
                      p > b    ? natural_multiple(p)
                      : p == b ? 0
                               : -natural_multiple(b),
                      Part::kNatural);
      tell(s);
    }
    ev_.hand_over = true;
    return end_hand();
  }
  // "if a player has a 9 natural, he receives from the banker three times his
  // stake; if an 8 natural, he receives double, and for a 7 natural, he is paid."
  for (Seat s = 0; s < r_.players; ++s)
    if (part(s) == Part::kIn && natural_multiple(total(s)) > 0) {
      shown_ |= SeatMask{1} << s;
      punters_.settle(chips_, banker_, s, natural_multiple(total(s)), Part::kNatural);
      tell(s);
    }
  // "If none of these naturals are shown, the players draw in turn, as at
  // Vingt-et-un".
  phase_ = Phase::kDraw;
  next_drawer(banker_);
}

// ---- Drawing ----------------------------------------------------------------------------

void MacaoState::next_drawer(Seat from) {
  if (const Seat s = punters_.next_in(from, banker_, r_.players); s != kNobody) {
    turn_ = s;
    return;
  }
  // The banker plays only against punters still standing.
  if (punters_.any_in()) {
    phase_ = Phase::kBankerDraw;
    turn_ = banker_;
    return;
  }
  ev_.hand_over = true;
  end_hand();
}

Seat MacaoState::to_move() const {
  switch (phase_) {
    case Phase::kBanker:
    case Phase::kDeal:
      return kChance;
    case Phase::kOver:
      return kTerminal;
    default:
      return turn_;
  }
}

void MacaoState::legal_actions(Seat seat, std::vector<Action>& out) const {
  out.clear();
  assert(seat == turn_ && phase_ != Phase::kBanker && phase_ != Phase::kDeal &&
         phase_ != Phase::kOver);
  if (phase_ == Phase::kStake) {
    for (int n = 0; n <= max_stake(seat); ++n) out.push_back(Move::stake(n).encode());
    return;
  }
  // Drawing may go on while any card is left: a ten or a court card counts
  // nothing, so even a 9 may draw.
  if (!stock_.empty()) out.push_back(Move::draw().encode());
  out.push_back(Move::stand().encode());
}

void MacaoState::apply(Seat seat, Action a) {
  const Move m = *Move::decode(a);
  ++actions_;
  ev_ = Event{};
  ev_.actor = seat, ev_.banker = banker_;
  if (m.kind == Move::kStake) {
    ev_.kind = Event::kStake, ev_.chips = m.chips;
    if (m.chips > 0) punters_.place(chips_, seat, m.chips);
    return next_staker(seat);
  }
  if (m.kind == Move::kStand) {
    ev_.kind = Event::kStand;
    if (seat == banker_) {
      ev_.hand_over = true;
      settle_all();
      return end_hand();
    }
    return next_drawer(seat);
  }
  ev_.kind = Event::kDraw;
  ev_.card = stock_.back();
  hands_[static_cast<std::size_t>(seat)].push_back(stock_.back());
  stock_.pop_back();
  ev_.points = total(seat);
  if (total(seat) <= 9) {
    ev_.up = shown(seat);
    return;  // the same player may draw again
  }
  // Crevé: over 9. A punter pays at once; a banker pays every punter standing.
  ev_.creve = ev_.up = true;
  shown_ |= SeatMask{1} << seat;
  if (seat != banker_) {
    punters_.settle(chips_, banker_, seat, -1, Part::kCreve);
    tell(seat);
    return next_drawer(seat);
  }
  tell(seat);
  ev_.settled = in_mask();
  punters_.pay_all_in(chips_, banker_, shown_);
  ev_.hand_over = true;
  end_hand();
}

SeatMask MacaoState::in_mask() const {
  SeatMask m = 0;
  for (Seat s = 0; s < r_.players; ++s)
    if (part(s) == Part::kIn) m |= SeatMask{1} << s;
  return m;
}

ShownHand MacaoState::shown_hand(Seat s) const {
  return {s, hand(s), total(s), result(s) * stake(s), false};
}

void MacaoState::tell(Seat s) {
  ev_.hands_told.push_back(shown_hand(s));
  ev_.told |= SeatMask{1} << s;
}

// ---- Settling ---------------------------------------------------------------------------

void MacaoState::settle_all() {
  // "the dealer receives from those who have less points than he, or who are
  // créve, and pays those who have more, but have not passed 9."
  ev_.settled = in_mask();
  punters_.settle_in(
      chips_, banker_, total(banker_), [&](Seat s) { return total(s); }, r_.ties == Ties::kBanker,
      shown_);
  shown_ |= SeatMask{1} << banker_;
}

void MacaoState::end_hand() {
  const bool dealt = punters_.staked() > 0;
  last_.record(chips_, hand_);
  last_bank_ = kit::BankHand::of(chips_, hand_, banker_, dealt);
  if (ev_.bank.hand == 0) {
    // The first hand this transition settles: the story tells it whole.
    ev_.bank = last_bank_;
    ev_.over_poor = ev_.poor, ev_.over_uncovered = ev_.uncovered;
    for (Seat s = 0; s < r_.players && dealt; ++s)
      if (!hand(s).empty() && !(ev_.told >> s & 1)) {
        ShownHand h = shown_hand(s);
        h.settled = ev_.settled >> s & 1;
        ev_.shown.push_back(h);
      }
  } else {
    ++ev_.unplayed;  // nobody could stake in it (kit::HandLoop)
  }
  ev_.poor = ev_.uncovered = 0;
  // Every card is shown at the end of a hand.
  for (Seat s = 0; s < r_.players; ++s)
    if (!hand(s).empty()) shown_ |= SeatMask{1} << s;
  if (hand_ >= r_.match_hands()) {
    phase_ = Phase::kOver;
    ev_.match_over = true, ev_.final_chips = chips_;
    return;
  }
  // The bank passes to the left after `bank_hands` hands.
  if (hand_ % r_.bank_hands == 0) {
    banker_ = left(banker_);
    ev_.bank_passes = true;
  }
  begin_hand();
}

// ---- The end ----------------------------------------------------------------------------

Outcome MacaoState::outcome() const {
  return outcome_of(r_, chips_);
}

Outcome MacaoState::outcome_of(const Rules& r, const Chips& chips) {
  return kit::outcome_by_chips(chips, "After " + std::to_string(r.match_hands()) + " hands");
}

void MacaoState::all_cards(std::vector<Card>& out) const {
  out.clear();
  if (stock_.empty() && phase_ != Phase::kDraw && phase_ != Phase::kBankerDraw) {
    // Before a deal (or after a hand) the pack is whole, or lies in the hands
    // shown: the pack is the unit that is conserved.
    out = standard_deck();
    return;
  }
  for (Seat s = 0; s < r_.players; ++s) out.insert(out.end(), hand(s).begin(), hand(s).end());
  out.insert(out.end(), stock_.begin(), stock_.end());
}

}  // namespace parlour::macao
