// Farmer: the rules in play. Quotations are from seed 003 and Foster's
// Complete Hoyle; rules.md gives the readings.
#include <algorithm>
#include <cassert>

#include "core/deck.h"
#include "games/farmer/state.h"
#include "kit/bank.h"
#include "kit/standing.h"

namespace parlour::farmer {

namespace {

// The pack on the stack: a deal allocates nothing.
Pack pack() {
  Pack out;
  for (Card c : standard_cards())
    if (in_pack(c)) out.push_back(c);
  return out;
}

}  // namespace

std::vector<Card> farmer_pack() {
  return pack().to_vector();
}

FarmerState::FarmerState(const Rules& rules) : r_(rules), chips_(rules.players, rules.counters) {
  stock_ = pack();
}

int FarmerState::total(Seat s) const {
  int t = 0;
  for (Card c : hand(s)) t += points(c);
  return t;
}

// ---- Selling the farm and dealing ---------------------------------------------------

void FarmerState::sell(Seat farmer) {
  // Foster: "A pool is then made up by each player contributing one counter.
  // This is the farm, and it is sold to the highest bidder, who must put into
  // it the price he pays for it. He then becomes the farmer". Our reading: a
  // fixed price, the option `price`.
  farmer_ = farmer;
  ++farms_;
  for (Seat s = 0; s < r_.players; ++s) chips_.stake(s, kFarm, 1);
  chips_.stake(farmer_, kFarm, r_.price);
  ev_.buyer = farmer_, ev_.farm = farm();
  phase_ = Phase::kDeal;
}

void FarmerState::set_farmer(Seat farmer) {
  assert(phase_ == Phase::kFarmer);
  ev_ = Event{};
  ev_.kind = Event::kFarmer, ev_.actor = farmer, ev_.sold = true;
  sell(farmer);
}

void FarmerState::apply_chance(Rng& rng) {
  if (phase_ == Phase::kFarmer) {
    // Our reading, for the auction: cards are dealt round face up, from the
    // last farmer's left (at first from seat 0), and the six of hearts makes
    // the farmer. They are gathered again: the cards in play stay as they lie.
    Pack cards = pack();
    const kit::Thrown t = kit::throw_round(std::span<Card>(cards.data(), cards.size()), r_.players,
                                           farmer_ == kNobody ? 0 : left(farmer_), rng,
                                           [](Card c) { return c == kSixOfHearts; });
    ev_ = Event{};
    ev_.kind = Event::kFarmer, ev_.position = t.cards, ev_.sold = true;
    ev_.actor = t.seat;
    sell(ev_.actor);
    return;
  }
  assert(phase_ == Phase::kDeal);
  // The cards of the last deal are gathered and the pack shuffled for each deal.
  for (Seat s = 0; s < r_.players; ++s) {
    for (Card c : hand(s)) stock_.push_back(c);
    hands_[static_cast<std::size_t>(s)].clear();
  }
  rng.shuffle(std::span<Card>(stock_.data(), stock_.size()));
  begin_deal();
}

void FarmerState::set_deal(const std::vector<Card>& pack) {
  assert(phase_ == Phase::kDeal && pack.size() == static_cast<std::size_t>(kPackSize));
  for (Seat s = 0; s < r_.players; ++s) hands_[static_cast<std::size_t>(s)].clear();
  stock_.clear();
  for (Card c : pack) stock_.push_back(c);
  begin_deal();
}

void FarmerState::begin_deal() {
  ++deal_;
  shown_ = false;
  stood_ = 0;
  winner_ = nearest_ = kNobody;
  winner_by_ = nearest_by_ = TieBreak::kNone;
  // Foster: the farmer "deals one card to each player, but takes none
  // himself": face down, from his left.
  for (int k = 1; k < r_.players; ++k) {
    hands_[static_cast<std::size_t>(left(farmer_, k))].push_back(stock_.back());
    stock_.pop_back();
  }
  ev_ = Event{};
  ev_.kind = Event::kDeal, ev_.actor = farmer_, ev_.deal = deal_;
  scene_.first = {};
  for (Seat s = 0; s < r_.players; ++s)
    if (!hand(s).empty()) scene_.first[static_cast<std::size_t>(s)] = hand(s)[0];
  // "each in turn, beginning on the dealer's left must take at least one card".
  phase_ = Phase::kDraw;
  turn_ = left(farmer_);
}

// ---- Drawing ----------------------------------------------------------------------------

Seat FarmerState::to_move() const {
  switch (phase_) {
    case Phase::kFarmer:
    case Phase::kDeal:
      return kChance;
    case Phase::kOver:
      return kTerminal;
    default:
      return turn_;
  }
}

void FarmerState::legal_actions(Seat seat, std::vector<Action>& out) const {
  out.clear();
  assert(phase_ == Phase::kDraw && seat == turn_);
  (void)seat;
  const int t = total(turn_);
  // "must take at least one card": the card dealt is not enough.
  if (hand(turn_).size() == 1) {
    out.push_back(Move::take().encode());
    return;
  }
  // "After looking at it he may ask for another, and so on until he is créve
  // or stands": over 16 he may only stand, saying nothing; at 16 every card
  // would overdraw him (our reading: he stands).
  if (t < kTarget && !stock_.empty()) out.push_back(Move::take().encode());
  out.push_back(Move::stand().encode());
}

void FarmerState::apply(Seat seat, Action a) {
  const Move m = *Move::decode(a);
  ++actions_;
  ev_ = Event{};
  ev_.actor = seat;
  if (m.kind == Move::kTake) {
    ev_.kind = Event::kTake;
    ev_.card = stock_.back();
    hands_[static_cast<std::size_t>(seat)].push_back(stock_.back());
    stock_.pop_back();
    ev_.held = ev_.cards = static_cast<int>(hand(seat).size()), ev_.total = total(seat);
    return;  // the same player takes again or stands
  }
  ev_.kind = Event::kStand;
  ev_.cards = static_cast<int>(hand(seat).size()), ev_.total = total(seat);
  stood_ |= SeatMask{1} << seat;
  turn_ = left(seat);
  if (turn_ != farmer_) return;
  // "Should a player overdraw himself, he says nothing about it until all are
  // helped, when the hands are exposed."
  ev_.shown = true;
  settle();
}

// ---- Settling ---------------------------------------------------------------------------

TieBreak FarmerState::prefer(Seat a, Seat b) const {
  // "If there is more than one 16, that which is made with the assistance of
  // the ♡6 wins, otherwise the one which is made with the fewest cards. If
  // this is a tie the eldest hand wins."
  auto has_six = [&](Seat s) {
    return std::find(hand(s).begin(), hand(s).end(), kSixOfHearts) != hand(s).end();
  };
  if (has_six(a) != has_six(b)) return has_six(a) ? TieBreak::kSixOfHearts : TieBreak::kNone;
  if (hand(a).size() != hand(b).size())
    return hand(a).size() < hand(b).size() ? TieBreak::kFewestCards : TieBreak::kNone;
  return from_farmer(a) < from_farmer(b) ? TieBreak::kEldestHand : TieBreak::kNone;
}

template <class Ok>
Seat FarmerState::best(Ok ok, TieBreak& by) const {
  Seat top = kNobody;
  for (int k = 1; k < r_.players; ++k) {
    const Seat s = left(farmer_, k);
    if (!ok(total(s))) continue;
    if (top == kNobody || total(s) > total(top) ||
        (total(s) == total(top) && prefer(s, top) != TieBreak::kNone))
      top = s;
  }
  // The deepest rule it took to set the best above a hand of the same count.
  by = TieBreak::kNone;
  for (int k = 1; top != kNobody && k < r_.players; ++k) {
    const Seat s = left(farmer_, k);
    if (s != top && ok(total(s)) && total(s) == total(top)) by = std::max(by, prefer(top, s));
  }
  return top;
}

void FarmerState::settle() {
  shown_ = true;
  // "Any player having exactly 16 takes the farm and all its contents."
  winner_ = best([](int t) { return t == kTarget; }, winner_by_);
  // "the one who is nearest 16 receives a counter from each of the others.
  // Ties are decided by the possession of the ♡ 6, or the fewest cards, or
  // the eldest hand": nearest without going over, a 16 first.
  nearest_ = best([](int t) { return t <= kTarget; }, nearest_by_);
  int collected = 0;
  for (int k = 1; k < r_.players; ++k) {
    const Seat s = left(farmer_, k);
    // "all those who have overdrawn must pay to the one who owned the farm at
    // the beginning of that deal, as many counters as they have points more
    // than 16. These payments do not go into the farm, but are clear profits.
    // Those who have less than 16 pay nothing to the farmer".
    if (total(s) > kTarget) {
      chips_.pay(s, farmer_, total(s) - kTarget);
      collected += total(s) - kTarget;
    }
    // "each of the others": our reading, every other player but the farmer.
    if (nearest_ != kNobody && s != nearest_) chips_.pay(s, nearest_, 1);
  }
  const int farm = this->farm();
  if (winner_ != kNobody) ev_.taken = chips_.take_pot(winner_, kFarm);
  ev_.farmer = farmer_, ev_.winner = winner_, ev_.nearest = nearest_;
  ev_.winner_by = winner_by_, ev_.nearest_by = nearest_by_;
  scene_.hands.clear();
  for (Seat s = 0; s < r_.players; ++s)
    scene_.hands.add(hand(s)), scene_.totals[static_cast<std::size_t>(s)] = total(s);
  ev_.farm = this->farm();

  ev_.deal = deal_, ev_.collected = collected;
  last_.record(chips_, deal_);
  last_deal_ = {deal_, winner_, farm, farmer_, collected, nearest_};
  chips_.begin_hand();

  if (winner_ == kNobody) {
    // "If no one has exactly 16, the farm stays with its original owner deal
    // after deal, until exactly 16 is held by some player." "If the farm
    // remains in the same hands, the farmer deals again". The match is played
    // on until the farm is won.
    ev_.same_farm = true;
    phase_ = Phase::kDeal;
    return;
  }
  if (deal_ >= r_.deals) {
    phase_ = Phase::kOver;
    ev_.over = true, scene_.chips = chips_;
    return;
  }
  // "When the farm is won, it is emptied, and resold as in the beginning."
  switch (r_.new_farmer) {
    case NewFarmer::kSixOfHearts:
      phase_ = Phase::kFarmer;
      return;
    case NewFarmer::kWinner:
      ev_.sold = true;
      return sell(winner_);
    case NewFarmer::kLeft:
      ev_.sold = true;
      return sell(left(farmer_));
  }
}

std::string FarmerState::deal_summary(const DealEnd& d) {
  const auto [deal, winner, farm, farmer, collected, nearest] = d;
  std::string summary = "Deal " + std::to_string(deal) + ": ";
  summary += winner != kNobody ? seat_name(winner) + " made 16 and took the farm, " +
                                     std::to_string(farm) + " counters"
                               : "no 16, and the farm stays with " + seat_name(farmer);
  const std::string counters = collected == 1 ? " counter" : " counters";
  summary += collected > 0 ? "; " + seat_name(farmer) + " collected " + std::to_string(collected) +
                                 counters + " from hands over 16"
                           : "; no hand went over 16";
  if (nearest != kNobody && winner != nearest)
    summary += "; " + seat_name(nearest) + " was nearest 16";
  summary += '.';
  return summary;
}

// ---- The end ----------------------------------------------------------------------------

Outcome FarmerState::outcome() const {
  return outcome_of(chips_, deal_);
}

Outcome FarmerState::outcome_of(const Chips& chips, int deals) {
  return kit::outcome_by_chips(chips, "After " + std::to_string(deals) + " deals");
}

void FarmerState::all_cards(std::vector<Card>& out) const {
  out.clear();
  for (Seat s = 0; s < r_.players; ++s) out.insert(out.end(), hand(s).begin(), hand(s).end());
  out.insert(out.end(), stock_.begin(), stock_.end());
}

}  // namespace parlour::farmer
