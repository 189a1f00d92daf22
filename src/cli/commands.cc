#include "cli/commands.h"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <memory>
#include <random>
#include <sstream>

#include "analysis/fairness.h"
#include "analysis/plot.h"
#include "analysis/sim.h"
#include "bots/random_bot.h"
#include "core/record.h"
#include "core/registry.h"
#include "core/table.h"

namespace parlour::cli {
namespace {

int fail(std::ostream& err, const std::string& message) {
  err << "parlour: " << message << "\n";
  return 2;
}

std::string players_range(int lo, int hi) {
  return lo == hi ? std::to_string(lo) + " players" : std::to_string(lo) + "-" + std::to_string(hi) + " players";
}

void print_lines(std::ostream& out, const Terminal& t, const std::vector<std::string>& lines) {
  for (const auto& l : lines) out << t.text(l) << "\n";
}

void print_end(std::ostream& out, const Terminal& t, const State& s, int players) {
  const Outcome o = s.outcome();
  out << "\n" << t.text(o.summary) << "\nFinal scores:";
  for (int p = 0; p < players; ++p)
    out << " Seat " << p << " " << o.scores[p] << (p + 1 < players ? "," : "\n");
  // Places say something only when the game ranks players beyond one loser.
  const int last = *std::max_element(o.places.begin(), o.places.end());
  const bool one_loser = std::count(o.places.begin(), o.places.end(), 1) == players - 1 && last == players;
  if (one_loser) return;
  out << "Places:";
  for (int p = 0; p < players; ++p) out << " Seat " << p << " #" << o.places[p] << (p + 1 < players ? "," : "\n");
}

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
    out << name << " " << (s.preset ? s.preset->summary : s.game->summary) << " (" << players_range(lo, hi) << ")\n";
  }
  return 0;
}

int show_rules(const std::string& name, std::ostream& out, std::ostream& err) {
  Result<Selection> sel = select(name);
  if (!sel.ok()) return fail(err, sel.message());
  const GameInfo& g = *sel->game;
  out << g.rules << "\n## Options\n`--opt key=value`; the default first.\n\n";
  for (const OptionSpec& o : g.options) {
    out << "- `" << o.key << "` = " << o.accepted() << "; default " << o.format(o.default_value) << ". " << o.help
        << ".\n  Source: " << o.source << ".\n";
  }
  if (sel->preset) {
    out << "\n## Preset " << sel->preset->name << "\n" << sel->preset->summary << ".\nSets:";
    if (sel->preset->settings.empty()) out << " nothing (the defaults)";
    for (const auto& [k, v] : sel->preset->settings) out << " " << k << "=" << v;
    out << "; " << players_range(sel->preset->min_players, sel->preset->max_players) << ".\n";
  }
  out << "\n## Bots\n";
  for (const auto& b : g.bots) out << "- `" << b.name << "`: " << b.help << ".\n";
  out << "- `random`: picks uniformly among the legal moves.\n";
  return 0;
}

