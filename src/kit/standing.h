// Where a search's look-ahead stops, each seat's expected result in [0, 1]
// (SearchHints::estimate): its chance of finishing ahead of each other seat,
// averaged over them. Games give what they can project: scores, or cards
// still held where the first out wins.
#pragma once

#include <span>

namespace parlour::kit {

// From projected scores (higher better): ahead of another by a logistic of
// the difference over `scale` (the larger, the less a lead now says).
void standing_by_score(std::span<const double> projected, double scale, std::span<double> value);

// From cards held (fewer better): ahead of another by 0.5 + 0.5 (theirs -
// mine) / (theirs + mine + 1), smooth, so that one card more or less shows.
void standing_by_cards(std::span<const double> held, std::span<double> value);

}  // namespace parlour::kit
