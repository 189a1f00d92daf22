// Michigan: the rules in play. Quotations are from seed 002 (lines 6-10);
// rules.md gives the readings and the standard sources.
#include <algorithm>
#include <cassert>

#include "core/deck.h"
#include "games/michigan/state.h"
#include "kit/standing.h"

namespace parlour::michigan {

MichiganState::MichiganState(const Rules& rules) : r_(rules), chips_(rules.players, rules.chips) {}

// ---- Hands, stakes and the deal ---------------------------------------------------

void MichiganState::apply_chance(Rng& rng) {
  if (phase_ == Phase::kDealer) {
    // "A random dealer is selected".
    dealer_ = static_cast<Seat>(rng.below(static_cast<std::uint32_t>(r_.players)));
    ev_ = Event{};
    ev_.kind = Event::kDealer, ev_.actor = dealer_;
    begin_hand();
    ev_.stakes_shown = r_.staking == Staking::kEven, ev_.hand = hand_, ev_.dealer = dealer_;
    return;
  }
  assert(phase_ == Phase::kDeal);
  run_.clear(), played_.clear();  // the last hand's play, on show until now
  std::array<Card, 52> deck = standard_cards();
  rng.shuffle(std::span<Card>(deck));
  // "he deals out all of the cards in the deck, one at a time, including an
  // extra hand to his left": the dead hand first, then the dealer's left, the
  // dealer last.
  const std::size_t stations = static_cast<std::size_t>(r_.players) + 1;
  for (std::size_t i = 0; i < deck.size(); ++i) {
    const int k = static_cast<int>(i % stations);
    if (k == 0)
      dead_.push_back(deck[i]);
    else
      hands_[static_cast<std::size_t>(left(dealer_, k))].push_back(deck[i]);
  }
  for (Seat s = 0; s < r_.players; ++s)
    std::sort(hands_[static_cast<std::size_t>(s)].begin(),
              hands_[static_cast<std::size_t>(s)].end(), by_suit);
  std::sort(dead_.begin(), dead_.end(), by_suit);
  ev_ = Event{};
  ev_.kind = Event::kDeal, ev_.actor = ev_.dealer = dealer_, ev_.hand = hand_;
  scene_.dealt.record(hands_, r_.players);
  knows_dead_ = kNobody;
  leading_ = true;
  // Bicycle: "No player may see the extra hand except the player, if any, who
  // exchanges for it": the dealer may first give his hand for it, unseen.
  if (r_.exchange) {
    phase_ = Phase::kExchange;
    turn_ = dealer_;
    return;
  }
  // "The player to the left of the dealer starts playing".
  turn_ = left(dealer_);
  phase_ = Phase::kPlay;
}

void MichiganState::begin_hand() {
  ++hand_;
  chips_.begin_hand();
  for (auto& h : hands_) h.clear();
  // The cards played in the hand just over stay on show through the staking
  // (everyone saw them, the last one told as it went out), until the deal.
  dead_.clear();
  lacks_.fill(0);
  known_dead_ = 0;
  stopped_ = SUIT_NB;
  passes_ = 0;
  leading_ = true;
  staked_.fill(0);
  for (auto& s : stake_on_) s.fill(0);
  boodles_won_.fill(0);
  if (r_.staking == Staking::kEven) {
    stake_evenly();
    phase_ = Phase::kDeal;
    return;
  }
  // Our reading: in turn from the dealer's left, openly, before the deal.
  phase_ = Phase::kStake;
  turn_ = left(dealer_);
}

void MichiganState::stake_evenly() {
  for (Seat s = 0; s < r_.players; ++s) {
    std::array<int, kBoodles> each{};
    each.fill(ante_of(s) / kBoodles);
    stake_whole(s, each);
  }
}

bool MichiganState::may_stake_evenly(Seat s) const {
  return staked(s) == 0 && ante_of(s) % kBoodles == 0;
}

bool MichiganState::may_stake_as_last(Seat s) const {
  const auto& last = last_stake(s);
  int sum = 0;
  for (int n : last) sum += n;
  return staked(s) == 0 && sum == ante_of(s);
}

void MichiganState::stake_whole(Seat seat, const std::array<int, kBoodles>& put) {
  for (int b = 0; b < kBoodles; ++b) {
    const int n = put[static_cast<std::size_t>(b)];
    if (n == 0) continue;
    chips_.stake(seat, b, n);
    staked_[static_cast<std::size_t>(seat)] += n;
    stake_on_[static_cast<std::size_t>(seat)][static_cast<std::size_t>(b)] += n;
  }
}

// The seat's whole ante is on the boodle cards: it is remembered for the next
// deal, and the next seat stakes, or after the dealer, the cards are dealt.
void MichiganState::staked_all(Seat seat) {
  last_stake_[static_cast<std::size_t>(seat)] = stake_on_[static_cast<std::size_t>(seat)];
  if (seat != dealer_) {
    turn_ = left(seat);
    return;
  }
  ev_.all_staked = true;
  for (int b = 0; b < kBoodles; ++b) scene_.pots[static_cast<std::size_t>(b)] = chips_.pot(b);
  phase_ = Phase::kDeal;
}

int MichiganState::ante_of(Seat s) const {
  return r_.dealer_double && s == dealer_ ? 2 * r_.ante : r_.ante;
}

void MichiganState::set_position(const std::vector<std::vector<Card>>& hands,
                                 const std::vector<Card>& dead, Seat leader) {
  for (Seat s = 0; s < r_.players; ++s) {
    Hand& h = hands_[static_cast<std::size_t>(s)];
    h.clear();
    for (Card c : hands[static_cast<std::size_t>(s)]) h.push_back(c);
    std::sort(h.begin(), h.end(), by_suit);
  }
  dead_.clear();
  for (Card c : dead) dead_.push_back(c);
  std::sort(dead_.begin(), dead_.end(), by_suit);
  run_.clear(), played_.clear();
  lacks_.fill(0);
  known_dead_ = 0;
  knows_dead_ = kNobody;
  stopped_ = SUIT_NB;
  passes_ = 0;
  hand_ = std::max(hand_, 1);
  turn_ = leader;
  leading_ = true;
  phase_ = Phase::kPlay;
}

// ---- Whose move and what is legal -------------------------------------------------

Seat MichiganState::to_move() const {
  switch (phase_) {
    case Phase::kDealer:
    case Phase::kDeal:
      return kChance;
    case Phase::kOver:
      return kTerminal;
    case Phase::kStake:
    case Phase::kExchange:
    case Phase::kPlay:
      return turn_;
  }
  return kTerminal;
}

Suit MichiganState::barred_suit() const {
  // A new suit is any but the one just stopped; once every player has
  // passed (all hold that suit only), it may be led again.
  return passes_ < r_.players ? stopped_ : SUIT_NB;
}

Seat MichiganState::holder(Card c) const {
  for (Seat s = 0; s < r_.players; ++s) {
    const Hand& h = hand(s);
    if (std::find(h.begin(), h.end(), c) != h.end()) return s;
  }
  return kNobody;
}

CardBits MichiganState::gone() const {
  CardBits g = 0;
  for (Card c : run_) g |= bit(c);
  for (Card c : played_) g |= bit(c);
  return g;
}

void MichiganState::legal_actions(Seat seat, std::vector<Action>& out) const {
  out.clear();
  assert(seat == turn_ &&
         (phase_ == Phase::kStake || phase_ == Phase::kExchange || phase_ == Phase::kPlay));
  if (phase_ == Phase::kExchange) {
    out.push_back(Move::exchange().encode());
    out.push_back(Move::keep().encode());
    return;
  }
  if (phase_ == Phase::kStake) {
    // "You can divide up your ante equally, put it all on one boodle card, or
    // however you would like to arrange it": one chip at a time, or the whole
    // ante at once, equally or as last deal.
    for (int b = 0; b < kBoodles; ++b) out.push_back(Move::stake(b).encode());
    if (may_stake_evenly(seat)) out.push_back(Move::stake_evenly().encode());
    if (may_stake_as_last(seat)) out.push_back(Move::stake_as_last().encode());
    return;
  }
  if (!leading_) {
    // "If you have the next card in sequence in the same suit, you play that card".
    out.push_back(Move::play(next_card(run_.back())).encode());
    return;
  }
  // "laying down the lowest card in any of his suits" / "the lowest card in a
  // new suit": hands are sorted by suit, the lowest first.
  const Suit barred = barred_suit();
  Suit last = SUIT_NB;
  for (Card c : hand(seat)) {
    if (c.suit() == last || c.suit() == barred) continue;
    last = c.suit();
    out.push_back(Move::play(c).encode());
  }
  // "If he does not have a card in a new suit, he passes the lead".
  if (out.empty()) out.push_back(Move::pass().encode());
}

// ---- Doing moves --------------------------------------------------------------------

void MichiganState::apply(Seat seat, Action a) {
  const Move m = *Move::decode(a);
  ++actions_;
  ev_ = Event{};
  ev_.actor = seat;
  if (m.kind == Move::kStake) {
    chips_.stake(seat, m.boodle, 1);
    ++staked_[static_cast<std::size_t>(seat)];
    ++stake_on_[static_cast<std::size_t>(seat)][static_cast<std::size_t>(m.boodle)];
    ev_.kind = Event::kStake, ev_.boodle = m.boodle;
    ev_.staked = staked(seat), ev_.ante = ante_of(seat);
    if (staked(seat) == ante_of(seat)) staked_all(seat);
    return;
  }
  if (m.kind == Move::kStakeEvenly || m.kind == Move::kStakeAsLast) {
    std::array<int, kBoodles> put = last_stake(seat);
    if (m.kind == Move::kStakeEvenly) put.fill(ante_of(seat) / kBoodles);
    stake_whole(seat, put);
    ev_.kind = Event::kStake, ev_.whole = true, ev_.as_last = m.kind == Move::kStakeAsLast;
    ev_.put = put;
    ev_.staked = staked(seat), ev_.ante = ante_of(seat);
    staked_all(seat);
    return;
  }
  if (m.kind == Move::kExchange || m.kind == Move::kKeep) {
    ev_.kind = m.kind == Move::kExchange ? Event::kExchange : Event::kKeep;
    if (m.kind == Move::kExchange) {
      std::swap(hands_[static_cast<std::size_t>(seat)], dead_);
      knows_dead_ = seat;  // his old hand
      scene_.taken_up = hands_[static_cast<std::size_t>(seat)];
    }
    turn_ = left(dealer_);
    phase_ = Phase::kPlay;
    return;
  }
  if (m.kind == Move::kPass) {
    // He has shown he holds no card of a new suit.
    const Suit barred = barred_suit();
    for (int i = 0; i < 52; ++i)
      if (Card::from_index(static_cast<std::uint8_t>(i)).suit() != barred)
        lacks_[static_cast<std::size_t>(seat)] |= CardBits{1} << i;
    ev_.kind = Event::kPass, ev_.next = left(seat);
    ++passes_;
    turn_ = left(seat);
    return;
  }
  Hand& h = hands_[static_cast<std::size_t>(seat)];
  h.erase(std::find(h.begin(), h.end(), m.card));
  ev_.kind = Event::kPlay, ev_.card = m.card, ev_.lead = leading_;
  if (leading_) {
    for (Card c : run_) played_.push_back(c);
    run_.clear();
    // A lead is the leader's lowest card of its suit: he holds none below it.
    for (Card c = Card::standard(kTwo, m.card.suit()); c != m.card; c = next_card(c))
      lacks_[static_cast<std::size_t>(seat)] |= bit(c);
    stopped_ = SUIT_NB;
    passes_ = 0;
  }
  run_.push_back(m.card);
  after_play(seat, m.card);
}

void MichiganState::after_play(Seat seat, Card c) {
  // "If at any time you play a card that is the same as one of the boodle
  // cards, you collect the chips on that card."
  if (const int b = boodle_of(c); b >= 0) {
    ev_.boodle = b;
    ev_.collected = chips_.take_pot(seat, b);
    boodles_won_[static_cast<std::size_t>(seat)] += ev_.collected;
  }
  // "Play ends with the first player to discard all of his cards."
  if (hand(seat).empty()) return end_hand(seat);
  // "until a card is not available (because it is in the extra hand) or when
  // the sequence reaches an ace."
  leading_ = false;
  if (c.rank() == kAce) {
    ev_.stop = Event::kAceStop;
  } else {
    const Card next = next_card(c);
    if (const Seat h = holder(next); h != kNobody) {
      turn_ = h;  // "no matter where at the table you sit"
      return;
    }
    const bool dead = std::find(dead_.begin(), dead_.end(), next) != dead_.end();
    if (dead) known_dead_ |= bit(next);
    ev_.stop = dead ? Event::kDeadStop : Event::kPlayedStop;
  }
  // "When the play stops, the last player to play before the stop leads".
  stopped_ = c.suit();
  passes_ = 0;
  leading_ = true;
  turn_ = seat;
}

void MichiganState::end_hand(Seat out) {
  ev_.out = true, ev_.dealer = dealer_;
  last_out_ = out;
  // "If you go out first, you get to collect one chip from each player for
  // every card that he holds in his hand."
  for (Seat s = 0; s < r_.players; ++s) {
    const int n = s == out ? 0 : static_cast<int>(hand(s).size());
    chips_.pay(s, out, n);
    last_paid_[static_cast<std::size_t>(s)] = n;
  }
  scene_.paid = last_paid_;
  const bool last = hand_ >= r_.match_hands();
  if (last) share_boodles();
  for (int b = 0; b < kBoodles; ++b) ev_.left_on += chips_.pot(b);
  for (Seat s = 0; s < r_.players; ++s) {
    last_boodles_[static_cast<std::size_t>(s)] = boodles_won_[static_cast<std::size_t>(s)];
    last_change_[static_cast<std::size_t>(s)] = chips_.hand_change(s);
    last_total_[static_cast<std::size_t>(s)] = chips_.balance(s);
  }
  if (last) {
    phase_ = Phase::kOver;
    ev_.over = true, ev_.shared = shared_, scene_.chips = chips_;
    return;
  }
  // "If the game ends before the chips are taken off a card, those chips
  // remain for the next hand." The deal passes to the left.
  dealer_ = left(dealer_);
  begin_hand();
  ev_.stakes_shown = r_.staking == Staking::kEven, ev_.hand = hand_, ev_.dealer = dealer_;
}

// Seed 002: the chips left on a boodle card "remain for the next hand"; after
// the last hand there is none. Michigan Rummy's rules (Pressman; rules.md):
// "After the last pot, the chips remaining on the board are divided equally
// among [the] players". The odd chips go one each from the dealer's left, as
// the cards are dealt (our reading).
void MichiganState::share_boodles() {
  shared_ = 0;
  for (int b = 0; b < kBoodles; ++b) shared_ += chips_.pot(b);
  const int n = r_.players;
  int pot = 0;
  for (int k = 1; k <= n; ++k) {
    const Seat s = left(dealer_, k);
    int due = shared_ / n + (k <= shared_ % n ? 1 : 0);
    last_shared_[static_cast<std::size_t>(s)] = due;
    while (due > 0) {
      while (chips_.pot(pot) == 0) ++pot;
      const int m = std::min(due, chips_.pot(pot));
      chips_.award(s, pot, m);
      due -= m;
    }
  }
}

// ---- The end --------------------------------------------------------------------------

Outcome MichiganState::outcome() const {
  return outcome_of(r_, chips_);
}

Outcome MichiganState::outcome_of(const Rules& r, const Chips& chips) {
  const int n = r.match_hands();
  return kit::outcome_by_chips(chips,
                               n == 1 ? "After one hand" : "After " + std::to_string(n) + " hands");
}

void MichiganState::all_cards(std::vector<Card>& out) const {
  out.clear();
  if (phase_ == Phase::kDealer || phase_ == Phase::kStake || phase_ == Phase::kDeal) {
    out = standard_deck();
    return;
  }
  for (Seat s = 0; s < r_.players; ++s) out.insert(out.end(), hand(s).begin(), hand(s).end());
  out.insert(out.end(), dead_.begin(), dead_.end());
  out.insert(out.end(), run_.begin(), run_.end());
  out.insert(out.end(), played_.begin(), played_.end());
}

}  // namespace parlour::michigan
