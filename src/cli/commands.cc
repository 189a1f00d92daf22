#include "cli/commands.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <fstream>
#include <iostream>
#include <memory>
#include <random>
#include <sstream>

#include "analysis/dd.h"
#include "analysis/fairness.h"
#include "analysis/journal.h"
#include "analysis/plot.h"
#include "analysis/sim.h"
#include "analysis/solve.h"
#include "bots/random_bot.h"
#include "core/record.h"
#include "core/registry.h"
#include "core/seeds.h"
#include "core/table.h"
#include "server/store.h"

namespace parlour::cli {
namespace {

// The record of its game after its first `moves` actions (`--at`), settled:
// no outcome, and no chance it was stopped at (a Python state's); chance
// given draw by draw stays, replay using what the actions reach.
Record cut_at(const Record& r, std::size_t moves) {
  Record cut = r;
  cut.moves.resize(moves);
  cut.outcome.reset();
  cut.pending.reset();
  cut.waits_at_chance.reset();
  return cut;
}

// `play --winnable`: deals tried before giving up (about one Klondike deal in
// five is lost or beyond the budget).
constexpr int kWinnableTries = 50;

int fail(std::ostream& err, const std::string& message) {
  err << "parlour: " << message << "\n";
  return 2;
}

std::string players_range(int lo, int hi) {
  if (lo == hi) return std::to_string(lo) + (lo == 1 ? " player" : " players");
  return std::to_string(lo) + "-" + std::to_string(hi) + " players";
}

// A story's first line, the same in `play --auto` and in `replay` (a replay
// that said "1 players" told another story): the seed where it was chosen.
std::string story_header(std::string_view title, std::string_view name, int players,
                         std::optional<std::uint64_t> seed, const std::string& options) {
  std::string h = std::string(title) + " (" + std::string(name) + "), " + std::to_string(players) +
                  (players == 1 ? " player" : " players");
  if (seed) h += ", seed " + std::to_string(*seed);
  if (!options.empty()) h += ", " + options;
  return h + "\n";
}

void print_lines(std::ostream& out, const Terminal& t, const std::vector<std::string>& lines) {
  for (const auto& l : lines) out << t.text(l) << "\n";
}

// The end of a story: the result, unless the last move's story (`told`)
// has just said it (a line said twice is noise), and the scores.
void print_end(std::ostream& out, const Terminal& t, const State& s, int players, Seat you,
               const std::vector<std::string>& told) {
  const Outcome o = s.outcome();
  out << "\n";
  if (std::find(told.begin(), told.end(), o.summary) == told.end())
    out << t.text(o.summary) << "\n";
  // A game that keeps a score-sheet ends with it, as the rubber does.
  if (const ScoreSheet sh = s.view(you >= 0 ? you : kSpectator).sheet; !sh.empty())
    out << "\n" << t.sheet(sh);
  if (o.kind == OutcomeKind::kSolo) {
    // A solitaire's summary says won or lost; the score, where it does not.
    if (o.summary.find("Score") == std::string::npos) out << "Score " << o.scores[0] << ".\n";
    return;
  }
  out << "Final scores:";
  for (int p = 0; p < players; ++p)
    out << " Seat " << p << " " << o.scores[p] << (p + 1 < players ? "," : "\n");
  // Places say something only where the game ranks players beyond its losers.
  if (o.kind != OutcomeKind::kLoser) {
    out << "Places:";
    for (int p = 0; p < players; ++p)
      out << " Seat " << p << " #" << o.places[p] << (p + 1 < players ? "," : "\n");
  }
  if (you >= 0) {
    if (o.won(you))
      out << "You win.\n";
    else if (o.lost(you))
      out << "You lose.\n";
  }
}

// A person at the terminal: shown the seat's view, asked for a choice.
class TerminalPlayer final : public Player {
 public:
  TerminalPlayer(const Terminal& term, const GameInfo& game, std::istream& in, std::ostream& out,
                 Rng rng)
      : term_(term), game_(game), in_(in), out_(out), rng_(rng) {}
  bool quit = false, ended = false, undo = false, redo = false;
  // Solitaires, which can take moves back, offer undo and a hint.
  bool helps() const { return game_.undo != nullptr; }

  Action act(const State& state, Seat seat, std::span<const Action> legal) override {
    // One legal move is no choice (issue 36, item 15: a player who cannot
    // match was asked to press n): it is played and said. Not in a game
    // that takes moves back, where undo is a choice too.
    if (legal.size() == 1 && !helps()) {
      out_ << term_.text("You " + state.action_label(seat, legal[0]) + ": your only move.") << "\n";
      return legal[0];
    }
    const View v = state.view(seat);
    out_ << "\n" << term_.table(v) << term_.text(v.prompt) << "\n";
    if (v.list_choices)
      out_ << term_.all_choices(v.choices);
    else
      out_ << "  " << term_.hints(v.choices) << "\n";
    for (;;) {
      out_ << "> " << std::flush;
      std::string line;
      if (!std::getline(in_, line)) {
        ended = true;
        return kNoAction;
      }
      if (line == "q" || line == "quit") {
        quit = true;
        return kNoAction;
      }
      // The score-sheet, at any time, where the game keeps one (and no
      // choice is keyed `s`).
      if ((line == "s" || line == "sheet") && !v.sheet.empty() &&
          !Terminal::parse(line, v.choices)) {
        out_ << term_.sheet(v.sheet);
        continue;
      }
      if (line == "?" || line == "help") {
        out_ << term_.all_choices(v.choices);
        if (!v.sheet.empty()) out_ << "  s  the score-sheet\n";
        if (helps()) out_ << "  u  undo the last move\n  y  redo the move undone\n  h  a hint\n";
        continue;
      }
      if (helps() && (line == "u" || line == "undo")) {
        undo = true;
        return kNoAction;
      }
      if (helps() && (line == "y" || line == "redo")) {
        redo = true;
        return kNoAction;
      }
      if (helps() && (line == "h" || line == "hint")) {
        // The game's own player, shown only this seat's view, as a hint;
        // the same player each time, so that a plan it made carries on.
        if (!hint_bot_) hint_bot_ = game_.bots.front().make();
        const Hint h = hint_move(game_, state, seat, legal, rng_, {}, hint_bot_.get());
        out_ << "Hint (" << game_.bots.front().name
             << "): " << term_.text(state.action_label(seat, h.action));
        if (!h.doubt.empty()) out_ << " (a guess: " << h.doubt << ")";
        out_ << "\n";
        continue;
      }
      if (auto a = Terminal::parse(line, v.choices)) return *a;
      // Cards named by place that make no move: the game says why, where it
      // can ("5♠ 7♠ 8♠ is not a sequence: 6♠ is missing").
      if (const auto typed = Terminal::typed_picks(line, v)) {
        const std::string why = state.why_not(seat, typed->word, typed->picks);
        if (!why.empty()) {
          out_ << term_.text("'" + line + "': " + why + ".") << "\n";
          continue;
        }
      }
      out_ << "'" << line << "' is not a choice here. Accepted: " << Terminal::accepted(v.choices)
           << " (? lists them all)\n";
    }
  }

