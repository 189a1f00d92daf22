// Dealing hidden cards anew where some seats are known not to hold some
// cards: a player who failed to follow suit holds none of it, one who could
// not match a rank holds none of that rank. Resamplers of such games deal
// with deal_where_allowed(), which never breaks what is public.
#pragma once

#include <array>
#include <functional>
#include <span>
#include <vector>

#include "core/rng.h"
#include "core/view.h"

namespace parlour::kit {

// Deals `cards` to seats: seat s receives exactly room[s] of them (the room
// sums to the number of cards), and a card goes only to a seat where
// allowed(seat, card). The order of `cards` and of the seats tried is shuffled,
// so the deal depends on which cards there are and on `rng`, not on where
// they lie. Where no such deal exists, returns false. Otherwise out[s] holds
// seat s's cards.
bool deal_where_allowed(std::span<const Card> cards, std::span<const int> room,
                        const std::function<bool(Seat, Card)>& allowed, Rng& rng,
                        std::vector<std::vector<Card>>& out);

}  // namespace parlour::kit
