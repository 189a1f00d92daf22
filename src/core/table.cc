#include "core/table.h"

#include <algorithm>

namespace parlour {

Table::Table(const Selection& sel, Config config, std::uint64_t seed)
    : sel_(sel),
      config_(std::move(config)),
      seed_(seed),
      chance_rng_(seed, kChanceStream),
      state_(sel.game->new_game(config_)) {}

void Table::chance() {
  state_->apply_chance(chance_rng_);
}

bool Table::legal(Action a) const {
  if (state_->to_move() < 0) return false;
  std::vector<Action> actions;
  state_->legal_actions(actions);
  return std::find(actions.begin(), actions.end(), a) != actions.end();
}

bool Table::act(Action a) {
  if (!legal(a)) return false;
  labels_.push_back(state_->action_label(a));
  state_->apply(a);
  actions_.push_back(a);
  return true;
}

Record Table::record() const {
  Record r;
  r.game = std::string(sel_.game->name);
  r.preset = std::string(sel_.name());
  r.players = config_.players;
  r.options = config_.options.assignments();
  r.seed = seed_;
  r.actions = actions_;
  r.labels = labels_;
  if (state_->terminal()) r.outcome = state_->outcome();
  return r;
}

}  // namespace parlour
