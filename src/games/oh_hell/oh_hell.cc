// Oh Hell!: the rules in play. Quotations are from seed 002; rules.md gives
// the readings where it is silent, and the options' sources.
#include "games/oh_hell/oh_hell.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstdlib>

#include "core/deck.h"
#include "games/oh_hell/state.h"

namespace parlour::oh_hell {

using kit::card_bit;
using kit::high;

// ---- The sequence of hands and the score ----------------------------------------

int Rules::most_cards(int players, int cap) {
  const int even = 52 / players;
  return cap > 0 ? std::min(cap, even) : even;
}

int Rules::hands() const {
  return sequence == Sequence::kDown ? most : 2 * most - 1;
}

int Rules::points(int bid, int taken) const {
  if (scoring == Scoring::kTenPlus) return bid == taken ? 10 + bid : 0;
  // "If you win exactly the number of tricks that you bid, you receive ten
  // points for each trick. If you bid zero and did not take any tricks, you
  // win ten points. If you miss your bid, you lose ten points for each trick
  // that you were under or over your bid."
  if (bid == taken) return bid == 0 ? 10 : 10 * bid;
  return -10 * std::abs(bid - taken);
}

// ---- Setting up -----------------------------------------------------------------

OhHellState::OhHellState(const Rules& rules) : r_(rules) {
  for (Card c : standard_deck()) stock_.push_back(c);
  bids_.fill(-1);
}

// An event with nothing in it, copied from memory: `ev_ = Event()` built the
// event on the stack a byte at a time and read it back whole, a stall that
// was most of apply's time.
namespace {
const Event kNoEvent{};
}  // namespace

Hand OhHellState::hand(Seat s) const {
  Hand h;
  for (Card c : kit::held_cards(held_[s])) h.push_back(c);
  return h;
}

void OhHellState::set_cards(Seat s, std::span<const Card> cards) {
  held_[s] = 0;
  for (Card c : cards) held_[s] |= kit::held_bit(c);
  assert(cards_held(s) == static_cast<int>(cards.size()));
}

void OhHellState::apply_chance(Rng& rng) {
  std::array<Card, 52> deck{};
  ev_ = kNoEvent;
  if (phase_ == Phase::kDraw) {
    // "A dealer is determined by each player drawing cards. The player with
    // the highest card becomes the first dealer." Ties draw again, those
    // tied only (our reading); should the pack run out, the suit breaks the
    // tie (spades high, then hearts, diamonds, clubs).
    deck = standard_cards();
    rng.shuffle(std::span<Card>(deck));
    ev_.kind = Event::kDraw;
    scene_.drawn.clear(), scene_.drawer.clear(), scene_.round_ends.clear();
    SeatMask in = 0;
    for (Seat s = 0; s < r_.players; ++s) in |= bit(s);
    int next = 0;
    for (;;) {
      if (next + std::popcount(in) > 52) {
        // The pack has run out: the suits of the tied seats' last cards
        // (all of one rank) break the tie.
        int suit = -1;
        for (std::size_t i = 0; i < scene_.drawn.size(); ++i)
          if ((in >> scene_.drawer[i] & 1) && scene_.drawn[i].suit() >= suit)
            suit = scene_.drawn[i].suit(), dealer_ = scene_.drawer[i];
        break;
      }
      int best = -1;
      SeatMask tied = 0;
      for (Seat s = 0; s < r_.players; ++s) {
        if (!(in >> s & 1)) continue;
        const Card c = deck[next++];
        scene_.drawn.push_back(c), scene_.drawer.push_back(static_cast<std::int8_t>(s));
        if (high(c) > best) best = high(c), tied = 0;
        if (high(c) == best) tied |= bit(s);
      }
      scene_.round_ends.push_back(static_cast<std::uint8_t>(scene_.drawn.size()));
      if (std::popcount(tied) == 1) {
        dealer_ = std::countr_zero(tied);
        break;
      }
      in = tied;
    }
    ev_.actor = dealer_;
    first_draw_ = scene_.drawn;
    phase_ = Phase::kDeal;
    return;
  }
  assert(phase_ == Phase::kDeal);
  // Every card comes back to the pack for the deal, in the pack's order: the
  // deal is the seed's alone, whatever order the last hand left the cards in.
  // (All 52 come back, so that order is the cards by index: no need to gather
  // and sort them, which was a sixth of a random playout's time.)
  assert([&] {
    int n = turned_.valid() ? 1 : 0;
    for (Seat s = 0; s < r_.players; ++s) n += static_cast<int>(won_[s].size()) + cards_held(s);
    return n + static_cast<int>(stock_.size()) == 52;
  }());
  for (Seat s = 0; s < r_.players; ++s) won_[s].clear(), held_[s] = 0;
  stock_.clear();
  deck = standard_cards();
  rng.shuffle(std::span<Card>(deck));
  // "In the first hand, each player is dealt one card, in the second hand
  // two cards, in the third hand three cards, and so on", one at a time from
  // the dealer's left ("the deal then rotates clockwise"). Each hand is a
  // set, held in order as it is taken up.
  const int size = hand_size();
  int k = 0;
  for (int round = 0; round < size; ++round)
    for (int i = 1; i <= r_.players; ++i) held_[left(dealer_, i)] |= kit::held_bit(deck[k++]);
  // "After the cards have been dealt, you turn the next card face up. The
  // suit of that card is considered trump for that hand. In a hand where
  // there are no leftover cards, the hand is played with no trump."
  const bool no_trump = k == 52 || (r_.largest_no_trump && size == r_.most);
  turned_ = no_trump ? Card() : deck[k++];
  trump_ = no_trump ? kit::kNoTrump : turned_.suit();
  for (; k < 52; ++k) stock_.push_back(deck[k]);
  ev_.kind = Event::kDeal, ev_.actor = dealer_;
  ev_.hand = hand_ + 1, ev_.size = size, ev_.turned = turned_, ev_.stock_left = !stock_.empty();
  scene_.dealt.clear();
  for (Seat s = 0; s < r_.players; ++s) scene_.dealt.add(kit::held_cards(held_[s]));
  start_bidding();
}

void OhHellState::start_bidding() {
  bids_.fill(-1);
  taken_.fill(0);
  voids_.clear();
  gone_ = 0;
  last_trick_.start(0);
  last_winner_ = kNobody;
  // "The game begins with players bidding", from the dealer's left: "The
  // dealer is the last to bid".
  turn_ = left(dealer_);
  phase_ = Phase::kBid;
}

void OhHellState::set_hand(int index, Seat dealer, const std::vector<std::vector<Card>>& hands,
                           Card turned, const std::vector<Card>& stock) {
  hand_ = index, dealer_ = dealer;
  for (Seat s = 0; s < r_.players; ++s) {
    won_[s].clear();
    set_cards(s, hands[s]);
  }
  stock_.clear();
  for (Card c : stock) stock_.push_back(c);
  turned_ = turned;
  trump_ = turned.valid() ? turned.suit() : kit::kNoTrump;
  ev_ = kNoEvent;
  start_bidding();
}

// ---- Whose move and what is legal -------------------------------------------------

Seat OhHellState::to_move() const {
  switch (phase_) {
    case Phase::kDraw:
    case Phase::kDeal:
      return kChance;
    case Phase::kOver:
      return kTerminal;
    default:
      return turn_;
  }
}

int OhHellState::total_bid() const {
  int t = 0;
  for (Seat s = 0; s < r_.players; ++s) t += std::max(0, bids_[s]);
  return t;
}

int OhHellState::forbidden_bid() const {
  // "The dealer is the last to bid and must never bid a number of tricks
  // that would cause the cumulative number of tricks bid from all players to
  // equal the number of tricks available."
  if (!r_.hook || phase_ != Phase::kBid || turn_ != dealer_) return -1;
  const int f = hand_size() - total_bid();
  return f >= 0 ? f : -1;
}

int OhHellState::tricks_played() const {
  int t = 0;
  for (Seat s = 0; s < r_.players; ++s) t += taken_[s];
  return t;
}

void OhHellState::legal_actions(Seat seat, std::vector<Action>& out) const {
  out.clear();
  assert(seat == turn_ && (phase_ == Phase::kBid || phase_ == Phase::kPlay));
  if (phase_ == Phase::kBid) {
    // "You may bid zero"; at most every trick.
    const int no = forbidden_bid(), most = hand_size();
    for (int n = 0; n <= most; ++n)
      if (n != no) out.push_back(Move::make_bid(n).encode());
    return;
  }
  // "Each player in turn must follow that suit if he can. If you are unable
  // to follow suit, you may play any card in your hand."
  // The hand's set masked to the suit led where it holds any, its cards
  // listed in the order held. Pushed one by one: copying a list gathered on
  // the stack called memmove, a tenth of a random play-out.
  for (Card c : kit::held_cards(kit::playable(held_[seat], trick_)))
    out.push_back(Move::play(c).encode());
}

// ---- Doing moves --------------------------------------------------------------------

void OhHellState::apply(Seat seat, Action a) {
  // A legal action (the driver checked it): decoded without an optional,
  // which stalled the same way.
  const Move m = a < 52 ? Move::play(Card::from_index(static_cast<std::uint8_t>(a)))
                        : Move::make_bid(static_cast<int>(a - 64));
  assert(Move::decode(a) == m);
  ++actions_;
  ev_ = kNoEvent;
  ev_.actor = seat;
  if (m.kind == Move::kBid) {
    bids_[seat] = m.bid;
    ev_.kind = Event::kBid, ev_.bid = m.bid;
    if (seat != dealer_) {
      turn_ = left(seat);
      return;
    }
    // "The player to the left of the dealer begins by playing one card".
    phase_ = Phase::kPlay;
    ev_.bids_done = true, ev_.total_bid = total_bid(), ev_.size = hand_size();
    trick_.start(left(dealer_));
    turn_ = left(dealer_);
    return;
  }
  assert(held_[seat] & kit::held_bit(m.card));
  held_[seat] &= ~kit::held_bit(m.card);
  voids_.note(trick_, seat, m.card);
  trick_.play(m.card);
  gone_ |= card_bit(m.card);
  ev_.kind = Event::kPlay, ev_.card = m.card;
  if (trick_.complete(r_.players)) return end_trick();
  turn_ = trick_.next(r_.players);
}

void OhHellState::end_trick() {
  // "The player who laid the highest card in the suit led, or the highest
  // trump, wins that trick. That player then leads the next trick."
  const Seat w = trick_.winner(r_.players, trump_);
  ++taken_[w];
  for (int i = 0; i < trick_.count(); ++i) won_[w].push_back(trick_.card(i));
  last_trick_ = trick_, last_winner_ = w;
  ev_.trick_done = true, ev_.winner = w;
  trick_.start(w);
  turn_ = w;
  // "Play continues until all cards have been played."
  if (held_[w] == 0) end_hand();
}

void OhHellState::end_hand() {
  for (Seat s = 0; s < r_.players; ++s) {
    last_points_[s] = r_.points(bids_[s], taken_[s]);
    last_bids_[s] = bids_[s], last_taken_[s] = taken_[s];
    score_[s] += last_points_[s];
  }
  scene_.bids = bids_, scene_.taken = taken_, scene_.points = last_points_, scene_.scores = score_;
  ++hands_done_;
  ev_.hand_done = true, ev_.hand = hands_done_;
  if (hand_ + 1 >= r_.hands()) {
    phase_ = Phase::kOver;
    ev_.over = true;
    return;
  }
  // "the deal then rotates clockwise": to the left.
  ++hand_;
  dealer_ = left(dealer_);
  phase_ = Phase::kDeal;
}

// ---- The end ------------------------------------------------------------------------

Outcome OhHellState::outcome() const {
  return outcome_of(r_, std::span<const int>(score_.data(), static_cast<std::size_t>(r_.players)));
}

Outcome OhHellState::outcome_of(const Rules& r, std::span<const int> scores) {
  // "At the end of all of the hands, the player with the highest cumulative
  // score wins the game." Places follow the scores; ties share a place.
  Outcome o;
  o.kind = OutcomeKind::kScores;
  for (Seat s = 0; s < r.players; ++s) o.scores.push_back(scores[s]);
  o.places.resize(r.players);
  rank_places(r.players, o.scores, o.places);
  SeatMask first = 0;
  for (Seat s = 0; s < r.players; ++s)
    if (o.places[s] == 1) first |= bit(s);
  const std::string pts = std::to_string(scores[std::countr_zero(first)]) + " points";
  o.summary = std::popcount(first) == 1
                  ? seat_names(first) + " wins with " + pts + "."
                  : seat_names(first) + " share first place with " + pts + ".";
  std::string rest;
  for (int place = 2; place <= r.players; ++place)
    for (Seat s = 0; s < r.players; ++s)
      if (o.places[s] == place)
        rest += (rest.empty() ? "" : ", ") + seat_name(s) + " " + std::to_string(scores[s]);
  if (!rest.empty()) o.summary += " Then " + rest + ".";
  return o;
}

void OhHellState::all_cards(std::vector<Card>& out) const {
  out.clear();
  for (Seat s = 0; s < r_.players; ++s) {
    for (Card c : kit::held_cards(held_[s])) out.push_back(c);
    out.insert(out.end(), won_[s].begin(), won_[s].end());
  }
  for (int i = 0; i < trick_.count(); ++i) out.push_back(trick_.card(i));
  out.insert(out.end(), stock_.begin(), stock_.end());
  if (turned_.valid()) out.push_back(turned_);
}

}  // namespace parlour::oh_hell
