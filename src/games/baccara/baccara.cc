// Baccara: the rules in play. Quotations are Foster's (seed 003 keeps the
// drawing and the settlement); rules.md gives the readings.
#include <algorithm>
#include <cassert>

#include "core/deck.h"
#include "games/baccara/state.h"
#include "kit/bank.h"
#include "kit/standing.h"

namespace parlour::baccara {

int point(const Hand& h) {
  // "if a player had 4 originally, and draws a 9, his point is not 13, but 3".
  int t = 0;
  for (Card c : h) t += pips(c);
  return t % 10;
}

BaccaraState::BaccaraState(const Rules& rules) : r_(rules), chips_(rules.players, rules.chips) {
  // "Three packs of fifty-two cards each are shuffled together and used as one."
  for (int p = 0; p < r_.packs; ++p)
    for (Card c : standard_deck()) shoe_.push_back(c);
}

// ---- Seats and sides ---------------------------------------------------------------

// "Five players are arranged on each side of the banker in this manner, right
// and left alternately": R1 on the banker's right, L1 on his left, R2, L2...
SmallVec<Seat, kMaxPlayers> BaccaraState::stake_order() const {
  SmallVec<Seat, kMaxPlayers> out;
  const int m = r_.players - 1;
  int r = 0, l = 0;
  for (int i = 0; i < m; ++i)
    out.push_back(i % 2 == 0 ? left(banker_, r_.players - 1 - r++) : left(banker_, 1 + l++));
  return out;
}

Side BaccaraState::side_of(Seat s) const {
  if (s == banker_) return kNoSide;
  const int k = (s - banker_ + r_.players) % r_.players;  // seats to the banker's left
  const int m = r_.players - 1;
  // The left side holds the floor(m / 2) seats nearest the banker's left.
  return k <= m / 2 ? kLeft : kRight;
}

Seat BaccaraState::holder(int h) const {
  if (h == kBankHand) return banker_;
  const int i = holder_index_[static_cast<std::size_t>(h)];
  return h == kRight ? left(banker_, r_.players - 1 - i) : left(banker_, 1 + i);
}

int BaccaraState::staked() const {
  int t = 0;
  for (Seat s = 0; s < r_.players; ++s) t += stake(s);
  return t;
}

int BaccaraState::max_stake(Seat s) const {
  // "can bet any amount he pleases until the total amount bet equals the
  // capital then in the bank": even money, so once over.
  return kit::most_stake(chips_, banker_, s, staked(), r_.limit, 1);
}

// ---- The bank, the stakes and the deal ------------------------------------------------

void BaccaraState::apply_chance(Rng& rng) {
  if (phase_ == Phase::kBanker) {
    // Our reading: the first on the list, by lot (Foster sells the bank).
    banker_ = first_banker_ = static_cast<Seat>(rng.below(static_cast<std::uint32_t>(r_.players)));
    ev_ = Event{};
    ev_.kind = Event::kBanker, ev_.actor = ev_.banker = banker_;
    begin_hand();
    return;
  }
  assert(phase_ == Phase::kDeal);
  ev_ = Event{};
  // The cards of the last coup go to the discards; "Ten cards must remain in
  // the stock for the last deal": with fewer, the packs are shuffled anew.
  for (Hand& h : hands_) {
    for (Card c : h) discards_.push_back(c);
    h.clear();
  }
  if (fresh_ || shoe_.size() < 10) {
    for (Card c : discards_) shoe_.push_back(c);
    discards_.clear();
    rng.shuffle(std::span<Card>(shoe_.data(), shoe_.size()));
    fresh_ = false;
    ev_.shuffled = true;
  }
  // "giving it to the player next him on the right, face down. The next card
  // he gives to the player on his left, and the next to himself", twice.
  for (int round = 0; round < 2; ++round)
    for (int h = 0; h < 3; ++h) {
      hands_[static_cast<std::size_t>(h)].push_back(shoe_.back());
      shoe_.pop_back();
    }
  record_deal();
  after_deal();
}

void BaccaraState::record_deal() {
  ev_.kind = Event::kDeal, ev_.actor = ev_.banker = banker_, ev_.coup = hand_;
  ev_.dealt = hands_;
  for (int h = kRight; h <= kBankHand; ++h) ev_.holders[static_cast<std::size_t>(h)] = holder(h);
}

void BaccaraState::set_deal(const std::array<std::vector<Card>, 3>& hands,
                            const std::vector<Card>& shoe) {
  assert(phase_ == Phase::kDeal);
  for (int h = 0; h < 3; ++h) {
    hands_[static_cast<std::size_t>(h)].clear();
    for (Card c : hands[static_cast<std::size_t>(h)])
      hands_[static_cast<std::size_t>(h)].push_back(c);
  }
  shoe_.clear();
  discards_.clear();
  for (Card c : shoe) shoe_.push_back(c);
  fresh_ = false;
  ev_ = Event{};
  record_deal();
  after_deal();
}

void BaccaraState::start_hand() {
  ++hand_;
  chips_.begin_hand();
  stake_.fill(0);
  result_.fill(0);
  offer_ = Offer::kToRight;
  // The cards of the coup just over stay on show through the staking.
  phase_ = Phase::kStake;
  const SmallVec<Seat, kMaxPlayers> order = stake_order();
  turn_ = order.front();
  if (max_stake(turn_) == 0) next_staker(turn_);
}

// The next punter in stake order after `from` who can stake; the deal once
// none is left.
void BaccaraState::next_staker(Seat from) {
  const SmallVec<Seat, kMaxPlayers> order = stake_order();
  auto it = std::find(order.begin(), order.end(), from);
  for (++it; it != order.end(); ++it)
    if (max_stake(*it) > 0) {
      turn_ = *it;
      return;
    }
  if (staked() > 0) {
    phase_ = Phase::kDeal;
    return;
  }
  // Nobody staked: no cards are dealt, and the coup counts as played.
  ev_.hand_over = true;
  end_hand();
}

void BaccaraState::after_deal() {
  shown_ = 0;
  // "If any of the three persons holding cards finds he has a point of 8 or
  // 9, it must be shown at once, and the two other hands are then exposed."
  bool natural = false;
  for (const Hand& h : hands_) natural |= point(h) >= 8;
  if (natural) {
    ev_.natural = true;
    ev_.hand_over = true;
    shown_ = 7;
    settle();
    return end_hand();
  }
  // "If none of the three can show 8 or 9, the banker must offer a card to
  // the player on his right."
  phase_ = Phase::kOffer;
  offer_ = Offer::kToRight;
  turn_ = holder(kRight);
}

// ---- The offer -------------------------------------------------------------------------

Seat BaccaraState::to_move() const {
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

void BaccaraState::legal_actions(Seat seat, std::vector<Action>& out) const {
  out.clear();
  assert(seat == turn_ &&
         (phase_ == Phase::kStake || phase_ == Phase::kOffer || phase_ == Phase::kBankerDraw));
  if (phase_ == Phase::kStake) {
    for (int n = 0; n <= max_stake(seat); ++n) out.push_back(Move::stake(n).encode());
    return;
  }
  out.push_back(Move::take().encode());
  out.push_back(Move::refuse().encode());
}

void BaccaraState::take_card(int h) {
  // "When the card is taken it is turned face up".
  hands_[static_cast<std::size_t>(h)].push_back(shoe_.back());
  shoe_.pop_back();
}

void BaccaraState::apply(Seat seat, Action a) {
  const Move m = *Move::decode(a);
  ++actions_;
  ev_ = Event{};
  ev_.actor = seat, ev_.banker = banker_;
  if (phase_ == Phase::kStake) {
    ev_.kind = Event::kStake, ev_.chips = m.chips, ev_.hand = side_of(seat);
    if (m.chips > 0) {
      chips_.stake(seat, side_of(seat), m.chips);
      stake_[static_cast<std::size_t>(seat)] = m.chips;
    }
    return next_staker(seat);
  }
  const bool take = m.kind == Move::kTake;
  ev_.kind = take ? Event::kTake : Event::kRefuse;
  if (phase_ == Phase::kBankerDraw) {
    // "the banker is not obliged to draw unless he chooses, after the first
    // card offered has been taken by either player."
    ev_.hand = kBankHand;
    if (take) take_card(kBankHand), ev_.card = hand(kBankHand).back();
    ev_.hand_over = true;
    settle();
    return end_hand();
  }
  switch (offer_) {
    case Offer::kToRight:
      ev_.hand = kRight;
      if (take) {
        take_card(kRight);
        ev_.card = hand(kRight).back();
        // "If the player on the right takes it, the player on the left may
        // ask for a card also".
        offer_ = Offer::kLeftAsks;
      } else {
        // "If the player on the right refuses, it is offered to the player on the left".
        offer_ = Offer::kToLeft;
      }
      turn_ = holder(kLeft);
      return;
    case Offer::kToLeft:
      ev_.hand = kLeft;
      if (!take) {
        // "and if he also refuses, the banker must take it himself."
        take_card(kBankHand);
        ev_.kind = Event::kForced, ev_.card = hand(kBankHand).back();
        ev_.hand_over = true;
        settle();
        return end_hand();
      }
      take_card(kLeft);
      ev_.card = hand(kLeft).back();
      break;
    case Offer::kLeftAsks:
      ev_.hand = kLeft;
      if (take) take_card(kLeft), ev_.card = hand(kLeft).back();
      break;
  }
  phase_ = Phase::kBankerDraw;
  turn_ = banker_;
}

// ---- Settling --------------------------------------------------------------------------

void BaccaraState::settle() {
  // "Ties are a stand-off. The banker pays all bets on the side that is nearer
  // 9 than himself, and wins all on the side which is not so near 9 as
  // himself. The players on the opposite sides of the table have nothing to do
  // with each other; each wins or loses with the banker alone."
  shown_ = 7;
  const int b = point(hand(kBankHand));
  for (int side = kRight; side <= kLeft; ++side) {
    const int p = point(hand(side));
    const int r = p > b ? 1 : p < b ? -1 : 0;
    result_[static_cast<std::size_t>(side)] = r;
    for (Seat s = 0; s < r_.players; ++s)
      if (side_of(s) == side && stake(s) > 0) {
        kit::settle_stake(chips_, banker_, s, side, stake(s), r);
        ev_.paid.push_back({s, r * stake(s)});
      }
    // "If the player on the right won the first coup, the banker deals to him
    // again; but if he lost, the banker deals to the next player beyond him".
    if (r < 0) {
      const int n = side == kRight ? (r_.players) / 2 : (r_.players - 1) / 2;
      auto& i = holder_index_[static_cast<std::size_t>(side)];
      i = (i + 1) % n;
    }
  }
}

std::string BaccaraState::coup_summary(const Coup& c) {
  std::string summary = "Coup " + std::to_string(c.bank.hand) + ": ";
  if (!c.bank.staked) return summary + kit::bank_result(c.bank);
  auto said = [&](int side) {
    const int r = c.result[static_cast<std::size_t>(side)];
    return std::string(side == kRight ? "the right " : "the left ") + (r > 0   ? "wins"
                                                                       : r < 0 ? "loses"
                                                                               : "ties");
  };
  return summary + said(kRight) + " and " + said(kLeft) + " (" + std::to_string(c.points[kRight]) +
         " and " + std::to_string(c.points[kLeft]) + " against the bank's " +
         std::to_string(c.points[kBankHand]) + "); " + kit::bank_result(c.bank);
}

void BaccaraState::end_hand() {
  const bool staked = this->staked() > 0;
  last_coup_ = {kit::BankHand::of(chips_, hand_, banker_, staked), result_, {}};
  if (staked)
    for (int h = kRight; h <= kBankHand; ++h)
      last_coup_.points[static_cast<std::size_t>(h)] = point(hand(h));
  last_.record(chips_, hand_);
  if (ev_.settled.bank.hand == 0) {
    // The first coup this transition settles: the story tells it whole.
    ev_.hands = hands_, ev_.settled = last_coup_;
    scene_.steps.clear();
  } else if (!scene_.steps.empty() && scene_.steps.back().seat == banker_ &&
             !scene_.steps.back().passed_over) {
    ++scene_.steps.back().unplayed;  // nobody could stake in it (kit::HandLoop)
  } else {
    scene_.steps.push_back({banker_, false, false, hand_, 1});
  }
  // The bank passes to the left after `bank_hands` coups, or at once when it
  // is broken (Foster: "When the banker loses all he has").
  if (++held_ < r_.bank_hands && chips_.balance(banker_) > 0) return begin_hand();
  pass_bank();
}

// The next turn at the bank, going left from the first banker, until each
// player has had `rounds`. A player with no chips cannot hold the bank (it
// could cover no stake) and is passed over: his turn is spent.
void BaccaraState::pass_bank() {
  while (++turns_ < r_.players * r_.rounds) {
    const Seat s = left(first_banker_, turns_ % r_.players);
    if (chips_.balance(s) == 0) {
      scene_.steps.push_back({s, true, false, 0, 0});
      continue;
    }
    banker_ = s, held_ = 0;
    holder_index_.fill(0);
    scene_.steps.push_back({s, false, true, hand_ + 1, 0});
    return begin_hand();
  }
  phase_ = Phase::kOver;
  ev_.match_over = true, scene_.chips = chips_, scene_.coups = hand_;
}

// ---- The end -----------------------------------------------------------------------------

Outcome BaccaraState::outcome() const {
  return outcome_of(chips_, hand_);
}

Outcome BaccaraState::outcome_of(const Chips& chips, int coups) {
  return kit::outcome_by_chips(chips, "After " + std::to_string(coups) + " coups");
}

void BaccaraState::all_cards(std::vector<Card>& out) const {
  out.clear();
  for (const Hand& h : hands_) out.insert(out.end(), h.begin(), h.end());
  out.insert(out.end(), shoe_.begin(), shoe_.end());
  out.insert(out.end(), discards_.begin(), discards_.end());
}

}  // namespace parlour::baccara
