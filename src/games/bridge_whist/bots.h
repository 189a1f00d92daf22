// Bridge-Whist's own bot, its search hints and its resampler. The bot sees
// only its seat's Observation.
#pragma once

#include <array>
#include <memory>
#include <string>

#include "core/game.h"
#include "kit/dd_sample.h"

namespace parlour::bridge_whist {

class BridgeWhistState;

// Makes the trump by the tricks its hand should take with an average partner
// and the points its side needs for game (seed 003, B5-B7), passing a weak
// hand; made to name the trump after a pass, the forced make of the old Dummy
// Bridge (Encyclopaedia Britannica, 11th ed., "Bridge"); doubles and goes
// over on sure tricks; leads its longest suit (its masters first), second
// hand low, third hand high, covers an honour with an honour, wins as
// cheaply as it can and otherwise throws its lowest card.
std::unique_ptr<Bot> make_heuristic_bot();

// Perfect-information sampling (kit/dd_sample.h): each card chosen by the
// most tricks its side takes, on average, over deals dealt to fit what the
// seat sees and solved double dummy; the heuristic's makes and doubles.
std::unique_ptr<Bot> make_dd_sample_bot(kit::DdSampleOptions options = {});
// A position's card play for the double-dummy solver, the tricks counted
// those of `seat`'s side; nullopt outside the play.
std::optional<kit::DdPosition> dd_position(const State& state, Seat seat);
// Double-dummy analysis of the play (`parlour dd --record`, `replay --dd`).
const DoubleDummy& double_dummy();

// The heuristic's estimate of the tricks a side takes in each strain with
// `me`'s hand and an average partner, and the make it chooses (a strain, or
// -1 to pass).
std::array<double, 5> side_tricks(const BridgeWhistState& s, Seat me);
// With `why`, its reasons in words: the points needed for game (B5, B6) and
// each make's expected odd tricks and points.
int heuristic_make(const BridgeWhistState& s, Seat me, std::string* why = nullptr);
// The make a partner is forced to by the old Dummy Bridge's rule: no trumps
// with three or four aces; else the longest suit; between equal lengths the
// strongest (ace 11, king, queen and jack 10, the rest their pips); then the
// suit whose tricks are worth more.
int forced_make(const BridgeWhistState& s, Seat me);

// The heuristic's move for `me`, which may act. It reads only what the seat
// knows, so it may run on a sampled state.
Action heuristic_action(const BridgeWhistState& s, Seat me);

const SearchHints& search_hints();

// Deals what a seat cannot see (the other hands; dummy's until the opening
// lead) anew, never a card of a suit a player has shown he lacks.
const Resampler& resampler();

}  // namespace parlour::bridge_whist
