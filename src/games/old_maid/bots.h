// Old Maid's own bots. They see only their seat's View.
#pragma once

#include <memory>

#include "core/game.h"

namespace parlour::old_maid {

// The honest baseline: shuffles before every offer and draws a uniformly
// random position. Against it, no position carries information.
std::unique_ptr<Bot> make_blind_bot();

}  // namespace parlour::old_maid
