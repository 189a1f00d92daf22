// parlour.State, with pyspiel's names where the meaning is the same.
#include "python/state.h"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>

#include "cli/terminal.h"
#include "core/view_json.h"
#include "python/fast.h"

namespace parlour::python {
namespace {

// The seat asked next, as the engine's driver asks (Table::asked).
Seat current(const State& s) {
  return s.table->asked();
}

std::span<const Action> legal_of(const State& s) {
  const Seat seat = current(s);
  s.legal.clear();
  if (seat >= 0) s.table->state().legal_actions(seat, s.legal);
  return s.legal;
}

// `viewer`'s observation of `state`, as a new numpy array.
py::array_t<float> tensor(const Game& g, const parlour::State& state, Seat viewer) {
  py::array_t<float> out(static_cast<py::ssize_t>(g.shape.size()));
  const Status st = rl::encode_observation(
      state.view(viewer, Detail::kCards), g.shape,
      std::span<float>(out.mutable_data(), static_cast<std::size_t>(out.size())));
  if (!st.ok()) raise(errors().base, st.message());
  return out;
}

// The terminal's text of the table as `v` shows it.
std::string table_text(const View& v) {
  return cli::Terminal(cli::Style{}.named_as(v)).table(v);
}

py::array_t<float> info_of(const rl::InfoState& info, const rl::InfoShape& shape, const View& now) {
  py::array_t<float> out(static_cast<py::ssize_t>(shape.size()));
  const Status st = info.write(now, std::span<float>(out.mutable_data(), shape.size()));
  if (!st.ok()) raise(errors().base, st.message());
  return out;
}

// `viewer`'s information state: the game replayed from its seed and moves,
// each seat action seen through the viewer's views just before and after it
// (rl::InfoState reads nothing else, and none of their text: they are
// filled with the cards alone). The replay goes on from where the viewer's
// last call left it (InfoSoFar): a state's record only grows, and it starts
// again from the deal where chance outcomes were given since, which the
// replay must be told of before it reaches them.
py::array_t<float> info_tensor(const State& s, Seat viewer) {
  const Game& g = *s.game;
  const rl::InfoShape shape{g.shape};
  const std::span<const SeatAction> moves = s.table->moves();
  const std::span<const GivenChance> given = s.table->given();
  auto it = std::find_if(s.infos.begin(), s.infos.end(),
                         [&](const InfoSoFar& f) { return f.viewer == viewer; });
  if (it == s.infos.end()) {
    it = s.infos.insert(s.infos.end(), InfoSoFar(shape));
    it->viewer = viewer;
  }
  InfoSoFar& f = *it;
  if (!f.replay || f.given != given.size() || f.seen > moves.size()) {
    f.info = rl::InfoState(shape);
    f.replay = std::make_unique<Table>(g.sel, g.config, s.table->seed());
    (void)f.replay->set_given({given.begin(), given.end()});  // ascending already
    f.given = given.size(), f.seen = 0;
    f.before.detail = f.after.detail = Detail::kCards;
  }
  Table& t = *f.replay;
  for (; f.seen < moves.size(); ++f.seen) {
    const SeatAction& m = moves[f.seen];
    t.settle();
    t.state().fill_view(viewer, f.before);
    if (Status st = t.act(m.seat, m.action); !st.ok()) {
      f.replay.reset();  // not to be gone on from
      raise(errors().base, st.message());
    }
    t.state().fill_view(viewer, f.after);
    f.info.saw(m.seat, f.before, f.after);
  }
  return info_of(f.info, shape, s.table->state().view(viewer, Detail::kCards));
}

// For the leak tests only: a twin of the game whose first deal the game's
// resampler dealt anew for `viewer`, the same seat actions played on it, and
// the viewer shown the same at every step (each view equal to the real
// game's, before and after each action). Its observation and information
// state tensors then must equal the real ones: an information state is a
// function of what the seat was shown. None where the twin cannot follow: an
// action not legal in it, a view that differs (a card the seat drew or was
// shown differs in the twin), or chance after the first deal.
py::object twin(const State& s, Seat viewer, std::uint64_t seed) {
  const Game& g = *s.game;
  const Resampler* r = g.sel.game->resampler;
  if (!r || viewer < 0) return py::none();
  Table t(g.sel, g.config, s.table->seed());
  (void)t.set_given({s.table->given().begin(), s.table->given().end()});  // ascending already
  t.settle();
  Rng rng(seed, 11);
  std::unique_ptr<parlour::State> w = r->resample(t.state(), viewer, rng);
  if (!w) return py::none();
  const rl::InfoShape shape{g.shape};
  rl::InfoState info(shape);
  std::vector<Action> legal;
  for (const SeatAction& m : s.table->moves()) {
    if (t.state().chance() || w->chance() || !w->actors().has(m.seat)) return py::none();
    legal.clear();
    w->legal_actions(m.seat, legal);
    if (std::find(legal.begin(), legal.end(), m.action) == legal.end()) return py::none();
    const View before = w->view(viewer);
    if (!(before == t.state().view(viewer))) return py::none();
    w->apply(m.seat, m.action);
    if (Status st = t.act(m.seat, m.action); !st.ok()) raise(errors().base, st.message());
    const View after = w->view(viewer);
    if (!(after == t.state().view(viewer))) return py::none();
    info.saw(m.seat, before, after);
  }
  if (t.state().chance()) return py::none();
  return py::make_tuple(tensor(g, *w, viewer), info_of(info, shape, w->view(viewer)));
}

std::string label(const State& s, Seat seat, Action a) {
  return s.table->state().action_label(seat, a);
}

void apply_action(State& s, const py::handle& value) {
  const Action a = action_of(value);
  const Seat seat = current(s);
  if (seat == kChance)
    raise(errors().not_player, "apply_action at a chance node: call apply_chance()");
  if (seat == kTerminal) raise(errors().not_player, "apply_action after the game is over");
  // The table checks the action (and changes nothing if it is not legal);
  // the legal actions are listed only for the message.
  if (s.table->act(seat, a).ok()) return;
  const std::span<const Action> legal = legal_of(s);
  std::string m = "action " + std::to_string(a) + " is not legal for seat " + std::to_string(seat) +
                  "; legal: ";
  for (std::size_t i = 0; i < legal.size() && i < 10; ++i)
    m += (i ? ", " : "") + std::to_string(legal[i]) + " (" + label(s, seat, legal[i]) + ")";
  if (legal.size() > 10) m += ", and " + std::to_string(legal.size() - 10) + " more";
  raise(errors().illegal, m);
}

// Raises NotPlayerNodeError unless chance acts next.
void require_chance(const State& s, const char* call) {
  if (s.table->state().chance()) return;
  raise(errors().not_player, s.table->state().terminal()
                                 ? std::string(call) + " after the game is over"
                                 : std::string(call) + " at a seat's turn: it is seat " +
                                       std::to_string(current(s)) + "'s");
}

// The chance event one draw at a time (Table::next_draw): its outcomes are
// the draw's values, each as likely. Past this many, a list is no use.
constexpr std::uint64_t kMaxOutcomes = 1u << 20;

py::object chance_outcomes(const State& s) {
  require_chance(s, "chance_outcomes");
  const std::uint64_t n = s.table->next_draw();
  if (n > kMaxOutcomes) {
    PyErr_SetString(PyExc_NotImplementedError,
                    ("this chance draw has " + std::to_string(n) +
                     " outcomes (the game draws a seed for its own shuffles): call "
                     "apply_chance(), which draws from the state's seed")
                        .c_str());
    throw py::error_already_set();
  }
  if (n == 0) {  // an event that draws nothing: one outcome
    py::list one;
    one.append(py::make_tuple(0, 1.0));
    return one;
  }
  py::list out(static_cast<py::ssize_t>(n));
  const double p = 1.0 / static_cast<double>(n);
  for (std::uint64_t i = 0; i < n; ++i) out[static_cast<py::ssize_t>(i)] = py::make_tuple(i, p);
  return out;
}

void apply_chance(State& s, const py::handle& outcome) {
  require_chance(s, "apply_chance");
  if (outcome.is_none()) return s.table->chance();
  const Action d = action_of(outcome);
  if (Status st = s.table->give(d); !st.ok()) raise(errors().illegal, st.message());
}

// The per-step calls, as plain CPython methods (python/fast.h).
PyObject* py_bool(bool b) {
  return Py_NewRef(b ? Py_True : Py_False);
}

PyMethodDef per_step[] = {
    {"current_player",
     [](PyObject* o, PyObject*) -> PyObject* {
       const State* s = fast::self<State>(o);
       return s ? PyLong_FromLong(current(*s)) : nullptr;
     },
     METH_NOARGS,
     "The seat to move, parlour.CHANCE (-1) or parlour.TERMINAL (-2). Where several seats may "
     "act at once, the first of them after the last to act."},
    {"is_chance_node",
     [](PyObject* o, PyObject*) -> PyObject* {
       const State* s = fast::self<State>(o);
       return s ? py_bool(s->table->state().chance()) : nullptr;
     },
     METH_NOARGS, "Whether chance acts next (a deal): call apply_chance()."},
    {"is_terminal",
     [](PyObject* o, PyObject*) -> PyObject* {
       const State* s = fast::self<State>(o);
       return s ? py_bool(s->table->state().terminal()) : nullptr;
     },
     METH_NOARGS, "Whether the game is over."},
    {"legal_actions",
     [](PyObject* o, PyObject*) -> PyObject* {
       const State* s = fast::self<State>(o);
       if (!s) return nullptr;
       return fast::guarded([&]() -> PyObject* {
         const std::span<const Action> l = legal_of(*s);
         PyObject* list = PyList_New(static_cast<Py_ssize_t>(l.size()));
         if (!list) return nullptr;
         for (std::size_t i = 0; i < l.size(); ++i) {
           PyObject* x = PyLong_FromUnsignedLong(l[i]);
           if (!x) return Py_DECREF(list), nullptr;
           PyList_SET_ITEM(list, static_cast<Py_ssize_t>(i), x);
         }
         return list;
       });
     },
     METH_NOARGS, "The seat to move's legal actions, ascending; empty at chance and at the end."},
    {"apply_action",
     [](PyObject* o, PyObject* action) -> PyObject* {
       State* s = fast::self<State>(o);
       if (!s) return nullptr;
       return fast::guarded([&] {
         apply_action(*s, action);
         return Py_NewRef(Py_None);
       });
     },
     METH_O,
     "apply_action(action): plays the action for the seat to move; IllegalActionError (and "
     "no change) if it is not legal."},
};

Record record_of(const State& s) {
  Record r = s.table->record(false);
  r.preset = std::string(s.game->sel.name());
  // A state may stop at chance (pyspiel's do): its copy stops there too.
  if (s.table->state().chance()) r.waits_at_chance = s.table->chance_events();
  return r;
}

std::vector<double> returns(const State& s) {
  const parlour::State& st = s.table->state();
  if (!st.terminal())
    return std::vector<double>(static_cast<std::size_t>(s.game->config.players), 0);
  return st.outcome().scores;
}

std::unique_ptr<State> from_record(const std::shared_ptr<Game>& g, const Record& r) {
  Result<Replayed> rep = replay(r);
  if (!rep.ok()) raise(errors().base, rep.message());
  auto out = std::make_unique<State>();
  out->game = g;
  out->table = std::move(rep->table);
  return out;
}

}  // namespace

std::unique_ptr<State> new_state(const std::shared_ptr<Game>& g, std::uint64_t seed) {
  auto s = std::make_unique<State>();
  s->game = g;
  s->table = std::make_unique<Table>(g->sel, g->config, seed);
  return s;
}

std::unique_ptr<State> deserialize_state(const std::shared_ptr<Game>& g, const std::string& text) {
  Result<Record> r = parse_record(text);
  if (!r.ok()) raise(errors().base, r.message());
  if (r->game != g->sel.game->name)
    raise(errors().base, "the record is of " + r->game + ", not " + std::string(g->sel.game->name));
  return from_record(g, *r);
}

void bind_state(py::module_& m) {
  py::class_<State> cls(m, "State", "One game in progress.");
  for (PyMethodDef& d : per_step) fast::add_method(cls, d);
  cls.def("get_game", [](const State& s) { return s.game; })
      .def_property_readonly("_game", [](const State& s) { return s.game; })
      .def(
          "legal_actions_mask",
          [](const State& s) {
            py::array_t<bool> mask(static_cast<py::ssize_t>(s.game->bounds.actions));
            bool* m = mask.mutable_data();
            std::fill(m, m + mask.size(), false);
            for (Action a : legal_of(s)) m[a] = true;
            return mask;
          },
          "A bool array of num_distinct_actions, true for each legal action.")
      .def("chance_outcomes", &chance_outcomes,
           "At a chance node, the outcomes of its next draw with their probabilities, "
           "[(outcome, p)], each as likely: a game resolves a chance event (a shuffle) as a "
           "run of draws (below 52, below 51, ...), and apply_chance(outcome) gives them one "
           "at a time, as OpenSpiel's chance nodes. NotImplementedError for a draw of more "
           "than 2**20 outcomes (a seed of a game's own shuffles).")
      .def("apply_chance", &apply_chance, py::arg("outcome") = py::none(),
           "apply_chance(): resolves the chance event from the state's own seed, as the engine "
           "does (after draws given, the rest of them). apply_chance(outcome): gives its next "
           "draw, one of chance_outcomes(); the event is resolved once its given draws decide "
           "it. Given draws are kept in serialize()'s record.")
      .def(
          "action_to_string",
          [](const State& s, const py::handle& a) {
            const Seat seat = current(s);
            if (seat < 0) raise(errors().not_player, "no seat is to move");
            return label(s, seat, action_of(a));
          },
          py::arg("action"), "The engine's label for a legal action of the seat to move.")
      .def(
          "observation_tensor",
          [](const State& s, const py::handle& seat) {
            const Seat v = viewer_of(*s.game, seat);
            return tensor(*s.game, s.table->state(), v);
          },
          py::arg("seat"),
          "What the seat sees, as float32 of observation_shape: read from its view alone.")
      .def(
          "information_state_tensor",
          [](const State& s, const py::handle& seat) {
            return info_tensor(s, viewer_of(*s.game, seat));
          },
          py::arg("seat"),
          "The observation, then the seat's record of the hand (the last 64 seat actions): "
          "who acted and what each changed in what the seat was shown. From its views alone.")
      .def(
          "observation_string",
          [](const State& s, const py::handle& seat) {
            return table_text(s.table->state().view(viewer_of(*s.game, seat)));
          },
          py::arg("seat"), "The terminal's text of the table for that seat.")
      .def(
          "view",
          [](const State& s, const py::handle& seat) {
            const View v = s.table->state().view(viewer_of(*s.game, seat));
            return py::module_::import("json").attr("loads")(to_json(v));
          },
          py::arg("seat"), "The seat's view as a browser client gets it.")
      .def("returns", &returns, "Each seat's score at the end; zeros before.")
      .def("rewards", &returns,
           "Each seat's change in returns() since its last turn. Parlour scores a game at its "
           "end (returns() are zeros before it), so every reward is 0 until the end, and "
           "there each seat's is its return.")
      .def(
          "places",
          [](const State& s) {
            const parlour::State& st = s.table->state();
            return st.terminal() ? st.outcome().places : std::vector<int>{};
          },
          "Each seat's place at the end (1 best, ties share); empty before.")
      .def(
          "history",
          [](const State& s) {
            std::vector<Action> out;
            for (const SeatAction& a : s.table->moves()) out.push_back(a.action);
            return out;
          },
          "The seats' actions so far (chance is replayed from the seed).")
      .def(
          "serialize", [](const State& s) { return to_json(record_of(s)); },
          "A Parlour record: Game.deserialize_state and `parlour replay` read it.")
      .def("clone", [](const State& s) { return from_record(s.game, record_of(s)); })
      .def("__copy__", [](const State& s) { return from_record(s.game, record_of(s)); })
      .def("__deepcopy__",
           [](const State& s, const py::handle&) { return from_record(s.game, record_of(s)); })
      .def(
          "_resampled_observation",
          [](const State& s, const py::handle& seat, std::uint64_t seed) -> py::object {
            // For the leak tests only: the observation of a deal the seat
            // cannot tell from this one, dealt by the game's resampler.
            const Seat v = viewer_of(*s.game, seat);
            const Resampler* r = s.game->sel.game->resampler;
            if (!r || v < 0) return py::none();
            Rng rng(seed, 11);
            const std::unique_ptr<parlour::State> other = r->resample(s.table->state(), v, rng);
            if (!other) return py::none();
            return py::object(tensor(*s.game, *other, v));
          },
          py::arg("seat"), py::arg("seed"))
      .def(
          "_twin",
          [](const State& s, const py::handle& seat, std::uint64_t seed) {
            return twin(s, viewer_of(*s.game, seat), seed);
          },
          py::arg("seat"), py::arg("seed"))
      .def(
          "__str__", [](const State& s) { return table_text(s.table->state().view(kEveryone)); },
          "The whole table, every card shown (the omniscient view, like pyspiel's str).");
}

}  // namespace parlour::python
