// Cheat: the rules in play. Quotations are from seed 004; rules.md gives the
// readings where the text is silent.
#include "games/cheat/cheat.h"

#include <algorithm>
#include <bit>
#include <cassert>

#include "core/deck.h"
#include "games/cheat/state.h"

namespace parlour::cheat {

using kit::bit;

CheatState::CheatState(const Rules& rules) : r_(rules) {
  dealer_ = r_.players - 1;  // seat 0 sits at the dealer's left
}

// ---- The deal ---------------------------------------------------------------------

void CheatState::apply_chance(Rng& rng) {
  assert(phase_ == Phase::kDeal);
  SmallVec<Card, kit::Cards::capacity()> deck;  // on the stack: steps allocate nothing
  add_packs(deck, r_.packs);
  rng.shuffle(std::span<Card>(deck.data(), deck.size()));
  // "Deal all the cards round as far as they will go. It doesn't matter if
  // some players have one more than others."
  for (std::size_t i = 0; i < deck.size(); ++i) {
    const Seat s = left(dealer_, 1 + static_cast<int>(i % static_cast<std::size_t>(r_.players)));
    hands_[s].push_back({deck[i], bit(s), false});
  }
  for (Seat s = 0; s < r_.players; ++s)
    std::sort(hands_[s].begin(), hands_[s].end(),
              [](const kit::Held& a, const kit::Held& b) { return a.card < b.card; });
  dealt_ = true;
  reckon_dealt();
  ev_ = Event{};
  ev_.kind = Event::kDeal, ev_.actor = dealer_;
  scene_.dealt.record(hands_, r_.players, kit::card_of);
  // "The player at dealer's left goes first ... and says 'Aces'."
  expected_ = kAce;
  begin_turn(left(dealer_));
}

void CheatState::set_position(const std::vector<std::vector<Card>>& hands, Seat turn,
                              Rank expected) {
  for (Seat s = 0; s < r_.players; ++s) {
    hands_[s].clear();
    for (Card c : hands[s]) hands_[s].push_back({c, bit(s), false});
  }
  pile_.clear(), last_.clear(), building_.clear(), turned_.clear();
  dealt_ = true;
  reckon_dealt();
  expected_ = expected;
  claim_rank_ = kNoRank;
  begin_turn(turn);
}

// Everyone sees how many cards each is dealt.
void CheatState::reckon_dealt() {
  for (auto& row : reckon_hand_)
    for (Seat s = 0; s < r_.players; ++s) row[s] = static_cast<std::int16_t>(hands_[s].size());
  reckon_pile_.fill(0);
  plays_in_pile_.fill(0);
}

void CheatState::begin_turn(Seat p) {
  turn_ = p;
  taken_back_.clear();
  phase_ = Phase::kBuild;
}

// ---- Whose move and what is legal ---------------------------------------------------

Seat CheatState::to_move() const {
  switch (phase_) {
    case Phase::kDeal:
      return kChance;
    case Phase::kOver:
      return kTerminal;
    case Phase::kWindow:
      return Actors::to_move_of(open_);
    case Phase::kBuild:
      return turn_;
  }
  return kTerminal;
}

// "Any player may challenge another ... by calling 'Cheat!'": after a call,
// every other player at once, the first challenge taking it.
Actors CheatState::actors() const {
  return phase_ == Phase::kWindow ? Actors::window(open_, Move::pass().encode())
                                  : Actors::turn(to_move());
}

std::array<Rank, 3> CheatState::callable(int& n) const {
  // "The first player ... says 'Aces'. The next does likewise and says
  // 'Twos', the next 'Threes', and so on up to 'Kings', followed by 'Aces'
  // again"; "some play that the sequence runs downwards (A-K-Q-J etc.); some
  // that the next in turn may call the next higher or lower rank (e.g.
  // A-K-A-2-3-2 etc.)": never the same rank again. The first call is Aces.
  if (!r_.choose_rank() || claim_rank_ == kNoRank) {
    n = 1;
    return {expected_, kNoRank, kNoRank};
  }
  if (r_.sequence == Sequence::kHigherOrLower) {
    n = 2;
    return {step(claim_rank_, 1), step(claim_rank_, -1), kNoRank};
  }
  n = 3;
  return {claim_rank_, step(claim_rank_, 1), step(claim_rank_, -1)};
}

void CheatState::legal_actions(Seat seat, std::vector<Action>& out) const {
  out.clear();
  if (phase_ == Phase::kWindow) {
    assert(open_ >> seat & 1);
    out.push_back(Move::challenge().encode());
    out.push_back(Move::pass().encode());
    return;
  }
  assert(phase_ == Phase::kBuild && seat == turn_);
  const kit::Cards& h = hands_[turn_];
  // "discards from one to four cards face down": a card at a time. Cards
  // alike (two packs) are one choice; a sampled hand is not sorted, so the
  // whole hand before is looked at.
  if (static_cast<int>(building_.size()) < r_.max_play())
    for (std::size_t i = 0; i < h.size(); ++i)
      if (r_.packs == 1 || std::none_of(h.begin(), h.begin() + static_cast<std::ptrdiff_t>(i),
                                        [&](const kit::Held& x) { return x.card == h[i].card; }))
        out.push_back(Move::put(h[i].card).encode());
  // A turn takes back at most as many cards as a play may hold, so that it ends.
  for (std::size_t i = 0;
       i < building_.size() && static_cast<int>(taken_back_.size()) < r_.max_play(); ++i) {
    bool again = false;
    for (std::size_t j = 0; j < i; ++j) again |= building_[j].card == building_[i].card;
    if (!again) out.push_back(Move::take_back(building_[i].card).encode());
  }
  if (building_.empty()) return;
  // "you must play at least one card even if you haven't any of the required rank"
  int n = 0;
  const std::array<Rank, 3> ranks = callable(n);
  for (int k = 0; k < n; ++k) {
    if (!r_.stated) {
      out.push_back(Move::call(ranks[k]).encode());
      continue;
    }
    // "the number of discards must be stated ... cheating may be attempted
    // by calling a false number of discards"
    for (int c = 1; c <= r_.max_play(); ++c) out.push_back(Move::call(ranks[k], c).encode());
  }
}

// ---- Doing moves -------------------------------------------------------------------------

void CheatState::apply(Seat seat, Action a) {
  const Move m = *Move::decode(a);
  ++actions_;
  ev_ = Event{};
  ev_.actor = seat;
  switch (m.kind) {
    case Move::kPut: {
      // Issue 35 (F2): the others see a card go, not which, even one they
      // knew was there.
      if (building_.empty() && taken_back_.empty()) kit::begin_play(hands_[seat]);
      kit::pick(hands_[seat], m.card, building_, seat);
      turned_.clear();
      ev_.kind = Event::kPut, ev_.card = m.card;
      ev_.alike = kit::alike(building_, m.card);
      return;
    }
    case Move::kTakeBack: {
      auto it = std::find_if(building_.begin(), building_.end(),
                             [&](const kit::Held& x) { return x.card == m.card; });
      kit::Cards& h = hands_[seat];
      auto at =
          std::find_if(h.begin(), h.end(), [&](const kit::Held& x) { return m.card < x.card; });
      h.insert(at, *it);
      building_.erase(it);
      taken_back_.push_back(m.card);
      ev_.kind = Event::kTakeBack, ev_.card = m.card;
      ev_.alike = kit::alike(building_, m.card);
      return;
    }
    case Move::kCall: {
      // The play goes face down, known to the caller alone (pick()); what
      // each seat knew of the cards before the play is kept with their places.
      knew_last_.clear();
      for (kit::Held& c : building_) knew_last_.push_back(c.knew), last_.push_back(c);
      building_.clear();
      knew_hand_.clear();
      for (const kit::Held& c : hands_[seat]) knew_hand_.push_back(c.knew);
      claimer_ = seat, claim_rank_ = m.rank, claim_stated_ = m.count;
      // The others reckon the number stated, if numbers are stated.
      for (std::size_t v = 0; v < reckon_hand_.size(); ++v)
        reckon_hand_[v][seat] -= static_cast<std::int16_t>(
            r_.stated && v != static_cast<std::size_t>(seat) ? m.count : last_.size());
      ++turns_;
      ev_.kind = Event::kCall, ev_.rank = m.rank, ev_.count = static_cast<int>(last_.size()),
      ev_.stated = m.count;
      open_ = 0;
      for (Seat s = 0; s < r_.players; ++s)
        if (s != seat) open_ |= bit(s);
      phase_ = Phase::kWindow;
      return;
    }
    case Move::kChallenge: {
      // "The challenged player must turn them face up, and whoever was
      // correct must take up the whole discard pile and add it to their hand."
      bool truthful = true;
      for (const kit::Held& c : last_) truthful &= c.card.rank() == claim_rank_;
      if (r_.stated) truthful &= claim_stated_ == static_cast<int>(last_.size());
      ev_.kind = Event::kChallenge, ev_.other = claimer_, ev_.truthful = truthful,
      ev_.rank = claim_rank_;
      for (kit::Held c : last_) c.face_up = true, ev_.shown.push_back(c);
      for (kit::Held& c : last_) c.face_up = true;
      turned_.set(last_, claimer_, seat, truthful);
      // Turned up, the play shows what left the caller's hand: the rest is
      // known as it was before, but for copies of a card that went.
      for (std::size_t i = 0; i < hands_[claimer_].size(); ++i)
        hands_[claimer_][i].knew = knew_hand_[i];
      for (std::size_t i = 0; i < last_.size(); ++i) last_[i].knew = knew_last_[i];
      kit::recall(hands_[claimer_], last_, claimer_);
      // Turned up, the play shows its number to all, and whoever takes up the
      // pile holds what each reckoned it held.
      const Seat taker = truthful ? seat : claimer_;
      const auto shown = static_cast<std::int16_t>(last_.size());
      for (std::size_t v = 0; v < reckon_hand_.size(); ++v) {
        reckon_hand_[v][claimer_] += static_cast<std::int16_t>(
            r_.stated && v != static_cast<std::size_t>(claimer_) ? claim_stated_ - shown : 0);
        reckon_hand_[v][taker] += static_cast<std::int16_t>(reckon_pile_[v] + shown);
      }
      reckon_pile_.fill(0);
      plays_in_pile_.fill(0);
      ev_.taker = taker, ev_.taken = static_cast<int>(pile_.size() + last_.size());
      kit::take_all(pile_, hands_[taker], taker);
      kit::take_all(last_, hands_[taker], taker);
      std::sort(hands_[taker].begin(), hands_[taker].end(),
                [](const kit::Held& x, const kit::Held& y) { return x.card < y.card; });
      open_ = 0;
      // "The winner is the first to get rid of all their cards - unless, of
      // course, they are successfully challenged on their last turn".
      if (hands_[claimer_].empty()) return end(claimer_);
      if (turns_ >= r_.max_turns) return end(kNobody);
      // "Play then continues from the left of the challenged player."
      expected_ = r_.sequence == Sequence::kDown ? step(claim_rank_, -1) : step(claim_rank_, 1);
      return begin_turn(left(claimer_));
    }
    case Move::kPass:
      ev_.kind = Event::kPass;
      open_ &= ~bit(seat);
      if (!open_) close_window();
      return;
  }
}

// Nobody challenged: the play is covered, and the next player plays.
void CheatState::close_window() {
  for (std::size_t v = 0; v < reckon_pile_.size(); ++v)
    reckon_pile_[v] += static_cast<std::int16_t>(
        r_.stated && v != static_cast<std::size_t>(claimer_) ? claim_stated_ : last_.size());
  ++plays_in_pile_[claimer_];
  for (const kit::Held& c : last_) pile_.push_back(c);
  last_.clear();
  ev_.kind = Event::kCovered, ev_.other = claimer_;
  if (hands_[claimer_].empty()) return end(claimer_);
  if (turns_ >= r_.max_turns) return end(kNobody);
  expected_ = r_.sequence == Sequence::kDown ? step(claim_rank_, -1) : step(claim_rank_, 1);
  begin_turn(left(claimer_));
}

void CheatState::end(Seat winner) {
  winner_ = winner;
  phase_ = Phase::kOver;
  ev_.over = true, scene_.ending = ending();
}

// ---- The end -------------------------------------------------------------------------

Ending CheatState::ending() const {
  Ending e;
  for (Seat s = 0; s < r_.players; ++s) e.held[s] = static_cast<int>(hands_[s].size());
  e.winner = winner_, e.turns = turns_;
  return e;
}

Outcome CheatState::outcome() const {
  return outcome_of(r_, ending());
}

Outcome CheatState::outcome_of(const Rules& r, const Ending& e) {
  Outcome o;
  // The first out wins; the others are ranked by the cards left in hand
  // (our reading: the text names only the winner).
  o.kind = OutcomeKind::kRanking;
  // (An int first: the winner's score is 0, not -0.)
  for (Seat s = 0; s < r.players; ++s) o.scores.push_back(static_cast<double>(-e.held[s]));
  o.places.resize(r.players);
  rank_places(r.players, o.scores, o.places);
  if (e.winner < 0) o.cap = r.max_turns, o.cap_unit = "turns";
  o.summary = e.winner >= 0 ? seat_name(e.winner) + " is out of cards first and wins."
                            : "After " + std::to_string(e.turns) +
                                  " turns, the game's cap, it is stopped; the fewest cards win.";
  return o;
}

void CheatState::all_cards(std::vector<Card>& out) const {
  out.clear();
  if (!dealt_) {
    out = packs(standard_deck(), r_.packs);
    return;
  }
  for (Seat s = 0; s < r_.players; ++s)
    for (const kit::Held& c : hands_[s]) out.push_back(c.card);
  for (const kit::Cards* place : {&pile_, &last_, &building_})
    for (const kit::Held& c : *place) out.push_back(c.card);
}

}  // namespace parlour::cheat
