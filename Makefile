# treecast — the entry points for a fresh Debian 12 machine (as root):
#   make run    install what is missing, build the release preset, run the main job
#   make test   install what is missing, build the dev preset (ASan + UBSan), run every test,
#               then the fuzz preset's harnesses for 20 s each
#   make fuzz [FUZZ_TIME=300]   run every libFuzzer harness that long (docs/testing.md)
#   make install [PREFIX=/usr/local]   build the release preset and install it (docs/install.md)
# Everything else here is plumbing for those.

SHELL := /bin/bash
PACKAGES := gcc libc6-dev make cmake pkg-config libcmocka-dev libigraph-dev python3 clang-format \
            libcadical-dev g++ openmpi-bin libopenmpi-dev mpich libmpich-dev libsimgrid-dev man-db \
            clang libclang-rt-14-dev gnuplot-nox graphviz chromium fonts-dejavu-core fontconfig \
            python3-html5lib python3-dev python3-venv python3-pip python3-setuptools python3-wheel \
            python3-build python3-numpy python3-networkx python3-pytest python3-matplotlib \
            python3-mpi4py
JOBS := $(shell nproc 2>/dev/null || echo 2)
TREECAST := build/release/tools/treecast/treecast
PREFIX ?= /usr/local
FUZZ_TIME ?= 300
FUZZERS := $(notdir $(wildcard tests/fuzz/corpus/*))

.PHONY: run test install fuzz _deps _packages

run: _deps
	cmake --preset release >/dev/null
	cmake --build --preset release -j $(JOBS)
	@echo
	@echo '$$ treecast check --net star:7 --kind edt --root random --seed 1'
	@$(TREECAST) check --net star:7 --kind edt --root random --seed 1
	@echo
	@echo 'Next: treecast --help, treecast check --help, README.md (a tour), docs/.'
	@echo 'The tool is $(TREECAST); `make install` puts it on PATH (docs/install.md).'

test: _deps
	cmake --preset dev >/dev/null
	cmake --build --preset dev -j $(JOBS)
	ctest --preset dev -j $(JOBS)
	cmake --preset fuzz >/dev/null
	cmake --build --preset fuzz -j $(JOBS)
	ctest --preset fuzz -j $(JOBS)

# Each harness of tests/fuzz for FUZZ_TIME seconds, $(JOBS) at a time: new inputs are kept in
# build/fuzz/corpus/NAME across runs, what fails goes to build/fuzz/crashes/NAME (printed).
fuzz: _deps
	cmake --preset fuzz >/dev/null
	cmake --build --preset fuzz -j $(JOBS)
	@printf '%s\n' $(FUZZERS) | xargs -P $(JOBS) -I{} sh tests/fuzz/run_fuzz.sh \
	  build/fuzz/tests/fuzz/fuzz_{} {} $(FUZZ_TIME) build/fuzz/crashes/{} build/fuzz/corpus/{} \
	  || { echo "make fuzz: a harness failed; reproduce with build/fuzz/tests/fuzz/fuzz_NAME FILE:"; \
	       find build/fuzz/crashes -mindepth 2 -type f; exit 1; }

# The tool, the libraries, headers, pkg-config file, CMake package, man pages and bash completion
# under $(PREFIX); ldconfig so that programs find the new libtreecast.so there.
install: _deps
	cmake --preset release >/dev/null
	cmake --build --preset release -j $(JOBS)
	cmake --install build/release --prefix $(PREFIX)
	@if [ "$$(id -u)" = 0 ] && command -v ldconfig >/dev/null; then ldconfig; fi

# The list, for tests/deps (every program and font the suite uses comes from it).
_packages:
	@echo $(PACKAGES)

# Install the Debian packages that are missing; 'apt-get update' runs once, only when needed.
_deps:
	@missing=""; \
	for p in $(PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  sudo=""; [ "$$(id -u)" = 0 ] || sudo=sudo; \
	  $$sudo apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq --no-install-recommends $$missing; \
	fi
