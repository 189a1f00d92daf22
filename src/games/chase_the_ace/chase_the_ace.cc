// Chase the Ace: the rules in play. Quotations are from seed 004
// (004_51e9d4c9f9ca782a.txt); rules.md gives the readings where it is silent.
#include "games/chase_the_ace/chase_the_ace.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <climits>

#include "core/deck.h"
#include "games/chase_the_ace/state.h"

namespace parlour::chase_the_ace {
namespace {

SeatMask bit(Seat s) {
  return SeatMask{1} << s;
}

}  // namespace

// ---- Setting up ----------------------------------------------------------------

ChaseState::ChaseState(const Rules& rules) : r_(rules) {
  // "Play up to any agreed number of lives."
  for (Seat s = 0; s < r_.players; ++s) lives_[s] = r_.lives;
  // Seat 0 is the eldest of the first round: the first dealer sits at its right.
  dealer_ = r_.players - 1;
  for (Card c : standard_deck()) pack_.push_back(c);
}

int ChaseState::in_round_count() const {
  return std::popcount(in_round_);
}

Seat ChaseState::left_of(Seat s) const {
  for (int k = 1; k <= r_.players; ++k) {
    const Seat t = (s + k) % r_.players;
    if (in_round(t)) return t;
  }
  return s;
}

void ChaseState::set_lives(const std::vector<int>& lives) {
  for (Seat s = 0; s < r_.players; ++s) {
    lives_[s] = s < static_cast<Seat>(lives.size()) ? lives[s] : r_.lives;
    out_round_[s] = 0;
  }
}

void ChaseState::start_round() {
  in_round_ = 0;
  for (Seat s = 0; s < r_.players; ++s) {
    if (lives_[s] > 0) in_round_ |= bit(s);
    did_[s] = Did::kNothing;
    showed_[s] = false;
  }
  aside_.clear();
  revealed_ = false;
  king_lowest_ = false;
  // "Each in turn, starting with eldest"
  turn_ = eldest();
  phase_ = Phase::kTurn;
}

void ChaseState::set_round(Seat dealer, const std::vector<Card>& hands,
                           const std::vector<Card>& pack) {
  dealer_ = dealer;
  start_round();
  for (Seat s = 0; s < r_.players; ++s) held_[s] = in_round(s) ? Held{hands[s], bit(s)} : Held{};
  pack_.clear();
  for (Card c : pack) pack_.push_back(c);
  turn_ = eldest();
}

// ---- Whose move and what is legal ------------------------------------------------

Seat ChaseState::to_move() const {
  switch (phase_) {
    case Phase::kTurn:
      return turn_;
    case Phase::kOver:
      return kTerminal;
    default:
      return kChance;
  }
}

void ChaseState::legal_actions(Seat seat, std::vector<Action>& out) const {
  out.clear();
  assert(phase_ == Phase::kTurn && seat == turn_);
  (void)seat;
  // "The dealer, on his turn, may either stand pat or reject his card and cut
  // a replacement from the pack."
  if (turn_ == dealer_) {
    out.push_back(encode(Move::kStand));
    out.push_back(encode(Move::kCut));
    return;
  }
  // "may either keep his card - and, if it is a King, must turn it face up -
  // or demand to exchange it with that of his left-hand neighbour": a King is
  // kept (our reading, rules.md).
  out.push_back(encode(Move::kKeep));
  if (held_[turn_].card.rank() != kKing) out.push_back(encode(Move::kExchange));
}

// ---- Doing moves -------------------------------------------------------------------

void ChaseState::apply(Seat seat, Action a) {
  const Move m = *decode(a);
  ++actions_;
  ev_ = Event();
  ev_.actor = seat, ev_.round = round_;
  Held& mine = held_[seat];
  switch (m) {
    case Move::kKeep:
      ev_.kind = Event::kKeep, ev_.given = mine.card;
      // A King kept is turned face up; any other card kept is, as all can
      // tell, no King.
      if (mine.card.rank() == kKing)
        mine.face_up = true;
      else
        mine.not_king = true;
      did_[seat] = Did::kKept;
      return next_turn();
    case Move::kExchange: {
      const Seat left = left_of(seat);
      ev_.other = left;
      mine.not_king = true;  // a King holder keeps
      did_[seat] = Did::kExchanged;
      Held& theirs = held_[left];
      // "The latter may refuse only if he holds a King, which he must then
      // show": holding one, he always refuses (our reading).
      if (theirs.card.rank() == kKing) {
        ev_.kind = Event::kRefused, ev_.got = theirs.card;
        theirs.face_up = true;
        showed_[left] = true;
        did_[seat] = Did::kRefused;
        return next_turn();
      }
      ev_.kind = Event::kExchange, ev_.given = mine.card, ev_.got = theirs.card;
      // Each sees the card he receives, so both know both cards; neither is a King.
      const SeatMask both = bit(seat) | bit(left);
      Held to_me = theirs, to_them = mine;
      to_me.known |= both, to_them.known |= both;
      to_me.not_king = to_them.not_king = true;
      to_them.announced = kNoRank;
      // "a player passing an Ace, Two or Three to his right-hand neighbour must
      // announce that fact": the neighbour passes his card to the asker.
      to_me.announced = r_.announce && to_me.card.rank() <= kThree ? to_me.card.rank() : kNoRank;
      ev_.announced = to_me.announced;
      mine = to_me, theirs = to_them;
      return next_turn();
    }
    case Move::kStand:
      ev_.kind = Event::kStand, ev_.given = mine.card;
      did_[seat] = Did::kStood;
      return end_round();
    case Move::kCut: {
      ev_.kind = Event::kCut, ev_.rejected = mine.card, ev_.rejects = true;
      did_[seat] = Did::kCut;
      Held rejected = mine;
      rejected.known |= bit(seat);
      aside_.push_back(rejected);
      // "Some do not cut, but take the top card of the pack."
      if (r_.draw == Draw::kTop) {
        const Card top = pack_.back();
        pack_.pop_back();
        return draw_for_dealer(top);
      }
      phase_ = Phase::kCut;  // chance cuts the pack
      return;
    }
  }
}

void ChaseState::apply_chance(Rng& rng) {
  switch (phase_) {
    case Phase::kDeal: {
      // "Deal one card each face down from a 52-card pack": the cards of the
      // last round come back, and the dealer shuffles.
      pack_.clear();
      for (Card c : standard_deck()) pack_.push_back(c);
      rng.shuffle(std::span<Card>(pack_.begin(), pack_.end()));
      start_round();
      for (Seat s = eldest(), k = 0; k < in_round_count(); s = left_of(s), ++k) {
        held_[s] = Held{pack_.back(), bit(s)};
        pack_.pop_back();
      }
      ev_ = Event(Event::kDeal);
      ev_.actor = dealer_, ev_.round = round_, ev_.in_round = in_round_;
      for (Seat s = 0; s < r_.players; ++s) scene_.held[s] = held_[s].card;
      return;
    }
    case Phase::kCut: {
      // "cut a replacement from the pack": any of its cards, alike.
      const auto k = rng.below(static_cast<std::uint32_t>(pack_.size()));
      const Card c = pack_[k];
      pack_.erase(pack_.begin() + k);
      ev_ = Event(Event::kCut);
      ev_.actor = dealer_, ev_.round = round_, ev_.rejected = aside_.back().card;
      return draw_for_dealer(c);
    }
    default:
      assert(false && "not a chance node");
  }
}

void ChaseState::draw_for_dealer(Card c) {
  ev_.drawn = c, ev_.draws = true;
  Held& mine = held_[dealer_];
  mine = Held{c, bit(dealer_)};
  if (c.rank() == kKing) {
    switch (r_.dealer_king) {
      case DealerKing::kCounts:
        break;
      case DealerKing::kLowest:
        // "If the dealer rejects his card, and then cuts a King, it counts
        // lowest of all, and only he loses a life."
        king_lowest_ = ev_.king_lowest = true;
        break;
      case DealerKing::kKeepsOwn: {
        // Classic Le Her and pagat's Cuckoo: the King is shown and set aside,
        // and the dealer keeps the card he rejected.
        mine = aside_.back();
        aside_.back() = Held{c, bit(dealer_), true};
        ev_.king_void = true;
        break;
      }
    }
  }
  end_round();
}

void ChaseState::next_turn() {
  turn_ = left_of(turn_);
}

// ---- The end of a round and of the game -------------------------------------------

void ChaseState::end_round() {
  // "The cards are then revealed, and the player with the lowest card loses a
  // life. Players tying for lowest all lose a life."
  revealed_ = true;
  ev_.round_over = true;
  SeatMask losers = 0;
  Rank lowest = kNoRank;
  if (king_lowest_) {
    losers = bit(dealer_);
  } else {
    lowest = kKing;
    for (Seat s = 0; s < r_.players; ++s)
      if (in_round(s)) lowest = std::min(lowest, held_[s].card.rank());
    for (Seat s = 0; s < r_.players; ++s)
      if (in_round(s) && held_[s].card.rank() == lowest) losers |= bit(s);
  }
  // Everyone left losing the last life at once: by default (our reading) the
  // round does not count and they deal again; with last-tie=share they go out
  // together and share the win.
  bool all_last = losers == in_round_;
  for (Seat s = 0; s < r_.players; ++s) all_last &= !(losers >> s & 1) || lives_[s] == 1;
  last_void_ = all_last && r_.last_tie == LastTie::kReplay;
  last_out_ = 0;
  if (!last_void_) {
    for (Seat s = 0; s < r_.players; ++s) {
      if (!(losers >> s & 1)) continue;
      if (--lives_[s] == 0) out_round_[s] = round_, last_out_ |= bit(s);
    }
  }
  last_losers_ = last_void_ ? 0 : losers;
  last_king_lowest_ = king_lowest_;
  ev_.in_round = in_round_, ev_.void_round = last_void_, ev_.losers = last_losers_,
  ev_.out = last_out_;
  for (Seat s = 0; s < r_.players; ++s) scene_.held[s] = held_[s].card, scene_.lives[s] = lives_[s];
  last_lowest_ = lowest;
  rounds_done_ = round_;
  int left = 0;
  for (Seat s = 0; s < r_.players; ++s) left += lives_[s] > 0;
  // "a player with no lives left drops out"; the last one standing wins.
  if (left <= 1) {
    phase_ = Phase::kOver;
    return;
  }
  // "Players deal in turn": the deal passes to the left, over those who are out.
  ++round_;
  do dealer_ = (dealer_ + 1) % r_.players;
  while (lives_[dealer_] == 0);
  phase_ = Phase::kDeal;
}

Outcome ChaseState::outcome() const {
  // Places by the order of dropping out: the last standing first; those out in
  // the same round share a place.
  Outcome o;
  o.kind = OutcomeKind::kRanking;
  auto lasted = [&](Seat s) { return out_round_[s] == 0 ? INT_MAX : out_round_[s]; };
  SeatMask first = 0;
  for (Seat s = 0; s < r_.players; ++s) {
    int outlasted = 0, outlasting = 0;
    for (Seat t = 0; t < r_.players; ++t) {
      outlasted += lasted(t) < lasted(s);
      outlasting += lasted(t) > lasted(s);
    }
    o.scores.push_back(outlasted);
    o.places.push_back(1 + outlasting);
    if (outlasting == 0) first |= bit(s);
  }
  if (std::popcount(first) == 1) {
    const Seat w = std::countr_zero(first);
    o.summary = seat_name(w) + " is the last one standing and wins, with " +
                std::to_string(lives_[w]) + (lives_[w] == 1 ? " life" : " lives") + " left.";
  } else {
    o.summary = seat_names(first) + " lose their last lives together and share the win.";
  }
  return o;
}

void ChaseState::all_cards(std::vector<Card>& out) const {
  out.assign(pack_.begin(), pack_.end());
  for (Seat s = 0; s < r_.players; ++s)
    if (holds(s)) out.push_back(held_[s].card);
  for (const Held& h : aside_) out.push_back(h.card);
}

}  // namespace parlour::chase_the_ace
