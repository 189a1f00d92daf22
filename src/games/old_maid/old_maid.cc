// Old Maid: the rules in play. Sources are cited where each rule is applied;
// rules.md gives them in full.
#include "games/old_maid/old_maid.h"

#include <algorithm>
#include <bit>
#include <cassert>

#include "core/deck.h"
#include "games/old_maid/state.h"

namespace parlour::old_maid {

// ---- Rules and moves -------------------------------------------------------

namespace {
// Move::encode's code of every move within a fan, by fan and from * 32 + to,
// and back (0xFFFF: no such move), worked out when compiling: an offer lists
// up to 156 moves and every step decodes one, and encode divides for each
// spare code, which cost Old Maid's steps 5 to 10%. Move::decode is the
// table read backwards, so it cannot disagree with encode.
struct ArrangeCodes {
  std::array<std::uint16_t, 32 * 32> code{};
  std::array<std::uint16_t, 64 + 32 * 32> move{};
};
constexpr std::array<ArrangeCodes, kMaxFan + 1> arrange_codes() {
  std::array<ArrangeCodes, kMaxFan + 1> out{};
  for (int fan = 0; fan <= kMaxFan; ++fan) {
    ArrangeCodes& t = out[static_cast<std::size_t>(fan)];
    t.move.fill(0xFFFF);
    for (int from = 0; from < fan; ++from)
      for (int to = 0; to < fan; ++to) {
        if (from == to) continue;
        const Action c = Move{Move::kArrange, from, to}.encode(fan);
        t.code[static_cast<std::size_t>(from * 32 + to)] = static_cast<std::uint16_t>(c);
        t.move[c] = static_cast<std::uint16_t>(from * 32 + to);
      }
  }
  return out;
}
constexpr std::array<ArrangeCodes, kMaxFan + 1> kArrangeCodes = arrange_codes();
}  // namespace

std::optional<Move> Move::decode(Action a, int fan) {
  if (a == 0) return Move{kOffer};
  if (a == 1) return Move{kShuffle};
  if (a == 2) return Move{kLook};
  if (fan < 0 || fan > kMaxFan) return std::nullopt;
  if (a >= 32 && a < 32 + static_cast<Action>(fan)) return Move{kDraw, static_cast<int>(a - 32)};
  const auto& moves = kArrangeCodes[static_cast<std::size_t>(fan)].move;
  if (a >= moves.size() || moves[a] == 0xFFFF) return std::nullopt;
  return Move{kArrange, moves[a] / 32, moves[a] % 32};
}

std::vector<Card> Rules::deck() const {
  if (odd == Odd::kPicture) {
    // Two picture packs would hold two Old Maids, which would pair: keep one.
    std::vector<Card> d = parlour::packs(picture_deck(), packs);
    for (int i = 1; i < packs; ++i) remove_one(d, Card::picture(kLoneCharacter));
    return d;
  }
  std::vector<Card> d = parlour::packs(standard_deck(), packs);
  // "a regular 52-card deck with one of the queens removed" (seed 001);
  // "one black Jack is removed" (seed 004, Vieux Garçon and Schwarzer Peter).
  if (odd == Odd::kQueen) remove_one(d, Card::standard(kQueen, removed));
  if (odd == Odd::kJack) remove_one(d, Card::standard(kJack, removed));
  return odd == Odd::kJoker ? with_jokers(std::move(d), 1) : d;
}

OutcomeKind Rules::outcome_kind() const {
  // One hand scored only by who is left with the odd card has a loser and no
  // winner; the order of going out ranks; anything else is points.
  if (scoring == Scoring::kFinishingOrder) return OutcomeKind::kRanking;
  return scoring == Scoring::kLoser && hands == 1 ? OutcomeKind::kLoser : OutcomeKind::kScores;
}

// ---- Setting up ---------------------------------------------------------------

OldMaidState::OldMaidState(const Rules& rules) : r_(rules) {
  // Seat steps by table: turn order is asked for at every draw.
  for (Seat s = 0; s < r_.players; ++s)
    next_[s] = static_cast<std::int8_t>(step(s, r_.dir)),
    prev_[s] = static_cast<std::int8_t>(step(s, -r_.dir));
  for (Card c : rules.deck()) deck_.push_back(c);
  // Seat 0 is the eldest hand, the first dealt to; the dealer of the first hand
  // sits before it in the order of play (the last seat when play goes left).
  dealer_ = step(0, -r_.dir);
  // "Remove the Q from the pack before shuffling" (seed 004): set aside, face up.
  if (r_.odd == Odd::kQueen) aside_.push_back(Card::standard(kQueen, r_.removed));
  if (r_.odd == Odd::kJack) aside_.push_back(Card::standard(kJack, r_.removed));
  aside_up_ = static_cast<int>(aside_.size());
}

void OldMaidState::sort_canonical(Fan& f) const {
  std::sort(f.cards.begin(), f.cards.end(), [&](Card a, Card b) {
    int ca = r_.pair_class(a), cb = r_.pair_class(b);
    return ca != cb ? ca < cb : a < b;
  });
  std::fill(f.known.begin(), f.known.end(), 0);
}

void OldMaidState::deal(Rng& rng) {
  for (int s = 0; s < r_.players; ++s) fans_[s].clear(), pairs_[s].clear(), place_[s] = 0;
  next_place_ = 1;
  SmallVec<Card, 108> d = deck_;
  rng.shuffle(std::span<Card>(d.begin(), d.end()));
  while (static_cast<int>(aside_.size()) > aside_up_) aside_.pop_back();
  if (r_.odd == Odd::kRandom) {
    // Jiji-nuki: one card is set aside unseen, so the odd card is unknown.
    aside_.push_back(d.back());
    d.pop_back();
  }
  // Equal hands: the cards that would not go round evenly are set aside unseen.
  while (static_cast<int>(d.size()) > r_.dealt(static_cast<int>(d.size()))) {
    aside_.push_back(d.back());
    d.pop_back();
  }
  dealt_ = true;
  // "Deal the remainder round as far as they will go" (seed 004), one at a
  // time from the eldest hand; a card that matches one already held pairs off
  // at once, so three of a kind keep one back and four make two pairs (seed 001).
  std::array<std::uint32_t, kMaxPlayers> held{};
  Seat s = r_.first_dealt(dealer_);
  for (Card c : d) {
    Fan& f = fans_[s];
    const std::uint32_t bit = 1u << r_.pair_class(c);
    if (held[s] & bit) {
      auto it = std::find_if(f.cards.begin(), f.cards.end(),
                             [&](Card x) { return r_.pair_class(x) == r_.pair_class(c); });
      int i = static_cast<int>(it - f.cards.begin());
      pairs_[s].push_back(f.cards[i]);
      pairs_[s].push_back(c);
      f.erase(i);
    } else {
      f.push(c, 0);
    }
    held[s] ^= bit;
    s = next_[s];
  }
  if (hand_ == 1) {
    // The odd classes are those with an odd number of cards dealt: the parity
    // of every hand's classes taken together.
    std::uint32_t odd = 0;
    for (Seat p = 0; p < r_.players; ++p) odd ^= held[p];
    for (Seat p = 0; p < r_.players; ++p)
      odd_seats_ |= static_cast<std::uint32_t>((held[p] & odd) != 0) << p;
  }
  // "If, at this point or any later time in the game, a player manages to get
  // rid of all their cards by pairing, they drop out of play and are safe" (seed 004).
  int out_now = 0;
  for (Seat p = 0; p < r_.players; ++p)
    if (fans_[p].cards.empty()) place_[p] = next_place_, ++out_now;
  next_place_ += out_now;
  ev_ = Event(Event::kDeal);
  ev_.actor = dealer_, ev_.hand = hand_;
  scene_.aside.clear(), scene_.laid.clear(), scene_.kept.clear();
  for (Card c : aside_) scene_.aside.push_back(c);
  scene_.aside_up = aside_up_;
  for (Seat p = 0; p < r_.players; ++p) scene_.laid.add(pairs_[p]), scene_.kept.add(fans_[p].cards);
  count_in_play();
  if (pairable_ == 0) return end_hand();
  // "starting with the player on the dealer's left" (seeds 001, 004), or "the
  // dealer then begins play" (seed 002).
  // If that player is already out, the next player in the order of play offers.
  const Seat first = r_.dealer_first ? dealer_ : step(dealer_, r_.dir);
  const Seat offerer = active(first) ? first : next_active(first);
  begin_offer(offerer, next_active(offerer));
}

void OldMaidState::set_position(const std::vector<std::vector<Card>>& hands, Seat offerer,
                                Seat drawer) {
  for (Seat s = 0; s < r_.players; ++s) {
    fans_[s].clear();
    pairs_[s].clear();
    for (Card c : s < static_cast<Seat>(hands.size()) ? hands[s] : std::vector<Card>{})
      fans_[s].push(c, 0);
    place_[s] = fans_[s].cards.empty() ? 1 : 0;
  }
  next_place_ = 1 + static_cast<int>(std::count(place_.begin(), place_.begin() + r_.players, 1));
  dealt_ = true;
  count_in_play();
  begin_offer(offerer, drawer);
}

void OldMaidState::count_in_play() {
  in_play_.fill(0);
  for (Seat s = 0; s < r_.players; ++s)
    for (Card c : fans_[s].cards) ++in_play_[r_.pair_class(c)];
  pairable_ = static_cast<int>(
      std::count_if(in_play_.begin(), in_play_.end(), [](int n) { return n >= 2; }));
}

// ---- Turn order ----------------------------------------------------------------

Seat OldMaidState::next_active(Seat from) const {
  Seat s = from;
  for (int i = 1; i <= r_.players; ++i)
    if (active(s = next_[s])) return s;
  return from;
}

Seat OldMaidState::prev_active(Seat from) const {
  Seat s = from;
  for (int i = 1; i <= r_.players; ++i)
    if (active(s = prev_[s])) return s;
  return from;
}

void OldMaidState::start_turn(Seat drawer) {
  // The drawer draws from the nearest player on the offering side who still
  // holds cards: a player who went out is passed over (seeds 002, 004).
  begin_offer(prev_active(drawer), drawer);
}

void OldMaidState::begin_offer(Seat offerer, Seat drawer) {
  offerer_ = offerer, drawer_ = drawer;
  moves_ = 0, shuffled_ = looked_ = false;
  phase_ = Phase::kOffer;
}

// ---- Whose move and what is legal ----------------------------------------------

Seat OldMaidState::to_move() const {
  switch (phase_) {
    case Phase::kOffer:
      return offerer_;
    case Phase::kDraw:
      return drawer_;
    case Phase::kOver:
      return kTerminal;
    default:
      return kChance;
  }
}

// In this order, which the blind bot relies on: a draw's actions are the
// positions 0..n-1; an offer's are offer, then shuffle or look if allowed,
// then every move of a card from one position to another.
void OldMaidState::legal_actions(Seat seat, std::vector<Action>& out) const {
  out.clear();
  assert(seat == to_move());
  (void)seat;
  const int fan = r_.classes();
  if (phase_ == Phase::kDraw) {
    for (int j = 0; j < fans_[offerer_].size(); ++j)
      out.push_back(Move{Move::kDraw, j}.encode(fan));
    return;
  }
  assert(phase_ == Phase::kOffer);
  // "the offering player may rearrange or shuffle the face-down fan first":
  // at most one shuffle and one look per offer, and n - 1 moves, which reach
  // any order, so an offer always ends.
  const Fan& f = fans_[offerer_];
  out.push_back(Move{Move::kOffer}.encode(fan));
  if (f.size() < 2) return;
  if (!f.shuffled && !shuffled_) out.push_back(Move{Move::kShuffle}.encode(fan));
  if (f.shuffled && !looked_) out.push_back(Move{Move::kLook}.encode(fan));
  if (f.shuffled || moves_ >= f.size() - 1) return;
  const ArrangeCodes& codes = kArrangeCodes[static_cast<std::size_t>(fan)];
  for (int i = 0; i < f.size(); ++i)
    for (int j = 0; j < f.size(); ++j)
      if (i != j) out.push_back(codes.code[static_cast<std::size_t>(i * 32 + j)]);
}

// ---- Doing moves -------------------------------------------------------------------

void OldMaidState::apply(Seat seat, Action a) {
  const Move m = *Move::decode(a, r_.classes());
  ++actions_;
  ev_ = Event{};
  ev_.actor = seat;
  Fan& f = fans_[offerer_];
  switch (m.kind) {
    case Move::kOffer:
      ev_.kind = Event::kOffer, ev_.other = drawer_, ev_.fan_size = f.size();
      phase_ = Phase::kDraw;
      return;
    case Move::kShuffle:
      ev_.kind = Event::kShuffle;
      f.shuffled = true, shuffled_ = true;
      sort_canonical(f);
      return;
    case Move::kLook:
      looked_ = true;  // narrated when chance has spread the fan
      phase_ = Phase::kLook;
      return;
    case Move::kArrange: {
      ev_.kind = Event::kArrange, ev_.from = m.from, ev_.to = m.to, ev_.card = f.cards[m.from];
      // Others see a card move within the fan, so what they know moves with it.
      Card c = f.cards[m.from];
      std::uint16_t k = f.known[m.from];
      f.erase(m.from);
      f.insert(m.to, c, k);
      ++moves_;
      return;
    }
    case Move::kDraw:
      if (f.shuffled) {
        // Nobody knows the order of a shuffled fan: which card sits at the
        // chosen position is chance's to say.
        pending_ = m.from;
        phase_ = Phase::kReveal;
        return;
      }
      take(m.from);
      return;
  }
}

void OldMaidState::apply_chance(Rng& rng) {
  switch (phase_) {
    case Phase::kDeal:
      deal(rng);
      return;
    case Phase::kReveal: {
      int k = static_cast<int>(rng.below(static_cast<std::uint32_t>(fans_[offerer_].size())));
      int pos = pending_;
      take(k);
      ev_.from = pos;  // the position the drawer chose, for the story
      return;
    }
    case Phase::kLook: {
      Fan& f = fans_[offerer_];
      rng.shuffle(std::span<Card>(f.cards.begin(), f.cards.end()));
      f.shuffled = false;
      phase_ = Phase::kOffer;
      ev_ = Event(Event::kLook);
      ev_.actor = offerer_;
      scene_.fan = f.cards;
      return;
    }
    case Phase::kCut: {
      // Scabby Queen: the loser cuts the pack; the card cut is the number of raps.
      Card c = deck_[rng.below(static_cast<std::uint32_t>(deck_.size()))];
      int raps = c.is_standard() ? std::min<int>(c.rank(), 10) : 10;
      for (Seat s = 0; s < r_.players; ++s)
        if (last_losers_ >> s & 1) raps_[s] += raps;
      ev_ = Event(Event::kCut);
      ev_.actor = last_loser_, ev_.card = c, ev_.raps = raps;
      return next_hand_or_over();
    }
    default:
      assert(false && "not a chance node");
  }
}

void OldMaidState::take(int pos) {
  const Seat o = offerer_, d = drawer_;
  Fan& from = fans_[o];
  Fan& to = fans_[d];
  const Card c = from.cards[pos];
  ev_ = Event(Event::kDrawn);
  ev_.actor = d, ev_.other = o, ev_.from = pos, ev_.fan_size = from.size(), ev_.card = c,
  ev_.hand = hand_;
  from.erase(pos);
  // "If this card makes a pair with any other card in her hand, she discards
  // that pair" (seed 002).
  const int cls = r_.pair_class(c);
  auto it = std::find_if(to.cards.begin(), to.cards.end(),
                         [&](Card x) { return r_.pair_class(x) == cls; });
  if (it != to.cards.end()) {
    const int i = static_cast<int>(it - to.cards.begin());
    ev_.paired = true, ev_.partner = to.cards[i];
    pairs_[d].push_back(to.cards[i]);
    pairs_[d].push_back(c);
    to.erase(i);
  } else if (to.shuffled) {
    // A shuffled fan is kept in canonical order: the new card goes in its place.
    int i = 0;
    while (i < to.size() && (r_.pair_class(to.cards[i]) < cls ||
                             (r_.pair_class(to.cards[i]) == cls && to.cards[i] < c)))
      ++i;
    to.insert(i, c, 0);
  } else {
    // The new card goes to the right end of the fan; the giver saw it go there.
    to.push(c, static_cast<std::uint16_t>(1u << o));
  }
  // "You are safe and out of the game once you have discarded all of the cards
  // in your hand" (seed 002); giving away the last card does the same.
  // Two players out on one draw share their place, as those out in the deal do.
  ev_.other_out = from.cards.empty(), ev_.actor_out = to.cards.empty();
  if (ev_.other_out) place_[o] = next_place_;
  if (ev_.actor_out) place_[d] = next_place_;
  next_place_ += ev_.other_out + ev_.actor_out;
  if (ev_.paired && (in_play_[cls] -= 2) < 2) --pairable_;
  // The hand ends when no pair can be made any more. With one odd card that is
  // when one player is left holding it (seed 002); with spare cards set aside,
  // several unmatched cards may be left, and every player holding one loses.
  if (pairable_ == 0) return end_hand();
  // Bolton's variation (seed 001): a match lets the drawer draw again from the same player.
  if (r_.keep_drawing && ev_.paired && active(o) && active(d)) return begin_offer(o, d);
  start_turn(next_active(d));
}

// ---- End of a hand and of the game ------------------------------------------------

void OldMaidState::end_hand() {
  // "Play continues until only one player is left holding the Old Maid card"
  // (seed 002): whoever still holds cards loses, sharing the last place.
  // With spare cards set aside every card may pair off: then nobody loses.
  std::uint32_t losers = 0;
  for (Seat s = 0; s < r_.players; ++s)
    if (place_[s] == 0) losers |= 1u << s;
  const Seat loser = losers ? std::countr_zero(losers) : -1;
  for (Seat s = 0; s < r_.players; ++s)
    if (losers >> s & 1) place_[s] = next_place_, ++lost_[s];
  last_loser_ = loser, last_losers_ = losers;
  ev_.hand_over = true, ev_.loser = loser, ev_.losers = losers;
  for (Seat s = 0; s < r_.players; ++s) {
    const bool lost = losers >> s & 1;
    double points = 0;
    switch (r_.scoring) {
      case Scoring::kLoser:
        points = -static_cast<double>(lost);
        break;
      // "the player with the most pairs who doesn't have the Old Maid" (seed 001).
      case Scoring::kMostPairs:
        points = lost ? 0 : static_cast<int>(pairs_[s].size() / 2);
        break;
      // "the person who has avoided the old maid the most in multiple rounds" (seed 001).
      case Scoring::kHandsAvoided:
        points = !lost;
        break;
      // Babanuki ranks players in the order they go out: first out scores players - 1.
      case Scoring::kFinishingOrder:
        points = r_.players - place_[s];
        break;
    }
    hand_points_[s] = points;
    score_[s] += points;
  }
  hands_done_ = hand_;
  scene_.holding.clear();
  for (Seat s = 0; s < r_.players; ++s) scene_.holding.add(fans_[s].cards);
  scene_.marks = lost_, scene_.scores = score_;
  if (r_.penalty == Penalty::kRaps && losers) {
    phase_ = Phase::kCut;
    return;
  }
  next_hand_or_over();
}

void OldMaidState::next_hand_or_over() {
  if (hand_ >= r_.hands) {
    phase_ = Phase::kOver;
    return;
  }
  ++hand_;
  dealer_ = step(dealer_, r_.dir);  // the deal passes to the left (or right, with play)
  phase_ = Phase::kDeal;
}

Outcome OldMaidState::outcome() const {
  Outcome o;
  o.kind = r_.outcome_kind();
  for (Seat s = 0; s < r_.players; ++s) o.scores.push_back(score_[s]);
  o.places.resize(r_.players);
  rank_places(r_.players, o.scores, o.places);
  // In a single hand whoever is left holding cards is last, however it scored.
  for (Seat s = 0; s < r_.players; ++s)
    if (r_.hands == 1 && (last_losers_ >> s & 1)) o.places[s] = r_.players;
  const std::string title(title_name(r_.title));
  std::uint32_t first = 0;
  for (Seat s = 0; s < r_.players; ++s) first |= static_cast<std::uint32_t>(o.places[s] == 1) << s;
  const std::string losers = seat_names(last_losers_), winners = seat_names(first);
  const bool several = std::popcount(last_losers_) > 1, shared = std::popcount(first) > 1;
  if (r_.hands == 1) {
    if (r_.scoring == Scoring::kMostPairs || r_.scoring == Scoring::kFinishingOrder)
      o.summary = winners + (shared ? " share the win; " : " wins; ");
    o.summary += losers.empty() ? "Every card paired off: nobody is " + title
                                : losers + (several ? " share the fate of " : " is ") + title;
    if (r_.penalty == Penalty::kSoot) o.summary += ", with a soot mark on the face";
    if (r_.penalty == Penalty::kRaps)
      o.summary += ", and takes " + std::to_string(raps_[last_loser_]) + " raps on the knuckles";
    o.summary += ".";
  } else {
    o.summary = "After " + std::to_string(r_.hands) + " hands " + winners +
                (shared ? " share first place." : " wins.");
    std::string forfeits;
    for (Seat s = 0; s < r_.players; ++s) {
      const int n = r_.penalty == Penalty::kSoot ? lost_[s] : raps_[s];
      if (r_.penalty != Penalty::kNone && n)
        forfeits += (forfeits.empty() ? "" : ", ") + std::string("Seat ") + std::to_string(s) +
                    " " + std::to_string(n);
    }
    if (!forfeits.empty())
      o.summary +=
          (r_.penalty == Penalty::kSoot ? " Soot marks: " : " Raps taken: ") + forfeits + ".";
  }
  return o;
}

void OldMaidState::all_cards(std::vector<Card>& out) const {
  out.clear();
  for (Seat s = 0; s < r_.players; ++s) {
    out.insert(out.end(), fans_[s].cards.begin(), fans_[s].cards.end());
    out.insert(out.end(), pairs_[s].begin(), pairs_[s].end());
  }
  out.insert(out.end(), aside_.begin(), aside_.end());
  // Before the first deal the cards are all still in the pack.
  if (!dealt_) out.insert(out.end(), deck_.begin(), deck_.end());
}

}  // namespace parlour::old_maid
