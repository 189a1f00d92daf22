// Cutting for the first deal, as the old books have it for Whist, Bridge and
// Conquian: each player cuts a card, the ace the lowest, and the lowest cut
// deals. A tie for the lowest cuts again, those tied only (our reading);
// should the pack run out, the lowest suit among the cards last cut deals.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/small_vec.h"
#include "core/view.h"

namespace parlour::kit {

struct Cut {
  Seat dealer = kNobody;
  SmallVec<Card, 104> cards;           // the cards cut, round by round (two packs at most)
  SmallVec<std::int8_t, 104> cutter;   // who cut each
  SmallVec<std::uint8_t, 104> rounds;  // where each round of cutting ends in `cards`
};

// The seats of `seats` (a mask) cut from `deck`, a shuffled pack, in seat
// order, round after round.
Cut cut_for_deal(std::span<const Card> deck, SeatMask seats);

// The story of a cut: each round's cards, then who deals.
void tell_cut(const Cut& cut, const Words& w, std::vector<std::string>& out);

// The cards cut for the first deal, face up on the table while they lie there
// (a game shows them until its first deal is over).
Zone& cut_zone(View& v, std::span<const Card> cards);

}  // namespace parlour::kit