int play(const PlayArgs& a, const Style& style, std::istream& in, std::ostream& out, std::ostream& err) {
  Result<Selection> sel = select(a.game);
  if (!sel.ok()) return fail(err, sel.message());
  Result<Config> cfg = make_config(*sel, a.players, a.options);
  if (!cfg.ok()) return fail(err, cfg.message());
  const int players = cfg->players;
  if (!a.auto_play && (a.seat < 0 || a.seat >= players))
    return fail(err, "--seat " + std::to_string(a.seat) + " is not a seat; seats are 0 to " + std::to_string(players - 1));
  const std::string bot_name = a.bot.empty() ? std::string(sel->game->bots.empty() ? "random" : sel->game->bots.front().name) : a.bot;
  if (!make_bot(*sel->game, bot_name))
    return fail(err, "unknown bot '" + bot_name + "'; " + std::string(sel->game->name) + " has: " + bot_names(*sel->game));
  const std::uint64_t seed = a.seed ? *a.seed : std::random_device{}() * 0x100000000ull + std::random_device{}();

  Table table(*sel, *cfg, seed);
  std::vector<std::unique_ptr<Bot>> bots;
  std::vector<Rng> rngs;
  for (int s = 0; s < players; ++s) {
    bots.push_back(a.auto_play || s != a.seat ? make_bot(*sel->game, bot_name) : nullptr);
    rngs.emplace_back(seed, bot_stream(s));
  }
  const Seat viewer = a.auto_play ? kEveryone : a.seat;
  const Terminal term(style);
  // A seed the player did not choose is told only at the end: it fixes the deal.
  out << sel->game->title << " (" << sel->name() << "), " << players << " players";
  if (a.seed || a.auto_play) out << ", seed " << seed;
  if (std::string opts = cfg->options.changed(); !opts.empty()) out << ", " << opts;
  out << "\n";
  if (!a.auto_play)
    out << "You are Seat " << a.seat << "; the others are " << bot_name << " bots. Type ? for every choice, q to quit.\n";

  std::vector<std::string> lines;
  while (!table.state().terminal()) {
    const State& s = table.state();
    const Seat who = s.to_move();
    if (who == kChance) {
      table.chance();
    } else if (bots[who]) {
      const Action act = bots[who]->act(Observation(s, who, sel->game->resampler), rngs[who]);
      if (!table.act(act)) return fail(err, "internal error: a bot chose an illegal move");
    } else {
      const View v = s.view(who);
      out << "\n" << term.table(v) << term.text(v.prompt) << "\n";
      if (v.list_choices) out << term.all_choices(v.choices);
      std::optional<Action> act;
      while (!act) {
        out << "> " << std::flush;
        std::string line;
        if (!std::getline(in, line)) {
          out << "\nInput ended; the game stops here.\n";
          if (!a.record.empty() && write_record(table, a.record, err))
            out << "The unfinished game is saved in " << a.record << ".\n";
          return 0;
        }
        if (line == "q" || line == "quit") {
          out << "You leave the table.\n";
          if (!a.record.empty() && write_record(table, a.record, err))
            out << "The unfinished game is saved in " << a.record << ".\n";
          return 0;
        }
        if (line == "?" || line == "help") {
          out << term.all_choices(v.choices);
          continue;
        }
        act = Terminal::parse(line, v.choices);
        if (!act) out << "'" << line << "' is not a choice here. Accepted: " << Terminal::accepted(v.choices) << " (? lists them all)\n";
      }
      if (!table.act(*act)) return fail(err, "internal error: a listed choice was refused");
    }
    lines.clear();
    table.state().narrate(viewer, lines);
    print_lines(out, term, lines);
  }
  print_end(out, term, table.state(), players);
  if (!a.seed && !a.auto_play) out << "Seed " << seed << ": `--seed " << seed << "` deals this game again.\n";
  if (!a.record.empty()) {
    if (!write_record(table, a.record, err)) return 2;
    out << "Record saved in " << a.record << "; `parlour replay " << a.record << "` replays it.\n";
  }
  return 0;
}

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
  if (progress)
    spec.progress = [&err, total = a.games](std::uint64_t done) { err << "\r" << done << " / " << total << " games" << std::flush; };
  Result<SimResult> r = simulate(spec);
  if (progress) err << "\r" << std::string(40, ' ') << "\r" << std::flush;
  if (!r.ok()) return fail(err, r.message());
  out << (a.format == "json" ? format_json(spec, *r) : a.format == "csv" ? format_csv(spec, *r) : format_text(spec, *r));
  if (!a.plot.empty()) {
    if (Status s = plot_sim(spec, *r, a.plot); !s.ok()) return fail(err, s.message());
    if (a.format == "text") out << "\nPlot: " << a.plot << "\n";
  }
  return 0;
}

