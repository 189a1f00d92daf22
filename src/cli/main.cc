// parlour: the command-line program. Bad input exits with status 2 and a
// message that names the problem; nothing here crashes on what a user types.
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cstdlib>
#include <iostream>

#include "cli/args.h"
#include "cli/commands.h"
#include "games/registry.h"
#include "server/server.h"

int main(int argc, char** argv) {
  using namespace parlour;
  register_all_games();

  CLI::App app{"Parlour: the traditional card games of the old rule books, Old Maid first."};
  app.name("parlour");
  app.require_subcommand(1);
  bool plain = false, ascii = false;
  app.add_flag("--plain", plain, "no colour, even on a terminal; a score-sheet ruled in ASCII");
  app.add_flag("--ascii", ascii, "cards as QS rather than Q♠");

  app.add_subcommand("list", "games and presets, one a line, starting with the name `play` takes");

  auto* rules =
      app.add_subcommand("rules", "the rules of a game: every option, its default and its source");
  std::string rules_game;
  rules->add_option("GAME", rules_game, "a name from `parlour list`")->required();

  auto* bots = app.add_subcommand(
      "bots", "the bots a game can be played by (--bot, --bots, a table's seats), a line each");
  std::string bots_game;
  bots->add_option("GAME", bots_game, "a name from `parlour list`")->required();

  auto* play = app.add_subcommand("play", "play a game in the terminal against bots");
  cli::PlayArgs pa;
  play->add_option("GAME", pa.game, "a name from `parlour list`")->required();
  play->add_option("--players", pa.players, "number of players");
  play->add_option("--seed", pa.seed,
                   "seed for the deal and the bots: the same seed replays the same game")
      ->check(CLI::NonNegativeNumber);
  play->add_option("--opt", pa.options,
                   "an option as key=value (repeatable); see `parlour rules GAME`");
  play->add_option("--seat", pa.seat,
                   "your seat, 0 to players-1 (0 is the eldest hand, dealt to first)");
  play->add_flag("--auto", pa.auto_play, "bots in every seat; print the whole story");
  play->add_flag("--explain", pa.explain,
                 "after each bot's move, the reasons it gives (Bridge-Whist's make: the points "
                 "needed for game and the tricks each make should take)");
  play->add_option("--bot", pa.bot, "the bots to play against (see `parlour rules GAME`)");
  play->add_option("--record", pa.record, "write the game's record (JSON) to this file");
  auto* name_opt = play->add_option(
      "--name", pa.name, "count the result in your stats under this name (see `parlour stats`)");
  play->add_option("--db", pa.db, "the stats' database, as `parlour serve --db` (parlour.db)")
      ->needs(name_opt);
  play->add_flag("--winnable", pa.winnable,
                 "deal only a game the solver has proved winnable (the games with a solver: "
                 "see `parlour solve`); with --seed, the first such deal from that seed on");

  auto* statsc = app.add_subcommand(
      "stats",
      "players' results by game (played, won, lost, streaks), the terminal's and the "
      "server's alike");
  cli::StatsArgs st;
  statsc->add_option("--db", st.db, "the database (parlour.db)");
  statsc->add_option("--game", st.game, "only this game");
  statsc->add_option("--name", st.name, "only this player");

  cli::SimArgs sa, ta;
  cli::add_sim(app, sa);
  cli::add_tournament(app, ta);

  auto* oddsc = app.add_subcommand(
      "odds",
      "exact odds, from the deal or from a record: each seat's chance of losing, or in a game "
      "for stakes each seat's edge per chip");
  cli::OddsArgs oa;
  oddsc
      ->add_option("GAME", oa.game,
                   "a game with exact odds (the Old Maid family, Vingt-et-un, Macao, Baccara)")
      ->required();
  oddsc->add_option("--players", oa.players, "number of players");
  oddsc->add_option("--opt", oa.options, "an option as key=value (repeatable)");
  oddsc->add_option("--record", oa.record, "odds at a position of this record");
  oddsc->add_option("--at", oa.at, "after this many moves of the record (default: its last)");
  oddsc->add_option("--seat", oa.seat, "as this seat can know them, not seeing others' cards");
  oddsc->add_option("--check", oa.check,
                    "games for stakes: also play this many hands of the optimal play and compare");
  oddsc->add_option(
      "--against", oa.against,
      "with --check: compare the optimal bot with this bot, hand by hand on the same cards");
  oddsc->add_option("--seed", oa.seed, "seed of the --check hands");

  cli::SolveArgs va;
  cli::add_solve(app, va);

  cli::FairnessArgs fa;
  cli::add_fairness(app, fa);

  auto* ddc = app.add_subcommand(
      "dd", "the double-dummy table of a bridge deal (DDS): tricks for each declarer and strain");
  cli::DdArgs da;
  ddc->add_option("--deal", da.deal, "a deal in PBN: \"N:AKQJ.T98.765.432 ...\" (four hands)");
  ddc->add_option("--random", da.random, "instead: this many seeded random deals, timed")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{100000}));
  ddc->add_option("--seed", da.seed, "seed of the random deals")->capture_default_str();
  ddc->add_option("--record", da.record,
                  "instead: a record of a trick game (bridge-whist, oh-hell): at a position of "
                  "it, the tricks each legal card keeps for its side (the kit's solver)");
  ddc->add_option("--at", da.at, "with --record: the position after this many moves of the record");

  auto* replay = app.add_subcommand("replay", "replay a record written by `play --record`");
  std::string replay_path;
  std::optional<int> replay_seat;
  replay->add_option("FILE", replay_path, "the record")->required();
  replay->add_option("--seat", replay_seat, "show only what this seat saw");
  bool replay_dd = false;
  replay->add_flag("--dd", replay_dd,
                   "trick games: after each trick, the tricks each card cost its side against "
                   "double-dummy play (every hand seen)");

  auto* serve = app.add_subcommand(
      "serve", "play in the browser, with friends and bots: the UI, the API and the game protocol");
  server::ServeOptions so;
  serve->add_option("--host", so.host, "address to listen on (0.0.0.0: every interface)")
      ->capture_default_str();
  serve->add_option("--port", so.port, "port")->check(CLI::Range(1, 65535))->capture_default_str();
  serve
      ->add_option("--db", so.db,
                   "the SQLite file holding tables, records and stats (created if missing), or a "
                   "postgresql://user@host:port/database URI, which several serve processes may "
                   "share behind a proxy (see the README: more than one process)")
      ->capture_default_str();
  serve
      ->add_option("--lease", so.lease_seconds,
                   "with PostgreSQL: seconds a process's claim on a live table lasts unless "
                   "renewed; after a process dies, its tables move to another after this long")
      ->check(CLI::Range(1, 3600))
      ->capture_default_str();
  serve
      ->add_option("--renew", so.renew_seconds,
                   "with PostgreSQL: seconds between renewals of the leases (less than --lease)")
      ->check(CLI::Range(0.05, 600.0))
      ->capture_default_str();
  serve->add_option("--web", so.web, "the built browser UI (default: web/dist of the source tree)");
  serve
      ->add_option("--bot-delay", so.bot_delay_ms,
                   "milliseconds a bot takes to move, give or take half")
      ->check(CLI::Range(0, 60000))
      ->capture_default_str();
  serve
      ->add_option("--request-seconds", so.request_seconds,
                   "seconds a request (headers and body) may take to arrive: a client sending a "
                   "byte now and then is cut off after it")
      ->check(CLI::Range(1.0, 600.0))
      ->capture_default_str();
  serve
      ->add_option("--hand-pause", so.hand_pause_ms,
                   "milliseconds bots wait after a hand ends, so that people can read its summary")
      ->check(CLI::Range(0, 60000))
      ->capture_default_str();
  serve->add_flag(
      "--allow-seed", so.allow_seed,
      "accept a chosen seed when a table is created (for tests: a seed reveals every hand)");
  serve
      ->add_option("--tables-burst", so.tables_burst,
                   "new tables a client may make at once, rematches included (0: no limit)")
      ->check(CLI::Range(0, 100000))
      ->capture_default_str();
  serve
      ->add_option("--hint-burst", so.hint_burst,
                   "hints and live odds a client may ask at once, per seat; then one a second")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  serve
      ->add_option("--seconds-per-table", so.seconds_per_table,
                   "then one new table every this many seconds")
      ->check(CLI::Range(0.001, 86400.0))
      ->capture_default_str();
  serve
      ->add_option("--max-connections", so.max_connections,
                   "connections a client may hold open at once, HTTP and WebSocket (0: no limit)")
      ->check(CLI::Range(0, 1000000))
      ->capture_default_str();
  serve
      ->add_option("--workers", so.workers,
                   "threads holding the tables, each table always on one (0: one a core, less the "
                   "network's; a lone worker runs on the network's thread)")
      ->check(CLI::Range(0, 64))
      ->capture_default_str();
  serve
      ->add_option("--keep-days", so.keep_days,
                   "days a finished table and its record are kept after it was made (0: for ever; "
                   "players' stats always stay)")
      ->check(CLI::Range(0, 100000))
      ->capture_default_str();
  serve->add_option("--trusted-proxy", so.trusted_proxy,
                    "the IP address of a reverse proxy in front: the client is then the last "
                    "address of its X-Forwarded-For (see the README: behind nginx)");
  serve->add_option("--allow-origin", so.allow_origin,
                    "a page origin (https://example.com) besides the server's own whose pages may "
                    "create tables and open game sockets; may be repeated");
  serve->add_option("--allow-host", so.allow_host,
                    "a name the server is reached by (cards.example.org) besides loopback, IP "
                    "addresses, --host and --allow-origin's hosts: requests naming any other Host "
                    "are refused (DNS rebinding); may be repeated");
  serve
      ->add_option("--bot-budget", so.bot_seconds,
                   "the most a bot thinks over one move, in seconds, whatever its table asked: "
                   "every bot, the game's own included, answers within it; a new table asking "
                   "a search of more is refused, a stored one plays within it")
      ->check(CLI::Range(0.01, 600.0))
      ->capture_default_str();
  serve
      ->add_option("--bot-iterations", so.bot_iterations,
                   "the most iterations a searching bot makes over one move (ismcts:N)")
      ->check(CLI::Range(1, 10000000))
      ->capture_default_str();
  serve
      ->add_option("--bot-memory", so.bot_memory_mb,
                   "the most memory, in MB, a searching bot's tree may hold over one move: it "
                   "stops searching there and answers")
      ->check(CLI::Range(1, 4096))
      ->capture_default_str();
  serve
      ->add_option(
          "--expire-days", so.expire_days,
          "days after its last move, or the last time anyone was at it, an unfinished table "
          "is removed (0: never)")
      ->check(CLI::Range(0, 100000))
      ->capture_default_str();

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    // A word that names no command is said to be one, with the commands
    // there are (CLI11 would say only that a command is required).
    std::string commands;
    bool known = false;
    const std::string first = argc > 1 ? argv[1] : "";
    for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
      commands += (commands.empty() ? "" : ", ") + sub->get_name();
      known = known || sub->get_name() == first;
    }
    if (!first.empty() && first[0] != '-' && !known)
      std::cerr << "parlour: no command is named \"" << first << "\"; the commands are " << commands
                << "\n";
    else if (app.get_subcommands().empty())
      std::cerr << "parlour: name a command: " << commands << "\n";
    else
      std::cerr << "parlour: " << e.what() << "\n";
    std::cerr << "Run `parlour --help` (or `parlour COMMAND --help`) for usage.\n";
    return 2;
  }

  cli::Style style;
  style.ascii = ascii;
  style.plain = plain;
  const char* term = std::getenv("TERM");
  style.colour = !plain && isatty(STDOUT_FILENO) && !std::getenv("NO_COLOR") && term &&
                 std::string(term) != "dumb";

  if (app.got_subcommand("list")) return cli::list_games(std::cout);
  if (app.got_subcommand("rules")) return cli::show_rules(rules_game, std::cout, std::cerr);
  if (app.got_subcommand("bots")) return cli::show_bots(bots_game, std::cout, std::cerr);
  if (app.got_subcommand("play")) return cli::play(pa, style, std::cin, std::cout, std::cerr);
  if (app.got_subcommand("stats")) return cli::show_stats(st, std::cout, std::cerr);
  if (app.got_subcommand("fairness")) return cli::fairness(fa, std::cout, std::cerr);
  if (app.got_subcommand("odds")) return cli::odds(oa, std::cout, std::cerr);
  if (app.got_subcommand("solve")) return cli::solve(va, style, std::cout, std::cerr);
  if (app.got_subcommand("sim")) return cli::sim(sa, std::cout, std::cerr, isatty(STDERR_FILENO));
  if (app.got_subcommand("tournament"))
    return cli::tournament(ta, std::cout, std::cerr, isatty(STDERR_FILENO));
  if (app.got_subcommand("dd")) return cli::dd(da, style, std::cout, std::cerr);
  if (app.got_subcommand("serve")) return server::serve(so);
  if (app.got_subcommand("replay"))
    return cli::replay_file(replay_path, replay_seat, style, std::cout, std::cerr, replay_dd);
  return 2;
}
