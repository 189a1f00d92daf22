// Bachelor Girl: the rules in play. Quotations are from seed 000; rules.md
// gives the readings where the text is silent.
#include "games/bachelor_girl/bachelor_girl.h"

#include <algorithm>
#include <bit>
#include <cassert>

#include "core/deck.h"
#include "games/bachelor_girl/state.h"

namespace parlour::bachelor_girl {

// ---- Rules and moves -------------------------------------------------------------

Card Rules::bachelor_girl() const {
  if (deck == DeckKind::kPicture) return Card::picture(kLoneCharacter);
  // The queen of the removed one's colour has no partner of her colour: she is
  // the odd queen. Clubs out leaves the queen of spades.
  static constexpr Suit partner[SUIT_NB] = {kSpades, kHearts, kDiamonds, kClubs};
  return Card::standard(kQueen, partner[removed]);
}

std::vector<Card> Rules::deck_cards() const {
  if (deck == DeckKind::kPicture) return picture_deck();
  std::vector<Card> d = standard_deck();
  remove_one(d, Card::standard(kQueen, removed));
  return d;
}

namespace {
constexpr Action kSpecials = 86;  // kDraw ... kDecline: 32 + 54 to 58, no card's index
constexpr Action kTakes = 128;
constexpr Action kOldMaxSeats = 8;  // the numbering before had room for 8 seats
constexpr Action kOldWild = 2048, kOldSwap = 4096, kOldSpecials = 8000;
static_assert(kTakes + 128 * kMaxPlayers + 2 * 52 * kMaxPlayers <= kOldWild,
              "today's codes stay below the old numbering's, which recode() reads");
static_assert(kMaxPlayers <= kOldMaxSeats);

bool card_ok(Action v) {
  return v < 96 && Card::from_index(static_cast<std::uint8_t>(v)).valid();
}
Card card_of(Action v) {
  return Card::from_index(static_cast<std::uint8_t>(v));
}
Action wild_base(const Rules& r) {
  return kTakes + 128 * static_cast<Action>(r.players);
}
}  // namespace

Action Move::bound(const Rules& r) {
  return wild_base(r) + 2 * static_cast<Action>(r.kinds() * r.players);
}

Action Move::encode(const Rules& r) const {
  const auto k = static_cast<Action>(r.kinds());
  switch (kind) {
    case kLayPair:
      return static_cast<Action>(cls);
    case kLaySingle:
      return 32 + card.index();
    case kTake:
      return kTakes + static_cast<Action>(seat) * 128 + card.index();
    case kTakeWild:
    case kSwap: {
      const Action row = static_cast<Action>(seat) + (kind == kSwap ? r.players : 0);
      return wild_base(r) + row * k + static_cast<Action>(r.slot(card));
    }
    case kDraw:
    case kPass:
    case kDone:
    case kClaim:
    case kDecline:
      return kSpecials + (kind - kDraw);
  }
  return bound(r);
}

std::optional<Move> Move::decode(Action a, const Rules& r) {
  if (a < 32) return Move(kLayPair, 0, Card(), static_cast<int>(a));
  if (a >= kSpecials && a <= kSpecials + (kDecline - kDraw))
    return Move(static_cast<Kind>(kDraw + (a - kSpecials)));
  if (a < kTakes)
    return card_ok(a - 32) ? std::optional<Move>(Move(kLaySingle, 0, card_of(a - 32)))
                           : std::nullopt;
  if (a < wild_base(r)) {
    const Action rest = a - kTakes;
    if (!card_ok(rest % 128)) return std::nullopt;
    return Move(kTake, static_cast<int>(rest / 128), card_of(rest % 128));
  }
  if (a >= bound(r)) return std::nullopt;
  const Action k = static_cast<Action>(r.kinds()), row = (a - wild_base(r)) / k;
  const int seat = static_cast<int>(row % static_cast<Action>(r.players));
  const Kind kind = row < static_cast<Action>(r.players) ? kTakeWild : kSwap;
  return Move(kind, seat, r.card_at(static_cast<int>((a - wild_base(r)) % k)));
}

Action Move::recode(Action old, const Rules& r) {
  if (old < kOldWild) return old;  // laying and taking: the same codes
  if (old >= kOldSpecials && old <= kOldSpecials + (kDecline - kDraw))
    return Move(static_cast<Kind>(kDraw + (old - kOldSpecials))).encode(r);
  for (auto [base, kind] : {std::pair{kOldWild, kTakeWild}, {kOldSwap, kSwap}}) {
    if (old < base || old >= base + kOldMaxSeats * 128) continue;
    const Action seat = (old - base) / 128, index = (old - base) % 128;
    const Card c = card_of(index);
    // Only a card of the table's deck, before one of its seats, had a move.
    const bool in_deck = r.deck == DeckKind::kPicture ? c.is_picture() : c.is_standard();
    if (in_deck && seat < static_cast<Action>(r.players))
      return Move(kind, static_cast<int>(seat), c).encode(r);
  }
  return old;  // no move had it, and none has: every code today is below 2,048
}

// ---- Setting up ------------------------------------------------------------------

BachelorGirlState::BachelorGirlState(const Rules& rules) : r_(rules) {
  for (Card c : r_.deck_cards()) deck_.push_back(c);
  dealer_ = r_.players - 1;  // seat 0 sits at the dealer's left
}

void BachelorGirlState::deal(Rng& rng) {
  for (Seat s = 0; s < r_.players; ++s) hands_[s].clear(), fronts_[s] = Front{};
  stock_ = deck_;
  rng.shuffle(std::span<Card>(stock_.begin(), stock_.end()));
  // One at a time from the dealer's left, from the top of the pack.
  for (int round = 0; round < r_.hand_size(); ++round)
    for (int k = 1; k <= r_.players; ++k) {
      hands_[left(dealer_, k)].push_back(stock_.back());
      stock_.pop_back();
    }
  for (Seat s = 0; s < r_.players; ++s) std::sort(hands_[s].begin(), hands_[s].end());
  absent_.fill(0), drawn_since_.fill(0);
  dealt_ = true;
  idle_ = 0;
  ev_ = Event(Event::kDeal);
  ev_.actor = dealer_, ev_.hand = hand_;
  ev_.stock = static_cast<int>(stock_.size());
  scene_.dealt.record(hands_, r_.players);
  // "The dealer plays first."
  begin_turn(dealer_);
}

void BachelorGirlState::set_position(const std::vector<std::vector<Card>>& hands,
                                     const std::vector<Front>& fronts,
                                     const std::vector<Card>& stock, Seat turn) {
  for (Seat s = 0; s < r_.players; ++s) {
    hands_[s].clear();
    if (s < static_cast<Seat>(hands.size()))
      for (Card c : hands[s]) hands_[s].push_back(c);
    std::sort(hands_[s].begin(), hands_[s].end());
    fronts_[s] = s < static_cast<Seat>(fronts.size()) ? fronts[s] : Front{};
  }
  stock_.clear();
  for (Card c : stock) stock_.push_back(c);
  dealt_ = true;
  begin_turn(turn);
}

// ---- Helpers -------------------------------------------------------------------------

int BachelorGirlState::find_class_in_hand(Seat p, int cls) const {
  for (std::size_t i = 0; i < hands_[p].size(); ++i)
    if (!r_.wild(hands_[p][i]) && r_.cls(hands_[p][i]) == cls) return static_cast<int>(i);
  return -1;
}

void BachelorGirlState::infer_absent(Seat p) {
  std::uint32_t mask = 0;
  for (int k = 1; k < r_.players; ++k)
    for (Card x : fronts_[left(p, k)].singles)
      if (!r_.wild(x)) mask |= 1u << r_.cls(x);
  absent_[p] = mask;
  drawn_since_[p] = 0;
}

void BachelorGirlState::draw_card(Seat p) {
  hands_[p].push_back(stock_.back());
  stock_.pop_back();
  std::sort(hands_[p].begin(), hands_[p].end());
  ++drawn_since_[p];
}

void BachelorGirlState::remove_from_hand(Seat p, Card c) {
  auto it = std::find(hands_[p].begin(), hands_[p].end(), c);
  assert(it != hands_[p].end());
  hands_[p].erase(it);
}

bool BachelorGirlState::has_natural_pair(Seat p) const {
  std::uint32_t seen = 0;
  for (Card c : hands_[p]) {
    if (r_.wild(c)) continue;
    const std::uint32_t bit = 1u << r_.cls(c);
    if (seen & bit) return true;
    seen |= bit;
  }
  return false;
}

// "if you haven't a pair that match in your hand but others have laid down
// cards which match ones held in your hand, you take their cards"
template <class Out>
void BachelorGirlState::natural_takes(Seat p, Out& out) const {
  for (int k = 1; k < r_.players; ++k) {
    const Seat s = left(p, k);
    for (Card x : fronts_[s].singles)
      if (!r_.wild(x) && find_class_in_hand(p, r_.cls(x)) >= 0)
        out.push_back(Move(Move::kTake, s, x).encode(r_));
  }
}

// "you may take another player's card and match it with the Bachelor Girl if
// you have it in your hand"
template <class Out>
void BachelorGirlState::wild_takes(Seat p, Out& out) const {
  if (std::find(hands_[p].begin(), hands_[p].end(), r_.bachelor_girl()) == hands_[p].end()) return;
  for (int k = 1; k < r_.players; ++k) {
    const Seat s = left(p, k);
    for (Card x : fronts_[s].singles) out.push_back(Move(Move::kTakeWild, s, x).encode(r_));
  }
}

// ---- Whose move and what is legal -----------------------------------------------------

Seat BachelorGirlState::to_move() const {
  switch (phase_) {
    case Phase::kDeal:
      return kChance;
    case Phase::kOver:
      return kTerminal;
    case Phase::kClaim:
      return Actors::to_move_of(claim_open_);
    default:
      return turn_;
  }
}

// "the player first noticing the error may take both cards": every other
// seat may claim at once, and the first to claim takes them.
Actors BachelorGirlState::actors() const {
  return phase_ == Phase::kClaim ? Actors::window(claim_open_, Move(Move::kDecline).encode(r_))
                                 : Actors::turn(to_move());
}

Seat BachelorGirlState::first_claimant() const {
  for (int k = 1; k < r_.players; ++k)
    if (claim_open_ >> left(claim_layer_, k) & 1) return left(claim_layer_, k);
  return kNobody;
}

void BachelorGirlState::legal_actions(Seat seat, std::vector<Action>& out) const {
  list_moves(seat, out);
  // The first of each, in order (the bots' preferences read the order). The
  // lists are short: a few dozen at most.
  for (std::size_t i = 1; i < out.size();)
    if (std::find(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(i), out[i]) !=
        out.begin() + static_cast<std::ptrdiff_t>(i))
      out.erase(out.begin() + static_cast<std::ptrdiff_t>(i));
    else
      ++i;
}

void BachelorGirlState::list_moves(Seat seat, std::vector<Action>& out) const {
  out.clear();
  const Seat p = turn_;
  assert(actors().has(seat));
  switch (phase_) {
    case Phase::kClaim:
      out.push_back(Move(Move::kClaim).encode(r_));
      out.push_back(Move(Move::kDecline).encode(r_));
      return;
    case Phase::kLaySingle: {
      // "then place another face up": any card but the Bachelor Girl, unless she is the last.
      for (Card c : hands_[p])
        if (!r_.wild(c) || hands_[p].size() == 1)
          out.push_back(Move(Move::kLaySingle, 0, c).encode(r_));
      return;
    }
    case Phase::kTaking: {
      natural_takes(p, out);
      const bool must = !out.empty();
      wild_takes(p, out);
      if (!must) out.push_back(Move(Move::kDone).encode(r_));
      return;
    }
    case Phase::kTurn: {
      // "Anyone may take Bachelor Girl by putting the other matching card down in
      // its place": once a turn, before the turn's play.
      if (!swapped_)
        for (Seat s = 0; s < r_.players; ++s)
          for (const LaidPair& lp : fronts_[s].pairs)
            if (lp.wild && find_class_in_hand(p, r_.cls(lp.a)) >= 0)
              out.push_back(Move(Move::kSwap, s, lp.a).encode(r_));
      // "If two cards in your hand match, place them face up in front of you"
      if (has_natural_pair(p)) {
        std::uint32_t seen = 0, done = 0;
        for (Card c : hands_[p]) {
          if (r_.wild(c)) continue;
          const std::uint32_t bit = 1u << r_.cls(c);
          if ((seen & bit) && !(done & bit))
            out.push_back(Move(Move::kLayPair, 0, Card(), r_.cls(c)).encode(r_)), done |= bit;
          seen |= bit;
        }
        return;
      }
      const std::size_t before = out.size();
      natural_takes(p, out);
      const bool must_take = out.size() > before;
      wild_takes(p, out);
      if (must_take) return;
      // Stuck: no pair, nothing of others' to take (our reading; rules.md).
      switch (r_.stuck) {
        case Stuck::kDraw:
          out.push_back(Move(stock_.empty() ? Move::kPass : Move::kDraw).encode(r_));
          break;
        case Stuck::kLay:
          for (Card c : hands_[p])
            if (!r_.wild(c) || hands_[p].size() == 1)
              out.push_back(Move(Move::kLaySingle, 0, c).encode(r_));
          if (out.size() == before) out.push_back(Move(Move::kPass).encode(r_));
          break;
        case Stuck::kPass:
          out.push_back(Move(Move::kPass).encode(r_));
          break;
      }
      return;
    }
    default:
      assert(false && "no seat to move");
  }
}

// ---- Doing moves --------------------------------------------------------------------

void BachelorGirlState::apply(Seat seat, Action a) {
  const Move m = *Move::decode(a, r_);
  ++actions_;
  const Seat p = seat;
  ev_ = Event();
  ev_.actor = p, ev_.hand = hand_, ev_.other = m.seat, ev_.card = m.card;
  switch (m.kind) {
    case Move::kSwap: {
      ev_.kind = Event::kSwap;
      for (LaidPair& lp : fronts_[m.seat].pairs)
        if (lp.wild && lp.a == m.card) {
          const int i = find_class_in_hand(p, r_.cls(lp.a));
          const Card y = hands_[p][i];
          hands_[p].erase(hands_[p].begin() + i);
          hands_[p].push_back(lp.b);
          std::sort(hands_[p].begin(), hands_[p].end());
          lp = LaidPair{lp.a, y, false};
          ev_.card2 = y;
          break;
        }
      swapped_ = true;
      return;
    }
    case Move::kLayPair: {
      ev_.kind = Event::kLayPair;
      int i = find_class_in_hand(p, m.cls);
      const Card c1 = hands_[p][i];
      hands_[p].erase(hands_[p].begin() + i);
      i = find_class_in_hand(p, m.cls);
      const Card c2 = hands_[p][i];
      hands_[p].erase(hands_[p].begin() + i);
      fronts_[p].pairs.push_back({c1, c2, false});
      ev_.card = c1, ev_.card2 = c2;
      idle_ = 0;
      // "When a player lays down the last card in his hand he does not draw ...
      // he has won the hand"
      if (hands_[p].empty()) return end_hand(p);
      phase_ = Phase::kLaySingle;
      return;
    }
    case Move::kLaySingle: {
      ev_.kind = Event::kLaySingle;
      // Laying a single at the start of a turn means stuck: no pair, nothing to take.
      if (phase_ == Phase::kTurn) infer_absent(p);
      remove_from_hand(p, m.card);
      fronts_[p].singles.push_back(m.card);
      idle_ = 0;
      if (!hands_[p].empty() && !stock_.empty()) {
        // "... and draw one from the deck."
        ev_.drew = true, ev_.drawn = stock_.back();
        draw_card(p);
      }
      return after_single(m.card);
    }
    case Move::kTake:
    case Move::kTakeWild: {
      ev_.kind = m.kind == Move::kTake ? Event::kTake : Event::kTakeWild;
      auto& singles = fronts_[m.seat].singles;
      singles.erase(std::find(singles.begin(), singles.end(), m.card));
      Card mine = r_.bachelor_girl();
      if (m.kind == Move::kTake) mine = hands_[p][find_class_in_hand(p, r_.cls(m.card))];
      remove_from_hand(p, mine);
      // "you take their cards and lay them with yours in front of you"
      fronts_[p].pairs.push_back({m.card, mine, m.kind == Move::kTakeWild});
      ev_.card2 = mine;
      idle_ = 0;
      if (hands_[p].empty()) return end_hand(p);
      return after_take();
    }
    case Move::kDraw:
      ev_.kind = Event::kDraw;
      ev_.drew = true, ev_.drawn = stock_.back();
      infer_absent(p);
      draw_card(p);
      idle_ = 0;
      return next_turn();
    case Move::kPass:
      ev_.kind = Event::kPass;
      infer_absent(p);
      ++idle_;
      return next_turn();
    case Move::kDone:
      ev_.kind = Event::kDone;
      if (r_.take == Take::kAll) infer_absent(p);
      return next_turn();
    case Move::kClaim: {
      // "the player first noticing the error may take both cards and add them to
      // the cards already in front of them"
      ev_.kind = Event::kClaim, ev_.other = claim_layer_, ev_.card = claim_card_;
      auto& laid = fronts_[claim_layer_].singles;
      laid.erase(std::find(laid.begin(), laid.end(), claim_card_));
      for (int k = 1; k < r_.players; ++k) {
        auto& singles = fronts_[left(claim_layer_, k)].singles;
        auto it = std::find_if(singles.begin(), singles.end(), [&](Card x) {
          return !r_.wild(x) && r_.cls(x) == r_.cls(claim_card_);
        });
        if (it == singles.end()) continue;
        ev_.card2 = *it;
        singles.erase(it);
        break;
      }
      fronts_[p].pairs.push_back({claim_card_, ev_.card2, false});
      if (layer_out_) return end_hand(claim_layer_);
      turn_ = claim_layer_;
      return next_turn();
    }
    case Move::kDecline:
      ev_.kind = Event::kDecline;
      claim_open_ &= ~(SeatMask{1} << p);
      if (claim_open_) return;
      if (layer_out_) return end_hand(claim_layer_);
      turn_ = claim_layer_;
      return next_turn();
  }
}

void BachelorGirlState::after_take() {
  SmallVec<Action, 64> more;
  natural_takes(turn_, more);
  const bool natural = !more.empty();
  wild_takes(turn_, more);
  // Our reading of "you take their cards": every natural match is taken; the
  // Bachelor Girl's take stays optional ("you may").
  if (r_.take == Take::kAll && !more.empty()) {
    phase_ = Phase::kTaking;
    return;
  }
  // Every natural match was taken: the taker holds none of what lies single.
  if (r_.take == Take::kAll && !natural) infer_absent(turn_);
  next_turn();
}

void BachelorGirlState::after_single(Card laid) {
  // "If a player lays down a card and some one else has the matching card in
  // front of them, the player first noticing the error may take both cards"
  const Seat layer = turn_;
  layer_out_ = hands_[layer].empty();
  bool error = false;
  if (!r_.wild(laid))
    for (int k = 1; k < r_.players && !error; ++k)
      for (Card x : fronts_[left(layer, k)].singles)
        error |= !r_.wild(x) && r_.cls(x) == r_.cls(laid);
  if (error) {
    claim_card_ = laid, claim_layer_ = layer;
    claim_open_ = 0;
    for (int k = 1; k < r_.players; ++k) claim_open_ |= SeatMask{1} << left(layer, k);
    phase_ = Phase::kClaim;
    return;
  }
  if (layer_out_) return end_hand(layer);
  next_turn();
}

void BachelorGirlState::begin_turn(Seat p) {
  turn_ = p;
  swapped_ = false;
  phase_ = Phase::kTurn;
}

void BachelorGirlState::next_turn() {
  // A hand nobody can finish: a whole round with nothing laid, taken or drawn.
  if (idle_ >= r_.players) return end_hand(-1);
  begin_turn(left(turn_));
}

// ---- The end of a hand and of the game -------------------------------------------------

void BachelorGirlState::end_hand(Seat winner) {
  ev_.hand_over = true, ev_.winner = winner;
  if (winner >= 0) {
    // "all the other players give the winner the cards remaining in their hands"
    for (int k = 1; k < r_.players; ++k) {
      auto& h = hands_[left(winner, k)];
      ev_.handed.insert(ev_.handed.end(), h.begin(), h.end());
      h.clear();
    }
    // "If the winner of the hand gets Bachelor Girl from one of the other players
    // it adds ten points to his score."
    ev_.bonus =
        std::find(ev_.handed.begin(), ev_.handed.end(), r_.bachelor_girl()) != ev_.handed.end();
    Front& f = fronts_[winner];
    SmallVec<Card, 104> loose;
    for (Card c : ev_.handed) loose.push_back(c);
    if (r_.handed == Handed::kPairs) {
      // Our reading: handed cards join the winner's singles, and whatever now
      // matches counts as a pair.
      loose.insert(loose.end(), f.singles.begin(), f.singles.end());
      f.singles.clear();
      std::sort(loose.begin(), loose.end(), [&](Card a, Card b) {
        const int ca = r_.wild(a) ? 99 : r_.cls(a), cb = r_.wild(b) ? 99 : r_.cls(b);
        return ca != cb ? ca < cb : a < b;
      });
      for (std::size_t i = 0; i < loose.size(); ++i) {
        if (i + 1 < loose.size() && !r_.wild(loose[i]) && !r_.wild(loose[i + 1]) &&
            r_.cls(loose[i]) == r_.cls(loose[i + 1])) {
          f.pairs.push_back({loose[i], loose[i + 1], false});
          ++i;
        } else {
          f.singles.push_back(loose[i]);
        }
      }
    } else {
      f.singles.insert(f.singles.end(), loose.begin(), loose.end());
    }
  }
  // "count five for each pair in front of you and one for each single card"
  for (Seat s = 0; s < r_.players; ++s) {
    ev_.hand_points[s] = fronts_[s].points() + (s == winner && ev_.bonus ? 10 : 0);
    score_[s] += ev_.hand_points[s];
    scene_.scores[s] = score_[s];
  }
  hands_done_ = hand_, last_winner_ = winner, last_bonus_ = ev_.bonus,
  last_points_ = ev_.hand_points;
  // "The player getting 100 points first is the winner of the game." Players who
  // reach it in the same hand: the higher score wins; a tie plays another hand.
  const int best = *std::max_element(score_.begin(), score_.begin() + r_.players);
  const int at_best =
      static_cast<int>(std::count(score_.begin(), score_.begin() + r_.players, best));
  if ((best >= r_.target && at_best == 1) || hand_ >= r_.max_hands) {
    phase_ = Phase::kOver;
    return;
  }
  ++hand_;
  dealer_ = left(dealer_);  // the deal passes to the left
  phase_ = Phase::kDeal;
}

void BachelorGirlState::apply_chance(Rng& rng) {
  assert(phase_ == Phase::kDeal);
  deal(rng);
}

Outcome BachelorGirlState::outcome() const {
  Outcome o;
  o.kind = OutcomeKind::kScores;
  for (Seat s = 0; s < r_.players; ++s) o.scores.push_back(score_[s]);
  o.places.resize(r_.players);
  rank_places(r_.players, o.scores, o.places);
  std::uint32_t first = 0;
  for (Seat s = 0; s < r_.players; ++s) first |= static_cast<std::uint32_t>(o.places[s] == 1) << s;
  const int best = *std::max_element(score_.begin(), score_.begin() + r_.players);
  o.summary = seat_names(first) + (std::popcount(first) > 1 ? " share the win" : " wins") +
              " with " + std::to_string(best) + " points after " + std::to_string(hand_) +
              (hand_ == 1 ? " hand." : " hands.");
  return o;
}

void BachelorGirlState::all_cards(std::vector<Card>& out) const {
  out.clear();
  if (!dealt_) {
    out = r_.deck_cards();
    return;
  }
  out.assign(stock_.begin(), stock_.end());
  for (Seat s = 0; s < r_.players; ++s) {
    out.insert(out.end(), hands_[s].begin(), hands_[s].end());
    for (const LaidPair& lp : fronts_[s].pairs) out.push_back(lp.a), out.push_back(lp.b);
    out.insert(out.end(), fronts_[s].singles.begin(), fronts_[s].singles.end());
  }
}

}  // namespace parlour::bachelor_girl
