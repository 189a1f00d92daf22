// OpenSpiel's oh_hell driven from Python, for bench/openspiel_compare.sh
// where pyspiel itself is not built (it needs every OpenSpiel game and its
// bindings compiled: half an hour on two cores): the loop of pyspiel_loop.py
// (legal_actions, random.choice, apply_action; at chance nodes
// chance_outcomes and random.choices), in Debian's CPython embedded here (the
// interpreter Parlour's module is built for), with the State methods that
// loop calls bound as pyspiel.cc binds them: the same pybind11 `.def`s, both
// overloads of legal_actions in pyspiel's order. Measured beside a real
// pyspiel build, this binding is the slower by a quarter (160,000 player
// steps a second against 215,000), so ratios against it flatter Parlour; the
// script uses pyspiel where PYSPIEL gives one. Built against a fetched
// OpenSpiel checkout; none of OpenSpiel's code is in Parlour's tree.
//
//   pyspiel_loop SECONDS SEED DIR   prints: player_steps chance_steps seconds
// DIR holds pyspiel_loop.py, the loop itself, which runs as well under a real
// pyspiel build (bench/openspiel_compare.sh uses one where given).
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
  const std::string dir = argc > 3 ? argv[3] : ".";
  py::scoped_interpreter python;
  // The loop of pyspiel_loop.py (its path: the third argument), with the
  // pyspiel module above.
  py::module_::import("sys").attr("path").attr("insert")(0, dir);
  const auto r = py::module_::import("pyspiel_loop").attr("loop")(seconds, seed).cast<py::tuple>();
  std::printf("%ld %ld %.6f\n", r[0].cast<long>(), r[1].cast<long>(), r[2].cast<double>());
  return 0;
}
