// Vingt-et-un's optimal player and exact odds, from the duel solved in
// solve.h: the bot `optimal`, `parlour odds vingt-et-un` and its check.
#include "games/vingt_et_un/optimal.h"

#include <algorithm>
#include <cstdio>
#include <vector>

#include "games/vingt_et_un/solve.h"
#include "kit/edge.h"

namespace parlour::vingt_et_un {
namespace {

// A hand as the duel reads it: its two-card type, its best total now, and
// the highest best total before its last card (-1 with two cards).
struct Read {
  int type = -1, best = 0, peak = -1;
};
Read read(const Hand& h) {
  Read r;
  int hard = 0;
  bool ace = false;
  for (std::size_t i = 0; i < h.size(); ++i) {
    if (i >= 2) r.peak = std::max(r.peak, r.best);
    hard += value(h[i]), ace |= h[i].rank() == kAce;
    r.best = ace && hard + 10 <= 21 ? hard + 10 : hard;
    if (i == 1) r.type = type_of(hard, ace);
  }
  return r;
}

// What the dealer saw a punter draw: the points (aces 1) and the last card.
int seen_in(const Hand& h) {
  int v = 0, last = 0;
  for (std::size_t i = 2; i < h.size(); ++i) v += value(h[i]), last = value(h[i]);
  return seen_of(std::min(v, 19), last);
}

std::string card_word(int v) {
  return v == 1 ? "an ace" : v == 10 ? "a tenth card" : v == 8 ? "an 8" : "a " + std::to_string(v);
}

}  // namespace

OptimalChoice optimal_choice(const VingtState& s, Seat me) {
  const Duel& d = duel(s.rules().dealer_double);
  OptimalChoice c;
  std::string what;
  switch (s.phase()) {
    case VingtState::Phase::kStake:
      c.why = "stake one chip: the figures are per chip, and the least stake loses least";
      return c;
    case VingtState::Phase::kDouble: {
      const int d1 = value(s.hand(me)[0]);
      c.yes = d.call[static_cast<std::size_t>(d1)];
      c.why = kit::mixed(c.yes, "call on all to double", "do not call") +
              ", as the optimal dealer plays on " + card_word(d1);
      return c;
    }
    case VingtState::Phase::kAnswer: {
      const int c1 = value(s.hand(me)[0]);
      c.yes = d.accept[static_cast<std::size_t>(c1)];
      c.why = kit::mixed(c.yes, "double", "give up the stake") +
              ", as the optimal punter plays on " + card_word(c1);
      return c;
    }
    default:
      break;
  }
  const Read own = read(s.hand(me));
  if (own.type < 0 || own.best >= 21) {
    c.why = "stand";
    return c;
  }
  // Both know whether the dealer called to double: a side of its own.
  const int side = s.doubled() ? 1 : 0;
  if (me != s.banker()) {
    c.yes = d.punter_draws(side, own.type, own.best, own.peak);
    what = "the optimal punter plays at " + std::to_string(own.best) +
           (s.doubled() ? ", called and doubled" : "");
  } else {
    // The punters standing, as the dealer sees them.
    std::vector<SeenPunter> in;
    Seat one = kNobody;
    std::vector<int> mine, seen;  // his cards; the others' face up
    for (Seat p = 0; p < s.rules().players; ++p) {
      const Hand& h = s.hand(p);
      for (std::size_t i = p == me || s.shown(p) ? 0 : 2; i < h.size(); ++i)
        (p == me ? mine : seen).push_back(value(h[i]));
      if (p == me || s.part(p) != kit::Part::kIn) continue;
      one = p;
      SeenPunter sp;
      sp.stake = s.stake(p);
      for (std::size_t i = 2; i < h.size(); ++i) sp.drawn.push_back(value(h[i]));
      in.push_back(std::move(sp));
    }
    if (in.size() <= 1) {
      // One punter against the dealer: the duel, where the dealer's
      // equilibrium plan is the optimal play.
      c.yes = one == kNobody
                  ? 0
                  : d.dealer_draws(side, own.type, seen_in(s.hand(one)), own.best, own.peak);
      what = "the optimal dealer plays at " + std::to_string(own.best);
    } else {
      c.yes = dealer_best_draws(d, side, mine, seen, in) ? 1 : 0;
      what = "the dealer's best answer at " + std::to_string(own.best) + " to the " +
             std::to_string(in.size()) +
             " punters standing, each weighed by what he drew as the optimal punter plays";
    }
  }
  const bool mixes = c.yes > 1e-9 && c.yes < 1 - 1e-9;
  c.why = kit::mixed(c.yes, "draw", "stand") + ", as " + what +
          (mixes ? " (the equilibrium mixes, so that the other cannot read the hand)" : "");
  return c;
}

Action optimal_action(const VingtState& s, Seat me, std::span<const Action> legal, Rng& rng) {
  const auto has = [&](Move m) {
    return std::find(legal.begin(), legal.end(), m.encode()) != legal.end();
  };
  switch (s.phase()) {
    case VingtState::Phase::kStake:
      return has(Move::stake(1)) ? Move::stake(1).encode() : legal[0];
    case VingtState::Phase::kDouble:
      return Move::of(kit::with_chance(optimal_choice(s, me).yes, rng) ? Move::kDouble
                                                                       : Move::kNoDouble)
          .encode();
    case VingtState::Phase::kAnswer:
      return Move::of(kit::with_chance(optimal_choice(s, me).yes, rng) ? Move::kAccept
                                                                       : Move::kRefuse)
          .encode();
    default:
      return has(Move::of(Move::kDraw)) && kit::with_chance(optimal_choice(s, me).yes, rng)
                 ? Move::of(Move::kDraw).encode()
                 : Move::of(Move::kStand).encode();
  }
}

// ---- Odds ------------------------------------------------------------------------------

namespace {

std::string method(const Duel& d) {
  return "the duel of one punter against the dealer solved exactly among plans (a total to draw "
         "to, by the two cards and whether the dealer called to double; by his two cards, whether "
         "he called and what the punter drew, for the dealer), each plan paid out card by card "
         "from a fresh pack of 52 (" +
         std::to_string(d.positions) + " dealer's positions), the equilibrium by double oracle (" +
         std::to_string(d.rounds) +
         " rounds, the hands called and not called each a game of its own); the call to double "
         "and the answer solved with the plans in turn (" +
         std::to_string(d.outer) + " rounds)";
}

Status solvable(const Config& config) {
  if (Rules::from(config).look_first)
    return Status::error(
        "vingt-et-un's exact odds are for stakes placed before the cards; look-first (a stake "
        "chosen "
        "after the first card) is not solved");
  return {};
}

}  // namespace

Result<OddsReport> Odds::from_deal(const Config& config) const {
  if (Status st = solvable(config); !st.ok()) return st;
  const Duel& d = duel(Rules::from(config).dealer_double);
  OddsReport out;
  out.kind = OddsReport::Kind::kPerChip;
  out.event = "result per chip first staked, both playing the optimal strategy";
  out.labels = {"punter", "dealer"};
  out.chance = {d.exact, -d.exact};
  out.exact = d.ok;
  out.precision = std::max(1e-12, d.upper - d.lower);
  out.method = method(d);
  for (bool dbl : {true, false}) {
    const Duel& o = duel(dbl);
    out.notes.push_back(std::string(dbl ? "double=yes" : "double=no") + ": punter " +
                        kit::per_chip(o.exact) + ", dealer " + kit::per_chip(-o.exact) +
                        " (the equilibrium guarantees [" + kit::per_chip(o.lower) + ", " +
                        kit::per_chip(o.upper) + "])");
  }
  if (d.double_on) {
    std::string call, answer;
    auto add = [](std::string& list, int v, double x) {
      if (x <= 1e-6) return;
      char pct[32];
      std::snprintf(pct, sizeof pct, " (%.1f%% of the time)", 100 * x);
      list += (list.empty() ? "" : ", ") + card_word(v) + (x < 1 - 1e-6 ? pct : "");
    };
    for (int v = 1; v <= 10; ++v) {
      add(call, v, d.call[static_cast<std::size_t>(v)]);
      add(answer, v, d.accept[static_cast<std::size_t>(v)]);
    }
    call = "the dealer calls on " + call, answer = "the punter doubles on " + answer;
    out.notes.push_back(call + "; " + answer);
  }
  const double lower = dealer_answer(d, true);
  out.notes.push_back(
      "beyond plans, a punter reading every card he holds (not only their sum) could gain up "
      "to " +
      kit::per_chip(d.full_upper - d.exact) +
      " a chip against the dealer's plans, and a dealer reading his two cards and every card "
      "the punter drew, in order, up to " +
      kit::per_chip(d.exact - lower) +
      " against the punter's (their best answers, worked out exactly); so the whole duel is "
      "worth between " +
      kit::per_chip(lower) + " and " + kit::per_chip(d.full_upper) + " to the punter");
  out.notes.push_back(
      "limit, stake, chips, bank and rounds change no figure per chip; the pack is fresh "
      "here, where the game deals it through");
  return out;
}

Result<OddsReport> Odds::for_seat(const State& state, Seat seat) const {
  const auto& s = static_cast<const VingtState&>(state);
  if (s.rules().look_first)
    return Status::error("look-first (a stake chosen after the first card) is not solved");
  const Duel& d = duel(s.rules().dealer_double);
  OddsReport out;
  out.kind = OddsReport::Kind::kPerChip;
  out.event = "result per chip first staked at this table, both playing the optimal strategy";
  out.exact = d.ok;
  out.precision = std::max(1e-12, d.upper - d.lower);
  out.method = method(d);
  out.chance.assign(static_cast<std::size_t>(s.rules().players), d.exact);
  out.chance[static_cast<std::size_t>(s.banker())] = -d.exact;
  out.notes.push_back("the dealer's edge at this table: " + kit::per_chip(-d.exact) +
                      " of each chip first staked against him");
  const bool moving = seat >= 0 && s.to_move() == seat && s.phase() != VingtState::Phase::kOver;
  if (moving) out.advice = optimal_choice(s, seat).why;
  return out;
}

Result<OddsReport> Odds::check(const Config& config, long hands, std::uint64_t seed) const {
  if (Status st = solvable(config); !st.ok()) return st;
  kit::HeadsUp h{"vingt-et-un",
                 seed,
                 hands,
                 [](const State& s) { return static_cast<const VingtState&>(s).hand_number(); },
                 [](const State& s) { return static_cast<const VingtState&>(s).banker(); },
                 "dealer",
                 "the pack dealt through as the rules say"};
  return kit::heads_up_check(config, h, duel(Rules::from(config).dealer_double).exact);
}

Result<OddsReport> Odds::compare(const Config& config, long hands, std::uint64_t seed,
                                 std::string_view against) const {
  if (Status st = solvable(config); !st.ok()) return st;
  kit::PairedHands ph{
      "vingt-et-un",
      config.players,
      seed,
      hands,
      "optimal",
      std::string(against),
      [](const State& s) { return static_cast<const VingtState&>(s).hand_number(); }};
  return kit::optimal_gain(config, ph, "hand");
}

}  // namespace parlour::vingt_et_un
