// parlour.VectorEnv: N games stepped in C++ per call (src/rl/vector_env.h),
// its arrays handed to numpy in place.
#include "rl/vector_env.h"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "analysis/sim.h"
#include "python/python.h"

namespace parlour::python {
namespace {

// A numpy array over one of the env's buffers, owned by `owner` (a capsule
// holding the env: an array kept after the VectorEnv object is gone still
// reads live memory). Read-only: the env alone writes its buffers (a mask
// row is cleared where the env set it, so a scribble would stay).
template <class T>
py::object array_over(const py::object& owner, std::span<T> data, std::vector<py::ssize_t> shape) {
  std::vector<py::ssize_t> strides(shape.size());
  py::ssize_t step = sizeof(T);
  for (std::size_t k = shape.size(); k-- > 0;) strides[k] = step, step *= shape[k];
  using Out = std::conditional_t<std::is_same_v<T, std::uint8_t>, bool, T>;
  py::array_t<Out> a(shape, strides, reinterpret_cast<Out*>(data.data()), owner);
  a.attr("setflags")(py::arg("write") = false);
  return a;
}

struct PyVectorEnv {
  std::shared_ptr<Game> game;
  std::shared_ptr<rl::VectorEnv> env;
  bool copy = false;
  int threads = 1;
  // The arrays over the env's buffers, made once: every step rewrites the
  // buffers, and returns these same arrays (or copies of them, with copy).
  py::object obs, mask, rewards, terminated, to_move, final;

