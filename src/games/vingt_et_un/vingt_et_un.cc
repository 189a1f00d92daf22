// Vingt-et-un: the rules in play. Quotations are Foster's (Foster's Complete
// Hoyle, Vingt-et-un); rules.md gives the readings.
#include <algorithm>
#include <cassert>

#include "core/deck.h"
#include "games/vingt_et_un/state.h"
#include "kit/standing.h"

namespace parlour::vingt_et_un {

// "the ace being reckoned as 11 or 1, at the option of the holder, all court
// cards as 10 each, and the others at their face value."
int best_total(const Hand& h) {
  int t = 0;
  bool ace = false;
  for (Card c : h) t += value(c), ace |= c.rank() == kAce;
  return ace && t + 10 <= 21 ? t + 10 : t;
}

// "If he has exactly 21, an Ace and a tenth card, which is called a natural".
bool natural(const Hand& h) {
  return h.size() >= 2 && value(h[0]) + value(h[1]) == 11 &&
         (h[0].rank() == kAce || h[1].rank() == kAce);
}

VingtState::VingtState(const Rules& rules) : r_(rules), chips_(rules.players, rules.chips) {
  for (Card c : standard_deck()) stock_.push_back(c);
}

int VingtState::max_stake(Seat s) const {
  const int most = kit::most_stake(chips_, banker_, s, punters_.staked(), r_.limit, r_.exposure());
  return r_.fixed_stake ? std::min(most, 1) : most;
}

// ---- The deal ---------------------------------------------------------------------------

void VingtState::apply_chance(Rng& rng) {
  ev_ = Event{};
  if (phase_ == Phase::kBanker) {
    // "The cards are thrown round for the first deal, and the first ace takes it."
    std::array<Card, 52> deck = standard_cards();
    banker_ = kit::throw_round(std::span<Card>(deck), r_.players, 0, rng, [](Card c) {
                return c.rank() == kAce;
              }).seat;
    ev_.kind = Event::kBanker, ev_.actor = ev_.banker = banker_;
    begin_hand();
    return;
  }
  assert(phase_ == Phase::kFirstCard);
  // The last hand's cards go to the discards, face down. "The last card in the
  // pack must not be dealt. If there are not enough cards to supply the
  // players, the discards must be gathered up, shuffled together": here when
  // fewer are left than two cards and two to draw for each in the hand, and
  // one.
  for (Hand& h : hands_) {
    for (Card c : h) discards_.push_back(c);
    h.clear();
  }
  shown_ = busted_ = 0;
  int in = 1;
  for (Seat s = 0; s < r_.players; ++s) in += part(s) == Part::kIn;
  if (fresh_) {
    rng.shuffle(std::span<Card>(stock_.data(), stock_.size()));
    fresh_ = false;
  } else if (static_cast<int>(stock_.size()) < 4 * in + 1) {
    Pile under = discards_;
    rng.shuffle(std::span<Card>(under.data(), under.size()));
    for (Card c : stock_) under.push_back(c);  // what was left stays on top
    stock_ = under;
    discards_.clear();
    ev_.shuffled = true;
  }
  ev_.kind = Event::kFirstCard, ev_.actor = ev_.banker = banker_, ev_.hand = hand_;
  deal_round();
  record_dealt();
  if (r_.look_first) {
    phase_ = Phase::kStake;
    next_staker(banker_);
    return;
  }
  phase_ = Phase::kDouble;
  if (!r_.dealer_double)
    after_deal();
  else
    turn_ = banker_;
}

void VingtState::record_dealt() {
  for (Seat s = 0; s < r_.players; ++s) ev_.dealt[static_cast<std::size_t>(s)] = hand(s);
}

ShownHand VingtState::shown_hand(Seat s) const {
  return {s, hand(s), total(s), result(s) * stake(s)};
}

SeatMask VingtState::in_mask() const {
  SeatMask m = 0;
  for (Seat s = 0; s < r_.players; ++s)
    if (part(s) == Part::kIn) m |= SeatMask{1} << s;
  return m;
}

Card VingtState::draw_card() {
  const Card c = stock_.back();
  stock_.pop_back();
  return c;
}

// "Two cards are given to each player, including the dealer, one at a time in
// two rounds": from the dealer's left, the dealer last.
void VingtState::deal_round() {
  for (int k = 1; k <= r_.players; ++k) {
    const Seat s = left(banker_, k);
    if (s == banker_ || part(s) == Part::kIn)
      hands_[static_cast<std::size_t>(s)].push_back(draw_card());
  }
}

void VingtState::set_deal(const std::vector<std::vector<Card>>& two,
                          const std::vector<Card>& stock) {
  assert(phase_ == Phase::kFirstCard);
  for (Hand& h : hands_) h.clear();
  stock_.clear();
  discards_.clear();
  for (Card c : stock) stock_.push_back(c);
  for (Seat s = 0; s < r_.players; ++s)
    for (Card c : two[static_cast<std::size_t>(s)])
      hands_[static_cast<std::size_t>(s)].push_back(c);
  // The rest of the pack lies in the discards.
  std::vector<Card> all;
  all_cards(all);
  for (Card c : standard_deck())
    if (std::find(all.begin(), all.end(), c) == all.end()) discards_.push_back(c);
  shown_ = busted_ = 0;
  fresh_ = false;
  ev_ = Event{};
  ev_.kind = Event::kDeal, ev_.actor = ev_.banker = banker_, ev_.hand = hand_;
  after_deal();
}

void VingtState::start_hand() {
  ++hand_;
  chips_.begin_hand();
  punters_.clear();
  doubled_ = false;
  natural_holder_ = kNobody;
  ev_.next_hand = hand_, ev_.next_banker = banker_;
  // The cards of the hand just over stay on show until the next deal.
  if (r_.look_first) {
    // "each player is allowed to look at the first card dealt him before
    // making his bet": every punter who can stake gets one.
    bool any = false;
    for (Seat s = 0; s < r_.players; ++s)
      if (max_stake(s) > 0) punters_.set_part(s, Part::kIn), any = true;
    if (!any) {
      ev_.hand_over = true;
      return end_hand();
    }
    phase_ = Phase::kFirstCard;
    return;
  }
  phase_ = Phase::kStake;
  next_staker(banker_);
}

// The next punter after `from` who can stake; then the cards, or the call.
void VingtState::next_staker(Seat from) {
  for (Seat s = left(from); s != banker_; s = left(s))
    if (max_stake(s) > 0 && (!r_.look_first || part(s) == Part::kIn) && stake(s) == 0) {
      turn_ = s;
      return;
    }
  for (Seat s = 0; s < r_.players; ++s)
    if (r_.look_first && part(s) == Part::kIn && stake(s) == 0) {
      // His card goes to the discards, unseen.
      punters_.set_part(s, Part::kIdle);
      for (Card c : hand(s)) discards_.push_back(c);
      hands_[static_cast<std::size_t>(s)].clear();
    }
  if (!punters_.any_in()) {
    ev_.hand_over = true;
    return end_hand();
  }
  if (!r_.look_first) {
    phase_ = Phase::kFirstCard;
    return;
  }
  phase_ = Phase::kDouble;
  if (!r_.dealer_double)
    after_deal();
  else
    turn_ = banker_;
}

void VingtState::next_answer(Seat from) {
  if (const Seat s = punters_.next_in(from, banker_, r_.players); s != kNobody) {
    turn_ = s;
    return;
  }
  after_deal();
}

// The second round, then the naturals.
void VingtState::after_deal() {
  if (phase_ != Phase::kFirstCard) deal_round();  // set_deal deals both at once
  ev_.second = true, ev_.second_hand = hand_;
  record_dealt();
  if (!punters_.any_in()) {
    ev_.hand_over = true;
    return end_hand();
  }
  // "If he has exactly 21 ... he shows it at once, and the players must pay
  // him twice the amount they have staked in front of them, unless they also
  // have a natural, when it is a stand-off."
  if (natural(hand(banker_))) {
    shown_ |= SeatMask{1} << banker_;
    ev_.naturals.push_back(shown_hand(banker_));
    for (Seat s = 0; s < r_.players; ++s) {
      if (part(s) != Part::kIn) continue;
      shown_ |= SeatMask{1} << s;
      punters_.settle(chips_, banker_, s, natural(hand(s)) ? 0 : -2, Part::kNatural);
      ev_.naturals.push_back(shown_hand(s));
    }
    ev_.hand_over = true;
    return end_hand();
  }
  // "If he has a natural, he exposes it immediately, and the dealer must pay
  // him double the amount staked."
  for (int k = 1; k < r_.players; ++k) {
    const Seat s = left(banker_, k);
    if (part(s) != Part::kIn || !natural(hand(s))) continue;
    shown_ |= SeatMask{1} << s;
    punters_.settle(chips_, banker_, s, 2, Part::kNatural);
    ev_.naturals.push_back(shown_hand(s));
    if (natural_holder_ == kNobody) natural_holder_ = s;
  }
  phase_ = Phase::kDraw;
  next_drawer(banker_);
}

// ---- Play ---------------------------------------------------------------------------------

void VingtState::next_drawer(Seat from) {
  if (const Seat s = punters_.next_in(from, banker_, r_.players); s != kNobody) {
    turn_ = s;
    return;
  }
  if (punters_.any_in()) {
    // "until he comes to himself. He turns his two cards face upward".
    phase_ = Phase::kDealerDraw;
    turn_ = banker_;
    shown_ |= SeatMask{1} << banker_;
    ev_.dealer_up = true;
    ev_.dealer_two = Hand{hand(banker_)[0], hand(banker_)[1]};
    return;
  }
  ev_.hand_over = true;
  end_hand();
}

Seat VingtState::to_move() const {
  switch (phase_) {
    case Phase::kBanker:
    case Phase::kFirstCard:
      return kChance;
    case Phase::kOver:
      return kTerminal;
    default:
      return turn_;
  }
}

void VingtState::legal_actions(Seat seat, std::vector<Action>& out) const {
  out.clear();
  assert(seat == turn_);
  switch (phase_) {
    case Phase::kStake:
      for (int n = r_.fixed_stake ? max_stake(seat) : 0; n <= max_stake(seat); ++n)
        out.push_back(Move::stake(n).encode());
      if (r_.fixed_stake) out.insert(out.begin(), Move::stake(0).encode());
      return;
    case Phase::kDouble:
      out.push_back(Move::of(Move::kDouble).encode());
      out.push_back(Move::of(Move::kNoDouble).encode());
      return;
    case Phase::kAnswer:
      out.push_back(Move::of(Move::kAccept).encode());
      out.push_back(Move::of(Move::kRefuse).encode());
      return;
    default:
      // "If the total is not 21, he may draw another card"; the last card of
      // the pack is never dealt.
      if (total(seat) < 21 && stock_.size() > 1) out.push_back(Move::of(Move::kDraw).encode());
      out.push_back(Move::of(Move::kStand).encode());
  }
}

void VingtState::apply(Seat seat, Action a) {
  const Move m = *Move::decode(a);
  ++actions_;
  ev_ = Event{};
  ev_.actor = seat, ev_.banker = banker_;
  switch (m.kind) {
    case Move::kStake:
      ev_.kind = Event::kStake, ev_.chips = m.chips;
      if (m.chips > 0) punters_.place(chips_, seat, m.chips);
      return next_staker(seat);
    case Move::kDouble:
    case Move::kNoDouble:
      ev_.kind = m.kind == Move::kDouble ? Event::kDouble : Event::kNoDouble;
      if (m.kind == Move::kNoDouble) return after_deal();
      doubled_ = true;
      phase_ = Phase::kAnswer;
      return next_answer(banker_);
    case Move::kAccept:
      ev_.kind = Event::kAccept;
      punters_.place(chips_, seat, stake(seat));
      ev_.chips = stake(seat);
      return next_answer(seat);
    case Move::kRefuse:
      // "Any player refusing to double must pass over to the dealer the stake
      // already put up, and stand out of the game for that hand."
      ev_.kind = Event::kRefuse, ev_.chips = stake(seat);
      punters_.settle(chips_, banker_, seat, -1, Part::kIdle);
      for (Card c : hand(seat)) discards_.push_back(c);
      hands_[static_cast<std::size_t>(seat)].clear();
      return next_answer(seat);
    case Move::kStand:
      ev_.kind = Event::kStand;
      if (seat == banker_) {
        ev_.hand_over = true;
        settle_all();
        return end_hand();
      }
      return next_drawer(seat);
    case Move::kDraw:
      break;
  }
  // "If he wants a card he says: 'One,' and the dealer gives it to him, face up."
  ev_.kind = Event::kDraw;
  ev_.card = draw_card();
  hands_[static_cast<std::size_t>(seat)].push_back(ev_.card);
  ev_.points = total(seat), ev_.up = shown(seat);
  if (total(seat) <= 21) return;
  ev_.creve = true;
  busted_ |= SeatMask{1} << seat;
  if (seat != banker_) {
    // "he is créve, and passes over to the dealer his stake, throwing his
    // cards in the centre of the table, still face down."
    punters_.settle(chips_, banker_, seat, -1, Part::kCreve);
    ev_.creve_hand = shown_hand(seat);
    return next_drawer(seat);
  }
  // "If he overdraws, all the other players expose their first two cards to
  // show that they have 21 or less, and he then pays each of them".
  ev_.settled = in_mask();
  punters_.pay_all_in(chips_, banker_, shown_);
  ev_.hand_over = true;
  end_hand();
}

// ---- Settling -------------------------------------------------------------------------------

void VingtState::settle_all() {
  // "those that have the same number are tied, and win or lose nothing. Those
  // who have less than the dealer lose their stake; those that have more than
  // the dealer, but still not more than 21, he must pay."
  ev_.settled = in_mask();
  punters_.settle_in(
      chips_, banker_, total(banker_), [&](Seat s) { return total(s); }, false, shown_);
}

void VingtState::end_hand() {
  last_.record(chips_, hand_);
  last_bank_ = kit::BankHand::of(chips_, hand_, banker_, punters_.staked() > 0);
  if (ev_.bank.hand == 0) {
    // The first hand this transition settles: the story tells it whole.
    ev_.bank = last_bank_;
    for (Seat s = 0; s < r_.players; ++s)
      if (ev_.settled >> s & 1) ev_.shown.push_back(shown_hand(s));
  } else {
    ++ev_.unplayed;  // nobody could stake in it (kit::HandLoop)
  }
  if (hand_ >= r_.match_hands()) {
    phase_ = Phase::kOver;
    ev_.match_over = true, ev_.final_chips = chips_;
    return;
  }
  const Seat before = banker_;
  if (r_.bank == BankPasses::kRotation) {
    banker_ = left(banker_);
  } else if (natural_holder_ != kNobody) {
    // "the player who held the natural took the bank and the deal until some
    // one else held a natural."
    banker_ = natural_holder_;
  }
  ev_.bank_passes = banker_ != before;
  begin_hand();
}

// ---- The end ----------------------------------------------------------------------------------

Outcome VingtState::outcome() const {
  return outcome_of(r_, chips_);
}

Outcome VingtState::outcome_of(const Rules& r, const Chips& chips) {
  return kit::outcome_by_chips(chips, "After " + std::to_string(r.match_hands()) + " hands");
}

void VingtState::all_cards(std::vector<Card>& out) const {
  out.clear();
  for (const Hand& h : hands_) out.insert(out.end(), h.begin(), h.end());
  out.insert(out.end(), stock_.begin(), stock_.end());
  out.insert(out.end(), discards_.begin(), discards_.end());
}

}  // namespace parlour::vingt_et_un
