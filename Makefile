# treecast — two entry points for a fresh Debian 12 machine (as root):
#   make run    install what is missing, build the release preset, run the main job
#   make test   install what is missing, build the dev preset (ASan + UBSan), run every test
# Everything else here is plumbing for those two.

SHELL := /bin/bash
PACKAGES := gcc libc6-dev make cmake pkg-config libcmocka-dev libigraph-dev python3 clang-format \
            libcadical-dev g++ openmpi-bin libopenmpi-dev libsimgrid-dev
JOBS := $(shell nproc 2>/dev/null || echo 2)
TREECAST := build/release/tools/treecast/treecast

.PHONY: run test _deps

run: _deps
	cmake --preset release >/dev/null
	cmake --build --preset release -j $(JOBS)
	@echo
	@echo '$$ treecast check --net star:7 --kind edt --root random --seed 1'
	@$(TREECAST) check --net star:7 --kind edt --root random --seed 1
	@echo
	@echo 'Next: treecast --help, treecast check --help, README.md (a tour), docs/.'

test: _deps
	cmake --preset dev >/dev/null
	cmake --build --preset dev -j $(JOBS)
	ctest --preset dev -j $(JOBS)

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
