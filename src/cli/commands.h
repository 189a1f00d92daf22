// The `parlour` commands. Each returns the process exit status: 0 done,
// 2 bad input (with a message on stderr naming the problem).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "analysis/sim.h"
#include "analysis/solve.h"
#include "cli/terminal.h"

namespace parlour::cli {

struct PlayArgs {
  std::string game;
  std::optional<int> players;
  std::optional<std::uint64_t> seed;
  std::vector<std::string> options;
  int seat = 0;
  bool auto_play = false;
  std::string bot;                // empty: the game's default bot
  std::string record;             // file to write, empty for none
  bool winnable = false;          // deal only what the game's solver proves winnable
  bool explain = false;           // after each bot's move, its reasons (Bot::explain)
  std::string name;               // set: the result counts in this player's stats
  std::string db = "parlour.db";  // where the stats are kept (as `parlour serve --db`)
};
struct StatsArgs {
  std::string db = "parlour.db";
  std::string game, name;  // empty: all
};
int show_stats(const StatsArgs& args, std::ostream& out, std::ostream& err);

int list_games(std::ostream& out);
int show_rules(const std::string& name, std::ostream& out, std::ostream& err);
// `parlour bots GAME`: the bots a game can be played by, a line each.
int show_bots(const std::string& name, std::ostream& out, std::ostream& err);
int play(const PlayArgs& args, const Style& style, std::istream& in, std::ostream& out,
         std::ostream& err);
struct SimArgs {
  std::string game;
  std::optional<int> players;
  std::vector<std::string> options;
  std::string bots;  // "name" or "a,b,c" per seat
  bool rotate = false;
  bool duplicate = false;  // tournament: each deal under every rotation
  std::uint64_t games = 10000;
  std::uint64_t seed = 1;
  int threads = 1;
  std::string format = "text";
  std::string plot;     // FILE.svg or FILE.png, or empty
  std::string journal;  // each game's result kept, and taken from, here; or empty
  // What plays the games: simulate() where unset; parlour-mpi's ranks.
  SimRunner run;
  bool quiet = false;  // no files written (plot): a rank of parlour-mpi other than 0
};
int sim(const SimArgs& args, std::ostream& out, std::ostream& err, bool progress);
// The line a long simulation shows on a terminal: games done of `total`,
// and the time left at the pace of the games played so far (`known` of the
// done were taken from a journal, not played) once `seconds` have passed.
std::string sim_progress(std::uint64_t done, std::uint64_t total, std::uint64_t known,
                         double seconds);
// Bots against each other, seats rotating: each bot's results and head-to-head
// margins with 95% intervals. Uses SimArgs (bots: one name per bot).
int tournament(const SimArgs& args, std::ostream& out, std::ostream& err, bool progress);

struct OddsArgs {
  std::string game;
  std::optional<int> players;
  std::vector<std::string> options;
  std::string record;       // odds at a position of this record
  std::optional<int> at;    // after this many seat actions (default: the end of the record)
  std::optional<int> seat;  // what this seat can know: averaged over samples of what it cannot see
  std::optional<long> check;  // games for stakes: also play this many hands and compare
  std::string against;        // with check: compare the optimal bot with this bot instead
  std::uint64_t seed = 1;     // of the check
};
int odds(const OddsArgs& args, std::ostream& out, std::ostream& err);

struct SolveArgs {
  std::string game;
  std::vector<std::string> options;
  std::uint64_t deals = 1000;
  std::uint64_t from = 1;  // deal i is `parlour play GAME --seed (from + i)`
  int threads = 1;
  double limit_seconds = 30;              // a deal's budget of time
  std::uint64_t max_nodes = 100'000'000;  // and of positions
  std::string record;  // instead: whether this record's position is still winnable
  SolveRunner run;     // what solves the deals (empty: solve_deals)
  int processes = 1;   // that many processes of `threads` threads each, for the report
};
int solve(const SolveArgs& args, const Style& style, std::ostream& out, std::ostream& err);

struct FairnessArgs {
  std::string game;
  int from = 2, to = 8;
  std::uint64_t games = 2000000;
  int exact_up_to = 3;
  int threads = 2;
  std::string plot;    // empty: GAME-fairness.svg
  SimRunner run;       // as SimArgs::run
  bool quiet = false;  // no plot written
};
int fairness(const FairnessArgs& args, std::ostream& out, std::ostream& err);

struct DdArgs {
  std::string deal;          // a deal in PBN
  std::uint64_t random = 0;  // instead: this many seeded random deals
  std::uint64_t seed = 1;
  std::string record;     // instead: a position of this record of a trick game
  std::optional<int> at;  // with record: after this many moves
};
// `parlour dd`: the double-dummy table (DDS) of a deal or of random deals; or,
// at a position of a record, the tricks each legal card keeps for its side.
int dd(const DdArgs& args, const Style& style, std::ostream& out, std::ostream& err);

// With `dd`, after each trick the tricks each card cost against double-dummy play.
int replay_file(const std::string& path, std::optional<int> seat, const Style& style,
                std::ostream& out, std::ostream& err, bool dd = false);

}  // namespace parlour::cli
