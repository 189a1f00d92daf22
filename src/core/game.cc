#include "core/game.h"

#include <algorithm>
#include <array>

namespace parlour {

std::string_view outcome_kind_name(OutcomeKind k) {
  static constexpr std::array<std::string_view, 4> names = {"loser", "ranking", "scores", "solo"};
  return names[static_cast<std::size_t>(k)];
}

bool seat_won(OutcomeKind kind, std::span<const int> places, Seat s) {
  switch (kind) {
    case OutcomeKind::kLoser:
      return false;
    case OutcomeKind::kSolo:
      return places[s] == 1;
    // Place 1 wins, unless every seat shares it.
    default:
      return places[s] == 1 && *std::max_element(places.begin(), places.end()) > 1;
  }
}

bool seat_lost(OutcomeKind kind, std::span<const int> places, Seat s) {
  if (kind == OutcomeKind::kSolo) return places[s] != 1;
  const int worst = *std::max_element(places.begin(), places.end());
  // Every seat sharing the one place: nobody lost.
  return worst > 1 && places[s] == worst;
}

void State::view_base(View& v, std::string_view game, Seat viewer, int players) const {
  v.clear();
  v.game.assign(game);
  v.viewer = viewer;
  v.players = players;
  v.to_move = to_move();
  const Actors a = actors();
  v.actors = a.seats;
  v.resolve = a.resolve;
  // Most games draw a seat and a zone or two per player, and a few more.
  v.seats.reserve(static_cast<std::size_t>(players));
  v.zones.reserve(2 * static_cast<std::size_t>(players) + 4);
}

std::vector<int> sides_of(const GameInfo& g, int players) {
  std::vector<int> out;
  if (g.sides) out = g.sides(players);
  if (static_cast<int>(out.size()) != players) {
    out.resize(static_cast<std::size_t>(players));
    for (int s = 0; s < players; ++s) out[static_cast<std::size_t>(s)] = s;
  }
  return out;
}

int side_count(const GameInfo& g, int players) {
  const std::vector<int> sides = sides_of(g, players);
  return sides.empty() ? 0 : *std::max_element(sides.begin(), sides.end()) + 1;
}

}  // namespace parlour
