// Views as JSON: the one place a View becomes JSON, for network clients and
// tools. A card the viewer may not see is written as null, never as a card, so
// what the JSON can leak is exactly what the View holds.
//
//   {"game": "old-maid", "viewer": 0, "players": 4, "to_move": 0, "actors": [0],
//    "resolve": "turn", "dealer": 3, "hand": 1, "hands": 1, "terminal": false, "result": "",
//    "seats": [{"name": "Seat 0", "cards": 7, "score": 0, "out": false, "status": "...",
//               "counters": [{"name": "chips", "value": 12}]}, ...],
//    "zones": [{"kind": "hand", "layout": "fan", "owner": 0, "name": "...", "note": "",
//               "cards": [{"card": "Q♠", "name": "queen of spades", "index": 47, "face_up": false},
//                         {"card": null, "name": null, "index": null, "face_up": false}]}],
//    "prompt": "...", "list_choices": false,
//    "choices": [{"action": 1, "label": "shuffle", "key": "s"},
//                {"action": 35, "label": "draw 4", "key": "4", "picks": [[2, 3]]},
//                {"action": 68, "label": "move 1 to 5", "key": "m 1 5", "picks": [[0, 0]], "to":
//                [0, 4]}],
//    "last_hand": null}
//
// A trick's card carries "seat"; a grid's empty slot is {"empty": true, ...};
// a grid zone has "columns", a pot "chips". "last_hand", once a hand is
// over: {"hand": 2, "summary": "...", "points": [...], "totals": [...]}.
// Card tokens in text ("[[47]]") are left for the client to draw.
#pragma once

#include <string>

#include "core/view.h"

namespace parlour {

std::string to_json(const View& view);

}  // namespace parlour
