#include "kit/standing.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <string>

namespace parlour::kit {

void standing_by_score(std::span<const double> projected, double scale, std::span<double> value) {
  const std::size_t n = projected.size();
  for (std::size_t p = 0; p < n; ++p) {
    double sum = 0;
    for (std::size_t q = 0; q < n; ++q)
      if (q != p) sum += 1 / (1 + std::exp(-(projected[p] - projected[q]) / scale));
    value[p] = n > 1 ? sum / static_cast<double>(n - 1) : 0.5;
  }
}

void standing_by_cards(std::span<const double> held, std::span<double> value) {
  const std::size_t n = held.size();
  for (std::size_t p = 0; p < n; ++p) {
    double sum = 0;
    for (std::size_t q = 0; q < n; ++q)
      if (q != p) sum += 0.5 + 0.5 * (held[q] - held[p]) / (held[q] + held[p] + 1);
    value[p] = n > 1 ? sum / static_cast<double>(n - 1) : 0.5;
  }
}

Outcome outcome_by_chips(const Chips& chips, std::string_view after) {
  Outcome o;
  o.kind = OutcomeKind::kScores;
  const int n = chips.players();
  for (Seat s = 0; s < n; ++s) o.scores.push_back(chips.balance(s));
  o.places.resize(static_cast<std::size_t>(n));
  rank_places(n, o.scores, o.places);
  SeatMask best = 0;
  for (Seat s = 0; s < n; ++s)
    if (o.places[static_cast<std::size_t>(s)] == 1) best |= SeatMask{1} << s;
  const int top = static_cast<int>(*std::max_element(o.scores.begin(), o.scores.end()));
  o.summary = std::string(after) + " " + seat_names(best) +
              (std::popcount(best) > 1 ? " share the most chips, " : " has the most chips, ") +
              std::to_string(top) + ".";
  return o;
}

}  // namespace parlour::kit
