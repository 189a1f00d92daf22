# Parlour: the README's commands. Each target sets up what it needs first.
BUILD ?= build
JOBS  ?= $(shell nproc)
# One test more than cores: the tests that only compute run niced and fill
# the time the browser and server tests spend waiting (cmake/parlour.cmake).
TEST_JOBS ?= $(shell echo $$(( $(JOBS) + 1 )))
GAME  ?= old-maid
ARGS  ?= --players 4
PORT  ?= 8080
DB    ?= parlour.db
TABLES ?= 1000
FUZZ_SECONDS ?= 600
N     ?= 3

.PHONY: setup configure build play serve test bench load fuzz clean format python cluster

setup:
	@scripts/setup

$(BUILD)/build.ninja: | setup
	@echo "== configuring $(BUILD)/ (CMake + Ninja, optimised, assertions on)"
	@cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null

configure: $(BUILD)/build.ninja

build: setup configure
	@cmake --build $(BUILD) -j $(JOBS)

play: build
	@$(BUILD)/parlour play $(GAME) $(ARGS)

serve: build
	@echo "== Parlour at http://localhost:$(PORT)/ (tables are kept in $(DB); Ctrl-C stops, and a restart resumes them)"
	@$(BUILD)/parlour serve --port $(PORT) --db $(DB)

test: build
	@cd $(BUILD) && ctest --output-on-failure -j $(TEST_JOBS) -LE long

# The Python API (import parlour) in .venv, made from Debian's python3 (PYTHON),
# whose numpy and pytest it sees; pip asks no package registry (--no-index).
PYTHON ?= /usr/bin/python3
python: setup configure
	@echo "== making .venv from $(PYTHON) (with its system packages: Debian's numpy, pytest)"
	@test -x .venv/bin/pip || $(PYTHON) -m venv --system-site-packages .venv
	@echo "== .venv/bin/pip install --no-index --no-build-isolation ./python"
	@PARLOUR_BUILD=$(abspath $(BUILD)) .venv/bin/pip install --no-index --no-build-isolation ./python
	@.venv/bin/python -c "import parlour; print('== import parlour: ' + str(len(parlour.games())) + ' games, extension for ' + parlour.BUILT_FOR)"

bench: build
	@cmake --build $(BUILD) --target parlour_bench -j $(JOBS)
	@$(BUILD)/bench/parlour_bench

# N serve processes sharing a private PostgreSQL, behind HAProxy on PORT.
cluster: build
	@PORT=$(PORT) scripts/cluster $(N) $(BUILD)

load: build
	@cmake --build $(BUILD) --target parlour_load -j $(JOBS)
	@SERVE_ARGS="$(SERVE_ARGS)" scripts/load $(BUILD) $(TABLES)

# Each fuzz target for FUZZ_SECONDS, in build-fuzz/ (clang); new inputs join fuzz/corpus.
fuzz: setup
	@scripts/fuzz build-fuzz $(FUZZ_SECONDS)

format:
	@clang-format -i $$(git ls-files '*.h' '*.cc')

clean:
	rm -rf $(BUILD)
