# Parlour: the README's commands. Each target sets up what it needs first.
BUILD ?= build
JOBS  ?= $(shell nproc)
GAME  ?= old-maid
ARGS  ?= --players 4

.PHONY: setup configure build play test bench clean format

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

test: build
	@cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

bench: build
	@cmake --build $(BUILD) --target parlour_bench -j $(JOBS)
	@$(BUILD)/bench/parlour_bench

format:
	@clang-format -i $$(git ls-files '*.h' '*.cc')

clean:
	rm -rf $(BUILD)
