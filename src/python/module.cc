// The extension module parlour._parlour; python/parlour/__init__.py re-exports it.
#include <Python.h>

#include "games/registry.h"
#include "python/python.h"

namespace parlour::python {
namespace {

Errors make_errors(py::module_& m) {
  Errors e;
  auto make = [&](const char* name, const char* doc, py::object bases) {
    PyObject* type = PyErr_NewExceptionWithDoc(name, doc, bases.ptr(), nullptr);
    if (!type) throw py::error_already_set();
    return py::reinterpret_steal<py::object>(type);
  };
  e.base = make("parlour.ParlourError", "Every error Parlour raises.",
                py::reinterpret_borrow<py::object>(PyExc_Exception));
  const py::object value_error = py::reinterpret_borrow<py::object>(PyExc_ValueError);
  e.illegal = make("parlour.IllegalActionError",
                   "An action that is not legal for the seat to move; nothing changed.",
                   py::make_tuple(e.base, value_error));
  e.not_player = make("parlour.NotPlayerNodeError",
                      "A seat's action at a chance node or at the end, or chance at a seat's turn.",
                      py::make_tuple(e.base, value_error));
  e.bad_config = make("parlour.BadConfigError", "An unknown game, option, value or player count.",
                      py::make_tuple(e.base, value_error));
  m.attr("ParlourError") = e.base;
  m.attr("IllegalActionError") = e.illegal;
  m.attr("NotPlayerNodeError") = e.not_player;
  m.attr("BadConfigError") = e.bad_config;
  return e;
}

Errors* the_errors = nullptr;

}  // namespace

const Errors& errors() {
  return *the_errors;
}

void raise(const py::object& kind, const std::string& message) {
  PyErr_SetString(kind.ptr(), message.c_str());
  throw py::error_already_set();
}

Action action_of(const py::handle& value) {
  PyObject* v = value.ptr();
  if (PyLong_CheckExact(v)) {  // the common case, without a new object
    int overflow = 0;
    const long long n = PyLong_AsLongLongAndOverflow(v, &overflow);
    if (overflow == 0 && n >= 0 && n <= 0xFFFFFFFELL) return static_cast<Action>(n);
  }
  if (PyBool_Check(v) || PyFloat_Check(v) || !PyIndex_Check(v))
    throw py::type_error("an action is an int (or a numpy integer), not " +
                         std::string(Py_TYPE(v)->tp_name));
  const py::int_ i = py::reinterpret_steal<py::int_>(PyNumber_Index(v));
  if (!i) throw py::error_already_set();
  int overflow = 0;
  const long long n = PyLong_AsLongLongAndOverflow(i.ptr(), &overflow);
  if (overflow != 0 || n < 0 || n > 0xFFFFFFFELL)
    raise(errors().illegal, "action " + py::repr(i).cast<std::string>() +
                                " is out of range: actions are integers from 0 below 2**32");
  return static_cast<Action>(n);
}

Seat viewer_of(const Game& g, const py::handle& value) {
  PyObject* v = value.ptr();
  if (PyBool_Check(v) || !PyIndex_Check(v))
    throw py::type_error("a seat is an int (or parlour.SPECTATOR)");
  const py::int_ i = py::reinterpret_steal<py::int_>(PyNumber_Index(v));
  if (!i) throw py::error_already_set();
  int overflow = 0;
  const long long s = PyLong_AsLongLongAndOverflow(i.ptr(), &overflow);
  if (overflow == 0 && (s == kSpectator || (s >= 0 && s < g.config.players)))
    return static_cast<Seat>(s);
  throw py::value_error("seat " + py::repr(i).cast<std::string>() +
                        " is not at this table: seats are 0 to " +
                        std::to_string(g.config.players - 1) + ", or parlour.SPECTATOR (-1)");
}

}  // namespace parlour::python

PYBIND11_MODULE(_parlour, m) {
  using namespace parlour;
  using namespace parlour::python;
  m.doc() = "Parlour's engine: every game behind one interface, for learning agents.";
  register_all_games();
  static Errors errors = make_errors(m);
  the_errors = &errors;
  m.attr("CHANCE") = py::int_(kChance);
  m.attr("TERMINAL") = py::int_(kTerminal);
  m.attr("SPECTATOR") = py::int_(kSpectator);
  // The interpreter the module was built for, so that a mismatch names it.
  m.attr("BUILT_FOR") = py::str("Python " PARLOUR_PYTHON_VERSION " (" PARLOUR_PYTHON_PATH ")");
  bind_game(m);
  bind_state(m);
  bind_vector_env(m);
  bind_bot(m);
}
