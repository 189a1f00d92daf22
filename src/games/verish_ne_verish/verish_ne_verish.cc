// Verish' Ne Verish': the rules in play. Quotations are from seed 004
// (004_51e9d4c9f9ca782a.txt); rules.md gives the readings where it is silent.
#include "games/verish_ne_verish/verish_ne_verish.h"

#include <algorithm>
#include <bit>
#include <cassert>

#include "core/deck.h"
#include "games/verish_ne_verish/state.h"

namespace parlour::verish_ne_verish {

using kit::bit;

VerishState::VerishState(const Rules& rules) : r_(rules) {
  dealer_ = r_.players - 1;  // seat 0 sits at the dealer's left
}

// ---- The deal ---------------------------------------------------------------------

void VerishState::apply_chance(Rng& rng) {
  assert(phase_ == Phase::kDeal);
  // "Two or three players use 36 cards, four or more use 52."
  SmallVec<Card, 52> deck;  // on the stack: steps allocate nothing
  for (Card c : standard_cards())
    if (r_.in_pack(c.rank())) deck.push_back(c);
  rng.shuffle(std::span<Card>(deck.data(), deck.size()));
  // "Remove one card from the pack at random and lay it face down to one side
  // without exposing it."
  aside_.push_back({deck.back(), 0, false});
  deck.pop_back();
  // "Deal the rest round as far as they will go. It doesn't matter if some
  // players have one more card than others."
  for (std::size_t i = 0; i < deck.size(); ++i) {
    const Seat s =
        (dealer_ + 1 + static_cast<int>(i % static_cast<std::size_t>(r_.players))) % r_.players;
    hands_[s].push_back({deck[i], bit(s), false});
  }
  for (Seat s = 0; s < r_.players; ++s) sort_hand(s);
  dealt_ = true;
  ev_ = Event{};
  ev_.kind = Event::kDeal, ev_.actor = dealer_;
  scene_.dealt.record(hands_, r_.players, kit::card_of);
  // "The player at the dealer's left starts".
  begin_turn((dealer_ + 1) % r_.players);
}

void VerishState::set_position(const std::vector<std::vector<Card>>& hands, Card aside, Seat turn,
                               const std::vector<Rank>& gone) {
  for (Seat s = 0; s < r_.players; ++s) {
    hands_[s].clear();
    for (Card c : hands[s]) hands_[s].push_back({c, bit(s), false});
    sort_hand(s);
  }
  pile_.clear(), last_.clear(), building_.clear(), aside_.clear(), sets_.clear();
  turned_.clear();
  aside_.push_back({aside, 0, false});
  for (Rank r : gone)
    for (int suit = 0; suit < SUIT_NB; ++suit)
      sets_.push_back({Card::standard(r, Suit(suit)), ~SeatMask{0}, true});
  dealt_ = true;
  round_rank_ = kNoRank;
  claimer_ = kNobody;
  claimed_ = {};
  begin_turn(turn);
}

void VerishState::sort_hand(Seat s) {
  std::sort(hands_[s].begin(), hands_[s].end(),
            [](const kit::Held& a, const kit::Held& b) { return a.card < b.card; });
}

void VerishState::begin_turn(Seat p) {
  turn_ = p;
  taken_back_ = 0;
  phase_ = Phase::kPlay;
}

// ---- Who is still playing -------------------------------------------------------------

int VerishState::holding(Seat s) const {
  return static_cast<int>(hands_[s].size()) +
         (phase_ == Phase::kPlay && s == turn_ ? static_cast<int>(building_.size()) : 0);
}

// Our reading: a player who has played his last cards is still in play until
// that play is covered by the next, or turned up and found true.
bool VerishState::in_play(Seat s) const {
  return holding(s) > 0 || (s == claimer_ && !last_.empty());
}

SeatMask VerishState::seats_in() const {
  SeatMask in = 0;
  for (Seat s = 0; s < r_.players; ++s) in |= in_play(s) ? bit(s) : 0;
  return in;
}

int VerishState::players_in() const {
  return std::popcount(seats_in());
}

// Players out of cards are passed over.
Seat VerishState::next_holder(Seat s) const {
  for (int k = 1; k <= r_.players; ++k) {
    const Seat t = (s + k) % r_.players;
    if (!hands_[t].empty()) return t;
  }
  return kNobody;
}

// ---- Whose move and what is legal ---------------------------------------------------

// The ranks of which a hand holds all four, as bits (in any order: a sampled
// hand is not sorted).
std::uint16_t complete_sets(const kit::Cards& hand) {
  std::array<int, RANK_NB> n{};
  for (const kit::Held& c : hand) ++n[c.card.rank()];
  std::uint16_t sets = 0;
  for (int r = kAce; r <= kKing; ++r)
    if (n[r] == 4) sets |= static_cast<std::uint16_t>(1u << r);
  return sets;
}

Seat VerishState::to_move() const {
  switch (phase_) {
    case Phase::kDeal:
      return kChance;
    case Phase::kOver:
      return kTerminal;
    case Phase::kPlay:
    case Phase::kSets:
      return turn_;
  }
  return kTerminal;
}

void VerishState::legal_actions(Seat seat, std::vector<Action>& out) const {
  out.clear();
  assert(seat == turn_);
  (void)seat;
  const kit::Cards& h = hands_[turn_];
  if (phase_ == Phase::kSets) {
    // "He may then, before play proceeds, remove any set of four cards of the
    // same rank from his hand".
    const std::uint16_t sets = complete_sets(h);
    for (int r = kAce; r <= kKing; ++r)
      if (sets >> r & 1) out.push_back(Move::put_away(Rank(r)).encode());
    out.push_back(Move::play_on().encode());
    return;
  }
  assert(phase_ == Phase::kPlay);
  const bool first = starts_round();
  // "playing from one to four cards face down" to start; later "one or more
  // cards": a card at a time.
  if (static_cast<int>(building_.size()) < r_.most(first))
    for (const kit::Held& c : h) out.push_back(Move::put(c.card).encode());
  if (taken_back_ < r_.take_backs(first))
    for (const kit::Held& c : building_) out.push_back(Move::take_back(c.card).encode());
  if (!building_.empty()) {
    // "declaring them to be of any rank"; later "declare the same rank as the
    // previous player".
    if (first) {
      for (int r = kAce; r <= kKing; ++r)
        if (r_.in_pack(Rank(r))) out.push_back(Move::declare(Rank(r)).encode());
    } else {
      out.push_back(Move::declare(round_rank_).encode());
    }
  }
  // "or else challenge the previous player's veracity by saying 'Ne verish''
  // ... Only the person in turn to play may challenge": instead of playing,
  // so before putting anything down.
  if (building_.empty() && !last_.empty()) out.push_back(Move::challenge().encode());
}

// ---- Doing moves -------------------------------------------------------------------------

void VerishState::apply(Seat seat, Action a) {
  const Move m = *Move::decode(a);
  ++actions_;
  ev_ = Event{};
  ev_.actor = seat;
  kit::Cards& h = hands_[seat];
  if (m.kind == Move::kPut || m.kind == Move::kDeclare) turned_.clear();
  switch (m.kind) {
    case Move::kPut: {
      // Issue 35 (F2): the others see a card go, not which, even one they
      // knew was there.
      if (building_.empty() && taken_back_ == 0) kit::begin_play(h);
      kit::pick(h, m.card, building_, seat);
      ev_.kind = Event::kPut, ev_.card = m.card;
      ev_.alike = kit::alike(building_, m.card);
      return;
    }
    case Move::kTakeBack: {
      auto it = std::find_if(building_.begin(), building_.end(),
                             [&](const kit::Held& x) { return x.card == m.card; });
      auto at =
          std::find_if(h.begin(), h.end(), [&](const kit::Held& x) { return m.card < x.card; });
      h.insert(at, *it);
      building_.erase(it);
      ++taken_back_;
      ev_.kind = Event::kTakeBack, ev_.card = m.card;
      ev_.alike = kit::alike(building_, m.card);
      return;
    }
    case Move::kDeclare: {
      const bool first = starts_round();
      for (Seat v = 0; v < r_.players; ++v) {
        knew_[v] = 0;
        for (const kit::Cards* place : {&h, &building_})  // before the play began
          for (const kit::Held& c : *place)
            knew_[v] += (v == seat || (c.knew >> v & 1)) && c.card.rank() == m.rank;
      }
      // The play covers the last: it can no longer be turned up. A player
      // whose last cards it was is out.
      if (!last_.empty()) {
        claimed_[claimer_] += static_cast<int>(last_.size());
        for (const kit::Held& c : last_) pile_.push_back(c);
        last_.clear();
      }
      // The play goes face down, known to the caller alone (pick()); what
      // each seat knew of the hand before the play is kept with its places.
      for (kit::Held& c : building_) last_.push_back(c);
      building_.clear();
      knew_hand_.clear();
      for (const kit::Held& c : h) knew_hand_.push_back(c.knew);
      claimer_ = seat;
      if (first) round_rank_ = m.rank;
      ++plays_;
      ev_.kind = Event::kDeclare, ev_.rank = m.rank, ev_.count = static_cast<int>(last_.size()),
      ev_.starts = first;
      // "Whoever is left with these in hand when everyone else has run out is
      // the loser": with nobody left to take his cards, the last in play.
      if (players_in() <= 1) return end_with(seats_in(), false);
      if (plays_ >= r_.max_plays) return end_with(0, true);
      return begin_turn(next_holder(seat));
    }
    case Move::kChallenge: {
      // "turning that player's cards face up".
      bool truthful = true;
      for (const kit::Held& c : last_) truthful &= c.card.rank() == round_rank_;
      ev_.kind = Event::kChallenge, ev_.other = claimer_, ev_.truthful = truthful,
      ev_.rank = round_rank_;
      for (kit::Held& c : last_) c.face_up = true, ev_.shown.push_back(c);
      turned_.set(last_, claimer_, seat, truthful);
      // Turned up, the play shows what left the claimer's hand: the rest is
      // known as it was before.
      kit::Cards& ch = hands_[claimer_];
      for (std::size_t i = 0; i < ch.size(); ++i) ch[i].knew = knew_hand_[i];
      kit::recall(ch, last_, claimer_);
      // "The challenger, if mistaken, or the challenged player, if caught
      // lying, must take up all the cards so far played and add them to his
      // hand."
      const Seat taker = truthful ? seat : claimer_;
      ev_.taker = taker, ev_.taken = static_cast<int>(pile_.size() + last_.size());
      kit::take_all(pile_, hands_[taker], taker);
      kit::take_all(last_, hands_[taker], taker);
      sort_hand(taker);
      round_rank_ = kNoRank, claimer_ = kNobody, claimed_ = {};
      if (r_.compulsory) {
        const std::uint16_t sets = complete_sets(hands_[taker]);
        for (int r = kAce; r <= kKing; ++r) {
          if (!(sets >> r & 1)) continue;
          put_set_away(taker, Rank(r));
          ev_.sets[static_cast<std::size_t>(ev_.set_count++)] = Rank(r);
        }
      }
      // A player whose true play was his last is out; if one player is left
      // holding cards, he has lost.
      if (players_in() <= 1) return end_with(seats_in(), false);
      if (r_.compulsory) return finish_round(taker);
      turn_ = taker;
      phase_ = Phase::kSets;
      return;
    }
    case Move::kPutAway:
      put_set_away(seat, m.rank);
      ev_.kind = Event::kPutAway, ev_.rank = m.rank;
      for (const kit::Held& c : sets_)
        if (c.card.rank() == m.rank) ev_.shown.push_back(c);
      return;
    case Move::kPlayOn:
      ev_.kind = Event::kPlayOn;
      return finish_round(seat);
  }
}

// "remove any set of four cards of the same rank from his hand, reveal them to
// everyone, and discard them face down".
void VerishState::put_set_away(Seat s, Rank r) {
  kit::Cards& h = hands_[s];
  for (std::size_t i = 0; i < h.size();) {
    if (h[i].card.rank() == r) {
      sets_.push_back({h[i].card, ~SeatMask{0}, true});
      h.erase(h.begin() + i);
    } else {
      ++i;
    }
  }
}

// "The next round is then started by the player to the left of the faulted
// player (thus the challenger himself, if correct)": the next still holding
// cards.
void VerishState::finish_round(Seat faulted) {
  if (players_in() <= 1) return end_with(seats_in(), false);
  begin_turn(next_holder(faulted));
}

void VerishState::end_with(SeatMask losers, bool stopped) {
  if (stopped) {
    // Our reading: stopped after max_plays, whoever holds the most cards loses.
    int most = 0;
    for (Seat s = 0; s < r_.players; ++s) most = std::max(most, holding(s));
    for (Seat s = 0; s < r_.players; ++s) losers |= holding(s) == most ? bit(s) : 0;
  }
  losers_ = losers;
  stopped_ = stopped;
  phase_ = Phase::kOver;
  ev_.over = true, scene_.ending = ending();
}

// ---- The end -------------------------------------------------------------------------

Outcome VerishState::outcome() const {
  return outcome_of(r_, ending());
}

Outcome VerishState::outcome_of(const Rules& r, const Ending& e) {
  Outcome o;
  o.kind = OutcomeKind::kLoser;
  for (Seat s = 0; s < r.players; ++s) o.scores.push_back((e.losers >> s & 1) ? -1.0 : 0.0);
  // Losers are last; the others share the first place.
  for (Seat s = 0; s < r.players; ++s) o.places.push_back((e.losers >> s & 1) ? r.players : 1);
  const bool several = (e.losers & (e.losers - 1)) != 0;
  const std::string aside = " The card laid aside was " + card_token(e.aside) + ".";
  if (e.stopped) o.cap = r.max_plays, o.cap_unit = "plays";
  if (e.stopped)
    o.summary = "After " + std::to_string(e.plays) +
                " plays, the game's cap, it is stopped: " + seat_names(e.losers) +
                (several ? ", holding the most cards, lose." : ", holding the most cards, loses.") +
                aside;
  else
    o.summary = seat_names(e.losers) +
                " is left holding cards when everyone else has run out, and loses." + aside;
  return o;
}

void VerishState::all_cards(std::vector<Card>& out) const {
  out.clear();
  if (!dealt_) {
    for (Card c : standard_deck())
      if (r_.in_pack(c.rank())) out.push_back(c);
    return;
  }
  for (Seat s = 0; s < r_.players; ++s)
    for (const kit::Held& c : hands_[s]) out.push_back(c.card);
  for (const kit::Cards* place : {&pile_, &last_, &building_, &aside_, &sets_})
    for (const kit::Held& c : *place) out.push_back(c.card);
}

}  // namespace parlour::verish_ne_verish