 private:
  const Terminal& term_;
  const GameInfo& game_;
  std::istream& in_;
  std::ostream& out_;
  Rng rng_;
  std::unique_ptr<Bot> hint_bot_;
};

bool write_record(const Table& table, const std::string& path, std::ostream& err) {
  std::ofstream f(path);
  f << to_json(table.record());
  if (!f) {
    err << "parlour: could not write the record to " << path << "\n";
    return false;
  }
  return true;
}

}  // namespace

int list_games(std::ostream& out) {
  for (const Selection& s : all_selections()) {
    const int lo = s.preset ? s.preset->min_players : s.game->min_players;
    const int hi = s.preset ? s.preset->max_players : s.game->max_players;
    std::string name(s.name());
    name.resize(std::max<std::size_t>(name.size(), 24), ' ');
    out << name << " " << (s.preset ? s.preset->summary : s.game->summary) << " ("
        << players_range(lo, hi) << ")\n";
  }
  return 0;
}

namespace {

// The bots `--bot`, `--bots` and a table's seats take for `g`, a line each.
void write_bots(const GameInfo& g, std::ostream& out) {
  for (const auto& b : g.bots) {
    out << "- `" << b.name << "`";
    if (!b.settings.empty()) out << " (or " << b.settings << ")";
    out << ": " << b.help << ".\n";
  }
  out << "- `random`: picks uniformly among the legal moves.\n";
  if (g.resampler)
    out << "- `ismcts`, `ismcts:N`, `ismcts:Xs`: searches (information-set Monte Carlo tree "
           "search), dealing afresh the cards it cannot see; 500 iterations a move, or N, or X "
           "seconds.\n";
}

}  // namespace

int show_rules(const std::string& name, std::ostream& out, std::ostream& err) {
  Result<Selection> sel = select(name);
  if (!sel.ok()) return fail(err, sel.message());
  const GameInfo& g = *sel->game;
  out << g.rules << "\n## Options\n`--opt key=value`; the default first.\n\n";
  for (const OptionSpec& o : g.options) {
    out << "- `" << o.key << "` (" << o.label << ") = " << o.accepted() << "; default "
        << o.format(o.default_value) << ". " << o.help << ".\n  Source: " << o.source << ".\n";
  }
  if (sel->preset) {
    out << "\n## Preset " << sel->preset->name << "\n" << sel->preset->summary << ".\nSets:";
    if (sel->preset->settings.empty()) out << " nothing (the defaults)";
    for (const auto& [k, v] : sel->preset->settings) out << " " << k << "=" << v;
    out << "; " << players_range(sel->preset->min_players, sel->preset->max_players) << ".\n";
  }
  out << "\n## Bots\n";
  write_bots(g, out);
  return 0;
}

int show_bots(const std::string& name, std::ostream& out, std::ostream& err) {
  Result<Selection> sel = select(name);
  if (!sel.ok()) return fail(err, sel.message());
  write_bots(*sel->game, out);
  return 0;
}

int play(const PlayArgs& a, const Style& style, std::istream& in, std::ostream& out,
         std::ostream& err) {
  Result<Selection> sel = select(a.game);
  if (!sel.ok()) return fail(err, sel.message());
  Result<Config> cfg = make_config(*sel, a.players, a.options);
  if (!cfg.ok()) return fail(err, cfg.message());
  const int players = cfg->players;
  if (!a.auto_play && (a.seat < 0 || a.seat >= players))
    return fail(err, "--seat " + std::to_string(a.seat) + " is not a seat; seats are 0 to " +
                         std::to_string(players - 1));
  const std::string bot_name =
      a.bot.empty() ? std::string(sel->game->bots.empty() ? "random" : sel->game->bots.front().name)
                    : a.bot;
  // check_bot names the trouble: an unknown bot, or settings it does not take.
  if (Status known = check_bot(*sel->game, bot_name); !known.ok())
    return fail(err, known.message());
  std::uint64_t seed =
      a.seed ? *a.seed : std::random_device{}() * 0x100000000ull + std::random_device{}();
  if (a.winnable) {
    if (!sel->game->solver) {
      return fail(err, "--winnable " + needs_solver(*sel->game));
    }
    // Each deal gets a budget; most winnable deals are proved within it.
    Result<WinnableDeal> w =
        winnable_deal(*sel, *cfg, seed, kWinnableTries, SolveLimits{2'000'000, 10.0});
    if (!w.ok()) return fail(err, "--winnable: " + w.message());
    out << "A deal the solver has proved winnable (" << w->tried
        << (w->tried == 1 ? " deal" : " deals") << " tried).\n";
    seed = w->seed;
  }

  // The stats, opened before the game so that a bad file is said at once.
  std::unique_ptr<server::Store> store;
  if (!a.name.empty()) {
    if (a.auto_play) return fail(err, "--name counts a person's games; --auto has no person");
    // Characters, not bytes: UTF-8 continuation bytes do not count.
    if (std::count_if(a.name.begin(), a.name.end(), [](char c) { return (c & 0xC0) != 0x80; }) > 24)
      return fail(err, "--name takes at most 24 characters, as at the server's tables");
    Result<std::unique_ptr<server::Store>> opened = server::Store::open(a.db);
    if (!opened.ok()) return fail(err, opened.message());
    store = std::move(*opened);
  }

  Table table(*sel, *cfg, seed);
  const Seat viewer = a.auto_play ? kEveryone : a.seat;
  const Terminal term(style.named_as(table.state().view(kSpectator)));
  TerminalPlayer person(
      term, *sel->game, in, out,
      Rng(derive_seed(seed, Purpose::kPerson, static_cast<std::uint64_t>(a.seat))));
  std::vector<std::unique_ptr<BotPlayer>> bots;
  std::vector<Player*> players_at;
  for (int s = 0; s < players; ++s) {
    if (!a.auto_play && s == a.seat) {
      bots.push_back(nullptr);
      players_at.push_back(&person);
      continue;
    }
    bots.push_back(std::make_unique<BotPlayer>(make_bot(*sel->game, bot_name), sel->game->resampler,
                                               bot_rng(seed, s)));
    players_at.push_back(bots.back().get());
  }
  // A seed the player did not choose is told only at the end: it fixes the deal.
  out << story_header(sel->game->title, sel->name(), players,
                      a.seed || a.auto_play ? std::optional<std::uint64_t>(seed) : std::nullopt,
                      cfg->options.changed());
  if (!a.auto_play)
    out << "You are Seat " << a.seat
        << (players == 1 ? "" : "; the others are " + bot_name + " bots")
        << ". Type ? for every choice, "
        << (person.helps() ? "u to undo, y to redo, h for a hint, " : "") << "q to quit.\n";

  std::vector<std::string> lines;
  bool over = false;
  const auto tell = [&](const State& s, const Step& step) {
    lines.clear();
    s.narrate(viewer, lines);
    print_lines(out, term, lines);
    // --explain: a bot's reasons, after the move they led to.
    if (a.explain && !step.chance && step.seat >= 0 && bots[static_cast<std::size_t>(step.seat)])
      if (const std::string why = bots[static_cast<std::size_t>(step.seat)]->bot().explain();
          !why.empty())
        out << "  (" << seat_name(step.seat) << "'s reasons: " << term.text(why) << ")\n";
  };
  for (;;) {
    over = table.run(players_at, tell);
    if (over || !(person.undo || person.redo)) break;
    if (person.redo) {
      person.redo = false;
      if (Status st = table.redo(tell); !st.ok()) out << "Cannot redo: " << st.message() << ".\n";
      continue;
    }
    person.undo = false;
    // Back to the person's last move: the others' since, then his own.
    bool mine = false;
    Status st;
    while (st.ok() && !mine && table.version() > 0) {
      mine = table.last_actor() == a.seat;
      st = table.undo();
    }
    if (!st.ok())
      out << "Cannot undo: " << st.message() << ".\n";
    else if (!mine)
      out << "Nothing to undo.\n";
    else
      out << "Move taken back.\n";
  }
  if (!over) {
    if (person.ended)
      out << "\nInput ended; the game stops here.\n";
    else if (person.quit)
      out << "You leave the table.\n";
    else
      return fail(err, "internal error: a bot chose an illegal move");
    if (!a.record.empty() && write_record(table, a.record, err))
      out << "The unfinished game is saved in " << a.record << ".\n";
    return 0;
  }
  print_end(out, term, table.state(), players, a.auto_play ? kNobody : a.seat, lines);
  if ((!a.seed || a.winnable) && !a.auto_play)
    out << "Seed " << seed << ": `--seed " << seed << "` deals this game again.\n";
  if (store) {
    const Outcome o = table.state().outcome();
    const std::string game(sel->game->name);
    Status st = store->add_results(
        {{a.name, game, 1, o.won(a.seat), o.lost(a.seat), o.scores[a.seat], 0, 0}});
    Result<std::vector<server::StatRow>> rows = store->stats();
    if (!st.ok() || !rows.ok())
      return fail(err, "the result was not kept in " + a.db + ": " +
                           (st.ok() ? rows.message() : st.message()));
    for (const server::StatRow& r : *rows)
      if (r.name == a.name && r.game == game)
        out << r.name << " at " << sel->game->title << ": played " << r.played << ", won " << r.won
            << ", lost " << r.lost << "; " << r.streak << " won in a row (best " << r.best_streak
            << "). Kept in " << a.db << ".\n";
  }
  if (!a.record.empty()) {
    if (!write_record(table, a.record, err)) return 2;
    out << "Record saved in " << a.record << "; `parlour replay " << a.record << "` replays it.\n";
  }
  return 0;
}

int show_stats(const StatsArgs& a, std::ostream& out, std::ostream& err) {
  if (!std::ifstream(a.db))
    return fail(err, "no database " + a.db + ": play with --name, or serve, to start one");
  Result<std::unique_ptr<server::Store>> store = server::Store::open(a.db);
  if (!store.ok()) return fail(err, store.message());
  Result<std::vector<server::StatRow>> rows = (*store)->stats();
  if (!rows.ok()) return fail(err, rows.message());
  int shown = 0;
  for (const server::StatRow& r : *rows) {
    if ((!a.game.empty() && r.game != a.game) || (!a.name.empty() && r.name != a.name)) continue;
    if (shown++ == 0)
      out << "player                   game                 played    won   lost  streak (best)\n";
    char line[160];
    std::snprintf(line, sizeof line, "%-24s %-20s %6d %6d %6d  %6d (%d)\n", r.name.c_str(),
                  r.game.c_str(), r.played, r.won, r.lost, r.streak, r.best_streak);
    out << line;
  }
  if (shown == 0)
    out << "No results yet" << (a.game.empty() && a.name.empty() ? "" : " for that") << ".\n";
  return 0;
}

std::string sim_progress(std::uint64_t done, std::uint64_t total, std::uint64_t known,
                         double seconds) {
  std::string line = std::to_string(done) + " / " + std::to_string(total) + " games";
  // A few seconds first: the pace of the first games says little.
  if (done <= known || done >= total || seconds < 5) return line;
  const double left =
      seconds / static_cast<double>(done - known) * static_cast<double>(total - done);
  const long s = std::lround(left);
  line += ", about ";
  if (s >= 3600)
    line += std::to_string(s / 3600) + " h " + std::to_string(s % 3600 / 60) + " min";
  else if (s >= 60)
    line += std::to_string((s + 30) / 60) + " min";
  else
    line += std::to_string(s) + " s";
  return line + " to go";
}

namespace {

// Plays spec's games, showing how many are done if asked, and keeping each
// game's result in the journal if one is named (and taking those already
// there).
Result<SimResult> play_sim(SimSpec& spec, const SimArgs& a, std::ostream& err, bool progress) {
  std::unique_ptr<SimJournal> journal;
  if (!a.journal.empty()) {
    // The settings first: a journal names only a simulation that can run.
    if (Status s = check(spec); !s.ok()) return s;
    Result<std::unique_ptr<SimJournal>> j = SimJournal::open(a.journal, spec);
    if (!j.ok()) return Status::error(j.message());
    journal = std::move(*j);
    journal->attach(spec);
    const std::uint64_t games = games_of(spec);
    if (const std::uint64_t n = journal->taken(games); n > 0)
      err << n << " of the " << games << " games taken from " << a.journal << ", played before.\n";
  }
  if (progress) {
    const std::uint64_t total = games_of(spec), known = journal ? journal->taken(total) : 0;
    spec.progress = [&err, total, known,
                     start = std::chrono::steady_clock::now()](std::uint64_t done) {
      const double secs =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      err << "\r" << sim_progress(done, total, known, secs) << "   " << std::flush;
    };
  }
  Result<SimResult> r = a.run ? a.run(spec) : simulate(spec);
  if (progress) err << "\r" << std::string(60, ' ') << "\r" << std::flush;
  spec.recall = nullptr, spec.record = nullptr;  // the journal is closed
  if (journal && !journal->failed().empty())
    err << "Not every game could be kept in " << a.journal << " (" << journal->failed()
        << "): the figures hold, but a run again with it plays those games again.\n";
  return r;
}

}  // namespace

int sim(const SimArgs& a, std::ostream& out, std::ostream& err, bool progress) {
  Result<Selection> sel = select(a.game);
  if (!sel.ok()) return fail(err, sel.message());
  Result<Config> cfg = make_config(*sel, a.players, a.options);
  if (!cfg.ok()) return fail(err, cfg.message());
  if (a.format != "text" && a.format != "json" && a.format != "csv")
    return fail(err, "--format " + a.format + " is not known; use text, json or csv");
  if (!a.plot.empty())
    if (Result<std::string> h = plot_header(a.plot, 1, 1); !h.ok()) return fail(err, h.message());
  SimSpec spec;
  spec.sel = *sel;
  spec.config = *cfg;
  std::stringstream names(a.bots);
  for (std::string b; std::getline(names, b, ',');)
    if (!b.empty()) spec.bots.push_back(b);
  spec.rotate = a.rotate;
  spec.games = a.games;
  spec.seed = a.seed;
  spec.threads = a.threads;
  Result<SimResult> r = play_sim(spec, a, err, progress);
  if (!r.ok()) return fail(err, r.message());
  out << (a.format == "json"  ? format_json(spec, *r)
          : a.format == "csv" ? format_csv(spec, *r)
                              : format_text(spec, *r));
  if (!a.plot.empty() && !a.quiet) {
    if (Status s = plot_sim(spec, *r, a.plot); !s.ok()) return fail(err, s.message());
    if (a.format == "text") out << "\nPlot: " << a.plot << "\n";
  }
  return 0;
}

int tournament(const SimArgs& a, std::ostream& out, std::ostream& err, bool progress) {
  if (a.format != "text" && a.format != "json")
    return fail(err, "--format " + a.format + " is not known; use text or json");
  Result<Selection> sel = select(a.game);
  if (!sel.ok()) return fail(err, sel.message());
  Result<Config> cfg = make_config(*sel, a.players, a.options);
  if (!cfg.ok()) return fail(err, cfg.message());
  SimSpec spec;
  spec.sel = *sel;
  spec.config = *cfg;
  std::stringstream names(a.bots);
  for (std::string b; std::getline(names, b, ',');)
    if (!b.empty()) spec.bots.push_back(b);
  if (spec.bots.size() < 2)
    return fail(err,
                "--bots names the bots to compare, two or more separated by commas (for example "
                "ismcts,random)");
  spec.rotate = true;
  spec.duplicate = a.duplicate;
  spec.games = a.games;
  spec.seed = a.seed;
  spec.threads = a.threads;
  Result<SimResult> r = play_sim(spec, a, err, progress);
  if (!r.ok()) return fail(err, r.message());
  out << (a.format == "json" ? format_json(spec, *r) : format_tournament(spec, *r));
  return 0;
}

namespace {

std::string percent(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6f%%", 100 * x);
  return buf;
}

void print_odds(std::ostream& out, const OddsReport& r) {
  const bool per_chip = r.kind == OddsReport::Kind::kPerChip;
  const bool counters = r.kind == OddsReport::Kind::kCounters;
  for (std::size_t s = 0; s < r.chance.size(); ++s) {
    char buf[48];
    if (per_chip) std::snprintf(buf, sizeof buf, "%+.6f%%", 100 * r.chance[s]);
    if (counters) std::snprintf(buf, sizeof buf, "%+.6f", r.chance[s]);
    out << "  " << (s < r.labels.size() ? r.labels[s] : "seat " + std::to_string(s)) << "  "
        << (per_chip || counters ? std::string(buf) : percent(r.chance[s])) << "\n";
  }
  if (!r.advice.empty()) out << "Optimal choice: " << r.advice << ".\n";
  out << "Method: " << r.method << ".\n";
  for (const std::string& n : r.notes) out << "  " << n << "\n";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.1e", r.precision);
  const char* unit = per_chip ? " per chip" : counters ? " counters" : "";
  if (r.measured)
    out << "Measured; 95% interval ± " << buf << unit << ".\n";
  else
    out << (r.exact ? "Exact; precision " : "Not exact; precision ") << buf
        << (per_chip || counters ? std::string(" (") + (unit + 1) + ").\n"
                                 : " (as a probability).\n");
}

Result<Record> read_record(const std::string& path) {
  std::ifstream f(path);
  if (!f) return Status::error("cannot read record file '" + path + "'");
  std::stringstream buf;
  buf << f.rdbuf();
  if (buf.str().size() > (64u << 20))
    return Status::error("record file '" + path + "' is larger than 64 MiB");
  Result<Record> rec = parse_record(buf.str());
  if (!rec.ok()) return Status::error(path + ": " + rec.message());
  if (const GameInfo* g = find_game(rec->game)) {
    bool known = rec->preset == rec->game;
    for (const Preset& p : g->presets) known |= p.name == rec->preset;
    if (!known)
      return Status::error(path + ": bad record: \"preset\" is not a preset of " + rec->game);
  }
  return rec;
}

}  // namespace

int odds(const OddsArgs& a, std::ostream& out, std::ostream& err) {
  Result<Selection> sel = select(a.game);
  if (!sel.ok()) return fail(err, sel.message());
  const GameInfo& g = *sel->game;
  if (!g.exact_odds)
    return fail(err, std::string(g.name) + " has no exact odds; `parlour sim` estimates any game");
  if (!a.against.empty() && !a.check)
    return fail(err, "--against BOT goes with --check HANDS: how many hands to compare on");
  if (a.record.empty()) {
    if (a.at || a.seat) return fail(err, "--at and --seat go with --record FILE");
    Result<Config> cfg = make_config(*sel, a.players, a.options);
    if (!cfg.ok()) return fail(err, cfg.message());
    Result<OddsReport> r = g.exact_odds->from_deal(*cfg);
    if (!r.ok()) return fail(err, r.message());
    const bool per_chip = r->kind != OddsReport::Kind::kChance;
    if (per_chip)
      out << "Expected " << r->event << ", " << sel->name() << ", " << cfg->players << " players";
    else
      out << "Odds of " << r->event << ", " << sel->name() << ", " << cfg->players
          << " players, from the deal, every draw blind";
    if (std::string o = cfg->options.changed(); !o.empty()) out << ", " << o;
    out << ":\n";
    print_odds(out, *r);
    if (a.check) {
      if (*a.check < 2 || *a.check > 100000000)
        return fail(err, "--check takes a number of hands from 2 to 100000000, not " +
                             std::to_string(*a.check));
      Result<OddsReport> c = a.against.empty()
                                 ? g.exact_odds->check(*cfg, *a.check, a.seed)
                                 : g.exact_odds->compare(*cfg, *a.check, a.seed, a.against);
      if (!c.ok()) return fail(err, c.message());
      out << (a.against.empty() ? "Check by simulation, " : "Comparison by simulation, ")
          << c->event << ":\n";
      print_odds(out, *c);
    }
    return 0;
  }
  if (a.players || !a.options.empty())
    return fail(err, "a record brings its own players and options; drop --players and --opt");
  if (a.check) return fail(err, "--check goes with the odds from the deal, not with --record");
  Result<Record> rec = read_record(a.record);
  if (!rec.ok()) return fail(err, rec.message());
  if (rec->game != g.name)
    return fail(err, "the record is of " + rec->game + ", not " + std::string(g.name));
  const int total = static_cast<int>(rec->moves.size());
  const int at = a.at.value_or(total);
  if (at < 0 || at > total)
    return fail(err, "--at " + std::to_string(at) + " is outside the record's 0 to " +
                         std::to_string(total) + " moves");
  if (a.seat && (*a.seat < 0 || *a.seat >= rec->players))
    return fail(err, "--seat " + std::to_string(*a.seat) + " is not a seat of this record (0 to " +
                         std::to_string(rec->players - 1) + ")");
  Result<Replayed> rp = replay(cut_at(*rec, static_cast<std::size_t>(at)));
  if (!rp.ok()) return fail(err, a.record + ": " + rp.message());
  Result<OddsReport> r =
      a.seat ? g.exact_odds->for_seat(rp->state(), *a.seat) : g.exact_odds->at(rp->state());
  if (!r.ok()) return fail(err, r.message());
  // Chance that is due (a deal, a draw from a shuffled fan) waits; the odds cover it.
  out << (r->kind != OddsReport::Kind::kChance ? "Expected " : "Odds of ") << r->event
      << " this hand, after move " << at << " of " << total << " of " << a.record;
  if (a.seat)
    out << ", as seat " << *a.seat
        << " can know them (from its own view, never from a card it cannot see):\n";
  else
    out << ", seeing every card:\n";
  print_odds(out, *r);
  return 0;
}

int solve(const SolveArgs& a, const Style& style, std::ostream& out, std::ostream& err) {
  Result<Selection> sel = select(a.game);
  if (!sel.ok()) return fail(err, sel.message());
  const GameInfo& g = *sel->game;
  if (!g.solver) {
    return fail(err,
                std::string(g.name) + " has no solver; the games with one: " + games_with_solver());
  }
  if (a.limit_seconds <= 0 || a.limit_seconds > 86400) {
    std::ostringstream given;
    given << a.limit_seconds;
    return fail(
        err, "--limit-seconds takes a time over 0 and at most 86400 seconds, not " + given.str());
  }
  SolveLimits lim;
  lim.max_nodes = a.max_nodes;
  lim.max_seconds = a.limit_seconds;
  if (!a.record.empty()) {
    if (!a.options.empty()) return fail(err, "a record brings its own options; drop --opt");
    Result<Record> rec = read_record(a.record);
    if (!rec.ok()) return fail(err, rec.message());
    if (rec->game != g.name)
      return fail(err, "the record is of " + rec->game + ", not " + std::string(g.name));
    Record cut = *rec;
    cut.outcome.reset();
    Result<Replayed> rp = replay(cut);
    if (!rp.ok()) return fail(err, a.record + ": " + rp.message());
    const State& s = rp->state();
    if (s.terminal()) {
      out << "The game of " << a.record << " is over: " << s.outcome().summary << "\n";
      return 0;
    }
    Result<SolveReport> r = g.solver->solve(s, lim);
    if (!r.ok()) return fail(err, r.message());
    out << "After move " << rec->moves.size() << " of " << a.record << ": ";
    switch (r->verdict) {
      case SolveReport::kWon: {
        out << "still winnable, in " << r->line.size() << " moves:\n";
        std::unique_ptr<State> w = s.clone();
        const Terminal term(style);
        for (Action m : r->line) {
          out << "  " << term.text(w->action_label(0, m)) << "\n";
          w->apply(0, m);
        }
        break;
      }
      case SolveReport::kLost:
        out << "lost: no line wins, every card known.\n";
        break;
      default:
        out << "undecided within the limits (" << r->nodes << " positions).\n";
    }
    out << "Method: " << r->method << "; " << r->nodes << " positions.\n";
    return 0;
  }
  if (a.deals < 1 || a.deals > 100'000'000)
    return fail(err, "--deals takes 1 to 100000000 deals, not " + std::to_string(a.deals));
  if (a.threads < 1 || a.threads > 256)
    return fail(err, "--threads takes 1 to 256, not " + std::to_string(a.threads));
  Result<Config> cfg = make_config(*sel, std::nullopt, a.options);
  if (!cfg.ok()) return fail(err, cfg.message());
  // Solving a deal asks whether it can be won at all, so the solver reads
  // every card, as the thoughtful game shows them; where the player of the
  // game cannot see them all (Klondike's face-down cards), it says so.
  lim.reading_hidden_cards = true;
  const bool hides_cards = [&] {
    std::unique_ptr<State> s = g.new_game(*cfg);
    Rng rng(a.from, kChanceStream);
    while (s->chance()) s->apply_chance(rng);
    for (const Zone& z : s->view(0).zones)
      for (const CardView& c : z.cards)
        if (!c.card && !c.empty) return true;
    return false;
  }();
  SolveSpec spec{*sel, *cfg, a.deals, a.from, a.threads, lim};
  Result<SolveSummary> r = a.run ? a.run(spec) : solve_deals(spec);
  if (!r.ok()) return fail(err, r.message());
  const double n = static_cast<double>(r->deals.size());
  const Interval w = r->win_rate();
  char buf[256];
  out << g.title << ", " << r->deals.size() << " deals from seed " << a.from;
  if (std::string o = cfg->options.changed(); !o.empty()) out << ", " << o;
  out << ":\n";
  if (hides_cards)
    out << "  (every card known to the solver, the face-down ones too: whether a deal can be won "
           "at all, not how often a player who cannot see them wins it)\n";
  std::snprintf(buf, sizeof buf, "  won        %8llu  %7.3f%%  [%.3f%%, %.3f%%] (95%%, Wilson)\n",
                static_cast<unsigned long long>(r->won), 100 * r->won / n, 100 * w.low,
                100 * w.high);
  out << buf;
  std::snprintf(buf, sizeof buf, "  lost       %8llu  %7.3f%%  (proved)\n",
                static_cast<unsigned long long>(r->lost), 100 * r->lost / n);
  out << buf;
  std::snprintf(buf, sizeof buf, "  undecided  %8llu  %7.3f%%  (the limits reached first)\n",
                static_cast<unsigned long long>(r->unknown), 100 * r->unknown / n);
  out << buf;
  if (r->unknown > 0) {
    std::snprintf(buf, sizeof buf,
                  "  the win rate lies between %.3f%% (none undecided won) and %.3f%% (all)\n",
                  100 * r->won / n, 100 * (r->won + r->unknown) / n);
    out << buf;
    // Which, so that one can be tried again alone with a larger budget.
    constexpr std::size_t kShown = 20;
    std::vector<std::uint64_t> seeds;
    for (std::size_t i = 0; i < r->deals.size(); ++i)
      if (r->deals[i].verdict == SolveReport::kUnknown) seeds.push_back(a.from + i);
    out << "  undecided deals (--from):";
    for (std::size_t i = 0; i < std::min(seeds.size(), kShown); ++i) out << " " << seeds[i];
    if (seeds.size() > kShown) out << " and " << seeds.size() - kShown << " more";
    out << "\n";
  }
  std::snprintf(buf, sizeof buf,
                "Time per deal %.4f s (solver), %.0f positions; %.1f s in all on %d thread%s",
                r->seconds / n, static_cast<double>(r->nodes) / n, r->wall, a.threads,
                a.threads == 1 ? "" : "s");
  out << buf;
  if (a.processes > 1) out << " in each of " << a.processes << " processes";
  out << ".\n";
  out << "Limits per deal: " << a.limit_seconds << " s, " << a.max_nodes << " positions.\n";
  if (!r->method.empty()) out << "Method: " << r->method << ".\n";
  return 0;
}

int fairness(const FairnessArgs& a, std::ostream& out, std::ostream& err) {
  Result<Selection> sel = select(a.game);
  if (!sel.ok()) return fail(err, sel.message());
  const GameInfo& g = *sel->game;
  if (a.from < g.min_players || a.to > g.max_players || a.from > a.to)
    return fail(err, "players " + std::to_string(a.from) + " to " + std::to_string(a.to) +
                         " is not a range of " + std::string(g.name) + ", which takes " +
                         players_range(g.min_players, g.max_players));
  FairnessSpec spec;
  spec.game = &g;
  spec.min_players = a.from, spec.max_players = a.to;
  spec.games = a.games;
  spec.exact_up_to = a.exact_up_to;
  spec.threads = a.threads;
  spec.run = a.run;
  Result<std::vector<FairnessTable>> t = parlour::fairness(spec);
  if (!t.ok()) return fail(err, t.message());
  out << format_fairness(g, *t);
  if (a.quiet) return 0;
  const std::string path = a.plot.empty() ? std::string(g.name) + "-fairness.svg" : a.plot;
  if (Status s = plot_fairness(*t, path); !s.ok()) return fail(err, s.message());
  out << "\nPlot: " << path << "\n";
  return 0;
}

namespace {

// "a trick", "two counters": in words, since a seat's name ends in a number.
std::string count_words(int n, const DdPlays& p) {
  static constexpr std::array<const char*, 14> kWords = {
      "no",    "a",     "two",  "three", "four",   "five",   "six",
      "seven", "eight", "nine", "ten",   "eleven", "twelve", "thirteen"};
  const std::string many(p.many), one(p.one);
  if (n < 0 || n >= 14) return std::to_string(n) + " " + many;
  return std::string(kWords[static_cast<std::size_t>(n)]) + " " + (n == 1 ? one : many);
}

// A count as the player wants it: more is better, or (Polignac) fewer.
int gain(const DdPlays& p, int count) {
  return p.fewest ? -count : count;
}

// What the player still wants: "it wants no more tricks", "it wants two
// tricks more".
std::string more_words(const DdPlays& p) {
  if (p.wanted == 0) return "it wants no more " + std::string(p.many);
  return "it wants " + count_words(p.wanted, p) + " more";
}

// Whether the count the player wants lies within what card `p` leaves it:
// outside, the others' best play makes it miss.
bool in_reach(const DdPlays& plays, const DdPlay& p) {
  return p.least <= plays.wanted && plays.wanted <= p.tricks;
}

// The seat whose card is played and its partners, for people: "Seat 1",
// "Seat 0 and Seat 2".
std::string side_words(const GameInfo& g, int players, Seat player) {
  const std::vector<int> side = sides_of(g, players);
  std::uint32_t mask = 0;
  for (Seat s = 0; s < players; ++s)
    if (side[static_cast<std::size_t>(s)] == side[static_cast<std::size_t>(player)])
      mask |= 1u << s;
  return seat_names(mask);
}

// Which games analyse their play double dummy.
std::string games_with_double_dummy() {
  std::string names;
  for (const GameInfo& g : games())
    if (g.double_dummy) names += (names.empty() ? "" : ", ") + std::string(g.name);
  return names;
}

// What replay --dd says of each trick: the cards that cost their side tricks
// against double-dummy play, each measured against the best card the seat
// held then.
class DdCommentary {
 public:
  DdCommentary(const GameInfo& g, int players) : g_(g), players_(players) {}

