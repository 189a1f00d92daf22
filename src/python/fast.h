// The few calls a learner makes at every step (State.is_terminal,
// legal_actions, apply_action...), bound as plain CPython methods instead of
// pybind11 functions. pybind11 looks the C++ type up by name, makes a bound
// method object and keeps a life-support frame on every call: about half of
// the per-step cost of a Python loop over the engine (perf, bench/
// python_bench.py). A method descriptor is what CPython's own types use; the
// interpreter calls it with no bound method, and the body reaches the C++
// object through pybind11's instance directly.
#pragma once

#include <exception>

#include "python/python.h"

namespace parlour::python::fast {

// The C++ object of a pybind11 instance of T (a class with one C++ base, which
// pybind11 lays out simply), or nullptr with TypeError set for an object made
// without its constructor (T.__new__(T)).
template <class T>
T* self(PyObject* o) {
  auto* inst = reinterpret_cast<py::detail::instance*>(o);
  void* p = inst->simple_layout ? inst->simple_value_holder[0] : nullptr;
  if (!p && !inst->simple_layout) return &py::handle(o).cast<T&>();
  if (!p) PyErr_SetString(PyExc_TypeError, "this object was never initialised");
  return static_cast<T*>(p);
}

// Runs `body`, turning a C++ exception into the Python one it stands for (as
// pybind11 does for its own functions): the method returns nullptr then.
template <class F>
PyObject* guarded(F&& body) noexcept {
  try {
    return body();
  } catch (py::error_already_set& e) {
    e.restore();
  } catch (const py::builtin_exception& e) {
    e.set_error();
  } catch (const std::exception& e) {
    PyErr_SetString(PyExc_RuntimeError, e.what());
  } catch (...) {
    PyErr_SetString(PyExc_RuntimeError, "an unknown C++ exception");
  }
  return nullptr;
}

// Puts `def` (METH_NOARGS or METH_O; its PyMethodDef must live as long as the
// module: a static) on the class as a method descriptor, over any pybind11
// method of the name.
inline void add_method(py::handle cls, PyMethodDef& def) {
  PyObject* d = PyDescr_NewMethod(reinterpret_cast<PyTypeObject*>(cls.ptr()), &def);
  if (!d || PyObject_SetAttrString(cls.ptr(), def.ml_name, d) != 0) {
    Py_XDECREF(d);
    throw py::error_already_set();
  }
  Py_DECREF(d);
}

}  // namespace parlour::python::fast
