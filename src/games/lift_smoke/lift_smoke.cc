// Lift Smoke: the rules in play. Quotations are from seed 003 and from the
// sources rules.md names; rules.md gives our readings where they are silent.
#include "games/lift_smoke/lift_smoke.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>

#include "core/deck.h"
#include "games/lift_smoke/state.h"

namespace parlour::lift_smoke {

using kit::card_bit;
using kit::high;

// ---- Setting up -----------------------------------------------------------------

LiftSmokeState::LiftSmokeState(const Rules& rules) : r_(rules) {
  // "The standard deck of 52 cards"; the first dealer is the last seat.
  for (Card c : standard_deck()) stock_.push_back(c);
  dealer_ = r_.players - 1;
}

void LiftSmokeState::sort_hand(Hand& h) const {
  kit::sort_held(std::span<Card>(h.data(), h.size()));
}

void LiftSmokeState::apply_chance(Rng& rng) {
  assert(phase_ == Phase::kDeal);
  std::array<Card, 52> deck{};
  int n = 0;
  for (Card c : stock_) deck[n++] = c;
  stock_.clear();
  const std::span<Card> cards(deck.data(), static_cast<std::size_t>(n));
  std::sort(cards.begin(), cards.end());
  rng.shuffle(cards);
  // "Cards are dealt one at a time beginning with the player to the dealer's
  // left. Each player receives as many cards as there are players in the
  // game." The next card is turned for trumps and set aside, or, with
  // trump-card=dealer, "The last card dealt to the dealer is turned up to
  // establish the trump suit" (Hoyle) and stays his. "The remaining cards in
  // the deck are placed face down on the table to form the stock."
  const int p = r_.players;
  int k = 0;
  for (int round = 0; round < p; ++round)
    for (int i = 1; i <= p; ++i) hands_[(dealer_ + i) % p].push_back(cards[k++]);
  turned_ = r_.dealer_keeps_trump ? cards[k - 1] : cards[k++];
  for (int i = n - 1; i >= k; --i) stock_.push_back(cards[i]);  // top last
  start_play((dealer_ + 1) % p);
  ev_.kind = Event::kDeal, ev_.actor = dealer_, ev_.turned = turned_;
  scene_.dealt.record(hands_, p);
}

void LiftSmokeState::set_position(const std::vector<std::vector<Card>>& hands, Card turned,
                                  const std::vector<Card>& stock, Seat leader) {
  for (Seat s = 0; s < r_.players; ++s) {
    hands_[s].clear();
    for (Card c : hands[s]) hands_[s].push_back(c);
  }
  stock_.clear();
  for (Card c : stock) stock_.push_back(c);
  turned_ = turned;
  start_play(leader);
}

// Play begins from the hands and the stock as they lie: in place, so that a
// deal allocates nothing.
void LiftSmokeState::start_play(Seat leader) {
  in_ = 0;
  for (Seat s = 0; s < r_.players; ++s) {
    sort_hand(hands_[s]);
    if (!hands_[s].empty()) in_ |= bit(s);
    caps_[s].fill(static_cast<std::uint8_t>(hands_[s].size()));
  }
  discards_.clear();
  gone_ = 0, tricks_ = 0, winner_ = kNobody, last_winner_ = kNobody;
  out_at_.fill(0);
  ev_ = Event();
  // "The player to the left of the dealer leads any cards he desires."
  phase_ = Phase::kPlay;
  trick_.start(leader);
  turn_ = leader;
}

Seat LiftSmokeState::next_in(Seat s) const {
  for (int k = 1; k <= r_.players; ++k) {
    const Seat t = (s + k) % r_.players;
    if (is_in(t)) return t;
  }
  return s;
}

// ---- Whose move and what is legal -------------------------------------------------

Seat LiftSmokeState::to_move() const {
  switch (phase_) {
    case Phase::kDeal:
      return kChance;
    case Phase::kOver:
      return kTerminal;
    default:
      return turn_;
  }
}

void LiftSmokeState::legal_actions(Seat seat, std::vector<Action>& out) const {
  out.clear();
  assert(seat == turn_ && phase_ == Phase::kPlay);
  // "The other players must follow suit, if able; if unable, the hand may
  // play any card."
  const Hand& h = hands_[seat];
  const kit::CardBits ok = kit::playable(std::span<const Card>(h.data(), h.size()), trick_);
  for (Card c : h)
    if (ok & card_bit(c)) out.push_back(Move::play(c).encode());
}

// ---- Doing moves --------------------------------------------------------------------

void LiftSmokeState::note_play(Seat s, Card c) {
  // A seat that does not follow holds none of the suit led, until it draws.
  if (!trick_.empty() && c.suit() != trick_.led()) caps_[s][trick_.led()] = 0;
  if (caps_[s][c.suit()] > 0) --caps_[s][c.suit()];
}

void LiftSmokeState::apply(Seat seat, Action a) {
  const Move m = *Move::decode(a);
  ++actions_;
  ev_ = Event();
  ev_.kind = Event::kPlay, ev_.actor = seat, ev_.card = m.card;
  Hand& h = hands_[seat];
  Card* it = std::find(h.begin(), h.end(), m.card);
  assert(it != h.end());
  h.erase(it);
  note_play(seat, m.card);
  order_[trick_.count()] = seat;
  trick_.play(m.card);
  gone_ |= card_bit(m.card);
  if (trick_.count() == std::popcount(in_)) return end_trick();
  turn_ = next_in(seat);
}

void LiftSmokeState::end_trick() {
  // "A trick is won by the highest trump, or by the highest card of the suit
  // led. Winner of a trick draws the top card of the stock and leads to the
  // next trick."
  const Seat w = order_[trick_.winning_index(trump())];
  for (int i = 0; i < trick_.count(); ++i) discards_.push_back(trick_.card(i));
  last_trick_ = trick_, last_order_ = order_, last_winner_ = w;
  ++tricks_;
  ev_.trick_done = true, ev_.winner = w;
  if (!stock_.empty()) {
    ev_.drawn = stock_.back();
    hands_[w].push_back(stock_.back());
    stock_.pop_back();
    sort_hand(hands_[w]);
    for (auto& c : caps_[w]) c = static_cast<std::uint8_t>(std::min(52, c + 1));
  }
  // "When a player's cards are exhausted, he drops out of the deal and the
  // other players continue."
  for (Seat s = 0; s < r_.players; ++s)
    if (is_in(s) && hands_[s].empty()) {
      in_ &= ~bit(s);
      out_at_[s] = tricks_;
      ev_.dropped |= bit(s);
    }
  // Seed 003: "If two players remain with a card each, the winner of the
  // trick draws from the stock, and the card so drawn wins the game, his
  // adversary having none." The last with cards wins; if the trick leaves
  // nobody with cards, "the winner of that trick wins" (pokerwiner.com).
  if (std::popcount(in_) <= 1) {
    winner_ = in_ ? std::countr_zero(in_) : w;
    ev_.over = true, ev_.pot_winner = winner_, ev_.last_with_cards = in_ != 0;
    ev_.by_card_drawn = ev_.drawn.valid() && w == winner_ && std::popcount(ev_.dropped) == 1 &&
                        hands_[winner_].size() == 1;
    phase_ = Phase::kOver;
    return;
  }
  // The winner leads; should he have run out (the stock empty), the next
  // player still in leads (our reading).
  const Seat leader = is_in(w) ? w : next_in(w);
  trick_.start(leader);
  turn_ = leader;
}

// ---- The end ------------------------------------------------------------------------

Outcome LiftSmokeState::outcome() const {
  // Places: the winner first, then by how long each lasted; those who ran
  // out with the same trick share a place. Scores: "Each player usually
  // antes a certain number of chips to form a pot" and the winner "wins the
  // pot" (Hoyle): one chip each, so the winner gains the others' chips.
  Outcome o;
  o.kind = OutcomeKind::kRanking;
  std::array<int, kMaxPlayers> lasted{};
  for (Seat s = 0; s < r_.players; ++s) {
    lasted[s] = s == winner_ ? tricks_ + 1 : out_at_[s];
    o.scores.push_back(s == winner_ ? r_.players - 1 : -1);
  }
  o.places.resize(r_.players);
  rank_places(r_.players, lasted, o.places);
  o.summary = is_in(winner_) ? seat_name(winner_) + " is the last with cards and wins the pot."
                             : seat_name(winner_) +
                                   " wins the last trick, which leaves nobody with cards, and "
                                   "wins the pot.";
  return o;
}

void LiftSmokeState::all_cards(std::vector<Card>& out) const {
  out.clear();
  for (Seat s = 0; s < r_.players; ++s) out.insert(out.end(), hands_[s].begin(), hands_[s].end());
  out.insert(out.end(), stock_.begin(), stock_.end());
  out.insert(out.end(), discards_.begin(), discards_.end());
  for (int i = 0; i < trick_.count(); ++i) out.push_back(trick_.card(i));
  if (turned_.valid() && !r_.dealer_keeps_trump)
    out.push_back(turned_);  // else in a hand or played
}

}  // namespace parlour::lift_smoke
