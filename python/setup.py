"""Builds the extension with the project's own CMake build, then packages it.

The engine is C++ built by CMake (the top-level CMakeLists.txt); the
extension is its target parlour_python. This step configures and builds that
target in ../build (the same tree `make` uses, so nothing is compiled twice)
for the interpreter running pip, and copies the module into the package.
"""
import glob
import os
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.environ.get("PARLOUR_ROOT", os.path.dirname(HERE))


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build = os.environ.get("PARLOUR_BUILD", os.path.join(ROOT, "build"))
        # The interpreter pip runs under: in a venv, its base interpreter
        # (whose headers and numpy the module is built against).
        python = os.path.realpath(sys.executable)
        print(f"parlour: building the extension for {python} in {build}", flush=True)
        subprocess.check_call(["cmake", "-S", ROOT, "-B", build, "-G", "Ninja",
                               f"-DPARLOUR_PYTHON={python}"])
        subprocess.check_call(["cmake", "--build", build, "--target", "parlour_python",
                               "-j", str(os.cpu_count() or 2)])
        built = glob.glob(os.path.join(build, "python", "parlour", "_parlour*.so"))
        if not built:
            sys.exit("parlour: the build made no extension module (is pybind11-dev installed? "
                     "scripts/setup installs it)")
        target = self.get_ext_fullpath(ext.name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(built[0], target)
        shutil.copyfile(os.path.join(os.path.dirname(built[0]), "_built_for.py"),
                        os.path.join(os.path.dirname(target), "_built_for.py"))


setup(ext_modules=[Extension("parlour._parlour", sources=[])],
      cmdclass={"build_ext": CMakeBuild})
