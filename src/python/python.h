// The Python API's C++ side (`import parlour`): what the binding files share.
// Each class is bound in a file of its own (game.cc, state.cc), so that a
// later move to another binding library touches only this folder. No game
// logic lives here: every call goes through the engine's Table, registry,
// views and the tensor encoders of src/rl/.
#pragma once

#include <pybind11/pybind11.h>

#include <memory>
#include <string>
#include <vector>

#include "core/registry.h"
#include "core/table.h"
#include "rl/encode.h"

namespace parlour::python {

namespace py = pybind11;

// A game with its config, shared by its states.
struct Game {
  Selection sel;
  Config config;
  Bounds bounds;
  rl::Shape shape;
};

// The exception classes (parlour.ParlourError and its kinds), made once by
// the module.
struct Errors {
  py::object base, illegal, not_player, bad_config;
};
const Errors& errors();
// Raises `kind` with `message`.
[[noreturn]] void raise(const py::object& kind, const std::string& message);

// An action from Python: an int or a numpy integer (never a bool, a float or a
// string: TypeError); out of the 32-bit range: IllegalActionError.
Action action_of(const py::handle& value);
// A viewer from Python: a seat of the table or parlour.SPECTATOR; else ValueError.
Seat viewer_of(const Game& g, const py::handle& value);

void bind_game(py::module_& m);
void bind_state(py::module_& m);
void bind_vector_env(py::module_& m);
void bind_bot(py::module_& m);

}  // namespace parlour::python
