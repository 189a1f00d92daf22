// Baccara's optimal player and exact odds, from the coup solved in solve.h:
// the bot `optimal`, `parlour odds baccara` and its check by simulation.
#include "games/baccara/optimal.h"

#include "games/baccara/solve.h"
#include "kit/edge.h"

namespace parlour::baccara {
namespace {

// The card a side took, face up (kRefused: none).
int taken(const BaccaraState& s, int side) {
  return s.hand(side).size() == 3 ? pips(s.hand(side)[2]) : kRefused;
}

std::array<int, 2> staked_by_side(const BaccaraState& s) {
  std::array<int, 2> on{};
  for (Seat p = 0; p < s.rules().players; ++p)
    if (p != s.banker()) on[static_cast<std::size_t>(s.side_of(p))] += s.stake(p);
  return on;
}

std::string card_name(int c) {
  if (c == kRefused) return "refused";
  return c == 0   ? "taken a ten"
         : c == 1 ? "taken an ace"
         : c == 8 ? "taken an 8"
                  : "taken a " + std::to_string(c);
}

}  // namespace

OptimalChoice optimal_choice(const BaccaraState& s, Seat me) {
  const CoupPlay& eq = equilibrium();
  OptimalChoice c;
  if (s.phase() == BaccaraState::Phase::kStake) {
    c.why = "stake one chip: the figures are per chip, and the least stake risks least";
    return c;
  }
  if (s.phase() == BaccaraState::Phase::kOffer) {
    const int h = s.side_of(me);
    const int p = point(s.hand(h));
    const std::string side = h == kRight ? "right" : "left";
    if (h == kRight) {
      c.take = eq.right[static_cast<std::size_t>(p)];
      c.why = "the optimal right plays at " + std::to_string(p);
    } else {
      const int cr = taken(s, kRight);
      c.take = eq.left[static_cast<std::size_t>(p)][static_cast<std::size_t>(cr)];
      c.why =
          "the optimal left plays at " + std::to_string(p) + ", the right having " + card_name(cr);
    }
  } else {
    const int k = point(s.hand(kBankHand));
    const int cr = taken(s, kRight), cl = taken(s, kLeft);
    const std::array<int, 2> on = staked_by_side(s);
    if (on[kRight] == on[kLeft]) {
      c.take = eq.banker[static_cast<std::size_t>(k)][static_cast<std::size_t>(cr)]
                        [static_cast<std::size_t>(cl)];
      c.why = "the optimal banker plays at " + std::to_string(k);
    } else {
      c.take = banker_should_draw(k, cr, cl, on[kRight], on[kLeft]) ? 1 : 0;
      c.why = "the banker's best answer at " + std::to_string(k) + " to " +
              std::to_string(on[kRight]) + " staked on the right and " + std::to_string(on[kLeft]) +
              " on the left";
    }
    c.why += ", the right having " + card_name(cr) + " and the left " + card_name(cl);
  }
  const bool mixes = c.take > 1e-9 && c.take < 1 - 1e-9;
  const bool bank = s.phase() == BaccaraState::Phase::kBankerDraw;
  c.why = kit::mixed(c.take, bank ? "draw" : "take the card", bank ? "stand" : "refuse it") +
          ", as " + c.why +
          (mixes ? " (the equilibrium mixes, so that the others cannot read the point)" : "");
  return c;
}

Action optimal_action(const BaccaraState& s, Seat me, std::span<const Action>, Rng& rng) {
  if (s.phase() == BaccaraState::Phase::kStake) return Move::stake(1).encode();
  return kit::with_chance(optimal_choice(s, me).take, rng) ? Move::take().encode()
                                                           : Move::refuse().encode();
}

// ---- Odds ------------------------------------------------------------------------------

namespace {

std::string method(const Solution& s, int packs) {
  std::string how =
      "the coup of right, left and banker (the sides' stakes equal) solved with an endless shoe "
      "by " +
      std::to_string(s.rounds) + " rounds of best answers";
  if (s.fictitious) how += " and " + std::to_string(s.fictitious) + " of fictitious play";
  return how + "; then played card by card from a fresh shoe of " + std::to_string(packs) +
         " packs";
}

std::string gains(const Solution& s) {
  return "what each could gain per chip by answering the others at his best: right " +
         kit::per_chip(s.gain_right) + ", left " + kit::per_chip(s.gain_left) + ", banker " +
         kit::per_chip(s.gain_banker) +
         (s.ok ? " (an equilibrium exactly)" : " (an equilibrium to within these)");
}

}  // namespace

Result<OddsReport> Odds::from_deal(const Config& config) const {
  const Rules r = Rules::from(config);
  const Solution& s = solution(r.packs);
  OddsReport out;
  out.kind = OddsReport::Kind::kPerChip;
  out.event = "result per chip staked, all three playing the optimal strategy";
  out.labels = {"right", "left", "banker"};
  out.chance = {s.exact_right, s.exact_left, s.banker()};
  out.exact = true;
  out.precision = std::max({s.gain_right, s.gain_left, s.gain_banker, 1e-12});
  out.method = method(s, r.packs);
  out.notes.push_back(gains(s));
  out.notes.push_back("with an endless shoe: right " + kit::per_chip(s.right) + ", left " +
                      kit::per_chip(s.left));
  for (int packs = 1; packs <= 6; ++packs) {
    const Solution& o = solution(packs);
    out.notes.push_back("packs=" + std::to_string(packs) + ": right " +
                        kit::per_chip(o.exact_right) + ", left " + kit::per_chip(o.exact_left) +
                        ", banker " + kit::per_chip(o.banker()));
  }
  out.notes.push_back(
      "limit, chips, bank-hands and rounds change no figure per chip; the banker's figure "
      "is per chip staked against him, the two sides' stakes equal");
  return out;
}

Result<OddsReport> Odds::for_seat(const State& state, Seat seat) const {
  const auto& s = static_cast<const BaccaraState&>(state);
  const Solution& sol = solution(s.rules().packs);
  OddsReport out;
  out.kind = OddsReport::Kind::kPerChip;
  out.event = "result per chip staked at this table, all playing the optimal strategy";
  out.exact = true;
  out.precision = std::max({sol.gain_right, sol.gain_left, sol.gain_banker, 1e-12});
  out.method = method(sol, s.rules().packs);
  for (Seat p = 0; p < s.rules().players; ++p)
    out.chance.push_back(p == s.banker()          ? sol.banker()
                         : s.side_of(p) == kRight ? sol.exact_right
                                                  : sol.exact_left);
  out.notes.push_back("the banker's edge at this table (" + std::to_string(s.rules().packs) +
                      " packs): " + kit::per_chip(sol.banker()) +
                      " of each chip staked against him");
  const bool moving =
      seat >= 0 && s.to_move() == seat &&
      (s.phase() == BaccaraState::Phase::kStake || s.phase() == BaccaraState::Phase::kOffer ||
       s.phase() == BaccaraState::Phase::kBankerDraw);
  if (moving) out.advice = optimal_choice(s, seat).why;
  return out;
}

Result<OddsReport> Odds::check(const Config& config, long hands, std::uint64_t seed) const {
  const Solution& sol = solution(Rules::from(config).packs);
  kit::Tally right, left, bank;
  std::array<int, 3> before{};
  Seat banker = kNobody;
  kit::HandCheck hc{"baccara",
                    3,
                    seed,
                    [] { return std::make_unique<OptimalBot>(); },
                    [](const State& s) { return static_cast<const BaccaraState&>(s).coup(); },
                    [&](const State& st, bool first) {
                      const auto& b = static_cast<const BaccaraState&>(st);
                      // Each side's punter staked one chip.
                      if (!first && banker != kNobody && bank.count() < hands) {
                        double sides = 0;
                        for (Seat p = 0; p < 3; ++p) {
                          if (p == banker) continue;
                          const double x =
                              b.chips()->balance(p) - before[static_cast<std::size_t>(p)];
                          (b.side_of(p) == kRight ? right : left).add(x);
                          sides += x;
                        }
                        bank.add(-sides / 2);
                      }
                      banker = b.phase() == BaccaraState::Phase::kOver ? kNobody : b.banker();
                      for (Seat p = 0; p < 3; ++p)
                        before[static_cast<std::size_t>(p)] = b.chips()->balance(p);
                      return bank.count() < hands;
                    }};
  if (Status st = kit::play_hands(config, hc); !st.ok()) return st;
  OddsReport out;
  out.kind = OddsReport::Kind::kPerChip;
  out.measured = true;
  out.event = "result per chip staked, measured";
  out.labels = {"right", "left", "banker"};
  out.chance = {right.mean(), left.mean(), bank.mean()};
  out.precision = std::max({right.half_width(), left.half_width(), bank.half_width()});
  out.method =
      std::to_string(bank.count()) +
      " coups of a banker against a punter a side, all bots `optimal`, through the table, one "
      "chip a side, the shoe dealt through as the rules say";
  out.notes.push_back("right: " + right.against(sol.exact_right));
  out.notes.push_back("left: " + left.against(sol.exact_left));
  out.notes.push_back("banker: " + bank.against(sol.banker()));
  return out;
}

Result<OddsReport> Odds::compare(const Config& config, long hands, std::uint64_t seed,
                                 std::string_view against) const {
  const int packs = Rules::from(config).packs;
  kit::PairedHands ph{
      "baccara", 3, seed, hands, "optimal", std::string(against), [](const State& s) {
        return static_cast<const BaccaraState&>(s).coup();
      }};
  if (against != "threshold") return kit::optimal_gain(config, ph, "coup");
  // The threshold play is known: the exact gain in each part, a third of
  // the coups each (the banker's on both sides' chips).
  return kit::optimal_gain(config, ph, "coup", [packs] {
    const CoupPlay& eq = equilibrium();
    const CoupPlay thr = threshold_play();
    auto with = [&](int part) {
      CoupPlay p = thr;
      if (part == 0) p.right = eq.right;
      if (part == 1) p.left = eq.left;
      if (part == 2) p.banker = eq.banker;
      return worth(p, packs);
    };
    const Worth base = worth(thr, packs), r = with(0), l = with(1), b = with(2);
    const double gr = r.right - base.right, gl = l.left - base.left;
    const double gb = (base.right + base.left) - (b.right + b.left);
    return kit::ExactGain{(gr + gl + gb) / 3, "as right " + kit::per_chip(gr) + ", as left " +
                                                  kit::per_chip(gl) + ", as banker " +
                                                  kit::per_chip(gb) + " (on two chips) a coup"};
  });
}

}  // namespace parlour::baccara
