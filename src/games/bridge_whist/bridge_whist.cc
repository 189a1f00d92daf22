// Bridge-Whist: the rules in play. Quotations are from seed 003; rules.md
// names the period laws (S1-S5) each other rule comes from.
#include "games/bridge_whist/bridge_whist.h"

#include <algorithm>
#include <bit>
#include <cassert>

#include "core/deck.h"
#include "games/bridge_whist/state.h"

namespace parlour::bridge_whist {

using kit::card_bit;
using kit::CardBits;

// ---- Honours ----------------------------------------------------------------------

int honours_points(Honours h, int unit) {
  switch (h) {
    case Honours::kNone:
      return 0;
    case Honours::kSimple:
      return 2 * unit;
    case Honours::kFour:
      return 4 * unit;
    case Honours::kFive:
      return 5 * unit;
    case Honours::kFourInOne:
      return 8 * unit;
    case Honours::kFourInOneAndOne:
      return 9 * unit;
    case Honours::kFiveInOne:
      return 10 * unit;
    case Honours::kThreeAces:
      return 30;
    case Honours::kFourAces:
      return 40;
    case Honours::kFourAcesInOne:
      return 100;
  }
  return 0;
}

std::string_view honours_words(Honours h) {
  switch (h) {
    case Honours::kNone:
      return "no honours";
    case Honours::kSimple:
      return "simple honours";
    case Honours::kFour:
      return "four honours";
    case Honours::kFive:
      return "five honours";
    case Honours::kFourInOne:
      return "four honours in one hand";
    case Honours::kFourInOneAndOne:
      return "four honours in one hand, the fifth in the partner's";
    case Honours::kFiveInOne:
      return "five honours in one hand";
    case Honours::kThreeAces:
      return "three aces";
    case Honours::kFourAces:
      return "four aces";
    case Honours::kFourAcesInOne:
      return "four aces in one hand";
  }
  return "";
}

namespace {

// The trump honours A K Q J 10 of `suit`, or at no trumps the four aces.
CardBits honour_cards(int strain) {
  CardBits b = 0;
  if (strain == kNoTrumps) {
    for (int s = 0; s < SUIT_NB; ++s) b |= card_bit(Card::standard(kAce, Suit(s)));
    return b;
  }
  for (Rank r : {kAce, kKing, kQueen, kJack, kTen}) b |= card_bit(Card::standard(r, Suit(strain)));
  return b;
}

}  // namespace

SheetDeal SheetDeal::of(const DealScore& d) {
  SheetDeal s;
  s.below = static_cast<std::int16_t>(d.below);
  s.honours_points = static_cast<std::int16_t>(d.honours_points);
  for (std::size_t k = 0; k < 2; ++k) {
    s.chicane[k] = static_cast<std::int16_t>(d.chicane[k]);
    s.above[k] = static_cast<std::int16_t>(d.above[k]);
    s.void_hands[k] = static_cast<std::uint8_t>(d.void_hands[k]);
    s.chicane_taken[k] = d.chicane_taken[k];
  }
  s.deal = static_cast<std::int8_t>(d.deal), s.strain = static_cast<std::int8_t>(d.strain);
  s.doubles = static_cast<std::int8_t>(d.doubles),
  s.odd_side = static_cast<std::int8_t>(d.odd_side);
  s.odd = static_cast<std::int8_t>(d.odd),
  s.honours_side = static_cast<std::int8_t>(d.honours_side);
  s.slam_side = static_cast<std::int8_t>(d.slam_side), s.slam = static_cast<std::int8_t>(d.slam);
  s.game_side = static_cast<std::int8_t>(d.game_side);
  s.rubber_side = static_cast<std::int8_t>(d.rubber_side);
  s.honours = d.honours;
  return s;
}

DealScore BridgeWhistState::score_deal(const Rules& r, const std::array<CardBits, kPlayers>& dealt,
                                       int strain, int doubles, Seat maker,
                                       std::array<int, 2> tricks) {
  DealScore d;
  d.strain = strain, d.doubles = doubles, d.maker = maker, d.tricks = tricks;
  const int unit = trick_value(strain);
  // Tricks over six ("by cards") score below the line to whichever side won
  // them, each doubled as the make was (S1, S3).
  d.odd_side = tricks[0] > tricks[1] ? 0 : 1;
  d.odd = tricks[static_cast<std::size_t>(d.odd_side)] - 6;
  d.below = d.odd * (unit << doubles);
  // Honours, above the line, to the side that held them, whoever made;
  // doubling changes none of them (S4, S5).
  const CardBits hon = honour_cards(strain);
  std::array<int, kPlayers> held{};
  for (Seat s = 0; s < kPlayers; ++s)
    held[static_cast<std::size_t>(s)] = std::popcount(dealt[static_cast<std::size_t>(s)] & hon);
  const std::array<int, 2> by_side = {held[0] + held[2], held[1] + held[3]};
  for (int side = 0; side < 2; ++side) {
    const int n = by_side[static_cast<std::size_t>(side)];
    if (n < 3) continue;
    const int one =
        std::max(held[static_cast<std::size_t>(side)], held[static_cast<std::size_t>(side + 2)]);
    Honours h = Honours::kSimple;
    if (strain == kNoTrumps)
      h = n == 3 ? Honours::kThreeAces : one == 4 ? Honours::kFourAcesInOne : Honours::kFourAces;
    else if (n == 5)
      h = one == 5 ? Honours::kFiveInOne : one == 4 ? Honours::kFourInOneAndOne : Honours::kFive;
    else if (n == 4)
      h = one == 4 ? Honours::kFourInOne : Honours::kFour;
    d.honours_side = side, d.honours = h, d.honours_points = honours_points(h, unit);
    d.above[static_cast<std::size_t>(side)] += d.honours_points;
  }
  // Chicane: a hand dealt no trump (never at no trumps).
  if (strain != kNoTrumps && r.chicane != Chicane::kOff) {
    const CardBits trumps = kit::suit_bits(Suit(strain));
    for (Seat s = 0; s < kPlayers; ++s)
      if (!(dealt[static_cast<std::size_t>(s)] & trumps))
        ++d.void_hands[static_cast<std::size_t>(side_of(s))];
    for (int side = 0; side < 2; ++side) {
      const int v = d.void_hands[static_cast<std::size_t>(side)];
      if (v == 0) continue;
      // American laws (S4): worth simple honours, double chicane four
      // honours; added to its side if it holds the honours, else taken from
      // the adversaries' honours. English (S1): twice a trick's value.
      const int worth = r.chicane == Chicane::kEnglish ? 2 * unit * v : (v == 2 ? 4 : 2) * unit;
      d.chicane[static_cast<std::size_t>(side)] = worth;
      const bool take = r.chicane == Chicane::kAmerican && d.honours_side == 1 - side;
      d.chicane_taken[static_cast<std::size_t>(side)] = take;
      if (take)
        d.above[static_cast<std::size_t>(1 - side)] -= worth;
      else
        d.above[static_cast<std::size_t>(side)] += worth;
    }
  }
  // Slams (S1, S4): grand slam 40, little slam 20, to the side that took them.
  for (int side = 0; side < 2; ++side) {
    const int t = tricks[static_cast<std::size_t>(side)];
    if (t >= 12) {
      d.slam_side = side, d.slam = t == 13 ? 40 : 20;
      d.above[static_cast<std::size_t>(side)] += d.slam;
    }
  }
  return d;
}

// ---- Setting up -------------------------------------------------------------------

BridgeWhistState::BridgeWhistState(const Rules& rules) : r_(rules) {}

void BridgeWhistState::apply_chance(Rng& rng) {
  ev_ = Event();
  // standard_deck()'s order, on the stack: a play-out allocates nothing.
  std::array<Card, 52> deck;
  for (int i = 0; i < 52; ++i)
    deck[static_cast<std::size_t>(i)] = Card::from_index(static_cast<std::uint8_t>(i));
  rng.shuffle(std::span<Card>(deck));
  if (phase_ == Phase::kCut) {
    // S1: the players cut for the deal, the ace the lowest card in cutting,
    // and the lowest cut deals (kit/cut.h).
    ev_.kind = Event::kCut;
    scene_.cut = kit::cut_for_deal(deck, 0xF);
    dealer_ = scene_.cut.dealer;
    ev_.actor = dealer_;
    cut_.clear();
    for (Card c : scene_.cut.cards) cut_.push_back(c);
    phase_ = Phase::kDeal;
    return;
  }
  assert(phase_ == Phase::kDeal);
  // S1: all 52 cards, thirteen to each player, one at a time to the left
  // from the dealer's left; no card is turned up.
  for (auto& h : hands_) h.clear();
  for (std::size_t i = 0; i < deck.size(); ++i)
    hands_[static_cast<std::size_t>(left(dealer_, 1 + static_cast<int>(i % kPlayers)))].push_back(
        deck[i]);
  for (Hand& h : hands_) kit::sort_held(std::span<Card>(h.data(), h.size()));
  ev_.kind = Event::kDeal, ev_.actor = dealer_, ev_.deal = deals_ + 1;
  scene_.dealt.record(hands_, kPlayers);
  set_deal(dealer_, {});
}

void BridgeWhistState::set_deal(Seat dealer, const std::vector<std::vector<Card>>& hands) {
  dealer_ = dealer;
  if (!hands.empty())
    for (Seat s = 0; s < kPlayers; ++s) {
      Hand& h = hands_[static_cast<std::size_t>(s)];
      h.clear();
      for (Card c : hands[static_cast<std::size_t>(s)]) h.push_back(c);
      kit::sort_held(std::span<Card>(h.data(), h.size()));
    }
  played_by_.fill(0);
  for (Pile& w : won_) w.clear();
  taken_.fill(0);
  voids_.clear();
  trick_.start(left(dealer_));
  last_trick_.start(0);
  last_winner_ = kNobody;
  dummy_shown_ = false;
  doubles_ = 0, strain_ = 0, maker_ = kNobody;
  // B4: "making the trump": the dealer, having seen his hand, first (S3).
  phase_ = Phase::kMake;
  turn_ = dealer_;
}

void BridgeWhistState::set_score(std::array<int, 2> game_below, std::array<int, 2> games,
                                 std::array<int, 2> above) {
  game_below_ = game_below, games_ = games, above_ = above;
  below_ = game_below;
}

// ---- Whose move and what is legal ---------------------------------------------

Seat BridgeWhistState::to_move() const {
  switch (phase_) {
    case Phase::kCut:
    case Phase::kDeal:
      return kChance;
    case Phase::kOver:
      return kTerminal;
    case Phase::kPlay: {
      // The dealer plays dummy's cards (S1, point 4): dummy never acts.
      const Seat p = trick_.next(kPlayers);
      return p == dummy() ? dealer_ : p;
    }
    default:
      return turn_;
  }
}

void BridgeWhistState::legal_actions(Seat seat, std::vector<Action>& out) const {
  out.clear();
  assert(seat == to_move());
  (void)seat;
  switch (phase_) {
    case Phase::kMake:
    case Phase::kPassed:
      // S3: "The dealer may either make the trump or pass the declaration to
      // his partner"; "If the declaration be passed to partner, he must make
      // the trump."
      for (int s = 0; s < kStrains; ++s) out.push_back(Move::make(s).encode());
      if (phase_ == Phase::kMake) out.push_back(Move::pass().encode());
      return;
    case Phase::kDouble:
      out.push_back(Move::double_().encode());
      out.push_back(Move::content().encode());
      return;
    case Phase::kPlay: {
      // Follow suit if you can (kit/tricks.h): a card that does not is never
      // legal, so no revoke can happen.
      const Hand& h = hand(player());
      const CardBits ok = kit::playable(std::span<const Card>(h.data(), h.size()), trick_);
      for (Card c : h)
        if (ok & card_bit(c)) out.push_back(Move::play(c).encode());
      return;
    }
    default:
      return;
  }
}

// ---- Doing moves ------------------------------------------------------------------

void BridgeWhistState::apply(Seat seat, Action a) {
  const Move m = *Move::decode(a);
  ++actions_;
  ev_ = Event();
  ev_.actor = seat;
  switch (m.kind) {
    case Move::kPass:
      ev_.kind = Event::kPass;
      phase_ = Phase::kPassed;
      turn_ = dummy();
      return;
    case Move::kMake:
      ev_.kind = Event::kMake, ev_.strain = m.strain;
      strain_ = m.strain, maker_ = seat;
      start_doubling();
      return;
    case Move::kDouble:
    case Move::kContent:
      ev_.first_ask = !second_ask_, ev_.strain = strain_;
      if (m.kind == Move::kContent) {
        ev_.kind = Event::kContent, ev_.doubles = doubles_;
        // "May I lead?" asks the partner; "Satisfied" passes the right to
        // him; once both have declined, the play begins (S3).
        if (!second_ask_) {
          second_ask_ = true;
          turn_ = partner_of(seat);
        } else {
          start_play();
        }
        return;
      }
      // S3: the original doubler has the first right when his side may
      // double again; each double doubles the value of every trick over six.
      if (doubles_ == 0) first_right_[static_cast<std::size_t>(double_side_)] = seat;
      ++doubles_;
      ev_.kind = Event::kDouble, ev_.doubles = doubles_;
      if (!r_.may_double_to(strain_, doubles_ + 1)) {
        start_play();
        return;
      }
      double_side_ = 1 - double_side_;
      second_ask_ = false;
      turn_ = first_right_[static_cast<std::size_t>(double_side_)];
      return;
    case Move::kPlay:
      break;
  }
  const Seat p = trick_.next(kPlayers);
  Hand& h = hands_[static_cast<std::size_t>(p)];
  Card* it = std::find(h.begin(), h.end(), m.card);
  assert(it != h.end());
  h.erase(it);
  ev_.kind = Event::kPlay, ev_.player = p, ev_.card = m.card, ev_.lead = trick_.empty();
  if (!dummy_shown_) {
    // The opening lead: dummy's hand is laid face up on the table (S1).
    dummy_shown_ = true;
    ev_.opening = true;
    scene_.dummy = hand(dummy()), scene_.dummy_seat = dummy();
  }
  voids_.note(trick_, p, m.card);
  trick_.play(m.card);
  played_by_[static_cast<std::size_t>(p)] |= card_bit(m.card);
  if (trick_.complete(kPlayers)) end_trick();
}

void BridgeWhistState::start_doubling() {
  // S3: the adversaries may double, the eldest hand first; the maker has the
  // first right of his side to go over.
  const int makers = side_of(maker_), adversaries = 1 - makers;
  first_right_[static_cast<std::size_t>(makers)] = maker_;
  first_right_[static_cast<std::size_t>(adversaries)] = eldest();
  doubles_ = 0;
  if (!r_.may_double_to(strain_, 1)) {
    start_play();
    return;
  }
  phase_ = Phase::kDouble;
  double_side_ = adversaries;
  second_ask_ = false;
  turn_ = eldest();
}

void BridgeWhistState::start_play() {
  // The eldest hand leads (S1).
  phase_ = Phase::kPlay;
  trick_.start(eldest());
}

void BridgeWhistState::end_trick() {
  const Seat w = trick_.winner(kPlayers, trump());
  const int side = side_of(w);
  ++taken_[static_cast<std::size_t>(side)];
  for (int i = 0; i < trick_.count(); ++i)
    won_[static_cast<std::size_t>(side)].push_back(trick_.card(i));
  last_trick_ = trick_, last_winner_ = w;
  ev_.trick_done = true, ev_.winner = w;
  trick_.start(w);
  if (hand(w).empty()) end_deal();
}

void BridgeWhistState::end_deal() {
  std::array<CardBits, kPlayers> dealt{};
  for (Seat s = 0; s < kPlayers; ++s)
    dealt[static_cast<std::size_t>(s)] = played_by_[static_cast<std::size_t>(s)];
  DealScore d = score_deal(r_, dealt, strain_, doubles_, maker_, taken_);
  d.deal = ++deals_;
  for (int side = 0; side < 2; ++side)
    above_[static_cast<std::size_t>(side)] += d.above[static_cast<std::size_t>(side)];
  // B1: "The total is written on the score-sheet": the trick points below
  // the line, towards a game of 30 (B2); points beyond 30 count in the
  // totals, and both sides begin the next game from nothing.
  below_[static_cast<std::size_t>(d.odd_side)] += d.below;
  game_below_[static_cast<std::size_t>(d.odd_side)] += d.below;
  bool over = r_.scope == Scope::kDeal;
  if (game_below_[static_cast<std::size_t>(d.odd_side)] >= 30 && r_.scope == Scope::kRubber) {
    d.game_side = d.odd_side;
    ++games_[static_cast<std::size_t>(d.odd_side)];
    game_below_ = {0, 0};
    // B2: "Three games, of 30 points each, constitute a rubber; but if the
    // first two are won by the same players, the third is not played." B3:
    // "The side winning the majority of the games adds 100 (rubber) points."
    if (games_[static_cast<std::size_t>(d.odd_side)] == 2) {
      d.rubber_side = d.odd_side;
      above_[static_cast<std::size_t>(d.odd_side)] += 100;
      over = true;
    }
  }
  d.games = games_;
  for (int side = 0; side < 2; ++side) d.totals[static_cast<std::size_t>(side)] = total(side);
  last_ = d;
  history_.push_back(SheetDeal::of(d));
  scene_.score = d;
  ev_.deal_done = true;
  cut_.clear();
  if (over) {
    phase_ = Phase::kOver;
    ev_.over = true;
    return;
  }
  // The deal passes to the left.
  dealer_ = left(dealer_);
  phase_ = Phase::kDeal;
}

// ---- The end ------------------------------------------------------------------------

Outcome BridgeWhistState::outcome() const {
  return outcome_of(r_, games_, {total(0), total(1)});
}

Outcome BridgeWhistState::outcome_of(const Rules& r, const std::array<int, 2>& games,
                                     const std::array<int, 2>& totals) {
  // B1, S1, S4: at the end of the rubber each side's total is its tricks,
  // honours, chicane, slams and rubber points; the difference is what the
  // side ahead won. Every seat's result is its side's.
  auto total = [&](int side) { return totals[static_cast<std::size_t>(side)]; };
  auto won = [&](int side) { return games[static_cast<std::size_t>(side)]; };
  Outcome o;
  o.kind = OutcomeKind::kScores;
  const int diff = total(0) - total(1);
  for (Seat s = 0; s < kPlayers; ++s) o.scores.push_back(side_of(s) == 0 ? diff : -diff);
  o.places.resize(kPlayers);
  rank_places(kPlayers, o.scores, o.places);
  const int ahead = diff > 0 ? 0 : 1;
  const std::string points = std::to_string(total(ahead)) + " to " +
                             std::to_string(total(1 - ahead)) + ": " +
                             std::to_string(diff > 0 ? diff : -diff) + " points won.";
  if (r.scope == Scope::kRubber && games[0] != games[1]) {
    const int w = games[0] > games[1] ? 0 : 1;
    const std::string rubber = side_name(w) + " win the rubber, " + std::to_string(won(w)) +
                               " games to " + std::to_string(won(1 - w));
    if (diff == 0)
      o.summary =
          rubber + "; the sides are level on points, " + std::to_string(total(0)) + " each.";
    else if (ahead == w)
      o.summary = rubber + ", and are ahead on points, " + points;
    else
      o.summary = rubber + ", but " + side_name(ahead) + " are ahead on points, " + points;
  } else {
    o.summary = diff == 0 ? "The sides are level on points, " + std::to_string(total(0)) + " each."
                          : side_name(ahead) + " are ahead on points, " + points;
  }
  return o;
}

void BridgeWhistState::all_cards(std::vector<Card>& out) const {
  out.clear();
  if (phase_ == Phase::kCut || (phase_ == Phase::kDeal && deals_ == 0 && hand(0).empty())) {
    out = standard_deck();
    return;
  }
  for (const Hand& h : hands_) out.insert(out.end(), h.begin(), h.end());
  for (const Pile& w : won_) out.insert(out.end(), w.begin(), w.end());
  for (int i = 0; i < trick_.count(); ++i) out.push_back(trick_.card(i));
}

}  // namespace parlour::bridge_whist
