// Where a search's look-ahead stops, each seat's expected result in [0, 1]
// (SearchHints::estimate): its chance of finishing ahead of each other seat,
// averaged over them. Games give what they can project: scores, or cards
// still held where the first out wins.
#pragma once

#include <span>
#include <string_view>

#include "core/chips.h"
#include "core/game.h"

namespace parlour::kit {

// From projected scores (higher better): ahead of another by a logistic of
// the difference over `scale` (the larger, the less a lead now says).
void standing_by_score(std::span<const double> projected, double scale, std::span<double> value);

// From cards held (fewer better): ahead of another by 0.5 + 0.5 (theirs -
// mine) / (theirs + mine + 1), smooth, so that one card more or less shows.
void standing_by_cards(std::span<const double> held, std::span<double> value);

// The end of a match played for chips: each seat's score is its balance,
// places follow (ties share), and the summary reads "<after> Seat 2 has the
// most chips, 131." (`after`: "After 12 hands").
Outcome outcome_by_chips(const Chips& chips, std::string_view after);

}  // namespace parlour::kit
