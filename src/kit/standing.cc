#include "kit/standing.h"

#include <cmath>

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

}  // namespace parlour::kit
