#include "games/chase_the_ace/bots.h"

#include <array>
#include <cassert>

#include "games/chase_the_ace/state.h"

namespace parlour::chase_the_ace {
namespace {

// What seat `me` can tell of the other cards in the round.
struct Sight {
  std::array<int, 14> unseen{};  // cards of each rank it has not seen
  struct Other {
    Seat seat;
    Rank known = kNoRank;  // seen, or announced
    bool not_king = false;
  };
  std::vector<Other> others;
};

Sight sight(const ChaseState& s, Seat me) {
  Sight out;
  for (int r = 1; r <= kKing; ++r) out.unseen[r] = 4;
  auto seen = [&](const Held& h) { return s.revealed() || h.face_up || (h.known >> me & 1); };
  for (Seat p = 0; p < s.rules().players; ++p) {
    if (!s.in_round(p)) continue;
    const Held& h = s.held(p);
    const Rank r = seen(h) ? h.card.rank() : h.announced;
    if (r != kNoRank) --out.unseen[r];
    if (p != me) out.others.push_back({p, r, h.not_king});
  }
  for (const Held& h : s.aside())
    if (seen(h)) --out.unseen[h.card.rank()];
  return out;
}

// The chance that rank `mine` ends lowest (ties lose too), each unknown card
// being one of the unseen ones. `swap_seat` holds `swap_rank` instead, if set.
double loss(const Sight& v, int mine, Seat swap_seat = kNobody, Rank swap_rank = kNoRank) {
  double p = 1;
  for (const Sight::Other& o : v.others) {
    const Rank known = o.seat == swap_seat ? swap_rank : o.known;
    if (known != kNoRank) {
      if (known < mine) return 0;
      continue;
    }
    int at_least = 0, all = 0;
    for (int r = 1; r <= kKing; ++r) {
      if (o.not_king && r == kKing) continue;
      all += v.unseen[r];
      at_least += r >= mine ? v.unseen[r] : 0;
    }
    if (all > 0) p *= static_cast<double>(at_least) / all;
  }
  return p;
}

// The loss after a card of rank r comes to `me` (taken from the unseen ones).
double loss_receiving(Sight v, int r, Seat giver = kNobody, Rank given = kNoRank) {
  --v.unseen[r];
  return loss(v, r, giver, given);
}

class HeuristicBot final : public Bot {
 public:
  Action act(const Observation& obs, Rng& rng) override {
    if (obs.legal().size() == 1) return obs.legal()[0];
    auto world = obs.sample(rng);
    return heuristic_action(dynamic_cast<const ChaseState&>(*world), obs.seat());
  }
};

const LeHerSolution& solution(const Rules& r) {
  // Solved once for each rule on a King the dealer cuts: the only option that
  // changes a heads-up round's payoffs.
  static const std::array<LeHerSolution, 3> all = [] {
    std::array<LeHerSolution, 3> a;
    for (int k = 0; k < 3; ++k) {
      Rules x;
      x.dealer_king = DealerKing(k);
      a[k] = solve_le_her(x.le_her());
    }
    return a;
  }();
  return all[static_cast<int>(r.dealer_king)];
}

bool chance(Rng& rng, double p) {
  constexpr std::uint32_t kOne = 1u << 30;
  return rng.below(kOne) < p * kOne;
}

class EquilibriumBot final : public Bot {
 public:
  Action act(const Observation& obs, Rng& rng) override {
    if (obs.legal().size() == 1) return obs.legal()[0];
    auto world = obs.sample(rng);
    const auto& s = dynamic_cast<const ChaseState&>(*world);
    const Seat me = obs.seat();
    if (s.in_round_count() != 2) return heuristic_action(s, me);
    const LeHerSolution& sol = solution(s.rules());
    assert(sol.ok);
    const Rank mine = s.held(me).card.rank();
    const Seat other = s.left_of(me);
    if (me != s.dealer())
      return encode(chance(rng, sol.strategy.exchange[mine]) ? Move::kExchange : Move::kKeep);
    // The dealer: what the eldest did decides what he knows.
    bool cut = false;
    const Held& theirs = s.held(other);
    switch (s.did(other)) {
      case Did::kExchanged:  // he knows both cards
        cut = dealer_cuts_knowing(s.rules().le_her(), theirs.card.rank(), mine);
        break;
      case Did::kRefused:
        cut = chance(rng, sol.strategy.cut_after_refusal);
        break;
      default:
        cut = theirs.face_up ? dealer_cuts_knowing(s.rules().le_her(), kKing, mine)
                             : chance(rng, sol.strategy.cut[mine]);
        break;
    }
    return encode(cut ? Move::kCut : Move::kStand);
  }
};

}  // namespace

Action heuristic_action(const ChaseState& s, Seat me) {
  const Sight v = sight(s, me);
  const Rank mine = s.held(me).card.rank();
  const double keep = loss(v, mine);
  if (me == s.dealer()) {
    // The new card is one of those not seen; a King may count lowest, or be void.
    double cut = 0;
    int all = 0;
    for (int r = 1; r <= kKing; ++r) {
      if (!v.unseen[r]) continue;
      double l = loss_receiving(v, r);
      if (r == kKing && s.rules().dealer_king == DealerKing::kLowest) l = 1;
      if (r == kKing && s.rules().dealer_king == DealerKing::kKeepsOwn) l = keep;
      cut += v.unseen[r] * l;
      all += v.unseen[r];
    }
    if (all) cut /= all;
    return encode(cut < keep ? Move::kCut : Move::kStand);
  }
  if (mine == kKing) return encode(Move::kKeep);
  // Asking: the neighbour's card, seen or one of the unseen; a King refuses.
  const Seat left = s.left_of(me);
  const Sight::Other* n = nullptr;
  for (const Sight::Other& o : v.others)
    if (o.seat == left) n = &o;
  assert(n);
  double ask = 0;
  if (n->known != kNoRank) {
    Sight w = v;
    ++w.unseen[n->known];  // taken back out as it comes to me
    ask = n->known == kKing ? keep : loss_receiving(w, n->known, left, mine);
  } else {
    int all = 0;
    for (int r = 1; r <= kKing; ++r) {
      if (!v.unseen[r] || (n->not_king && r == kKing)) continue;
      ask += v.unseen[r] * (r == kKing ? keep : loss_receiving(v, r, left, mine));
      all += v.unseen[r];
    }
    if (all) ask /= all;
  }
  return encode(ask < keep ? Move::kExchange : Move::kKeep);
}

namespace {

class ChaseHints final : public SearchHints {
 public:
  Action policy(const State& state, Seat seat, std::span<const Action>, Rng&) const override {
    return heuristic_action(static_cast<const ChaseState&>(state), seat);
  }
  void estimate(const State& state, std::span<double> value) const override {
    const auto& s = static_cast<const ChaseState&>(state);
    const int n = s.rules().players;
    // Against each other player, by how many lives more it has: smooth, so
    // that a life more or less shows. One out of lives has lost to all who
    // are not.
    for (Seat p = 0; p < n; ++p) {
      double sum = 0;
      for (Seat q = 0; q < n; ++q) {
        if (q == p) continue;
        const double a = s.lives(p), b = s.lives(q);
        sum += 0.5 + 0.5 * (a - b) / (a + b + 1);
      }
      value[p] = sum / (n - 1);
    }
  }
};

}  // namespace

const SearchHints& search_hints() {
  static const ChaseHints h;
  return h;
}

std::unique_ptr<Bot> make_equilibrium_bot() {
  return std::make_unique<EquilibriumBot>();
}
std::unique_ptr<Bot> make_heuristic_bot() {
  return std::make_unique<HeuristicBot>();
}

}  // namespace parlour::chase_the_ace
