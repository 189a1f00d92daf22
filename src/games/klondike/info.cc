// Klondike's options, each with its source; its bot, undo, hash and
// resampler.
#include <algorithm>
#include <memory>

#include "games/klondike/state.h"
#include "kit/policy.h"
#include "kit/solver.h"
#include "rules_text.h"

namespace parlour::klondike {
namespace {

const std::vector<OptionSpec>& specs() {
  using T = OptionType;
  static const std::vector<OptionSpec> s = {
      {"draw",
       T::kChoice,
       0,
       0,
       {"3", "1"},
       0,
       "cards turned from the stock at a time: 3 or 1",
       "Wikipedia, Klondike: \"turning three cards at a time ... or one card at a time\"; "
       "Morehead and Mott-Smith's Hoyle deals one at a time",
       "Turn"},
      {"redeals",
       T::kChoice,
       0,
       0,
       {"unlimited", "0", "1", "2", "3"},
       0,
       "times the waste may be turned over to be the stock again",
       "Wikipedia, Klondike: \"passes through the deck ... may be limited\"; unlimited by "
       "default, as the solvers' figures assume",
       "Redeals"},
      {"scoring",
       T::kChoice,
       0,
       0,
       {"standard", "vegas", "none"},
       0,
       "standard: Windows' points (waste to column 5, to a foundation 10, column to foundation "
       "10, a card turned up 5, back from a foundation -15, the waste turned over -100 at one "
       "card, -20 at three after the third time); vegas: -52 to start, 5 a card on the "
       "foundations; none",
       "Wikipedia, Klondike, \"Scoring\" (Microsoft Windows' standard and Vegas scoring)",
       "Scoring"},
      {"thoughtful",
       T::kBool,
       0,
       1,
       {},
       0,
       "every card shown face up to the player (the \"thoughtful\" game the solvers play)",
       "the name used by Klondike solvers (Solvitaire; Bjarnason, Fern and Tadepalli)",
       "Every card face up"},
      {"auto",
       T::kBool,
       0,
       1,
       {},
       1,
       "cards on top of the columns go to the foundations by themselves when it is safe (no "
       "card could need them to build on); the waste's only by choice",
       "the usual practice of computer Klondike; our reading of \"safe\": Aces and Twos, or a "
       "card whose rank less one both foundations of the other colour hold, and whose rank "
       "less two the other foundation of its colour holds",
       "Safe cards up"},
      {"undo",
       T::kChoice,
       0,
       0,
       {"all", "seen"},
       0,
       "all: every move may be taken back, as computer solitaires allow; seen: not a move "
       "that showed a card the player had never seen (a face-down card, or the stock's on its "
       "first pass), so that nobody can peek and take it back",
       "PySolFC and the solitaire sites take back any move; `seen` is our stricter reading for "
       "a game that counts",
       "Undo"},
  };
  return s;
}

// A greedy player, reading only what it sees: a card to its foundation;
// else a run that turns up a face-down card (the most hidden under it
// first); else the waste to a column; else the stock; else the first move.
Action greedy(const KlondikeState& s, Seat, std::span<const Action> legal) {
  if (legal.size() == 1) return legal[0];
  Action best = legal[0];
  int most = -1000;
  for (Action a : legal) {
    const Move m = *Move::decode(a);
    int score = -100;
    if (m.kind == Move::kTurn)
      score = 10;
    else if (m.kind == Move::kRecycle)
      score = 5;
    else if (m.to >= kFoundation0 && m.from < kFoundation0)
      score = 1000;
    else if (m.from == kWaste)
      score = 50;
    else if (m.from >= kColumn0 && m.from < kFoundation0) {
      const int c = m.from - kColumn0;
      const int base = static_cast<int>(s.column(c).size()) - m.count;
      if (base == s.down(c) && s.down(c) > 0) score = 100 + s.down(c);
    }
    if (score > most) most = score, best = a;
  }
  return best;
}

using GreedyBot = kit::PolicyBot<KlondikeState, greedy>;

using Caps = kit::SolitaireCaps<KlondikeState, klondike::solve>;

// The face-down cards and the stock are hidden (none where thoughtful): a
// sample deals them afresh, in a shuffled order.
class Sampler final : public Resampler {
 public:
  std::unique_ptr<State> resample(const State& state, Seat, Rng& rng) const override {
    auto out = std::make_unique<KlondikeState>(static_cast<const KlondikeState&>(state));
    // No history either: taking a move back would bring back the real
    // face-down cards and stock (issue 35, F16).
    out->forget_history();
    if (out->rules().thoughtful) return out;
    std::vector<Card*> slots = out->hidden();
    std::vector<Card> cards;
    for (Card* c : slots) cards.push_back(*c);
    std::sort(cards.begin(), cards.end());
    rng.shuffle(std::span<Card>(cards));
    for (std::size_t i = 0; i < slots.size(); ++i) *slots[i] = cards[i];
    return out;
  }
};

}  // namespace

Rules Rules::from(const Config& c) {
  Rules r;
  r.draw = c.options.get("draw") == 0 ? 3 : 1;
  const int rd = c.options.get("redeals");
  r.redeals = rd == 0 ? kUnlimited : rd - 1;
  r.scoring = Scoring(c.options.get("scoring"));
  r.thoughtful = c.options.get("thoughtful") != 0;
  r.auto_foundation = c.options.get("auto") != 0;
  r.undo_all = c.options.get("undo") == 0;
  return r;
}

GameInfo game_info() {
  static const Sampler sampler;
  GameInfo g;
  g.name = "klondike";
  g.title = "Klondike";
  g.summary =
      "Patience: seven columns, build down in alternating colours, the foundations up "
      "from the Ace";
  g.rules = kRulesText;
  g.options = specs();
  g.presets = {
      {"klondike",
       "Klondike, three cards at a time, the stock turned over without limit",
       {},
       1,
       1,
       1},
      {"klondike-1", "Klondike, one card at a time", {{"draw", "1"}}, 1, 1, 1},
      {"vegas",
       "Vegas Klondike: three at a time, three passes, Vegas scoring",
       {{"redeals", "2"}, {"scoring", "vegas"}},
       1,
       1,
       1},
  };
  g.bots = {{"solver",
             "sees what a player sees and remembers the stock once turned through; weighs each "
             "line of moves that turns nothing up, to the card it turns up, on deals of the "
             "face-down cards (each solved within 1,000 positions), raced on the same deals till "
             "one is left (a line leaves once surely not 2 points better than the one ahead; a "
             "line that turns a card up starts 20 points ahead) or the one ahead has been tried "
             "on 2,048 (8,192 in all at most), and plays it",
             [] { return hindsight_bot(2048, 1000); },
             /*slow=*/true},
            {"greedy",
             "plays a card to its foundation, else a run that turns up a face-down card, else "
             "the waste to a column, else the stock; reads only what it sees",
             [] { return std::unique_ptr<Bot>(std::make_unique<GreedyBot>()); }}};
  g.new_game = state_factory<KlondikeState, Rules>();
  // Move::encode: a shift is 3 + (from * kPlaces + to) * 14 + count.
  g.bounds = [](const Config&) {
    return Bounds{static_cast<Action>(3 + kPlaces * kPlaces * 14), 13, 0};
  };
  g.resampler = &sampler;
  Caps::attach(g);
  return g;
}

}  // namespace parlour::klondike
