# Two commands set everything up on a fresh machine: `make chat` and `make test`.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
STAMP  := $(VENV)/.install-stamp

.PHONY: install system-deps chat typecheck test test-fast bench chart-demo metocean-server mcp-server clean

# Compiling the project's bytecode and its parsed YAML here (quick when nothing changed) spares
# every cold `odbchat` process from doing it, which it would do each time under PYTHONDONTWRITEBYTECODE.
install: $(STAMP)
	@$(VENV)/bin/python -m compileall -q core bots metocean >/dev/null
	@$(VENV)/bin/python -m core.data 2>/dev/null

# Re-installs only when the dependency pins or the project metadata change.
$(STAMP): pyproject.toml constraints.txt
	test -x $(VENV)/bin/python || $(PYTHON) -m venv $(VENV)
	$(VENV)/bin/python -m pip install -q --disable-pip-version-check -c constraints.txt -e '.[test]'
	touch $(STAMP)

chat: install
	$(VENV)/bin/odbchat chat

# The scale-out tests run a real PostgreSQL and nginx on loopback. On a fresh Debian machine
# they are installed when missing and we may (root); otherwise those tests fail naming the
# command to run.
system-deps:
	@need=""; \
	ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need="$$need postgresql"; \
	command -v nginx >/dev/null 2>&1 || test -x /usr/sbin/nginx || need="$$need nginx-light"; \
	if [ -n "$$need" ] && [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "installing$$need"; apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$need >/dev/null; \
	fi

# The type checker first (pyproject's [tool.mypy]; its cache in .venv, so a re-run takes about a second).
typecheck: install
	$(VENV)/bin/python -m mypy

test: install system-deps typecheck
	$(VENV)/bin/python -m pytest

# The fast lane: everything that runs in memory (no loopback server, no subprocess).
test-fast: install
	$(VENV)/bin/python -m pytest -m 'not e2e'

bench: install
	@for f in benchmarks/*.py; do echo "== $$f"; $(VENV)/bin/python $$f || exit 1; done

# Two tide charts from the built-in engine (Keelung today in zh-TW, San Francisco for three days
# in English); prints each PNG's path.
chart-demo: install
	@mkdir -p build
	@$(VENV)/bin/odbchat chart --backend local --lang zh --tz Asia/Taipei -o build/chart-demo-keelung.png 基隆
	@$(VENV)/bin/odbchat chart --backend local --lang en --days 3 -o build/chart-demo-san-francisco.png "San Francisco"

metocean-server: install
	$(VENV)/bin/odbchat metocean-server

mcp-server: install
	$(VENV)/bin/odbchat mcp-server

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