namespace {

std::string percent(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6f%%", 100 * x);
  return buf;
}

void print_odds(std::ostream& out, const OddsReport& r) {
  for (std::size_t s = 0; s < r.lose.size(); ++s) out << "  seat " << s << "  " << percent(r.lose[s]) << "\n";
  out << "Method: " << r.method << ".\n";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.1e", r.precision);
  out << (r.exact ? "Exact; precision " : "Not exact; precision ") << buf << " (as a probability).\n";
}

Result<Record> read_record(const std::string& path) {
  std::ifstream f(path);
  if (!f) return Status::error("cannot read record file '" + path + "'");
  std::stringstream buf;
  buf << f.rdbuf();
  if (buf.str().size() > (64u << 20)) return Status::error("record file '" + path + "' is larger than 64 MiB");
  Result<Record> rec = parse_record(buf.str());
  if (!rec.ok()) return Status::error(path + ": " + rec.message());
  if (const GameInfo* g = find_game(rec->game)) {
    bool known = rec->preset == rec->game;
    for (const Preset& p : g->presets) known |= p.name == rec->preset;
    if (!known) return Status::error(path + ": bad record: \"preset\" is not a preset of " + rec->game);
  }
  return rec;
}

}  // namespace

int odds(const OddsArgs& a, std::ostream& out, std::ostream& err) {
  Result<Selection> sel = select(a.game);
  if (!sel.ok()) return fail(err, sel.message());
  const GameInfo& g = *sel->game;
  if (!g.exact_odds) return fail(err, std::string(g.name) + " has no exact odds; `parlour sim` estimates any game");
  if (a.record.empty()) {
    if (a.at || a.seat) return fail(err, "--at and --seat go with --record FILE");
    Result<Config> cfg = make_config(*sel, a.players, a.options);
    if (!cfg.ok()) return fail(err, cfg.message());
    Result<OddsReport> r = g.exact_odds->from_deal(*cfg);
    if (!r.ok()) return fail(err, r.message());
    out << "Odds of losing, " << sel->name() << ", " << cfg->players << " players, from the deal, every draw blind";
    if (std::string o = cfg->options.changed(); !o.empty()) out << ", " << o;
    out << ":\n";
    print_odds(out, *r);
    return 0;
  }
  if (a.players || !a.options.empty()) return fail(err, "a record brings its own players and options; drop --players and --opt");
  Result<Record> rec = read_record(a.record);
  if (!rec.ok()) return fail(err, rec.message());
  if (rec->game != g.name) return fail(err, "the record is of " + rec->game + ", not " + std::string(g.name));
  const int total = static_cast<int>(rec->actions.size());
  const int at = a.at.value_or(total);
  if (at < 0 || at > total) return fail(err, "--at " + std::to_string(at) + " is outside the record's 0 to " + std::to_string(total) + " moves");
  if (a.seat && (*a.seat < 0 || *a.seat >= rec->players))
    return fail(err, "--seat " + std::to_string(*a.seat) + " is not a seat of this record (0 to " + std::to_string(rec->players - 1) + ")");
  Record cut = *rec;
  cut.actions.resize(at);
  cut.outcome.reset();
  Result<Replayed> rp = replay(cut);
  if (!rp.ok()) return fail(err, a.record + ": " + rp.message());
  // Chance that is due (a deal, a draw from a shuffled fan) waits; the odds cover it.
  out << "Odds of losing this hand, after move " << at << " of " << total << " of " << a.record;
  if (!a.seat) {
    Result<OddsReport> r = g.exact_odds->at(*rp->state);
    if (!r.ok()) return fail(err, r.message());
    out << ", seeing every card:\n";
    print_odds(out, *r);
    return 0;
  }
  // What one seat can know: the same, averaged over the hidden cards it cannot see.
  if (!g.resampler) return fail(err, std::string(g.name) + " cannot sample hidden cards");
  constexpr int kSamples = 200;
  Rng rng(rec->seed, 4242);
  std::vector<double> sum(rec->players, 0), sq(rec->players, 0);
  std::uint64_t states = 0;
  for (int i = 0; i < kSamples; ++i) {
    auto sample = g.resampler->resample(*rp->state, *a.seat, rng);
    if (!sample) return fail(err, "no position consistent with seat " + std::to_string(*a.seat) + "'s view was found");
    Result<OddsReport> r = g.exact_odds->at(*sample);
    if (!r.ok()) return fail(err, r.message());
    states += r->states;
    for (int s = 0; s < rec->players; ++s) sum[s] += r->lose[s], sq[s] += r->lose[s] * r->lose[s];
  }
  OddsReport rep;
  double worst = 0;
  for (int s = 0; s < rec->players; ++s) {
    const double mean = sum[s] / kSamples;
    rep.lose.push_back(mean);
    worst = std::max(worst, 1.96 * std::sqrt(std::max(0.0, sq[s] / kSamples - mean * mean) / (kSamples - 1)));
  }
  rep.precision = worst;
  rep.method = "exact Markov chains from " + std::to_string(kSamples) + " positions that seat " + std::to_string(*a.seat) +
               " cannot tell from the real one, averaged; the precision is the 95% half-width from that sampling";
  out << ", as seat " << *a.seat << " can know them:\n";
  print_odds(out, rep);
  return 0;
}

