# Two commands set everything up on a fresh machine: `make chat` and `make test`.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
STAMP  := $(VENV)/.install-stamp

.PHONY: install chat test test-fast bench metocean-server mcp-server clean

install: $(STAMP)

# Re-installs only when the dependency pins or the project metadata change.
$(STAMP): pyproject.toml constraints.txt
	test -x $(VENV)/bin/python || $(PYTHON) -m venv $(VENV)
	$(VENV)/bin/python -m pip install -q --disable-pip-version-check -c constraints.txt -e '.[test]'
	touch $(STAMP)

chat: install
	$(VENV)/bin/odbchat chat

test: install
	$(VENV)/bin/python -m pytest

# The fast lane: everything that runs in memory (no loopback server, no subprocess).
test-fast: install
	$(VENV)/bin/python -m pytest -m 'not e2e'

bench: install
	@for f in benchmarks/*.py; do echo "== $$f"; $(VENV)/bin/python $$f || exit 1; done

metocean-server: install
	$(VENV)/bin/odbchat metocean-server

mcp-server: install
	$(VENV)/bin/odbchat mcp-server

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
