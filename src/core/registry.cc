#include "core/registry.h"

#include <algorithm>

namespace parlour {
namespace {

// Registration happens before any lookup, so pointers into it stay valid.
std::vector<GameInfo>& table() {
  static std::vector<GameInfo> t;
  return t;
}

Status check_game(GameInfo& g) {
  const std::string name(g.name);
  auto bad = [&](const std::string& what) { return Status::error("game '" + name + "': " + what); };
  if (g.name.empty() ||
      g.name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-") != std::string_view::npos)
    return bad("the name must be lower-case letters, digits and dashes");
  for (const Selection& s : all_selections())
    if (s.name() == g.name) return bad("the name is taken by " + std::string(s.game->name));
  for (const Selection& s : all_selections())
    for (const Preset& p : g.presets)
      if (p.name == s.name())
        return bad("preset " + std::string(p.name) + " takes a name already taken");
  if (g.title.empty() || g.summary.empty() || g.rules.empty())
    return bad("a title, a summary and rules are needed");
  if (!(1 <= g.min_players && g.min_players <= g.default_players &&
        g.default_players <= g.max_players && g.max_players <= kMaxSeats &&
        g.max_players <= Playout::kMaxPlayers))
    return bad("players must run 1 <= min <= default <= max <= " +
               std::to_string(Playout::kMaxPlayers));
  if (!g.new_game) return bad("new_game is missing");
  if (!g.bounds) return bad("bounds are missing (the most actions, zones and fanned cards)");
  if (g.bots.empty()) return bad("a game needs at least one bot of its own");
  for (std::size_t i = 0; i < g.options.size(); ++i) {
    const OptionSpec& o = g.options[i];
    if (o.key.empty() || o.help.empty() || o.source.empty() || o.label.empty())
      return bad("option " + std::string(o.key) + " needs a key, a label, help and a source");
    for (std::size_t j = 0; j < i; ++j)
      if (g.options[j].key == o.key)
        return bad("option " + std::string(o.key) + " is listed twice");
    const int hi = o.type == OptionType::kChoice ? static_cast<int>(o.choices.size()) - 1 : o.max;
    if (o.default_value < o.min || o.default_value > hi)
      return bad("option " + std::string(o.key) + "'s default is out of range");
  }
  for (const Preset& p : g.presets) {
    if (p.min_players < g.min_players || p.max_players > g.max_players)
      return bad("preset " + std::string(p.name) + " allows players the game does not");
    Result<Config> c = make_config(Selection{&g, &p}, std::nullopt, {});
    if (!c.ok()) return bad("preset " + std::string(p.name) + ": " + c.message());
  }
  for (const Preset& v : g.fairness) {
    std::vector<std::string> opts;
    for (const auto& [k, val] : v.settings) opts.push_back(std::string(k) + "=" + std::string(val));
    Result<Config> c = make_config(Selection{&g, nullptr}, std::nullopt, opts);
    if (!c.ok()) return bad("fairness variant " + std::string(v.name) + ": " + c.message());
  }
  if (static_cast<bool>(g.fast_playouts) != !g.fast_bot.empty())
    return bad("fast playouts and the bot they stand for go together");
  if (!g.fast_bot.empty() && std::none_of(g.bots.begin(), g.bots.end(),
                                          [&](const BotSpec& b) { return b.name == g.fast_bot; }))
    return bad("the fast playouts stand for a bot the game does not have");
  if (g.solver && !g.hash) return bad("a solver needs the state hash for its transpositions");
  if (!g.cards) {
    g.cards = [new_game = g.new_game](const Config& c) {
      std::vector<Card> out;
      new_game(c)->all_cards(out);
      return out;
    };
  }
  return {};
}

}  // namespace

Status register_game(GameInfo info) {
  if (Status s = check_game(info); !s.ok()) return s;
  table().push_back(std::move(info));
  return {};
}

std::span<const GameInfo> games() {
  return table();
}

const GameInfo* find_game(std::string_view name) {
  for (const auto& g : table())
    if (g.name == name) return &g;
  return nullptr;
}

std::vector<Selection> all_selections() {
  std::vector<Selection> out;
  for (const auto& g : table()) {
    bool preset_named_like_game = false;
    for (const auto& p : g.presets) preset_named_like_game |= p.name == g.name;
    if (!preset_named_like_game) out.push_back({&g, nullptr});
    for (const auto& p : g.presets) out.push_back({&g, &p});
  }
  return out;
}

Result<Selection> select(std::string_view name) {
  for (const auto& s : all_selections())
    if (s.name() == name) return s;
  std::string names;
  for (const auto& s : all_selections())
    names += (names.empty() ? "" : ", ") + std::string(s.name());
  return Status::error("unknown game '" + std::string(name) + "'; known games: " + names +
                       " (see `parlour list`)");
}

Result<Config> make_config(const Selection& sel, std::optional<int> players,
                           std::span<const std::string> assignments) {
  const GameInfo& g = *sel.game;
  Config c;
  c.options = Options(g.options);
  int lo = g.min_players, hi = g.max_players, def = g.default_players;
  if (sel.preset) {
    for (const auto& [k, v] : sel.preset->settings) {
      Status s = c.options.set(k, v);
      if (!s.ok())
        return Status::error("preset " + std::string(sel.preset->name) + ": " + s.message());
    }
    lo = sel.preset->min_players, hi = sel.preset->max_players, def = sel.preset->default_players;
  }
  for (const auto& a : assignments) {
    Status s = c.options.set(a);
    if (!s.ok()) return s;
  }
  c.players = players.value_or(def);
  if (c.players < lo || c.players > hi)
    return Status::error(std::string(sel.name()) + " is for " +
                         (lo == hi
                              ? std::to_string(lo) + (lo == 1 ? " player" : " players")
                              : std::to_string(lo) + " to " + std::to_string(hi) + " players") +
                         ", not " + std::to_string(c.players));
  if (g.validate) {
    Status s = g.validate(c);
    if (!s.ok()) return s;
  }
  return c;
}

}  // namespace parlour
