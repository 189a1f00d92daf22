// Registers every game with the core registry. Idempotent; call it once at
// start-up, before looking games up.
#pragma once

namespace parlour {
void register_all_games();
}
