// Records from outside (`parlour replay FILE`, a downloaded record): any text
// is read without crashing, an error names its problem, a record written back
// reads as itself, and one that replays keeps its seats' actions.
#include "core/record.h"

#include "core/table.h"
#include "fuzz.h"

using namespace parlour;

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
  fuzz::games_once();
  auto r = parse_record(fuzz::text(data, size));
  if (!r.ok()) {
    fuzz::require(!r.message().empty(), "a record refused says why");
    return 0;
  }
  // A version-1 record names no seats: only a replay can write it anew.
  if (r->version == 2) {
    const std::string again = to_json(*r);
    auto reread = parse_record(again);
    fuzz::require(reread.ok(), "a record's own JSON reads back");
    fuzz::require(to_json(*reread) == again, "a record read back from its JSON is the same");
  }
  auto played = replay(*r);
  if (played.ok()) {
    const Record back = played->table->record(false);
    fuzz::require(back.moves.size() == r->moves.size(), "a replay keeps every action");
    if (r->version == 2) fuzz::require(back.moves == r->moves, "a replay keeps who acted");
  } else {
    fuzz::require(!played.message().empty(), "a replay refused says why");
  }
  return 0;
}