  // After each step, with the state it produced: the card just played is
  // weighed by the analysis made before it; a trick over is told.
  void after(const State& s, const Step& step, std::vector<std::string>& lines) {
    if (before_ && !step.chance && before_->ranges) {
      // A count wanted (a bid): a card is told only where it put the count
      // out of reach while another card would have kept it in.
      const DdPlay* played = nullptr;
      bool could = false;
      for (const DdPlay& p : before_->plays) {
        could = could || (before_->wanted >= 0 && in_reach(*before_, p));
        if (p.action == step.action) played = &p;
      }
      if (played && could && !in_reach(*before_, *played))
        costs_.push_back(seat_name(before_->player) + "'s " + card_token(played->card) +
                         " put its " + std::string(before_->aim) + " out of reach (" +
                         more_words(*before_) + ")");
      aim_ = before_->aim;
      ranges_ = true;
      one_ = before_->one;
      ++cards_;
    } else if (before_ && !step.chance) {
      int best = -1000;
      const DdPlay* played = nullptr;
      for (const DdPlay& p : before_->plays) {
        best = std::max(best, gain(*before_, p.tricks));
        if (p.action == step.action) played = &p;
      }
      if (played && gain(*before_, played->tricks) < best)
        costs_.push_back(seat_name(before_->player) + "'s " + card_token(played->card) + " cost " +
                         side_words(g_, players_, before_->player) + " " +
                         count_words(best - gain(*before_, played->tricks), *before_));
      one_ = before_->one;
      ++cards_;
    }
    before_.reset();
    if (s.to_move() >= 0) before_ = g_.double_dummy->plays(s);
    if (cards_ > 0 && (!before_ || before_->in_trick == 0)) {
      std::string line = "  Double dummy: ";
      if (costs_.empty() && ranges_) {
        line += "no card of this trick put a " + std::string(aim_) + " out of reach.";
      } else if (costs_.empty()) {
        line += side_count(g_, players_) < players_
                    ? "no card of this trick cost its side a " + std::string(one_) + "."
                    : "no card of this trick cost its player a " + std::string(one_) + ".";
      } else {
        for (std::size_t i = 0; i < costs_.size(); ++i) line += (i ? "; " : "") + costs_[i];
        line += ".";
      }
      lines.push_back(line);
      costs_.clear();
      cards_ = 0;
    }
  }

