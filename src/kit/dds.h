// DDS (Bo Haglund and Soren Hein's double-dummy solver, Debian's libdds0),
// the one bridge software uses, for the positions it serves: four hands,
// tricks counted for a partnership, the ace high. dds.cc is the only file
// that includes it; it is loaded when first asked for (dlopen), not linked.
// Elsewhere, and where it is missing, the kit's own solver (dd_solver.h)
// answers, and agrees with it (src/analysis/dd_vs_dds_test).
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "core/status.h"
#include "kit/dd_solver.h"

namespace parlour::kit {

// Whether DDS could be loaded.
bool have_dds();

// The 20 results of four hands of thirteen (DdTricks' order). Fails where
// DDS is missing or refuses the deal, saying why.
[[nodiscard]] Result<DdTricks> dds_table(const std::array<CardBits, 4>& hands);

// Whether DDS can solve `p`: four seats, the side a partnership (0b0101 or
// 0b1010), the most tricks, no points, the ace high.
bool dds_serves(const DdPosition& p);

// As DdSolver::plays, by DDS: for each card the seat to play may play, the
// tricks the side takes from here (the trick in progress included); -1 for
// cards it may not play. nullopt where DDS is missing, does not serve the
// position or refuses it. Safe from several threads: each call takes one of
// DDS's thread slots, waiting for one if all are busy.
std::optional<std::array<std::int8_t, 52>> dds_plays(const DdPosition& p);

}  // namespace parlour::kit
