// Paskahousu: the rules in play. Quotations are from seed 004; rules.md gives
// the readings where the text is silent or open.
#include "games/paskahousu/paskahousu.h"

#include <algorithm>
#include <bit>
#include <cassert>

#include "core/deck.h"
#include "games/paskahousu/state.h"

namespace parlour::paskahousu {

using kit::bit;

namespace {

// The ranks offered in turn to start the game: "a three ... If nobody does
// so, make it a Four, and so on", up to Aces (Twos stand apart).
Rank next_offer(Rank r) {
  return r == kKing ? kAce : Rank(r + 1);
}

}  // namespace

PaskahousuState::PaskahousuState(const Rules& rules) : r_(rules) {
  dealer_ = r_.players - 1;  // seat 0 sits at the dealer's left
}

// ---- The deal ---------------------------------------------------------------------

void PaskahousuState::apply_chance(Rng& rng) {
  assert(phase_ == Phase::kDeal);
  std::array<Card, 52> deck = standard_cards();
  rng.shuffle(std::span<Card>(deck));
  // "Deal five cards each and stack the rest face down."
  std::size_t i = 0;
  for (int k = 0; k < r_.hand; ++k)
    for (int p = 1; p <= r_.players; ++p) {
      const Seat s = left(dealer_, p);
      hands_[s].push_back({deck[i++], bit(s), false});
    }
  for (; i < deck.size(); ++i) stock_.push_back({deck[i], 0, false});
  for (Seat s = 0; s < r_.players; ++s) sort_hand(s);
  dealt_ = true;
  ev_ = Event{};
  ev_.kind = Event::kDeal, ev_.actor = dealer_;
  scene_.dealt.record(hands_, r_.players, kit::card_of);
  // "The game is started by the first person to initiate a discard pile by
  // playing a card face down to the table and declaring it to be a three":
  // offered to each in turn from the dealer's left.
  offer_ = kThree;
  declined_ = 0;
  phase_ = Phase::kStart;
  turn_ = left(dealer_);
  taken_back_ = 0;
}

void PaskahousuState::set_position(const std::vector<std::vector<Card>>& hands,
                                   const std::vector<Card>& stock, Seat turn, Rank top) {
  for (Seat s = 0; s < r_.players; ++s) {
    hands_[s].clear();
    for (Card c : hands[s]) hands_[s].push_back({c, bit(s), false});
  }
  stock_.clear();
  for (Card c : stock) stock_.push_back({c, 0, false});
  pile_.clear(), last_.clear(), building_.clear(), removed_.clear(), claims_.clear();
  turned_.clear();
  dealt_ = true;
  offer_ = kNoRank;
  top_ = top;
  fresh_ = Fresh::kNone;
  out_ = 0;
  begin_turn(turn);
}

void PaskahousuState::sort_hand(Seat s) {
  std::sort(hands_[s].begin(), hands_[s].end(),
            [](const kit::Held& a, const kit::Held& b) { return a.card < b.card; });
}

void PaskahousuState::take_up(kit::Cards& from, Seat taker) {
  kit::Cards& h = hands_[taker];
  const std::size_t first = h.size();
  kit::take_all(from, h, taker);
  for (std::size_t i = first; i < h.size(); ++i)
    for (Seat v = 0; v < r_.players; ++v)
      if (v != taker && h[i].seen_by(v)) ++belief_[v][taker][h[i].card.rank()];
  sort_hand(taker);
}

void PaskahousuState::order_hands(Seat seat) {
  for (Seat h = 0; h < r_.players; ++h) {
    if (h == seat) continue;
    // What each seat knew of the caller's hand rides on its places in a window.
    const bool marks = phase_ == Phase::kWindow && h == claimer_;
    kit::order_hand(hands_[h], marks ? std::span<SeatMask>(knew_hand_.begin(), knew_hand_.size())
                                     : std::span<SeatMask>());
  }
}

void PaskahousuState::reduce_memories(Seat seat) {
  for (Seat v = 0; v < r_.players; ++v) {
    if (v == seat) continue;
    for (Seat h = 0; h < r_.players; ++h) {
      belief_[v][h].fill(0);
      if (h == v) continue;
      for (const kit::Held& c : hands_[h])
        if (c.seen_by(v)) ++belief_[v][h][c.card.rank()];
    }
    if (phase_ != Phase::kWindow || claim_blind_) continue;
    if (v == claimer_) {  // its own cards, as they are in the sample
      int own = 0;
      for (const kit::Cards* place : {&hands_[v], &last_})
        for (const kit::Held& c : *place) own += c.card.rank() == claim_rank_;
      knew_[v] = own;
      continue;
    }
    // What it knew of the caller's cards before the call, by the marks it
    // had on them, with the cards they are now.
    int knew = 0;
    const kit::Cards& hand = hands_[claimer_];
    for (std::size_t i = 0; i < hand.size() && i < knew_hand_.size(); ++i)
      knew += (knew_hand_[i] >> v & 1) && hand[i].card.rank() == claim_rank_;
    for (std::size_t i = 0; i < last_.size() && i < knew_last_.size(); ++i)
      knew += (knew_last_[i] >> v & 1) && last_[i].card.rank() == claim_rank_;
    knew_[v] = believed_claim_[v] = knew;
  }
}

void PaskahousuState::begin_turn(Seat p) {
  turn_ = p;
  taken_back_ = 0;
  phase_ = offer_ != kNoRank ? Phase::kStart : Phase::kPlay;
}

int PaskahousuState::in_play_count() const {
  return r_.players - std::popcount(out_);
}

Seat PaskahousuState::next_in_play(Seat s) const {
  for (int k = 1; k <= r_.players; ++k)
    if (in_play(left(s, k))) return left(s, k);
  return s;
}

// ---- Whose move and what is legal ---------------------------------------------------

Seat PaskahousuState::to_move() const {
  switch (phase_) {
    case Phase::kDeal:
      return kChance;
    case Phase::kOver:
      return kTerminal;
    case Phase::kWindow:
      return Actors::to_move_of(open_);
    case Phase::kStart:
    case Phase::kPlay:
      return turn_;
  }
  return kTerminal;
}

// Any player still in play may challenge a play before it is covered (our
// reading; rules.md), or only the next (option `challengers`).
Actors PaskahousuState::actors() const {
  return phase_ == Phase::kWindow ? Actors::window(open_, Move::pass().encode())
                                  : Actors::turn(to_move());
}

bool PaskahousuState::may_call(Rank r) const {
  // The start: "declaring it to be a three ... If nobody does so, make it a Four".
  if (phase_ == Phase::kStart) return r == offer_;
  // "declaring them to be any rank equal to or higher than the last rank
  // announced", with the special rules (may_follow); "start a new pile by
  // playing and calling any card".
  return may_follow(top_, r);
}

void PaskahousuState::legal_actions(Seat seat, std::vector<Action>& out) const {
  out.clear();
  if (phase_ == Phase::kWindow) {
    assert(open_ >> seat & 1);
    out.push_back(Move::challenge().encode());
    out.push_back(Move::pass().encode());
    return;
  }
  assert((phase_ == Phase::kPlay || phase_ == Phase::kStart) && seat == turn_);
  // "Each in turn plays one or more cards face down": a card at a time.
  if (!single_card() || building_.empty())
    for (const kit::Held& c : hands_[seat]) out.push_back(Move::put(c.card).encode());
  if (taken_back_ < kMaxTakeBacks)
    for (const kit::Held& c : building_) out.push_back(Move::take_back(c.card).encode());
  if (!building_.empty()) {
    for (Rank r : kCallOrder)
      if (may_call(r)) out.push_back(Move::call(r).encode());
    return;
  }
  // "Instead of playing from your hand to the table, you may draw the top card
  // of stock, so long as any remain, and either add it to your hand, thus
  // ending your turn, or play it face down to the table (without first
  // looking at its face) and claim it to be any legal rank. You may even do
  // this at the start of the game and claim it to be a Three."
  if (!stock_.empty()) {
    for (Rank r : kCallOrder)
      if (may_call(r)) out.push_back(Move::blind(r).encode());
    // Keeping the card starts no pile: not at the start, nor when a new pile
    // is due after a clearing (our reading).
    if (phase_ == Phase::kPlay && fresh_ != Fresh::kRestart) out.push_back(Move::keep().encode());
  }
  // Each may let the offer to start go by, but somebody must start: the first
  // offered Aces may not (our reading of "and so on").
  if (phase_ == Phase::kStart && offer_ != kAce) out.push_back(Move::decline().encode());
}

// ---- Doing moves -------------------------------------------------------------------------

void PaskahousuState::apply(Seat seat, Action a) {
  const Move m = *Move::decode(a);
  ++actions_;
  ev_ = Event{};
  ev_.actor = seat;
  if (m.kind != Move::kChallenge && m.kind != Move::kPass) turned_.clear();
  switch (m.kind) {
    case Move::kPut: {
      // Issue 35 (F2): the others see a card go, not which, even one they
      // knew was there.
      if (building_.empty() && taken_back_ == 0) kit::begin_play(hands_[seat]);
      kit::pick(hands_[seat], m.card, building_, seat);
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
      ++taken_back_;
      ev_.kind = Event::kTakeBack, ev_.card = m.card;
      ev_.alike = kit::alike(building_, m.card);
      return;
    }
    case Move::kCall:
      return call(seat, m.rank, false);
    case Move::kBlind:
      return call(seat, m.rank, true);
    case Move::kKeep: {
      kit::Held c = stock_.back();
      stock_.pop_back();
      c.known = bit(seat);
      ev_.kind = Event::kKeep, ev_.card = c.card;
      kit::Cards& h = hands_[seat];
      h.insert(
          std::find_if(h.begin(), h.end(), [&](const kit::Held& x) { return c.card < x.card; }), c);
      ++turns_;
      // Only a call right after a new pile's start can make the next pick up.
      if (fresh_ == Fresh::kNext) fresh_ = Fresh::kNone;
      if (end_turn(seat)) return;
      return begin_turn(next_in_play(seat));
    }
    case Move::kDecline: {
      ev_.kind = Event::kDecline, ev_.rank = offer_;
      if (++declined_ == r_.players) {
        declined_ = 0;
        offer_ = next_offer(offer_);
        ev_.next_offer = offer_;
        return begin_turn(left(dealer_));
      }
      return begin_turn(left(seat));
    }
    case Move::kChallenge:
      return challenge(seat);
    case Move::kPass:
      ev_.kind = Event::kPass;
      open_ &= ~bit(seat);
      if (!open_) close_window();
      return;
  }
}

void PaskahousuState::call(Seat seat, Rank rank, bool blind) {
  knew_.fill(0);
  if (blind) {
    // "without first looking at its face": known to nobody.
    kit::Held c = stock_.back();
    stock_.pop_back();
    c.known = 0;
    last_.push_back(c);
    believed_claim_.fill(0);
  } else {
    // What each seat knew of the caller's cards before the play began.
    for (Seat v = 0; v < r_.players; ++v)
      for (const kit::Cards* place : {&hands_[seat], &building_})
        for (const kit::Held& c : *place)
          knew_[v] += (v == seat || (c.knew >> v & 1)) && c.card.rank() == rank;
    // The play goes face down, known to the caller alone (pick()); what
    // each seat knew of the cards before the play is kept with their places.
    knew_last_.clear();
    for (kit::Held& c : building_) knew_last_.push_back(c.knew), last_.push_back(c);
    building_.clear();
    knew_hand_.clear();
    for (const kit::Held& c : hands_[seat]) knew_hand_.push_back(c.knew);
    // Their memories take the call as true.
    const int left = static_cast<int>(hands_[seat].size());
    for (Seat v = 0; v < r_.players; ++v) {
      if (v == seat) continue;
      RankCounts& b = belief_[v][seat];
      belief_before_[v] = b;
      believed_claim_[v] = std::max<int>(knew_[v], b[rank]);
      b[rank] = static_cast<std::uint8_t>(b[rank] -
                                          std::min<int>(b[rank], static_cast<int>(last_.size())));
      for (int total = 0;;) {  // no more believed than held
        total = 0;
        for (int x : b) total += x;
        if (total <= left) break;
        --*std::max_element(b.begin(), b.end());
      }
    }
  }
  claimer_ = seat, claim_rank_ = rank, claim_blind_ = blind, claim_previous_ = top_;
  offer_ = kNoRank;  // the game has started, if it had not
  ++turns_;
  ev_.kind = Event::kCall, ev_.rank = rank, ev_.count = static_cast<int>(last_.size()),
  ev_.blind = blind;
  phase_ = Phase::kWindow;
  // The last card of the stock drawn: whoever has no cards leaves play.
  if (blind && stock_.empty()) {
    leave_play(seat);
    if (in_play_count() <= 1) return end(out_ ^ ((SeatMask{1} << r_.players) - 1));
  }
  // "Whenever somebody makes such a play, and before their cards are covered
  // by the next player, they may be challenged".
  open_ = 0;
  if (r_.challengers == Challengers::kNext) {
    open_ = bit(next_in_play(seat));
  } else {
    for (Seat s = 0; s < r_.players; ++s)
      if (s != seat && in_play(s)) open_ |= bit(s);
  }
}

void PaskahousuState::challenge(Seat seat) {
  // "they may be challenged to prove the truthfulness of the call by turning
  // the card or cards in question face up. If they conform to the call, the
  // challenger must add the whole discard pile to his hand, leaving an empty
  // table. If not, the challenged player must do likewise."
  bool truthful = true;
  for (const kit::Held& c : last_) truthful &= c.card.rank() == claim_rank_;
  ev_.kind = Event::kChallenge, ev_.other = claimer_, ev_.truthful = truthful,
  ev_.rank = claim_rank_, ev_.blind = claim_blind_;
  for (kit::Held& c : last_) c.face_up = true, ev_.shown.push_back(c.card);
  turned_.set(last_, claimer_, seat, truthful);
  // Turned up, a play from the hand shows what left it: the rest is known as
  // it was before.
  if (!claim_blind_) {
    for (std::size_t i = 0; i < hands_[claimer_].size(); ++i)
      hands_[claimer_][i].knew = knew_hand_[i];
    for (std::size_t i = 0; i < last_.size(); ++i) last_[i].knew = knew_last_[i];
    kit::recall(hands_[claimer_], last_, claimer_);
    for (Seat v = 0; v < r_.players; ++v) {
      if (v == claimer_) continue;
      RankCounts& b = belief_[v][claimer_];
      b = belief_before_[v];
      for (const kit::Held& c : last_)
        if (b[c.card.rank()]) --b[c.card.rank()];
    }
  }
  const Seat taker = truthful ? seat : claimer_;
  ev_.taker = taker, ev_.taken = static_cast<int>(pile_.size() + last_.size());
  take_up(pile_, taker);
  take_up(last_, taker);
  claims_.clear();
  top_ = kNoRank;
  fresh_ = Fresh::kNone;
  open_ = 0;
  if (end_turn(claimer_)) return;
  // "In either case, the turn then passes to the left of the challenged player."
  begin_turn(next_in_play(claimer_));
}

// Nobody challenged: the play is covered.
void PaskahousuState::close_window() {
  ev_.kind = Event::kCovered, ev_.other = claimer_, ev_.rank = claim_rank_;
  for (const kit::Held& c : last_) pile_.push_back(c);
  claims_.push_back({claimer_, claim_rank_, static_cast<std::uint8_t>(last_.size()), claim_blind_});
  last_.clear();
  top_ = claim_rank_;
  // "If the next player then calls a Ten or an Ace, the player after that
  // must add it to their hand, leaving the next in turn to start a new pile."
  if (fresh_ == Fresh::kNext && (claim_rank_ == kTen || claim_rank_ == kAce)) {
    const Seat picker = next_in_play(claimer_);
    ev_.picker = picker, ev_.picked = static_cast<int>(pile_.size());
    take_up(pile_, picker);
    claims_.clear();
    top_ = kNoRank;
    fresh_ = Fresh::kNone;
    if (end_turn(claimer_)) return;
    return begin_turn(next_in_play(picker));
  }
  // "Upon calling a Ten (after any lower rank) or an Ace (after a Jack, Queen
  // or King), and not being challenged, you remove the discard pile from play,
  // face down, leaving an empty space. You then start a new pile by playing and
  // calling any card from your hand."
  if (clears(claim_previous_, claim_rank_)) {
    ev_.cleared = static_cast<int>(pile_.size());
    for (const kit::Held& c : pile_) removed_.push_back(c);
    pile_.clear();
    claims_.clear();
    top_ = kNoRank;
    fresh_ = Fresh::kNone;
    if (end_turn(claimer_)) return;
    // A clearer with no cards left and no stock is out: the next starts the pile.
    if (!in_play(claimer_)) return begin_turn(next_in_play(claimer_));
    fresh_ = Fresh::kRestart;
    ev_.restarts = true;
    return begin_turn(claimer_);
  }
  fresh_ = fresh_ == Fresh::kRestart ? Fresh::kNext : Fresh::kNone;
  if (end_turn(claimer_)) return;
  // "Play then proceeds from the left of the starter", and so on round.
  begin_turn(next_in_play(claimer_));
}

bool PaskahousuState::end_turn(Seat player) {
  // Option `refill` (pagat, by Wikipedia): "If a player has fewer than five
  // cards in his hand, he must take cards from the stock so that he has five".
  if (r_.refill)
    while (static_cast<int>(hands_[player].size()) < r_.hand && !stock_.empty()) {
      kit::Held c = stock_.back();
      stock_.pop_back();
      c.known = bit(player);
      hands_[player].push_back(c);
      ++ev_.refilled;
    }
  if (ev_.refilled) sort_hand(player);
  leave_play(kNobody);
  // "The last player left with any cards in hand is designated 'Shitpants'".
  if (in_play_count() <= 1) {
    end(out_ ^ ((SeatMask{1} << r_.players) - 1));
    return true;
  }
  // Our reading: a game too long is stopped; whoever holds most is the loser.
  if (turns_ >= r_.max_turns) {
    std::size_t most = 0;
    for (Seat s = 0; s < r_.players; ++s)
      if (in_play(s)) most = std::max(most, hands_[s].size());
    SeatMask losers = 0;
    for (Seat s = 0; s < r_.players; ++s)
      if (in_play(s) && hands_[s].size() == most) losers |= bit(s);
    capped_ = true;
    end(losers);
    return true;
  }
  return false;
}

void PaskahousuState::leave_play(Seat pending) {
  // Our reading: a player leaves play with no cards in hand once the stock is
  // gone; while it lasts, a player without cards draws on their turn.
  if (!stock_.empty()) return;
  for (Seat s = 0; s < r_.players; ++s)
    if (s != pending && in_play(s) && hands_[s].empty()) out_ |= bit(s), ev_.left |= bit(s);
}

void PaskahousuState::end(SeatMask losers) {
  losers_ = losers;
  open_ = 0;
  phase_ = Phase::kOver;
  ev_.over = true, scene_.ending = ending();
}

// ---- The end -------------------------------------------------------------------------

Outcome PaskahousuState::outcome() const {
  return outcome_of(r_, ending());
}

Outcome PaskahousuState::outcome_of(const Rules& r, const Ending& e) {
  Outcome o;
  o.kind = OutcomeKind::kLoser;
  for (Seat s = 0; s < r.players; ++s) o.scores.push_back(e.losers >> s & 1 ? -1.0 : 0.0);
  o.places.resize(r.players);
  rank_places(r.players, o.scores, o.places);
  const bool several = std::popcount(e.losers) > 1;
  if (e.capped) o.cap = r.max_turns, o.cap_unit = "turns";
  if (e.capped)
    o.summary = "After " + std::to_string(e.turns) +
                " turns, the game's cap, it is stopped: " + seat_names(e.losers) +
                (several ? ", holding the most cards, share the name of "
                         : ", holding the most cards, is ") +
                "Paskahousu.";
  else
    o.summary = seat_names(e.losers) + " is the last with cards in hand: Paskahousu.";
  return o;
}

void PaskahousuState::all_cards(std::vector<Card>& out) const {
  out.clear();
  if (!dealt_) {
    out = standard_deck();
    return;
  }
  for (Seat s = 0; s < r_.players; ++s)
    for (const kit::Held& c : hands_[s]) out.push_back(c.card);
  for (const kit::Cards* place : {&stock_, &pile_, &last_, &building_, &removed_})
    for (const kit::Held& c : *place) out.push_back(c.card);
}

}  // namespace parlour::paskahousu
