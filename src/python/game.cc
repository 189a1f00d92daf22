// parlour.games(), parlour.load_game() and parlour.Game.
#include <pybind11/stl.h>

#include "bots/random_bot.h"
#include "python/python.h"
#include "python/state.h"

namespace parlour::python {
namespace {

py::dict option_dict(const OptionSpec& o) {
  py::dict d;
  d["name"] = std::string(o.key);
  d["default"] = o.format(o.default_value);
  d["accepted"] = o.accepted();
  d["help"] = std::string(o.help);
  d["source"] = std::string(o.source);
  return d;
}

// The same facts `parlour list` and `parlour rules` print.
py::dict spec_of(const GameInfo& g) {
  py::dict d;
  d["name"] = std::string(g.name);
  d["title"] = std::string(g.title);
  d["min_players"] = g.min_players;
  d["max_players"] = g.max_players;
  d["default_players"] = g.default_players;
  py::list options;
  for (const OptionSpec& o : g.options) options.append(option_dict(o));
  d["options"] = options;
  py::list presets;
  for (const Preset& p : g.presets) {
    py::dict pd;
    pd["name"] = std::string(p.name);
    pd["summary"] = std::string(p.summary);
    py::dict settings;
    for (const auto& [k, v] : p.settings) settings[py::str(std::string(k))] = std::string(v);
    pd["settings"] = settings;
    pd["min_players"] = p.min_players;
    pd["max_players"] = p.max_players;
    presets.append(pd);
  }
  d["presets"] = presets;
  py::list bots;
  for (std::string_view b : bot_list(g)) bots.append(std::string(b));
  d["bots"] = bots;
  return d;
}

std::string value_text(const py::handle& v) {
  if (PyBool_Check(v.ptr())) return v.ptr() == Py_True ? "yes" : "no";
  return py::str(v).cast<std::string>();
}

std::shared_ptr<Game> load_game(const std::string& name, const py::object& players,
                                const py::kwargs& options) {
  Result<Selection> sel = select(name);
  if (!sel.ok()) raise(errors().bad_config, sel.message());
  std::optional<int> n;
  if (!players.is_none()) {
    if (PyBool_Check(players.ptr()) || !PyIndex_Check(players.ptr()))
      throw py::type_error("players is an int or None");
    int overflow = 0;
    const long long v = PyLong_AsLongLongAndOverflow(players.ptr(), &overflow);
    if (PyErr_Occurred()) throw py::error_already_set();
    // Out of any table's range: make_config names what is accepted.
    n = overflow != 0 || v < -1000 || v > 1000 ? 1000 : static_cast<int>(v);
  }
  std::vector<std::string> assignments;
  for (const auto& [k, v] : options) {
    std::string key = py::str(k).cast<std::string>();
    std::replace(key.begin(), key.end(), '_', '-');  // max_cards=8 as max-cards=8
    assignments.push_back(key + "=" + value_text(v));
  }
  Result<Config> c = make_config(*sel, n, assignments);
  if (!c.ok()) raise(errors().bad_config, c.message());
  auto g = std::make_shared<Game>();
  g->sel = *sel;
  g->config = std::move(*c);
  g->bounds = sel->game->bounds(g->config);
  g->shape = rl::observation_shape(g->bounds, g->config.players);
  return g;
}

}  // namespace

void bind_game(py::module_& m) {
  m.def(
      "games",
      [] {
        py::list out;
        for (const GameInfo& g : games()) out.append(spec_of(g));
        return out;
      },
      "Every game: name, title, players, options (name, default, accepted, source), presets "
      "and bots, as `parlour list` and `parlour rules` tell them.");
  m.def("load_game", &load_game, py::arg("name"), py::arg("players") = py::none(),
        "A game by name (a game or a preset, as `parlour play` takes it), with a number of "
        "players and options as keywords: load_game('oh-hell', 4, max_cards=8).");
  py::class_<Game, std::shared_ptr<Game>>(m, "Game", "A game with its players and options.")
      .def_property_readonly("name", [](const Game& g) { return std::string(g.sel.name()); })
      .def_property_readonly("num_players", [](const Game& g) { return g.config.players; })
      .def_property_readonly("options",
                             [](const Game& g) {
                               py::dict d;
                               for (const std::string& a : g.config.options.assignments()) {
                                 const auto eq = a.find('=');
                                 d[py::str(a.substr(0, eq))] = a.substr(eq + 1);
                               }
                               return d;
                             })
      .def_property_readonly(
          "num_distinct_actions", [](const Game& g) { return g.bounds.actions; },
          "Every legal action of this game is below it: the length of an action mask.")
      .def_property_readonly(
          "observation_shape", [](const Game& g) { return py::make_tuple(g.shape.size()); },
          "The shape of observation_tensor(), the same in every position.")
      .def_property_readonly(
          "information_state_shape",
          [](const Game& g) { return py::make_tuple(rl::InfoShape{g.shape}.size()); },
          "The shape of information_state_tensor(): the observation, then 64 rows of the "
          "hand's seat actions.")
      .def("new_initial_state", &new_state, py::arg("seed") = 0,
           "A new game before the deal; its chance draws from the seed as `parlour play "
           "--seed` does.")
      .def("deserialize_state", &deserialize_state, py::arg("text"),
           "The state a record (State.serialize(), or a `parlour` record file) reaches.")
      .def("__repr__", [](const Game& g) {
        return "<parlour.Game " + std::string(g.sel.name()) + ", " +
               std::to_string(g.config.players) + " players>";
      });
}

}  // namespace parlour::python
