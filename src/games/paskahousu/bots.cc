#include "games/paskahousu/bots.h"

#include <algorithm>
#include <cmath>

#include "games/paskahousu/state.h"

namespace parlour::paskahousu {
namespace {

class SharpBot final : public Bot {
 public:
  Action act(const Observation& obs, Rng& rng) override {
    if (obs.legal().size() == 1) return obs.legal()[0];
    auto world = obs.sample(rng);  // the same hand and table as the real one
    return sharp_action(static_cast<const PaskahousuState&>(*world), obs.seat(), rng);
  }
};

// The cards of each rank `me` has seen wherever they lie, and how many in all.
struct Sight {
  std::array<int, RANK_NB> of{};
  int all = 0;
};

// With `believed`, also the cards it believes other hands hold (but the
// caller's, whose call is in question) though it no longer sees them there.
Sight look(const PaskahousuState& s, Seat me, bool believed = false) {
  Sight v;
  auto add = [&](const kit::Cards& cards) {
    for (const kit::Held& c : cards)
      if (c.seen_by(me)) ++v.of[c.card.rank()], ++v.all;
  };
  for (Seat p = 0; p < s.rules().players; ++p) {
    if (!believed || p == me ||
        (s.phase() == PaskahousuState::Phase::kWindow && p == s.claimer())) {
      add(s.hand(p));
      continue;
    }
    RankCounts shown{};
    for (const kit::Held& c : s.hand(p))
      if (c.seen_by(me)) ++shown[c.card.rank()];
    for (int r = 1; r < RANK_NB; ++r) {
      const int n = std::max<int>(shown[r], s.belief(me, p)[r]);
      v.of[r] += n, v.all += n;
    }
  }
  for (const kit::Cards* place :
       {&s.stock(), &s.pile(), &s.last_play(), &s.building(), &s.removed()})
    add(*place);
  for (int r = 1; r < RANK_NB; ++r) v.of[r] = std::min(v.of[r], 4);
  return v;
}

// How much a card of rank r is worth keeping, the pile standing at `top`:
// Twos, Tens and Aces most (they lock and clear), then cards that may still
// be called truthfully, and cards below the pile least.
int keep_value(Rank r, Rank top) {
  if (r == kTwo) return 100;
  if (r == kTen) return 90;
  if (r == kAce) return 80;
  if (top != kNoRank && height(r) < height(top)) return height(r);
  return 20 + height(r);
}

// The move that makes the building hold `n` cards of rank `rank` (or, with
// rank kNoRank, the one card `card`), then calls `call`.
Action build_then_call(const PaskahousuState& s, Seat me, Rank rank, int n, Card card, Rank call) {
  const kit::Cards& put = s.building();
  auto wanted = [&](Card c) { return rank != kNoRank ? c.rank() == rank : c == card; };
  for (const kit::Held& c : put)
    if (!wanted(c.card) && s.taken_back() < kMaxTakeBacks) return Move::take_back(c.card).encode();
  const int room = s.single_card() ? 1 : 52;
  if (static_cast<int>(put.size()) < std::min(n, room))
    for (const kit::Held& c : s.hand(me))
      if (wanted(c.card)) return Move::put(c.card).encode();
  if (put.empty()) {  // nothing it wanted to put: a card at all, or the stock
    if (!s.hand(me).empty()) return Move::put(s.hand(me)[0].card).encode();
    for (Rank r : kCallOrder)
      if (s.may_call(r)) return Move::blind(r).encode();
  }
  if (s.may_call(call)) return Move::call(call).encode();
  for (Rank r : kCallOrder)
    if (s.may_call(r)) return Move::call(r).encode();
  return Move::call(kTwo).encode();
}

// The lowest rank that may be called and could be true (some unseen), Twos last.
Rank plausible_call(const PaskahousuState& s, const Sight& v) {
  Rank any = kNoRank;
  for (Rank r : kCallOrder) {
    if (!s.may_call(r)) continue;
    if (any == kNoRank) any = r;
    if (4 - v.of[r] > 0) return r;
  }
  return any;
}

Action play_turn(const PaskahousuState& s, Seat me, Rng& rng) {
  const Sight v = look(s, me);
  std::array<int, RANK_NB> have{};
  for (const kit::Cards* place : {&s.hand(me), &s.building()})
    for (const kit::Held& c : *place) ++have[c.card.rank()];
  const Rank top = s.top();
  // A lie of one card: the one worth least.
  auto lie = [&](Rank call) {
    Card worst;
    int value = 1000;
    for (const kit::Cards* place : {&s.building(), &s.hand(me)})
      for (const kit::Held& c : *place)
        if (keep_value(c.card.rank(), top) < value)
          value = keep_value(c.card.rank(), top), worst = c.card;
    return build_then_call(s, me, kNoRank, 1, worst, call);
  };
  const bool empty_handed = s.hand(me).empty() && s.building().empty();
  // The start: always start, with the truth if it can; a lie costs at most
  // its own card back.
  if (s.phase() == PaskahousuState::Phase::kStart) {
    if (have[s.offer()]) return build_then_call(s, me, s.offer(), 1, Card(), s.offer());
    return lie(s.offer());
  }
  if (empty_handed) {
    // Nothing in hand: draw; play it blind as an Ace where that may be
    // called after a clearing (only Twos may follow it), else keep it.
    if (s.fresh() == PaskahousuState::Fresh::kRestart)
      return Move::blind(s.may_call(kAce) ? kAce : plausible_call(s, v)).encode();
    return Move::keep().encode();
  }
  if (s.fresh() == PaskahousuState::Fresh::kRestart) {
    // A new pile after a clearing: one card, the lowest that is no Ten, Ace or Two.
    Rank best = kNoRank;
    for (Rank r : kCallOrder)
      if (have[r] && (best == kNoRank || keep_value(r, kNoRank) < keep_value(best, kNoRank)))
        best = r;
    return build_then_call(s, me, best, 1, Card(), best);
  }
  // The truth: a Ten or an Ace that clears the pile, or that makes the next
  // player take up a new pile, first; then the lowest rank held, Twos last.
  // Now and then another rank it holds, so that two sharp players do not
  // fall into a round of the same plays for ever.
  Rank truth = kNoRank;
  int options = 0;
  std::array<Rank, 13> held{};
  for (Rank r : kCallOrder) {
    if (!have[r] || !s.may_call(r)) continue;
    held[options++] = r;
    const bool special =
        clears(top, r) || (s.fresh() == PaskahousuState::Fresh::kNext && (r == kTen || r == kAce));
    if (special) {
      truth = r, options = 1;
      break;
    }
    if (truth == kNoRank || (truth == kTwo && r != kTwo)) truth = r;
  }
  if (options > 1 && s.building().empty() && rng.below(5) == 0)
    truth = held[rng.below(static_cast<std::uint32_t>(options))];
  // Cards put down already, all of a rank it may call: go on with them.
  if (options > 1 && !s.building().empty()) {
    const Rank r = s.building()[0].card.rank();
    if (s.may_call(r) && std::all_of(s.building().begin(), s.building().end(),
                                     [&](const kit::Held& c) { return c.card.rank() == r; }))
      truth = r;
  }
  if (truth != kNoRank) {
    // Twos are kept to go out with: while other cards remain, one at a time
    // (which also keeps two sharp players from passing four Twos back and
    // forth for ever).
    int n = have[truth];
    if (truth == kTwo && static_cast<int>(s.hand(me).size() + s.building().size()) > n) n = 1;
    return build_then_call(s, me, truth, n, Card(), truth);
  }
  // No truth to tell: lie with one card while the pile is small or the stock
  // is gone; else draw and keep.
  const int pile = static_cast<int>(s.pile().size());
  if (s.stock().empty() || pile <= 3) return lie(plausible_call(s, v));
  if (!s.building().empty() && s.taken_back() < kMaxTakeBacks)
    return Move::take_back(s.building()[0].card).encode();
  if (!s.building().empty())
    return build_then_call(s, me, kNoRank, 1, s.building()[0].card, plausible_call(s, v));
  return Move::keep().encode();
}

}  // namespace

double chance_true(const PaskahousuState& s, Seat me) {
  const Rank rank = s.claim_rank();
  const int n = static_cast<int>(s.last_play().size());
  const Sight v = look(s, me, true);
  const int unseen = 52 - v.all;
  int of_rank = 4 - v.of[rank];
  if (n > of_rank) return 0;  // the cards it has seen make the call impossible
  // Calls of the rank covered on the pile by others: believed true, half of them.
  int claimed = 0;
  for (const Claim& c : s.claims())
    if (c.rank == rank && c.seat != me) claimed += c.count;
  const int believed = std::min(of_rank - n, claimed / 2);
  of_rank -= believed;
  if (s.claim_blind())
    return std::clamp(static_cast<double>(of_rank) / std::max(1, unseen), 0.0, 1.0);
  // A play from the hand: it held the cards, as far as this seat can tell...
  const int known = std::min({s.believed_of_claim(me), n, of_rank});
  const int held = static_cast<int>(s.hand(s.claimer()).size()) + n;
  const double holds =
      kit::chance_of_at_least(n - known, held - known, unseen - known, of_rank - known);
  // ... or it held none of the ranks it might have called, and lied.
  int callable = 0, of_callable = 0;
  for (Rank r : kCallOrder)
    if (may_follow(s.claim_previous(), r)) ++callable, of_callable += 4 - v.of[r];
  const double none = 1 - kit::chance_of_at_least(1, held, unseen, std::min(unseen, of_callable));
  const double lied =
      std::max(n == 1 ? 0.03 : 0.01, none / std::max(1, callable) * (n == 1 ? 1 : 0.1));
  return holds / (holds + lied);
}

Action sharp_action(const PaskahousuState& s, Seat me, Rng& rng) {
  if (s.phase() != PaskahousuState::Phase::kWindow) return play_turn(s, me, rng);
  const Seat other = s.claimer();
  const Rank rank = s.claim_rank();
  // A Ten or an Ace on a new pile makes this seat take the pile up anyway:
  // a challenge can only help.
  if (s.fresh() == PaskahousuState::Fresh::kNext && (rank == kTen || rank == kAce) &&
      s.next_in_play(other) == me)
    return Move::challenge().encode();
  const double truth = chance_true(s, me);
  if (truth == 0) return Move::challenge().encode();
  // A player who would go out is called unless the play is almost surely true.
  if (s.hand(other).empty() && s.stock().empty() && truth < 0.9) return Move::challenge().encode();
  // Right, the caller takes the pile; wrong, this seat does: worth it when the
  // play is less likely true than one in the number of players in play. Near
  // the bar it calls now and then, so that play does not fall into a loop.
  const double bar = 1.0 / s.in_play_count() + 0.05;
  const double call = std::clamp((bar - truth) / bar * 1.5, 0.0, 1.0);
  return (rng.below(1000) < call * 1000 ? Move::challenge() : Move::pass()).encode();
}

std::unique_ptr<Bot> make_sharp_bot() {
  return std::make_unique<SharpBot>();
}

namespace {

// For searches: the sharp policy on the position itself, and each seat's
// chance of not being the loser, by the cards in hands.
class PaskahousuHints final : public SearchHints {
 public:
  Action policy(const State& state, Seat seat, std::span<const Action>, Rng& rng) const override {
    return sharp_action(static_cast<const PaskahousuState&>(state), seat, rng);
  }
  void estimate(const State& state, std::span<double> value) const override {
    const auto& s = static_cast<const PaskahousuState&>(state);
    const int n = s.rules().players;
    std::array<double, kMaxPlayers> weight{};
    double sum = 0;
    for (Seat p = 0; p < n; ++p) {
      if (!s.in_play(p)) continue;
      double cards = static_cast<double>(s.hand(p).size());
      if (p == s.turn() && s.phase() != PaskahousuState::Phase::kWindow)
        cards += static_cast<double>(s.building().size());
      if (s.phase() == PaskahousuState::Phase::kWindow && p == s.claimer())
        cards += 0.5 * static_cast<double>(s.last_play().size());
      weight[p] = (cards + 1) * (cards + 1);
      sum += weight[p];
    }
    for (Seat p = 0; p < n; ++p) value[p] = s.in_play(p) ? 1 - weight[p] / sum : 1.0;
  }
};

}  // namespace

const SearchHints& search_hints() {
  static const PaskahousuHints h;
  return h;
}

}  // namespace parlour::paskahousu