 private:
  const GameInfo& g_;
  int players_;
  std::optional<DdPlays> before_;
  std::vector<std::string> costs_;
  std::string_view one_ = "trick";
  bool ranges_ = false;  // the cards were weighed against a count wanted
  std::string_view aim_ = "count";
  int cards_ = 0;
};

}  // namespace

int replay_file(const std::string& path, std::optional<int> seat, const Style& style,
                std::ostream& out, std::ostream& err, bool dd) {
  Result<Record> rec = read_record(path);
  if (!rec.ok()) return fail(err, rec.message());
  if (seat && (*seat < 0 || *seat >= rec->players))
    return fail(err, "--seat " + std::to_string(*seat) + " is not a seat of this record (0 to " +
                         std::to_string(rec->players - 1) + ")");
  // Check the whole record first, so a tampered one prints nothing but the error.
  Result<Replayed> checked = replay(*rec);
  if (!checked.ok()) return fail(err, path + ": " + checked.message());
  const GameInfo& g = *checked->game;
  if (dd && seat)
    return fail(err, "--dd reads every hand, so it goes without --seat (a seat's own view)");
  if (dd && !g.double_dummy)
    return fail(err, std::string(g.title) +
                         " has no double-dummy analysis; the games that have it: " +
                         games_with_double_dummy());
  const Terminal term(style.named_as(checked->state().view(kSpectator)));
  const Seat viewer = seat ? *seat : kEveryone;
  out << story_header(g.title, rec->preset, rec->players, rec->seed,
                      checked->config().options.changed());
  std::vector<std::string> lines;
  std::optional<DdCommentary> commentary;
  if (dd) commentary.emplace(g, rec->players);
  Result<Replayed> r = replay(*rec, [&](const State& s, const Step& step) {
    lines.clear();
    s.narrate(viewer, lines);
    if (commentary) commentary->after(s, step, lines);
    print_lines(out, term, lines);
  });
  if (!r.ok()) return fail(err, path + ": " + r.message());
  if (r->state().terminal())
    print_end(out, term, r->state(), rec->players, seat ? *seat : kNobody, lines);
  else
    out << "\nThe record ends here, unfinished, after " << rec->moves.size() << " moves.\n";
  return 0;
}

// ---- dd -------------------------------------------------------------------------

namespace {

// `parlour dd --record FILE --at MOVE`.
int dd_at(const DdArgs& a, const Style& style, std::ostream& out, std::ostream& err) {
  Result<Record> rec = read_record(a.record);
  if (!rec.ok()) return fail(err, rec.message());
  // The whole record first, then the cut: a record tampered with after MOVE
  // is refused too (a replay takes milliseconds).
  Result<Replayed> whole = replay(*rec);
  if (!whole.ok()) return fail(err, a.record + ": " + whole.message());
  const GameInfo& g = *whole->game;
  if (!g.double_dummy)
    return fail(err, std::string(g.title) +
                         " has no double-dummy analysis; the games that have it: " +
                         games_with_double_dummy());
  const int total = static_cast<int>(rec->moves.size());
  if (!a.at)
    return fail(err, "--record goes with --at MOVE: the position after that many moves (0 to " +
                         std::to_string(total) + ")");
  const int at = *a.at;
  if (at < 0 || at > total)
    return fail(err, "--at " + std::to_string(at) + " is outside the record's 0 to " +
                         std::to_string(total) + " moves");
  std::optional<DdPlays> plays;
  Result<Replayed> rp = replay(cut_at(*rec, static_cast<std::size_t>(at)));
  if (!rp.ok()) return fail(err, a.record + ": " + rp.message());
  const State& s = rp->state();
  if (s.to_move() >= 0) plays = g.double_dummy->plays(s);
  if (!plays)
    return fail(err, "after move " + std::to_string(at) + " of " + a.record +
                         " no card is to be played to a trick (the deal, a bid or a make is "
                         "due, or the game is over); --at takes a move in the play");
  const Terminal term(style.named_as(s.view(kSpectator)));
  int best = -1000;
  for (const DdPlay& p : plays->plays) best = std::max(best, gain(*plays, p.tricks));
  const std::string one(plays->one), many(plays->many);
  std::vector<std::string> lines;
  lines.push_back("Double dummy after move " + std::to_string(at) + " of " + std::to_string(total) +
                  " of " + a.record + " (every hand seen, every seat playing its best):");
  const std::string side = side_words(g, rec->players, plays->player);
  const bool one_seat = side.find(" and ") == std::string::npos;
  std::string who = seat_name(plays->player);
  if (s.to_move() != plays->player) who += " (" + seat_name(s.to_move()) + " plays it)";
  // What the figures count: the fewest, the most, or both (a bid).
  const std::string them = one_seat ? "it" : "them";
  const std::string fewest = " (the fewest, every other player giving " + them + " the most";
  lines.push_back(
      who + " to play, " + std::to_string(plays->in_trick) +
      (plays->in_trick == 1 ? " card" : " cards") + " on the trick; the " +
      (plays->ranges ? "fewest and the most " : "") + many + " " + side +
      (one_seat ? " takes" : " take") + " from here, this trick included, after each card" +
      (plays->ranges
           ? fewest + "; the most, every other player holding " + them + " to the fewest):"
       : plays->fewest ? fewest + "):"
                       : std::string(":")));
  if (plays->ranges && plays->wanted >= 0)
    lines.push_back(seat_name(plays->player) + "'s " + std::string(plays->aim) + ": " +
                    more_words(*plays) +
                    "; where a card's range leaves that out, the others' best play makes it "
                    "miss.");
  for (const DdPlay& p : plays->plays) {
    // A count wanted between the two (a bid): the range, no card "best".
    if (plays->ranges && p.least >= 0) {
      const bool missed = plays->wanted >= 0 && !in_reach(*plays, p);
      // The fewest above the most: the others decide between the two.
      const int lo = std::min(p.least, p.tricks), hi = std::max(p.least, p.tricks);
      lines.push_back(
          "  " + card_token(p.card) + "  " +
          (lo == hi ? std::to_string(lo) : std::to_string(lo) + " to " + std::to_string(hi)) + " " +
          (lo == hi && lo == 1 ? one : many) +
          (p.least > p.tricks ? ", as the others choose" : "") +
          (missed ? " (its " + std::string(plays->aim) + " needs " + std::to_string(plays->wanted) +
                        ": out of reach)"
                  : ""));
      continue;
    }
    const int off = best - gain(*plays, p.tricks);
    lines.push_back(
        "  " + card_token(p.card) + "  " + std::to_string(p.tricks) + " " +
        (p.tricks == 1 ? one : many) +
        (off == 0 ? "" : " (" + std::to_string(off) + (plays->fewest ? " more)" : " fewer)")));
  }
  print_lines(out, term, lines);
  return 0;
}

}  // namespace

int dd(const DdArgs& a, const Style& style, std::ostream& out, std::ostream& err) {
  if (!a.record.empty()) {
    if (!a.deal.empty() || a.random)
      return fail(err,
                  "--record goes alone: a deal (--deal), random deals (--random) or a "
                  "record's position (--record FILE --at MOVE)");
    return dd_at(a, style, out, err);
  }
  if (a.at) return fail(err, "--at goes with --record FILE");
  if (a.deal.empty() == (a.random == 0))
    return fail(err,
                "give a deal (--deal \"N:AKQJ.T98.765.432 ...\"), --random N or --record "
                "FILE --at MOVE: one of them");
  if (!analysis::have_dds())
    return fail(err,
                "this build has no DDS: install libdds-dev (scripts/setup does) and build again");
  using Clock = std::chrono::steady_clock;
  auto solve_one = [&](const analysis::BridgeDeal& d, double& seconds) -> bool {
    const auto t0 = Clock::now();
    Result<analysis::DdTable> t = analysis::dds_table(d);
    seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    if (!t.ok()) {
      err << "parlour: " << t.message() << "\n";
      return false;
    }
    out << analysis::to_pbn(d) << "\n"
        << "Tricks for the declarer, his left-hand opponent leading:\n"
        << analysis::format_table(*t);
    return true;
  };
  double seconds = 0;
  if (!a.deal.empty()) {
    Result<analysis::BridgeDeal> d = analysis::parse_pbn(a.deal);
    if (!d.ok()) return fail(err, "--deal: " + d.message());
    if (d->hands[0].size() != 13)
      return fail(err, "--deal: DDS solves whole deals of 13 cards a hand");
    return solve_one(*d, seconds) ? 0 : 1;
  }
  double total = 0, slowest = -1;
  std::uint64_t slow_deal = 0;
  for (std::uint64_t i = 0; i < a.random; ++i) {
    out << "Deal " << i + 1 << ": ";
    if (!solve_one(analysis::random_bridge_deal(a.seed, i), seconds)) return 1;
    total += seconds;
    if (seconds > slowest) slowest = seconds, slow_deal = i + 1;
    out << "\n";
  }
  char line[160];
  std::snprintf(line, sizeof line,
                "%llu deals solved by DDS in %.3f s; the slowest, deal %llu, %.3f s.\n",
                static_cast<unsigned long long>(a.random), total,
                static_cast<unsigned long long>(slow_deal), slowest);
  out << line;
  return 0;
}

}  // namespace parlour::cli