  void make_arrays() {
    rl::VectorEnv& v = *env;
    const py::object owner = py::capsule(new std::shared_ptr<rl::VectorEnv>(env), [](void* p) {
      delete static_cast<std::shared_ptr<rl::VectorEnv>*>(p);
    });
    const auto n = static_cast<py::ssize_t>(v.envs());
    const auto p = static_cast<py::ssize_t>(v.players());
    obs = v.observations().empty() ? py::none()
                                   : array_over(owner, v.observations(),
                                                {n, static_cast<py::ssize_t>(v.shape().size())});
    mask = array_over(owner, v.masks(), {n, static_cast<py::ssize_t>(v.actions())});
    rewards = array_over(owner, v.rewards(), {n, p});
    terminated = array_over(owner, v.terminated(), {n});
    to_move = array_over(owner, v.to_move(), {n});
    final = array_over(owner, v.final_returns(), {n, p});
  }
  py::object out(const py::object& a) const { return copy && !a.is_none() ? a.attr("copy")() : a; }
};

py::tuple observe(const PyVectorEnv& e, bool with_rewards) {
  if (!with_rewards) return py::make_tuple(e.out(e.obs), e.out(e.mask), e.out(e.to_move));
  return py::make_tuple(e.out(e.obs), e.out(e.mask), e.out(e.rewards), e.out(e.terminated),
                        e.out(e.to_move));
}

}  // namespace

void bind_vector_env(py::module_& m) {
  py::class_<PyVectorEnv>(m, "VectorEnv",
                          "N games stepped in C++ per call, their arrays written in place.")
      .def(py::init([](const std::shared_ptr<Game>& game, int num_envs, std::uint64_t seed,
                       const py::object& learner_seats, const py::object& opponents,
                       bool auto_reset, int threads, bool observations, bool copy) {
             rl::VectorOptions o;
             o.envs = num_envs, o.seed = seed, o.auto_reset = auto_reset, o.threads = threads;
             o.observations = observations;
             if (!learner_seats.is_none()) o.learners = learner_seats.cast<std::vector<Seat>>();
             if (py::isinstance<py::str>(opponents))
               o.opponents = {opponents.cast<std::string>()};
             else if (!opponents.is_none())
               o.opponents = opponents.cast<std::vector<std::string>>();
             Result<std::unique_ptr<rl::VectorEnv>> env =
                 rl::VectorEnv::make(game->sel, game->config, o);
             if (!env.ok()) raise(errors().bad_config, env.message());
             auto out = std::make_unique<PyVectorEnv>();
             out->game = game, out->env = std::move(*env), out->copy = copy;
             out->make_arrays();
             out->threads = threads;
             return out;
           }),
           py::arg("game"), py::arg("num_envs"), py::kw_only(), py::arg("seed") = 0,
           py::arg("learner_seats") = py::none(), py::arg("opponents") = py::none(),
           py::arg("auto_reset") = true, py::arg("threads") = 1, py::arg("observations") = true,
           py::arg("copy") = false)
      .def_property_readonly("num_envs", [](const PyVectorEnv& e) { return e.env->envs(); })
      .def_property_readonly("game", [](const PyVectorEnv& e) { return e.game; })
      .def(
          "reset",
          [](PyVectorEnv& e) {
            {
              py::gil_scoped_release free;
              e.env->reset();
            }
            return observe(e, false);
          },
          "Starts every row's first game: (obs[N, *observation_shape] float32 or None, "
          "mask[N, num_distinct_actions] bool, to_move[N] int8).")
      .def(
          "step",
          [](PyVectorEnv& e, const py::object& actions) {
            if (!e.env->started()) raise(errors().base, "call reset() before step()");
            const py::array a = py::array::ensure(actions);
            const auto n = static_cast<py::ssize_t>(e.env->envs());
            if (!a || a.ndim() != 1 || a.shape(0) != n || a.dtype().kind() != 'i')
              throw py::value_error("step takes a signed integer array of shape (" +
                                    std::to_string(n) + ",) (int32 or int64): one action a row");
            // int64 as given (no copy); other integers converted.
            const auto as = py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>(a);
            const std::span<const std::int64_t> in(as.data(), static_cast<std::size_t>(n));
            Status st;
            {
              py::gil_scoped_release free;
              st = e.env->step(in);
            }
            if (!st.ok()) raise(errors().illegal, st.message());
            return observe(e, true);
          },
          py::arg("actions"),
          "Plays each row's action, then the bots, to the next learner's turn: (obs, mask, "
          "rewards[N, players] float32, terminated[N] bool, to_move[N] int8). Atomic: an "
          "illegal action in any row raises IllegalActionError and nothing moves.")
      .def(
          "step_random",
          [](PyVectorEnv& e, int steps, std::uint64_t seed) {
            if (steps < 0) throw py::value_error("steps must be 0 or more");
            if (!e.env->started()) raise(errors().base, "call reset() before step_random()");
            Status st;
            {
              py::gil_scoped_release free;
              st = e.env->step_random(steps, seed);
            }
            if (!st.ok()) raise(errors().illegal, st.message());
            return observe(e, true);
          },
          py::arg("steps"), py::arg("seed") = 0,
          "Calls step() `steps` times with each row's action drawn uniformly from its legal "
          "actions in C++ (random exploration with no Python per step; the reference "
          "bench/python_bench.py measures a Python loop over step() against). Returns the last "
          "step's arrays.")
      .def(
          "legal_actions",
          [](const PyVectorEnv& e) {
            // Copies: the lists change length every step, so no array can
            // stay over them as the others stay over their buffers. (Before
            // reset() every row's list is empty.)
            const rl::VectorEnv& v = *e.env;
            const auto n = static_cast<std::size_t>(v.envs());
            py::array_t<std::int64_t> offsets(static_cast<py::ssize_t>(n + 1));
            std::int64_t* o = offsets.mutable_data();
            o[0] = 0;
            for (std::size_t i = 0; i < n; ++i)
              o[i + 1] = o[i] + static_cast<std::int64_t>(v.legal_actions(i).size());
            py::array_t<std::int32_t> actions(static_cast<py::ssize_t>(o[n]));
            std::int32_t* a = actions.mutable_data();
            for (std::size_t i = 0; i < n; ++i)
              for (Action x : v.legal_actions(i)) *a++ = static_cast<std::int32_t>(x);
            return py::make_tuple(offsets, actions);
          },
          "Each row's legal actions as two arrays, (offsets[N + 1] int64, actions int32): row "
          "i's are actions[offsets[i]:offsets[i + 1]], in the engine's order, the mask's true "
          "entries; none where no seat is to move. Fresh arrays, a few bytes a legal action: "
          "cheaper to draw from than a wide mask.")
      .def_property_readonly(
          "final_returns", [](const PyVectorEnv& e) { return e.out(e.final); },
          "The returns of the game each row ended at the last step (where terminated).")
      .def_property_readonly("games_started",
                             [](const PyVectorEnv& e) { return e.env->games_started(); })
      .def(
          "play",
          [](const PyVectorEnv& e, const std::vector<std::string>& bots, std::uint64_t games,
             std::uint64_t seed) {
            SimSpec spec;
            spec.sel = e.game->sel, spec.config = e.game->config, spec.bots = bots;
            spec.games = games, spec.seed = seed, spec.threads = e.threads;
            if (Status s = check(spec); !s.ok()) raise(errors().bad_config, s.message());
            Result<SimResult> r = [&] {
              py::gil_scoped_release free;
              return simulate(spec);
            }();
            if (!r.ok()) raise(errors().base, r.message());
            return py::module_::import("json").attr("loads")(format_json(spec, *r));
          },
          py::arg("bots"), py::arg("games"), py::arg("seed"),
          "Whole games in C++ with engine bots: `parlour sim`'s tallies, as its --format json "
          "prints them.");
}

}  // namespace parlour::python
