// Simulation of any registered game with bots: per-seat and per-bot results
// with 95% confidence intervals, as the game's kind of result calls for (the
// chance of losing, of winning, places, mean scores), the game's own
// statistics (GameStats), and game lengths. Each game's seed is derived from
// (seed, game index), so the results are the same whatever the number of
// threads. Memory does not grow with the number of games.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/registry.h"

namespace parlour {

struct SimSpec {
  Selection sel;
  Config config;
  std::vector<std::string> bots;  // one per seat (a single name fills every seat)
  bool rotate = false;            // game i seats bot (s + i) mod (number of bots) at seat s
  // With rotate: each deal (seed) is played once under every rotation, so
  // that the bots meet the same cards from every seat, and each pair of bots
  // is compared deal by deal (SimResult::paired). games: rounded up to a
  // whole number of deals.
  bool duplicate = false;
  std::uint64_t games = 1000;
  std::uint64_t seed = 1;
  int threads = 1;
  // Called now and then with the number of games done (from one thread at a time).
  std::function<void(std::uint64_t)> progress;
  // Results known already (a journal, analysis/journal.h): a game `recall`
  // gives is taken as it is, not played. `record` is told each game played,
  // from any worker thread.
  std::function<const Playout*(std::uint64_t index)> recall;
  std::function<void(std::uint64_t index, const Playout&)> record;
};

// The results of one seat or one bot.
struct Tally {
  std::uint64_t games = 0, wins = 0, losses = 0, place_sum = 0;
  double score_sum = 0, score_sq = 0;
  std::array<std::uint64_t, 17> at_place{};  // games finished at each place (1..16)
  void add(const Tally& o);
  double mean_score() const;
  double score_half_width() const;  // 95%, normal approximation
};

// Two bots at one table: how often the first finished ahead of the second,
// behind it, or level (games where both played; seat-pairs, where a bot has
// several seats).
struct PairTally {
  std::uint64_t games = 0, ahead = 0, behind = 0;
  void add(const PairTally& o) { games += o.games, ahead += o.ahead, behind += o.behind; }
  double margin() const;      // (ahead - behind) / games, in [-1, 1]
  double half_width() const;  // 95%, normal approximation
};

// Differences of mean score, deal by deal (duplicate play).
struct DiffTally {
  std::uint64_t deals = 0;
  double sum = 0, sq = 0;
  void add(double d) { ++deals, sum += d, sq += d * d; }
  void add(const DiffTally& o) { deals += o.deals, sum += o.sum, sq += o.sq; }
  double mean() const { return deals ? sum / static_cast<double>(deals) : 0; }
  double half_width() const;  // 95%, normal approximation
};

struct Interval {
  double low = 0, high = 0;
};
// Wilson's 95% interval for k successes in n trials.
Interval wilson(std::uint64_t k, std::uint64_t n);

struct SimResult {
  std::uint64_t games = 0;
  OutcomeKind kind = OutcomeKind::kScores;           // the game's kind of result
  std::vector<Tally> seats;                          // by seat
  std::vector<std::string> bot_names;                // distinct bots, in order of first seat
  std::vector<Tally> bots;                           // by bot name
  std::vector<std::vector<PairTally>> head_to_head;  // [a][b]: bot a against bot b
  // duplicate: [a][b], a's mean score a game less b's, deal by deal.
  std::vector<std::vector<DiffTally>> paired;
  std::vector<std::uint64_t> length_hist;  // games by number of seat actions, to the longest
  std::uint64_t length_sum = 0;
  // Games that ended at the game's safety cap (Outcome::cap) of `cap`
  // `cap_unit`, not by its rules.
  std::uint64_t capped = 0;
  int cap = 0;
  std::string cap_unit;
  std::vector<SeatRate> game_stats;  // the game's own report (GameStats), if it has one
  bool fast = false;                 // played by the game's fast simulator
  // Length percentile (0..1) from the histogram.
  std::uint64_t length_percentile(double q) const;
};

// Validates the bot names and plays the games. Errors name the bad bot.
Result<SimResult> simulate(const SimSpec& spec);
// What plays a simulation: simulate(), or one spread over processes
// (parlour-mpi). Empty: simulate().
using SimRunner = std::function<Result<SimResult>(const SimSpec&)>;

// What simulate() adds up, over some of a simulation's games: every figure it
// reports is computed from these at the end. Its threads each add up their
// own and merge them, as parlour-mpi's ranks do. The sums are of whole
// numbers (counts, and the games' scores, which are whole in every game), so
// that any order of adding gives the same figures.
struct SimTallies {
  std::vector<Tally> seats, bots;
  std::vector<std::vector<PairTally>> pairs;
  std::vector<std::vector<DiffTally>> paired;
  std::vector<std::uint64_t> hist;  // by length, as long as the longest game
  std::vector<std::uint64_t> stats;
  std::uint64_t length_sum = 0, games = 0, capped = 0;
  int cap = 0;
  std::string cap_unit;
  OutcomeKind kind = OutcomeKind::kScores;
  bool kind_known = false;  // some game was added
};
// Adds `from` into `into` (of the same simulation).
void merge(SimTallies& into, const SimTallies& from);
// As numbers and back, for sending between processes and for checkpoints.
std::vector<std::uint64_t> encode(const SimTallies& t);
[[nodiscard]] Result<SimTallies> decode(std::span<const std::uint64_t> words);

// Plays games of a simulation by their index: game i is game i of
// simulate(spec), whoever plays it. One a thread.
class SimPlayer {
 public:
  // REQUIRES: check(spec) is ok.
  explicit SimPlayer(const SimSpec& spec);
  ~SimPlayer();
  // Tallies of no game, sized for the simulation.
  SimTallies empty() const;
  // Plays games [begin, end) into `t`. In duplicate play, a deal's games
  // (rotations_of) must all be in one call. False: a bot chose a move that
  // is not legal (a bug in the bot).
  [[nodiscard]] bool play(std::uint64_t begin, std::uint64_t end, SimTallies& t);
  // The results from the tallies of every game.
  SimResult finish(const SimTallies& t) const;
  // Whether the game's fast simulator plays these games.
  bool fast() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};
// The error simulate() gives when a bot chose an illegal move.
inline constexpr std::string_view kBotBug =
    "a bot chose a move that is not legal: a bug in the bot; no figures are given";
// The bots of every seat, as simulate() reads spec.bots: the game's first
// bot where none is named, one name for every seat.
std::vector<std::string> seat_bots(const SimSpec& spec);
// The bot (an index into seat_bots(spec), of `bots` in all) at seat `s` in
// game `i`. Rotating, bot (s + i) mod bots; rotating in a game with two
// sides (GameInfo::sides), one bot plays both seats of a side, and the games
// go round every ordered pair of bots, so that each meets every other from
// either side.
std::size_t seat_bot(const SimSpec& spec, std::size_t bots, std::uint64_t i, int s);
// Whether the bots are seated by side: rotating, in a game with partnerships.
bool by_side(const SimSpec& spec);
// The games a deal is played in, in duplicate play: one for each seating.
std::uint64_t rotations_of(const SimSpec& spec);
// What simulate() refuses before it plays: too many players, bots unknown
// or not one a seat. The message names the problem.
[[nodiscard]] Status check(const SimSpec& spec);
// The games simulate() plays: spec.games, rounded up in duplicate play to
// whole deals.
std::uint64_t games_of(const SimSpec& spec);

std::string format_text(const SimSpec& spec, const SimResult& r);
std::string format_json(const SimSpec& spec, const SimResult& r);
std::string format_csv(const SimSpec& spec, const SimResult& r);
// The tournament table: each bot's results with intervals, and head-to-head margins.
std::string format_tournament(const SimSpec& spec, const SimResult& r);

// Plots each seat's chance of losing (or winning, or mean score) with its
// interval, and the game lengths.
[[nodiscard]] Status plot_sim(const SimSpec& spec, const SimResult& r, const std::string& path);

// The seed of game `index` of a simulation seeded `seed` (splitmix64).
std::uint64_t game_seed(std::uint64_t seed, std::uint64_t index);

// One finished game's brief, from the final state.
void playout_of(const State& final_state, const GameInfo& game, Playout& out);

}  // namespace parlour
