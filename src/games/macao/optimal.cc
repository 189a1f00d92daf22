// Macao's optimal player and exact odds, from the duel solved in solve.h: the
// bot `optimal`, `parlour odds macao` and its check by simulation.
#include "games/macao/optimal.h"

#include <cmath>
#include <cstdio>

#include "games/macao/solve.h"
#include "kit/edge.h"

namespace parlour::macao {
namespace {

// What a seat that may draw knows of its hand: its first card, its total,
// and the last card it drew and the last that counted.
struct Drawn {
  int first = 0, total = 0, last = 0, counted = 0, d = 0;
  bool drew = false;
};
Drawn drawn(const Hand& h) {
  Drawn x;
  x.first = points(h[0]);
  x.total = x.first;
  for (std::size_t i = 1; i < h.size(); ++i) {
    const int v = points(h[i]);
    x.total += v, x.d += v, x.last = v, x.drew = true;
    if (v) x.counted = v;
  }
  return x;
}

}  // namespace

OptimalChoice optimal_choice(const MacaoState& s, Seat me) {
  const Duel& d = duel(s.rules().ties);
  OptimalChoice c;
  if (s.phase() == MacaoState::Phase::kStake) {
    c.why =
        "stake one chip: the punter's expectation is below nothing, so the least stake loses least";
    return c;
  }
  const Drawn own = drawn(s.hand(me));
  if (me != s.banker()) {
    c.draw = d.punter_draws(own.first, own.total, own.last, own.counted, own.drew);
    c.why = "the optimal punter plays with a first card of " + std::to_string(own.first) + " at " +
            std::to_string(own.total);
  } else {
    std::vector<Standing> standing;
    for (Seat p = 0; p < s.rules().players; ++p) {
      if (p == me || s.part(p) != Part::kIn) continue;
      const Drawn x = drawn(s.hand(p));  // only the cards drawn, face up, are read
      standing.push_back({s.stake(p), x.d, x.counted});
    }
    if (standing.size() == 1) {
      c.draw = d.banker_draws(own.first, seen(standing[0].d, standing[0].cl), own.total, own.last,
                              own.drew);
      c.why = "the optimal banker plays holding " + std::to_string(own.first) + " first, at " +
              std::to_string(own.total) + ", the punter having drawn " +
              std::to_string(standing[0].d) + (standing[0].d == 1 ? " point" : " points");
    } else {
      c.draw = banker_should_draw(d, own.total, standing) ? 1 : 0;
      c.why = "the banker's best answer at " + std::to_string(own.total) + " to the " +
              std::to_string(standing.size()) + " punters standing, as their draws show them";
    }
  }
  const bool mixes = c.draw > 1e-9 && c.draw < 1 - 1e-9;
  c.why = kit::mixed(c.draw, "draw", "stand") + ", as " + c.why +
          (mixes ? " (the equilibrium mixes, so that the other cannot read the hand)" : "");
  return c;
}

Action optimal_action(const MacaoState& s, Seat me, std::span<const Action> legal, Rng& rng) {
  if (s.phase() == MacaoState::Phase::kStake)
    return legal.size() > 1 ? Move::stake(1).encode() : legal[0];
  const Action draw = Move::draw().encode();
  if (std::find(legal.begin(), legal.end(), draw) == legal.end()) return Move::stand().encode();
  return kit::with_chance(optimal_choice(s, me).draw, rng) ? draw : Move::stand().encode();
}

// ---- Odds ------------------------------------------------------------------------------

namespace {

std::string ties_name(Ties t) {
  return t == Ties::kBanker ? "ties=banker" : "ties=stand-off";
}

std::string duel_method(const Duel& d) {
  return "the duel of one punter against the banker solved exactly among plans (a total to draw "
         "to, by first card; by what the punter drew, for the banker), each plan paid out card by "
         "card from one pack of 52 shuffled for the hand (" +
         std::to_string(d.positions) + " banker's positions); the equilibrium by double oracle (" +
         std::to_string(d.rounds) + " rounds), then played move by move, card by card";
}

}  // namespace

Result<OddsReport> Odds::from_deal(const Config& config) const {
  const Rules r = Rules::from(config);
  const Duel& d = duel(r.ties);
  if (!d.ok) return Status::error("the duel's equilibrium was not found");
  OddsReport out;
  out.kind = OddsReport::Kind::kPerChip;
  out.event = "result per chip staked, both playing the optimal strategy";
  out.labels = {"punter", "banker"};
  out.chance = {d.exact, -d.exact};
  out.exact = true;
  out.precision = 1e-12;
  out.method = duel_method(d);
  out.states = d.positions;
  for (Ties t : {Ties::kStandOff, Ties::kBanker}) {
    const Duel& o = duel(t);
    out.notes.push_back(ties_name(t) + ": punter " + kit::per_chip(o.exact) + ", banker " +
                        kit::per_chip(-o.exact) + " (the equilibrium guarantees [" +
                        kit::per_chip(o.lower) + ", " + kit::per_chip(o.upper) + "]; naturals " +
                        kit::per_chip(o.natural) + ")");
  }
  out.notes.push_back(
      "beyond plans, reading every card he holds, a punter could gain at most " +
      kit::per_chip(d.full_upper - d.value) + " a chip against the banker's plans, and a " +
      "banker reading every card he sees at most " + kit::per_chip(d.value - d.full_lower) +
      " against the punter's (both worked out exactly)");
  out.notes.push_back("limit, chips, bank-hands and rounds change no figure per chip");
  if (config.players > 2)
    out.notes.push_back("the figures are for one punter against the bank; with " +
                        std::to_string(config.players - 1) +
                        " punters the banker answers them all at once, and `--check` measures it");
  return out;
}

Result<OddsReport> Odds::for_seat(const State& state, Seat seat) const {
  const auto& s = static_cast<const MacaoState&>(state);
  const Duel& d = duel(s.rules().ties);
  OddsReport out;
  out.kind = OddsReport::Kind::kPerChip;
  out.event = "result per chip staked at this table, both playing the optimal strategy";
  out.exact = true;
  out.precision = 1e-12;
  out.method = duel_method(d);
  out.chance.assign(static_cast<std::size_t>(s.rules().players), d.exact);
  out.chance[static_cast<std::size_t>(s.banker())] = -d.exact;
  out.notes.push_back("the banker's edge at this table (" + ties_name(s.rules().ties) +
                      "): " + kit::per_chip(-d.exact) + " of each chip staked against him");
  const bool moving =
      seat >= 0 && s.to_move() == seat &&
      (s.phase() == MacaoState::Phase::kStake || s.phase() == MacaoState::Phase::kDraw ||
       s.phase() == MacaoState::Phase::kBankerDraw);
  if (moving) out.advice = optimal_choice(s, seat).why;
  return out;
}

Result<OddsReport> Odds::check(const Config& config, long hands, std::uint64_t seed) const {
  kit::HeadsUp h{"macao",
                 seed,
                 hands,
                 [](const State& s) { return static_cast<const MacaoState&>(s).hand_number(); },
                 [](const State& s) { return static_cast<const MacaoState&>(s).banker(); },
                 "banker",
                 "the pack shuffled for each hand"};
  return kit::heads_up_check(config, h, duel(Rules::from(config).ties).exact);
}

Result<OddsReport> Odds::compare(const Config& config, long hands, std::uint64_t seed,
                                 std::string_view against) const {
  const Ties ties = Rules::from(config).ties;
  kit::PairedHands ph{"macao", 2, seed, hands, "optimal", std::string(against), [](const State& s) {
                        return static_cast<const MacaoState&>(s).hand_number();
                      }};
  if (against != "threshold") return kit::optimal_gain(config, ph, "hand");
  // The threshold play is known: the exact gain, half the hands as punter,
  // half as banker.
  return kit::optimal_gain(config, ph, "hand", [ties] {
    const Duel& opt = duel(ties);
    const Duel thr = threshold_duel(ties);
    const double base = worth(thr, thr), as_punter = worth(opt, thr) - base,
                 as_banker = base - worth(thr, opt);
    return kit::ExactGain{(as_punter + as_banker) / 2, "as punter " + kit::per_chip(as_punter) +
                                                           ", as banker " +
                                                           kit::per_chip(as_banker) + " a hand"};
  });
}

}  // namespace parlour::macao
