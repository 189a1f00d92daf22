// Polignac: the rules in play. Quotations are from seed 003; rules.md gives
// the readings where it is silent, and the sources of the options.
#include "games/polignac/polignac.h"

#include <algorithm>
#include <bit>
#include <cassert>

#include "games/polignac/state.h"

namespace parlour::polignac {

using kit::card_bit;

// ---- The pack and the counters ----------------------------------------------------

std::vector<Card> Rules::cards() const {
  std::vector<Card> out;
  if (pack == Pack::kPiquet) {
    // Wikipedia, Polignac: "played with a Piquet pack of 32 cards. However,
    // unless four play, remove the black Sevens"; Boussac (1896): seven
    // players take out all four sevens; eight play with all 32.
    for (int i = 0; i < 52; ++i) {
      const Card c = Card::from_index(static_cast<std::uint8_t>(i));
      if (c.rank() != kAce && c.rank() < 7) continue;
      if (c.rank() == 7) {
        if (players == 7) continue;
        if (players != 4 && players != 8 && c.colour() == kBlack) continue;
      }
      out.push_back(c);
    }
    return out;
  }
  // The whole pack less its lowest cards (twos, then threes, clubs first),
  // so that it deals evenly.
  const int drop = 52 % players;
  for (int i = 0; i < 52; ++i) {
    const Card c = Card::from_index(static_cast<std::uint8_t>(i));
    const int low = (c.rank() - 2) * 4 + c.suit();  // 0 for the two of clubs
    if (c.rank() != kAce && low < drop) continue;
    out.push_back(c);
  }
  return out;
}

int jack_cost(Card c) {
  // "The moment any player wins a trick containing a Jack, he pays one
  // counter into the pool. If he takes in Polignac, he pays two counters."
  if (c.rank() != kJack) return 0;
  return c.suit() == kSpades ? 2 : 1;
}

// ---- Setting up -----------------------------------------------------------------

PolignacState::PolignacState(const Rules& rules)
    : r_(rules), chips_(rules.players, rules.counters) {
  for (Card c : r_.cards()) pack_.push_back(c);
  // The first dealer: the last seat, so that seat 0 is eldest.
  dealer_ = r_.players - 1;
}

void PolignacState::sort_hand(Hand& h) const {
  kit::sort_held(std::span<Card>(h.data(), h.size()), r_.ace);
}

void PolignacState::apply_chance(Rng& rng) {
  assert(phase_ == Phase::kDeal);
  std::array<Card, 52> deck{};
  int n = 0;
  for (Card c : pack_) deck[n++] = c;
  pack_.clear();
  for (Seat s = 0; s < r_.players; ++s) {
    for (Card c : won_[s]) deck[n++] = c;
    won_[s].clear();
  }
  const std::span<Card> cards(deck.data(), static_cast<std::size_t>(n));
  std::sort(cards.begin(), cards.end());
  rng.shuffle(cards);
  // All the cards are dealt, one at a time from the dealer's left (our
  // reading: the sources deal by twos and threes, which deals no differently).
  for (int k = 0; k < n; ++k) hands_[left(dealer_, 1 + k % r_.players)].push_back(cards[k]);
  for (Seat s = 0; s < r_.players; ++s) sort_hand(hands_[s]);
  ev_ = Event();
  ev_.kind = Event::kDeal, ev_.actor = dealer_, ev_.deal = deals_done_ + 1;
  scene_.dealt.record(hands_, r_.players);
  start_deal();
}

void PolignacState::start_deal() {
  chips_.begin_hand();
  voids_.clear();
  gone_ = 0;
  jacks_.fill(0);
  capot_ = kNobody, capot_failed_ = false;
  last_trick_.start(0);
  last_winner_ = kNobody;
  turn_ = left(dealer_);
  if (r_.capot) {
    // "Any player who thinks he can win all the tricks announces capot
    // before the first card is led": each in turn from the eldest may.
    phase_ = Phase::kCapot;
    return;
  }
  start_play();
}

void PolignacState::start_play() {
  // "The eldest hand begins by leading any card he pleases".
  phase_ = Phase::kPlay;
  trick_.start(left(dealer_));
  turn_ = left(dealer_);
}

void PolignacState::set_hand(Seat dealer, const std::vector<std::vector<Card>>& hands) {
  dealer_ = dealer;
  pack_.clear();
  for (Seat s = 0; s < r_.players; ++s) {
    hands_[s].clear(), won_[s].clear();
    for (Card c : hands[s]) hands_[s].push_back(c);
    sort_hand(hands_[s]);
  }
  ev_ = Event();
  start_deal();
}

// ---- Whose move and what is legal -------------------------------------------------

Seat PolignacState::to_move() const {
  switch (phase_) {
    case Phase::kDeal:
      return kChance;
    case Phase::kOver:
      return kTerminal;
    default:
      return turn_;
  }
}

int PolignacState::tricks_played() const {
  int t = 0;
  for (Seat s = 0; s < r_.players; ++s) t += taken(s);
  return t;
}

void PolignacState::legal_actions(Seat seat, std::vector<Action>& out) const {
  out.clear();
  assert(seat == turn_ && (phase_ == Phase::kCapot || phase_ == Phase::kPlay));
  if (phase_ == Phase::kCapot) {
    out.push_back(Move::pass().encode());
    out.push_back(Move::capot().encode());
    return;
  }
  // "the others must follow suit if they can ... If a player has none of the
  // suit led he may discard anything he pleases."
  const Hand& h = hands_[seat];
  const kit::CardBits ok = kit::playable(std::span<const Card>(h.data(), h.size()), trick_);
  for (Card c : h)
    if (ok & card_bit(c)) out.push_back(Move::play(c).encode());
}

// ---- Doing moves --------------------------------------------------------------------

void PolignacState::pay(Seat s, int n) {
  if (n <= 0) return;
  chips_.stake(s, kPool, n);
  paid_[s] += n;
}

void PolignacState::apply(Seat seat, Action a) {
  const Move m = *Move::decode(a);
  ++actions_;
  ev_ = Event();
  ev_.actor = seat;
  if (m.kind != Move::kPlay) {
    ev_.kind = m.kind == Move::kCapot ? Event::kCapot : Event::kPass;
    // One capot a deal: once it is announced, play begins.
    if (m.kind == Move::kCapot) {
      capot_ = seat;
      return start_play();
    }
    if (left(seat) == left(dealer_)) return start_play();  // everyone has passed
    turn_ = left(seat);
    return;
  }
  Hand& h = hands_[seat];
  Card* it = std::find(h.begin(), h.end(), m.card);
  assert(it != h.end());
  h.erase(it);
  voids_.note(trick_, seat, m.card);
  trick_.play(m.card);
  gone_ |= card_bit(m.card);
  ev_.kind = Event::kPlay, ev_.card = m.card;
  if (trick_.complete(r_.players)) return end_trick();
  turn_ = trick_.next(r_.players);
}

void PolignacState::end_trick() {
  // "The highest card played, if of the suit led, wins the trick, and the
  // winner leads for the next trick." No trumps.
  const Seat w = trick_.winner(r_.players, kit::kNoTrump, r_.ace);
  int cost = 0;
  for (int i = 0; i < trick_.count(); ++i) {
    won_[w].push_back(trick_.card(i));
    cost += jack_cost(trick_.card(i));
  }
  jacks_[w] += cost;
  ev_.trick_done = true, ev_.winner = w;
  const bool capot_stands = capot_ != kNobody && !capot_failed_;
  if (capot_stands && w == capot_) {
    // "If he is successful he loses nothing": his Jacks wait for the end.
  } else {
    pay(w, cost);
    ev_.paid = cost;
    if (capot_stands) {
      // Our reading (the seed is silent): a capot that fails pays five
      // counters into the pool, and the Jacks its announcer took as anyone.
      capot_failed_ = true;
      ev_.capot_failed = true, ev_.capot = capot_;
      ev_.capot_paid = jacks_[capot_] + kCapotCounters;
      pay(capot_, ev_.capot_paid);
    }
  }
  last_trick_ = trick_, last_winner_ = w;
  trick_.start(w);
  turn_ = w;
  if (hands_[w].empty()) end_hand();
}

void PolignacState::end_hand() {
  if (capot_ != kNobody && !capot_failed_) {
    // "If he is successful he loses nothing; but each of the others must pay
    // five counters into the pool, one for each Jack, and one extra for
    // Polignac."
    ev_.capot_made = true, ev_.capot = capot_;
    for (Seat s = 0; s < r_.players; ++s)
      if (s != capot_) pay(s, kCapotCounters);
  }
  for (Seat s = 0; s < r_.players; ++s)
    last_change_[s] = chips_.hand_change(s), last_total_[s] = chips_.balance(s);
  last_capot_ = capot_, last_capot_made_ = ev_.capot_made;
  ++deals_done_;
  ev_.hand_done = true, ev_.deal = deals_done_;
  scene_.change = last_change_, scene_.counters = last_total_;
  bool limit = false;
  for (Seat s = 0; s < r_.players; ++s) limit |= r_.limit > 0 && paid_[s] >= r_.limit;
  if (deals_done_ >= r_.deals || limit) return end_match();
  // The deal passes to the left.
  dealer_ = left(dealer_);
  phase_ = Phase::kDeal;
}

void PolignacState::end_match() {
  // Our reading: the pool goes to whoever paid least into it over the match,
  // shared as evenly as whole counters allow; the counters left over go one
  // each to the sharers from the dealer's left, as Michigan's boodle chips
  // do, so that every counter ends in someone's hands.
  int least = paid_[0];
  for (Seat s = 1; s < r_.players; ++s) least = std::min(least, paid_[s]);
  SeatMask sharers = 0;
  for (Seat s = 0; s < r_.players; ++s)
    if (paid_[s] == least) sharers |= bit(s);
  ev_.sharers = sharers;
  ev_.share = chips_.share_pot(sharers, kPool);
  for (int k = 1; k <= r_.players && chips_.pot(kPool) > 0; ++k)
    if (const Seat s = left(dealer_, k); sharers & bit(s)) {
      chips_.award(s, kPool, 1);
      ev_.odd |= bit(s);
    }
  ev_.over = true;
  for (Seat s = 0; s < r_.players; ++s) scene_.final_counters[s] = chips_.balance(s);
  phase_ = Phase::kOver;
}

// ---- The end ------------------------------------------------------------------------

Outcome PolignacState::outcome() const {
  std::array<int, kMaxPlayers> counters{};
  for (Seat s = 0; s < r_.players; ++s) counters[s] = chips_.balance(s);
  return outcome_of(r_,
                    std::span<const int>(counters.data(), static_cast<std::size_t>(r_.players)));
}

Outcome PolignacState::outcome_of(const Rules& r, std::span<const int> counters) {
  // The counters each holds at the end; places follow them, ties sharing.
  Outcome o;
  o.kind = OutcomeKind::kScores;
  for (Seat s = 0; s < r.players; ++s) o.scores.push_back(counters[s]);
  o.places.resize(r.players);
  rank_places(r.players, o.scores, o.places);
  SeatMask first = 0;
  for (Seat s = 0; s < r.players; ++s)
    if (o.places[s] == 1) first |= bit(s);
  const int top = counters[std::countr_zero(first)];
  const std::string n = std::to_string(top) + (top == 1 ? " counter" : " counters");
  o.summary = std::popcount(first) == 1 ? seat_names(first) + " wins with " + n + "."
                                        : seat_names(first) + " share first place with " + n + ".";
  std::string rest;
  for (int place = 2; place <= r.players; ++place)
    for (Seat s = 0; s < r.players; ++s)
      if (o.places[s] == place)
        rest += (rest.empty() ? "" : ", ") + seat_name(s) + " " + std::to_string(counters[s]);
  if (!rest.empty()) o.summary += " Then " + rest + ".";
  return o;
}

void PolignacState::all_cards(std::vector<Card>& out) const {
  out.clear();
  out.insert(out.end(), pack_.begin(), pack_.end());
  for (Seat s = 0; s < r_.players; ++s) {
    out.insert(out.end(), hands_[s].begin(), hands_[s].end());
    out.insert(out.end(), won_[s].begin(), won_[s].end());
  }
  for (int i = 0; i < trick_.count(); ++i) out.push_back(trick_.card(i));
}

}  // namespace parlour::polignac