int fairness(const FairnessArgs& a, std::ostream& out, std::ostream& err) {
  Result<Selection> sel = select(a.game);
  if (!sel.ok()) return fail(err, sel.message());
  const GameInfo& g = *sel->game;
  if (a.from < g.min_players || a.to > g.max_players || a.from > a.to)
    return fail(err, "players " + std::to_string(a.from) + " to " + std::to_string(a.to) + " is not a range of " +
                         std::string(g.name) + ", which takes " + players_range(g.min_players, g.max_players));
  FairnessSpec spec;
  spec.game = &g;
  spec.min_players = a.from, spec.max_players = a.to;
  spec.games = a.games;
  spec.exact_up_to = a.exact_up_to;
  spec.threads = a.threads;
  Result<std::vector<FairnessTable>> t = parlour::fairness(spec);
  if (!t.ok()) return fail(err, t.message());
  out << format_fairness(g, *t);
  const std::string path = a.plot.empty() ? std::string(g.name) + "-fairness.svg" : a.plot;
  if (Status s = plot_fairness(*t, path); !s.ok()) return fail(err, s.message());
  out << "\nPlot: " << path << "\n";
  return 0;
}

int replay_file(const std::string& path, std::optional<int> seat, const Style& style, std::ostream& out,
                std::ostream& err) {
  Result<Record> rec = read_record(path);
  if (!rec.ok()) return fail(err, rec.message());
  if (seat && (*seat < 0 || *seat >= rec->players))
    return fail(err, "--seat " + std::to_string(*seat) + " is not a seat of this record (0 to " + std::to_string(rec->players - 1) + ")");
  // Check the whole record first, so a tampered one prints nothing but the error.
  Result<Replayed> checked = replay(*rec);
  if (!checked.ok()) return fail(err, path + ": " + checked.message());
  const Terminal term(style);
  const Seat viewer = seat ? *seat : kEveryone;
  out << checked->game->title << " (" << rec->preset << "), " << rec->players << " players, seed " << rec->seed;
  if (std::string opts = checked->config.options.changed(); !opts.empty()) out << ", " << opts;
  out << "\n";
  std::vector<std::string> lines;
  Result<Replayed> r = replay(*rec, [&](const State& s) {
    lines.clear();
    s.narrate(viewer, lines);
    print_lines(out, term, lines);
  });
  if (!r.ok()) return fail(err, path + ": " + r.message());
  if (r->state->terminal()) print_end(out, term, *r->state, rec->players);
  else out << "\nThe record ends here, unfinished, after " << rec->actions.size() << " moves.\n";
  return 0;
}

}  // namespace parlour::cli
