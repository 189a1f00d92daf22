// What the banking games' optimal players and odds share: a choice made
// with a chance, figures per chip for people, and a simulation's tally
// against the exact figure.
#pragma once

#include <cmath>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "core/game.h"
#include "core/rng.h"

namespace parlour::kit {

// The odds of a game for stakes: the optimal play reads no card its seat
// cannot see, so the figures at a position are those of the seat to move.
class StakesOdds : public ExactOdds {
 public:
  Result<OddsReport> at(const State& state) const final {
    return for_seat(state, state.to_move());
  }
};

// True with chance p (0 and 1 draw nothing from rng).
inline bool with_chance(double p, Rng& rng) {
  return p >= 1 || (p > 0 && static_cast<double>(rng.next()) < p * 4294967296.0);
}

// "+1.2345%": a result per chip.
std::string per_chip(double x);
// "draw", "stand", or "draw with chance 42%, else stand".
std::string mixed(double p, const std::string& yes, const std::string& no);

// Results per chip, hand by hand: their mean and its 95% interval.
class Tally {
 public:
  void add(double x) { sum_ += x, squares_ += x * x, ++n_; }
  long count() const { return n_; }
  double mean() const { return n_ ? sum_ / static_cast<double>(n_) : 0; }
  double half_width() const;  // of the 95% interval
  // "exact -7.3139%; measured -7.0837% ± 0.3082% (95%): agrees".
  std::string against(double exact) const;
  bool agrees(double exact) const { return std::fabs(mean() - exact) <= half_width(); }

 private:
  double sum_ = 0, squares_ = 0;
  long n_ = 0;
};

// A check by simulation: plays `game` through the table with `make` bots in
// every seat, in long matches of one chip a hand (those of the options chips,
// limit, bank-hands and rounds the game has are set to the most chips, a
// limit of one, the longest matches), match after match while `between` asks
// for more. Calls `between` with the state at each hand's start (before its
// stakes) and at each match's end, `first` for a match's first call: what a
// hand paid is the change in the balances from one call to the next. `hand`
// numbers the hands of a state (it changes when one ends).
struct HandCheck {
  std::string_view game;
  int players = 2;
  std::uint64_t seed = 1;
  std::function<std::unique_ptr<Bot>()> make;
  std::function<int(const State&)> hand;
  std::function<bool(const State& s, bool first)> between;  // false: enough hands
};
[[nodiscard]] Status play_hands(Config config, const HandCheck& check);

// Two bots compared on the same hands: each hand is played twice from the
// same position, with the same cards and the same chances, once with bot
// `mine` in one seat (the seats taking turns, hand by hand) and once with
// `theirs` there, `theirs` in every other seat; the tally is that seat's
// result the first time less the second, a hand at a time. Long matches of
// one chip a hand, as play_hands. Errors name a bot the game does not have.
struct PairedHands {
  std::string_view game;
  int players = 2;
  std::uint64_t seed = 1;
  long hands = 0;
  std::string mine, theirs;
  std::function<int(const State&)> hand;
};
[[nodiscard]] Result<Tally> paired_hands(Config config, const PairedHands& p);

// The comparison above as odds for people: the gain of `optimal` a hand
// (`hand`: "hand", "coup"), its interval and a verdict. `exact`, where the
// game knows the other bot's play: the exact gain, and how it splits.
struct ExactGain {
  double gain = 0;
  std::string split;  // "as punter +0.04%, as banker +4.93% a hand"
};
[[nodiscard]] Result<OddsReport> optimal_gain(const Config& config, const PairedHands& p,
                                              std::string_view hand,
                                              const std::function<ExactGain()>& exact = nullptr);

// The heads-up check: `optimal` bots, one punter against the bank, the
// punter's change a hand (his result on his one chip first staked), beside
// the exact figure. `bank`: "banker", "dealer"; `dealt`: how the cards come.
struct HeadsUp {
  std::string_view game;
  std::uint64_t seed = 1;
  long hands = 0;
  std::function<int(const State&)> hand;
  std::function<Seat(const State&)> banker;
  std::string bank, dealt;
};
[[nodiscard]] Result<OddsReport> heads_up_check(const Config& config, const HeadsUp& h,
                                                double exact);

}  // namespace parlour::kit
