// Double-dummy analysis of bridge deals: every hand known, every player
// playing his best, how many tricks each declarer takes in each strain. The
// solver is DDS (Bo Haglund and Soren Hein's double-dummy solver, Debian's
// libdds-dev), the one bridge software uses; dds.cc is the only file that
// includes it. Deals are read and written in PBN (Portable Bridge Notation).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/card.h"
#include "core/status.h"

namespace parlour::analysis {

// Four hands of thirteen, by compass: 0 North, 1 East, 2 South, 3 West.
struct BridgeDeal {
  std::array<std::vector<Card>, 4> hands;
};

// The strains in the order a table is printed: no trumps, spades, hearts,
// diamonds, clubs.
inline constexpr std::array<std::string_view, 5> kStrainNames = {"NT", "S", "H", "D", "C"};
inline constexpr std::array<std::string_view, 4> kCompass = {"N", "E", "S", "W"};

// tricks[strain][declarer]: the tricks the declarer's side takes double
// dummy, his left-hand opponent leading; strains as kStrainNames.
struct DdTable {
  std::array<std::array<int, 4>, 5> tricks{};
};

// "N:AKQJ.T98.765.432 ...": the first hand's compass, then four hands from
// it clockwise, each four suits (spades, hearts, diamonds, clubs) separated
// by dots, ranks AKQJT98765432. A deal with a card twice or missing, hands of
// unequal size or more than thirteen cards is refused, naming the card or
// the hand.
[[nodiscard]] Result<BridgeDeal> parse_pbn(std::string_view text);
std::string to_pbn(const BridgeDeal& deal);  // "N:..." from North

// A random deal from `seed` (our Fisher-Yates on pcg32, stream `index`).
BridgeDeal random_bridge_deal(std::uint64_t seed, std::uint64_t index);

// Whether this build has DDS.
bool have_dds();
// The 20 results of a deal. Fails where DDS is missing or refuses the deal.
[[nodiscard]] Result<DdTable> dds_table(const BridgeDeal& deal);

// The table, for people: a row a strain, a column a declarer.
std::string format_table(const DdTable& t);

}  // namespace parlour::analysis
