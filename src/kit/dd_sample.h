// Perfect-information sampling for trick games ("dd-sample"): for each card
// decision, deal the hidden cards anew many times consistently with what the
// seat sees (the game's resampler), solve each deal double dummy (dd_solver.h)
// and play the card whose mean over the deals is best. Every other decision
// (bids, makes, doubles) goes to the game's own bot.
//
// The bot never reads the real position: the solver sees only sampled deals,
// and whether a decision is a card play is read from a sample too.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string_view>
#include <utility>

#include "core/game.h"
#include "kit/dd_solver.h"

namespace parlour::kit {

// What the bot needs of a trick game.
struct DdGame {
  // The card play of a full position as the solver reads it, `side` the
  // seats whose tricks count for `seat`; nullopt where `seat`'s decision is
  // not a card to a trick.
  std::function<std::optional<DdPosition>(const State& state, Seat seat)> position;
  // The card that `a` plays, or Card() where it plays none.
  std::function<Card(const State& state, Seat seat, Action a)> card;
  // The bot for every decision that is not a card.
  std::function<std::unique_ptr<Bot>()> otherwise;
  // Where the seat's aim is not the most tricks (Oh Hell!'s exact bid): what
  // it scores in the position `state` if it takes from here at least
  // `fewest` and at most `most` tricks, the trick in progress included (the
  // two double-dummy bounds, each with every other seat playing against
  // it). Unset: the side's most tricks are the aim.
  std::function<double(const State& state, Seat seat, int fewest, int most)> value;
  // With `value`, for the analysis (`parlour dd`, `replay --dd`): the count
  // the seat aims to take from here (Oh Hell!'s bid less the tricks taken).
  std::function<int(const State& state, Seat seat)> wanted;
  std::string_view aim = "count";  // and what it is, in words ("bid")
  // What the solver counts, one and many, for explanations: tricks, or the
  // points' name where a position counts points (DdPosition::points).
  // Where the position asks for the fewest and there is no value
  // (Polignac's Jacks), the card with the lowest mean is played.
  std::string_view one = "trick", many = "tricks";
  // Above zero: the card `otherwise` would play is kept unless another's
  // mean is better by more than this. Where each deal's solve is a poor
  // model of the table (Polignac: every other player in league against
  // the seat, so that most cards look alike and lost), the game's own
  // judgement stands but for a clear gain.
  double keep_margin = 0;
  // Instead of `position` and the kit's solver, for a game they cannot play
  // (Lift Smoke, whose tricks' winners draw from the stock): for each card
  // `seat` may play in the full position `state`, its worth to the seat
  // (higher better; -1 for cards it may not play), searching at most
  // `nodes` positions (0: no limit) and asking `stop` now and then;
  // nullopt where the search stopped. `searched` gets the positions
  // searched. A decision is a card's where `card` reads one.
  std::function<std::optional<std::array<std::int8_t, 52>>(
      const State& state, Seat seat, std::uint64_t nodes, const std::function<bool()>& stop,
      std::uint64_t& searched)>
      solve;
  // With `solve`: what its figures are, for explanations ("its chance of
  // outlasting the others"). Else the kit's words for tricks or points.
  std::string_view measured;
};

struct DdSampleOptions {
  int samples = 24;  // deals solved a card decision, at most
  // And at most this many positions searched (0: no limit): a budget that,
  // unlike a clock, plays the same cards on any machine and under any load
  // (a bot's reproducibility, the twin-deal leak test). The default is about
  // 1 s a card on the build machine. A deal whose solve runs past either
  // limit counts for nothing; if no deal is solved (the first cards of a
  // large hand, where the solver's bounds do not serve), `otherwise` plays.
  std::uint64_t nodes = 3'000'000;
  double seconds = 0;  // and at most this long (0: no clock)
};

std::unique_ptr<Bot> make_dd_sample_bot(DdGame game, DdSampleOptions options = {});

// The settings after "dd-sample:": DEALS (1 to 10000 deals a card, no time
// limit: the same deals on any machine) or SECONDSs (above 0 and at most
// 600 seconds a card, as many deals as fit, up to 10000). An error names the
// forms accepted.
[[nodiscard]] Result<DdSampleOptions> read_dd_sample(std::string_view settings);
inline constexpr std::string_view kDdSampleSettings = "dd-sample:DEALS, dd-sample:SECONDSs";

// A game's "dd-sample" entry among its bots: `make` builds it with options,
// the default ones or those read after "dd-sample:". `help` outlives it (a
// literal).
BotSpec dd_sample_spec(std::string_view help, std::unique_ptr<Bot> (*make)(DdSampleOptions));

// core's DoubleDummy for a game read through `game` (its position and card;
// `otherwise` is not used): each legal card of the seat to move, solved.
class DdAnalysis final : public DoubleDummy {
 public:
  explicit DdAnalysis(DdGame game) : game_(std::move(game)) {}
  std::optional<DdPlays> plays(const State& state) const override;

 private:
  DdGame game_;
};

}  // namespace parlour::kit
