// Game names, player counts and options as a user types them (`play GAME
// --players N --opt k=v`, a table's form): any text is refused with a reason
// or makes a game that plays. Input: the name on the first line, the players
// on the second (empty: the default), then one key=value a line.
#include <charconv>
#include <string>
#include <vector>

#include "core/registry.h"
#include "core/table.h"
#include "core/view_json.h"
#include "fuzz.h"

using namespace parlour;

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
  fuzz::games_once();
  std::string_view in = fuzz::text(data, size);
  std::vector<std::string> lines;
  while (!in.empty()) {
    const std::size_t end = std::min(in.find('\n'), in.size());
    lines.emplace_back(in.substr(0, end));
    in.remove_prefix(std::min(in.size(), end + 1));
  }
  if (lines.empty()) return 0;
  auto sel = select(lines[0]);
  if (!sel.ok()) {
    fuzz::require(!sel.message().empty(), "an unknown game is named in the error");
    return 0;
  }
  std::optional<int> players;
  if (lines.size() > 1 && !lines[1].empty()) {
    int n = 0;
    const auto [end, ec] = std::from_chars(lines[1].data(), lines[1].data() + lines[1].size(), n);
    if (ec != std::errc() || end != lines[1].data() + lines[1].size()) return 0;
    players = n;
  }
  const std::vector<std::string> assignments(lines.begin() + std::min<std::size_t>(2, lines.size()),
                                             lines.end());
  auto config = make_config(*sel, players, assignments);
  if (!config.ok()) {
    fuzz::require(!config.message().empty(), "a refused option says why");
    return 0;
  }
  // What was accepted plays: random legal actions for a while, each checked
  // by the driver, every seat's view written.
  std::uint64_t seed = 14695981039346656037ull;
  for (unsigned char c : fuzz::text(data, size)) seed = (seed ^ c) * 1099511628211ull;
  Table table(*sel, *config, seed);
  Rng rng(seed, 7);
  std::vector<Action> legal;
  for (int step = 0; step < 200; ++step) {
    table.settle();
    const State& s = table.state();
    if (s.terminal()) break;
    const Seat seat = first_actor(s.actors(), table.last_actor(), config->players);
    fuzz::require(seat >= 0 && seat < config->players, "a game in play has a seat to act");
    legal.clear();
    s.legal_actions(seat, legal);
    fuzz::require(!legal.empty(), "a seat that may act has a legal action");
    fuzz::require(table.act(seat, legal[rng.below(static_cast<std::uint32_t>(legal.size()))]).ok(),
                  "a legal action is taken");
  }
  for (Seat v = kSpectator; v < config->players; ++v)
    fuzz::require(!to_json(table.state().view(v)).empty(), "every seat has a view");
  return 0;
}
