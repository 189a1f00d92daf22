#include "core/registry.h"

namespace parlour {
namespace {

// Registration happens before any lookup, so pointers into it stay valid.
std::vector<GameInfo>& table() {
  static std::vector<GameInfo> t;
  return t;
}

}  // namespace

void register_game(GameInfo info) { table().push_back(std::move(info)); }

std::span<const GameInfo> games() { return table(); }

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
  for (const auto& s : all_selections()) names += (names.empty() ? "" : ", ") + std::string(s.name());
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
      if (!s.ok()) return Status::error("preset " + std::string(sel.preset->name) + ": " + s.message());
    }
    lo = sel.preset->min_players, hi = sel.preset->max_players, def = sel.preset->default_players;
  }
  for (const auto& a : assignments) {
    Status s = c.options.set(a);
    if (!s.ok()) return s;
  }
  c.players = players.value_or(def);
  if (c.players < lo || c.players > hi)
    return Status::error(std::string(sel.name()) + " is for " + std::to_string(lo) + " to " +
                         std::to_string(hi) + " players, not " + std::to_string(c.players));
  if (g.validate) {
    Status s = g.validate(c);
    if (!s.ok()) return s;
  }
  return c;
}

}  // namespace parlour
