// parlour.Bot (Game.bot): one of the engine's own bots for one seat. It is
// given what the engine gives every bot, the seat's Observation (its view,
// and deals sampled consistently with it), never the state itself.
#include "bots/random_bot.h"
#include "core/seeds.h"
#include "python/python.h"
#include "python/state.h"

namespace parlour::python {
namespace {

struct Bot {
  std::shared_ptr<Game> game;
  std::string name;
  Seat seat = 0;
  std::unique_ptr<BotPlayer> player;
  std::vector<Action> legal;  // a buffer
};

std::unique_ptr<Bot> make(const std::shared_ptr<Game>& g, const std::string& name,
                          const py::handle& seat, std::uint64_t seed) {
  const Seat s = viewer_of(*g, seat);
  if (s < 0)
    throw py::value_error("a bot plays a seat: 0 to " + std::to_string(g->config.players - 1));
  if (Status st = check_bot(*g->sel.game, name); !st.ok()) raise(errors().bad_config, st.message());
  auto b = std::make_unique<Bot>();
  b->game = g, b->name = name, b->seat = s;
  // The bot stream of `seat` in the game of `seed`, as `parlour play --seed`
  // and VectorEnv seed theirs.
  b->player = std::make_unique<BotPlayer>(make_bot(*g->sel.game, name), g->sel.game->resampler,
                                          bot_rng(seed, s));
  return b;
}

Action step(Bot& b, const State& s) {
  if (s.game->sel.game != b.game->sel.game || s.game->config.players != b.game->config.players)
    throw py::value_error("this bot plays " + std::string(b.game->sel.name()) + ", not " +
                          std::string(s.game->sel.name()));
  const parlour::State& st = s.table->state();
  if (st.chance() || st.terminal() || !st.actors().has(b.seat))
    raise(errors().not_player, "seat " + std::to_string(b.seat) + " may not act now");
  b.legal.clear();
  st.legal_actions(b.seat, b.legal);
  Action a = kNoAction;
  {
    py::gil_scoped_release free;  // a searching bot may think a while
    a = b.player->act(st, b.seat, b.legal);
  }
  if (a == kNoAction) raise(errors().base, "the bot " + b.name + " gave no action");
  return a;
}

}  // namespace

void bind_bot(py::module_& m) {
  py::class_<Bot>(m, "Bot", "One of the engine's bots, playing one seat (Game.bot).")
      .def_readonly("name", &Bot::name)
      .def_readonly("seat", &Bot::seat)
      .def("step", &step, py::arg("state"),
           "The bot's action for its seat at `state` (it reads only the seat's view); the "
           "state is not changed: apply_action plays it.")
      .def("__repr__", [](const Bot& b) {
        return "<parlour.Bot " + b.name + ", seat " + std::to_string(b.seat) + ">";
      });
  // Game.bot, a method of the class bind_game made.
  py::object game = m.attr("Game");
  game.attr("bot") = py::cpp_function(
      &make, py::is_method(game), py::name("bot"), py::arg("name"), py::arg("seat"),
      py::arg("seed") = 0,
      "The engine's bot `name` (one of parlour.games()' bots for this game) for `seat`, "
      "drawing its random numbers from the bot stream of `seed`, as `parlour play --seed` does.");
}

}  // namespace parlour::python
