#include "cli/args.h"

namespace parlour::cli {
namespace {

// sim's and tournament's --journal.
constexpr const char* kJournalHelp =
    "keep each game's result in FILE as it ends; run again with the same FILE, the games "
    "already there are taken from it and the rest played (resume with the same build)";

// What sim and tournament both take: how many games, of what table, on how
// many threads.
void add_games(CLI::App* c, SimArgs& a) {
  c->add_option("--games", a.games, "number of games")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40));
  c->add_option("--players", a.players, "number of players");
  c->add_option("--opt", a.options, "an option as key=value (repeatable)");
  c->add_option("--threads", a.threads, "worker threads; results do not depend on it")
      ->check(CLI::Range(1, 256));
}

}  // namespace

CLI::App* add_sim(CLI::App& app, SimArgs& a) {
  CLI::App* c = app.add_subcommand(
      "sim", "simulate many games between bots: outcome rates with 95% intervals");
  c->add_option("GAME", a.game, "a name from `parlour list`")->required();
  add_games(c, a);
  c->add_option("--bots", a.bots, "a bot for every seat, or one per seat: search,greedy");
  c->add_flag("--rotate", a.rotate, "rotate the bots round the seats from game to game");
  c->add_option("--seed", a.seed, "seed of the whole simulation")->check(CLI::NonNegativeNumber);
  c->add_option("--format", a.format, "text, json or csv");
  c->add_option("--plot", a.plot, "also plot the seats and game lengths to FILE.svg or FILE.png");
  c->add_option("--journal", a.journal, kJournalHelp);
  return c;
}

CLI::App* add_tournament(CLI::App& app, SimArgs& a) {
  CLI::App* c = app.add_subcommand(
      "tournament", "bots against each other, seats rotating: results and head-to-head margins");
  a.games = 1000;
  c->add_option("GAME", a.game, "a name from `parlour list`")->required();
  c->add_option("--bots", a.bots, "the bots, two or more: ismcts,greedy,random")->required();
  add_games(c, a);
  c->add_option("--seed", a.seed, "seed of the whole tournament")->check(CLI::NonNegativeNumber);
  c->add_option("--format", a.format, "text or json");
  c->add_option("--journal", a.journal, kJournalHelp);
  c->add_flag("--duplicate", a.duplicate,
              "play each deal under every rotation of the bots and compare them deal by deal");
  return c;
}

CLI::App* add_fairness(CLI::App& app, FairnessArgs& a) {
  CLI::App* c = app.add_subcommand(
      "fairness", "each seat's chance of losing under each rule variant, with verdicts and a plot");
  c->add_option("GAME", a.game, "a game that declares rule variants (old-maid)")->required();
  c->add_option("--from", a.from, "fewest players (default 2)");
  c->add_option("--to", a.to, "most players (default 8)");
  c->add_option("--games", a.games, "games per simulated table row")
      ->check(CLI::Range(std::uint64_t{1000}, std::uint64_t{1} << 36));
  c->add_option("--exact-up-to", a.exact_up_to,
                "use exact odds up to this many players (4 takes a few seconds a row)")
      ->check(CLI::Range(0, 4));
  c->add_option("--threads", a.threads, "simulation threads")->check(CLI::Range(1, 256));
  c->add_option("--plot", a.plot, "the plot: FILE.svg or FILE.png (default GAME-fairness.svg)");
  return c;
}

CLI::App* add_solve(CLI::App& app, SolveArgs& a) {
  CLI::App* c = app.add_subcommand(
      "solve", "solve a solitaire's deals, every card known: win rate, deals lost, undecided");
  c->add_option("GAME", a.game, "a game with a solver (montana)")->required();
  c->add_option("--opt", a.options, "an option as key=value (repeatable)");
  c->add_option("--deals", a.deals, "number of deals")->capture_default_str();
  c->add_option("--from", a.from, "the first deal's seed (as `parlour play --seed`)")
      ->capture_default_str();
  c->add_option("--threads", a.threads, "worker threads")->capture_default_str();
  c->add_option("--limit-seconds", a.limit_seconds, "a deal's budget of time")
      ->capture_default_str();
  c->add_option("--max-positions", a.max_nodes, "a deal's budget of positions")
      ->capture_default_str();
  c->add_option("--record", a.record,
                "instead: whether the last position of this record is still winnable, and how");
  return c;
}

}  // namespace parlour::cli
