// OpenSpiel's oh_hell driven from Python, for bench/openspiel_compare.sh:
// the per-state loop a pyspiel user writes (legal_actions, random.choice,
// apply_action; at chance nodes chance_outcomes and random.choices), timed
// like bench/python_bench.py times Parlour's. pyspiel itself needs every
// OpenSpiel game and its bindings compiled, beyond this machine's budget; so
// this program embeds Debian's CPython (the interpreter Parlour's module is
// built for) and binds the State methods that loop calls as pyspiel.cc binds
// them: the same pybind11 `.def`s, both overloads of legal_actions in
// pyspiel's order, so each call pays what it pays under pyspiel. Built
// against a fetched OpenSpiel checkout; none of OpenSpiel's code is in
// Parlour's tree.
//
//   pyspiel_loop SECONDS SEED     prints: player_steps chance_steps seconds
#include <pybind11/embed.h>
#include <pybind11/stl.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "open_spiel/spiel.h"

namespace py = pybind11;
using open_spiel::Game;
using open_spiel::State;

PYBIND11_EMBEDDED_MODULE(pyspiel, m) {
  py::class_<Game, std::shared_ptr<Game>>(m, "Game").def("new_initial_state", [](const Game& g) {
    return std::shared_ptr<State>(g.NewInitialState());
  });
  py::class_<State, std::shared_ptr<State>>(m, "State")
      .def("current_player", &State::CurrentPlayer)
      .def("apply_action", &State::ApplyAction)
      .def("legal_actions",
           (std::vector<open_spiel::Action>(State::*)(int) const) & State::LegalActions)
      .def("legal_actions",
           (std::vector<open_spiel::Action>(State::*)(void) const) & State::LegalActions)
      .def("is_terminal", &State::IsTerminal)
      .def("is_chance_node", &State::IsChanceNode)
      .def("chance_outcomes", &State::ChanceOutcomes)
      .def("returns", &State::Returns);
  m.def("load_game", [](const std::string& name) {
    return std::const_pointer_cast<Game>(open_spiel::LoadGame(name));
  });
}

int main(int argc, char** argv) {
  const double seconds = argc > 1 ? std::atof(argv[1]) : 3.0;
  const int seed = argc > 2 ? std::atoi(argv[2]) : 1;
  py::scoped_interpreter python;
  py::dict scope;
  scope["SECONDS"] = seconds;
  scope["SEED"] = seed;
  py::exec(R"py(
import random, time
import pyspiel
game = pyspiel.load_game("oh_hell(players=4,num_suits=4,num_cards_per_suit=13)")
rng = random.Random(SEED)
steps = chances = 0
start = time.perf_counter()
while time.perf_counter() - start < SECONDS:
    s = game.new_initial_state()
    while not s.is_terminal():
        if s.is_chance_node():
            outcomes = s.chance_outcomes()
            actions, probs = zip(*outcomes)
            s.apply_action(rng.choices(actions, probs)[0])
            chances += 1
        else:
            s.apply_action(rng.choice(s.legal_actions()))
            steps += 1
RESULT = (steps, chances, time.perf_counter() - start)
)py",
           scope);
  const auto r = scope["RESULT"].cast<py::tuple>();
  std::printf("%ld %ld %.6f\n", r[0].cast<long>(), r[1].cast<long>(), r[2].cast<double>());
  return 0;
}
