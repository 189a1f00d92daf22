// Views as JSON: the one place a View becomes JSON, for network clients and
// tools. A card the viewer may not see is written as null, never as a card, so
// what the JSON can leak is exactly what the View holds.
//
//   {"game": "old-maid", "viewer": 0, "players": 4, "to_move": 0, "dealer": 3,
//    "hand": 1, "hands": 1, "terminal": false, "result": "",
//    "seats": [{"name": "Seat 0", "cards": 7, "score": 0, "out": false, "status": "..."}, ...],
//    "zones": [{"kind": "hand", "owner": 0, "name": "...", "fan": true, "note": "",
//               "cards": [{"card": "Q♠", "index": 47, "face_up": false}, {"card": null, ...}]}],
//    "prompt": "...", "choices": [{"action": 1, "label": "shuffle", "key": "s"}]}
//
// Card tokens in prompts and labels ("[[47]]") are left for the client to draw.
#pragma once

#include <string>

#include "core/view.h"

namespace parlour {

std::string to_json(const View& view);

}  // namespace parlour
