# HowAlarming: build, test and run locally. `make help` lists the targets.

SWIFT ?= swift
PYTHON ?= python3
# Extra flags for `swift test` instead of the groups below, e.g. make test TEST_FLAGS='--filter ^BeanstalkTests\.'
TEST_FLAGS ?=

VENV := .venv
VENV_PYTHON := $(CURDIR)/$(VENV)/bin/python3
# What the Python interop peer imports (the reference implementation's client, the schema
# validator, the Web Push encryption and VAPID libraries that check ours, and the QR code encoder
# that checks TerminalQR's symbols), the HTTP API fuzzer that tests docs/openapi.yaml against
# the command API, and what drives the console's browser tests (Selenium, and axe-core as
# selenium-axe-python bundles it), and pyenvisalink, Home Assistant's envisalink library, as a client
# of the TPI proxy (its 4.10 wheel does not declare its dependency async-timeout).
PYTHON_TEST_PACKAGES := greenstalk jsonschema 'schemathesis>=4.32,<5' http-ece py-vapid segno selenium selenium-axe-python paho-mqtt 'pyenvisalink==4.10' async-timeout
# What the benchmarks add: the APNs and Web Push clients they compare with.
PYTHON_BENCH_PACKAGES := aioapns pywebpush

# apt-get needs root: prefix sudo when we are not root. No prompts, so it also works without a terminal.
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)
APT_GET := $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get -qq -o=Dpkg::Use-Pty=0

.DEFAULT_GOAL := help
.PHONY: help build release test screenshots soak bench bench-full bench-peers symbol-order run install install-files clean beanstalkd mosquitto supervisor zbar browser libraries python-peer

# What `make install` puts where: PREFIX for executables and shared files, SYSTEMD_DIR for the
# units, CONFIG_DIR for the example configuration; DESTDIR prefixes them all (for packaging).
PREFIX ?= /usr/local
SYSTEMD_DIR ?= /etc/systemd/system
CONFIG_DIR ?= /etc/howalarming
EXECUTABLES := howalarming howalarming-envisalink howalarming-push howalarming-log howalarming-command howalarming-mqtt envisalink-simulator
# Release builds link the Swift runtime and Foundation statically, which takes a third off each
# daemon's resident memory (docs/performance.md). Products are built one by one: a build of every
# target would also link the package plugins' tools, which cannot link that way. They are linked
# by lld, exporting no symbols, and with packed relative relocations when PACKED_RELOCATIONS is
# yes; auto (the default) packs them when this machine's glibc reads them (2.36 and later), as the
# executables run where they are built. Building for an older box: make release PACKED_RELOCATIONS=no.
PACKED_RELOCATIONS ?= auto
GLIBC_READS_PACKED_RELOCATIONS := $(shell getconf GNU_LIBC_VERSION 2>/dev/null | awk '{ split($$2, v, "."); print (v[1] > 2 || (v[1] == 2 && v[2] >= 36)) ? "yes" : "no" }')
PACK_RELOCATIONS := $(if $(filter auto,$(PACKED_RELOCATIONS)),$(GLIBC_READS_PACKED_RELOCATIONS),$(PACKED_RELOCATIONS))
RELEASE_LINK := -Xswiftc -use-ld=lld -Xlinker --no-export-dynamic $(if $(filter yes,$(PACK_RELOCATIONS)),-Xlinker -z -Xlinker pack-relative-relocs)
RELEASE_BUILD := $(SWIFT) build -c release --static-swift-stdlib $(RELEASE_LINK)
RELEASE_BIN_DIR = $$($(RELEASE_BUILD) --show-bin-path)
# More products `make release` builds the same way (make bench adds its own four).
RELEASE_EXTRA ?=
# Each executable with an order file (`make symbol-order`) is linked with the functions it runs
# side by side at the start of .text; lld skips names it no longer defines, `make bench` counts them.
SYMBOL_ORDER_DIR := deploy/symbol-order
symbol_order_of = $$(test -f $(SYMBOL_ORDER_DIR)/$(1).txt && echo -Xlinker --symbol-ordering-file=$(CURDIR)/$(SYMBOL_ORDER_DIR)/$(1).txt -Xlinker --no-warn-symbol-ordering)

help: ## List the targets
	@echo "HowAlarming — make targets:"
	@awk -F ':.*## ' '/^[a-z-]+:.*## / { printf "  make %-12s %s\n", $$1, $$2 }' $(MAKEFILE_LIST)

build: libraries ## Build everything (debug)
	$(SWIFT) build

release: libraries ## Build the optimized executables, as deployed (static Swift runtime, lld, each daemon's functions side by side)
	@for product in $(EXECUTABLES) $(RELEASE_EXTRA); do $(RELEASE_BUILD) --product $$product $(call symbol_order_of,$$product) || exit 1; done

# `make test` runs the test targets in groups, one `swift test` each, so that the heavy ones do not
# share the two cores with the timing-sensitive ones. A group names test TARGETS (Package.swift);
# a target in no group runs in the main group, side by side with the others.
# The fuzzers (FuzzTests: CPU-bound loops, schemathesis, hundreds of hostile HTTP connections) would
# hold the two cores for seconds, so they run on their own, before the others.
FUZZ_TARGETS := FuzzTests
# The queue client's tests, and the queue runtime's (consumer, publishers), time beanstalkd's
# one-second TTRs and DEADLINE_SOON window, which the start of the hundreds of other tests (each
# with its own beanstalkd) can make them miss: on their own too. The MQTT client's tests against
# mosquitto (MQTTBrokerTests) join them: a one-second keep-alive that mosquitto enforces at 1.5 s.
QUEUE_TARGETS := BeanstalkTests QueueRuntimeTests MQTTBrokerTests
# The load tests (LoadTests: thousands of concurrent requests or jobs: the provider connection over
# TLS within its 30 s timeouts, the command API's enqueueing, the queue client's concurrent
# fan-outs). Beside other suites they starve those suites' one-second timings: one at a time.
LOAD_TARGETS := LoadTests
# The provider transport's tests (PushDeliveryTests: hundreds of TLS servers and clients, APNs,
# FCM and Web Push, with the requests' real deadlines): on their own, after the main group. Beside
# the next group they shared two cores with so much that APNs requests missed their deadlines.
TRANSPORT_TARGETS := PushDeliveryTests
# The test targets that run the push consumer or the whole system, the script consumers with
# their Python stand-ins (many short-lived processes), and the QR codes' peers (segno encoding
# every version, zbarimg decoding pictures): on their own too, so that the timing-sensitive tests
# of both groups do not share two cores with all of them at once.
HEAVY_TARGETS := PushConsumerTests SystemTests ScriptConsumerTests TerminalQRTests
# The fault tests: each runs the whole pipeline (beanstalkd, the simulator, four daemons, mock
# APNs and FCM) and times recoveries, so they run last, one at a time. The MQTT bridge's system
# tests (beanstalkd, mosquitto, the simulator, the integrator, one or two bridges, paho peers)
# time link losses and reconnects the same way: with them.
PIPELINE_TARGETS := ReliabilityTests MQTTBridgeSystemTests
# The console's browser tests: a headless Chromium beside the whole pipeline, one at a time, last.
BROWSER_TARGETS := ConsoleTests
# A --filter/--skip pattern for exactly the tests of targets $(1): a test's id is Target.Suite/test,
# so the target's name anchored at the start, up to the dot, cannot match a suite's name.
empty :=
targets = '^($(subst $(empty) $(empty),|,$(strip $(1))))\.'
TEST_ENV = HOWALARMING_TEST_PYTHON="$(VENV_PYTHON)" HOWALARMING_BIN_DIR="$$($(SWIFT) build --show-bin-path)"

test: libraries beanstalkd mosquitto supervisor zbar browser python-peer ## Install what the tests need if missing, build, run all tests but the soak runs (make soak)
	$(SWIFT) build --build-tests
ifeq ($(TEST_FLAGS),)
	$(TEST_ENV) $(SWIFT) test --skip-build --filter $(call targets,$(FUZZ_TARGETS))
	$(TEST_ENV) $(SWIFT) test --skip-build --filter $(call targets,$(QUEUE_TARGETS))
	$(TEST_ENV) $(SWIFT) test --skip-build --filter $(call targets,$(LOAD_TARGETS)) --no-parallel
	$(TEST_ENV) $(SWIFT) test --skip-build \
	    --skip $(call targets,$(FUZZ_TARGETS) $(QUEUE_TARGETS) $(LOAD_TARGETS) $(TRANSPORT_TARGETS) $(HEAVY_TARGETS) $(PIPELINE_TARGETS) $(BROWSER_TARGETS))
	$(TEST_ENV) $(SWIFT) test --skip-build --filter $(call targets,$(TRANSPORT_TARGETS))
	$(TEST_ENV) $(SWIFT) test --skip-build --filter $(call targets,$(HEAVY_TARGETS))
	$(TEST_ENV) $(SWIFT) test --skip-build --filter $(call targets,$(PIPELINE_TARGETS)) --no-parallel
	$(TEST_ENV) $(SWIFT) test --skip-build --filter $(call targets,$(BROWSER_TARGETS)) --no-parallel
else
	$(TEST_ENV) $(SWIFT) test --skip-build $(TEST_FLAGS)
endif

screenshots: libraries beanstalkd browser python-peer ## Retakes the console's screenshots in docs/console (the browser tests, writing there)
	$(SWIFT) build --build-tests
	$(TEST_ENV) HOWALARMING_SCREENSHOTS="$(CURDIR)/docs/console" $(SWIFT) test --skip-build --filter $(call targets,$(BROWSER_TARGETS)) --no-parallel

# The long reliability runs: the suites marked `.soak` (Tests/TestSupport/Soak.swift) and named …SoakTests, which
# run only with HOWALARMING_SOAK=1: `swift test` and `make test` report them skipped. Their figures go to $(SOAK_REPORT), printed at the end.
SOAK_REPORT := .build/soak-report.txt

# They run the release executables, as deployed: the pipeline soaks one at a time, then the fuzzers
# (CPU-bound for minutes, they would starve the pipelines' timings).
# The tests themselves are built optimised, in a build folder of their own: the mock APNs and FCM
# run inside the test process, and built for debugging they, not the executables under test, set
# the pace (60 % of a core at 300 requests/s, the load soak's rate).
SOAK_BUILD := --scratch-path .build-soak -Xswiftc -O
soak: libraries beanstalkd supervisor python-peer release ## The long reliability runs (about 35 minutes, after a first build of the optimised tests): load for 10 minutes, a 4-minute APNs outage, then a million TPI inputs and a million job bodies per decoder
	$(SWIFT) build --build-tests $(SOAK_BUILD)
	rm -f $(SOAK_REPORT)
	$(TEST_ENV) HOWALARMING_BIN_DIR="$(RELEASE_BIN_DIR)" HOWALARMING_SOAK=1 \
	    HOWALARMING_RELIABILITY_REPORT="$(CURDIR)/$(SOAK_REPORT)" $(SWIFT) test --skip-build $(SOAK_BUILD) \
	    --filter '^ReliabilityTests\.\w+SoakTests/' --no-parallel
	$(TEST_ENV) HOWALARMING_SOAK=1 $(SWIFT) test --skip-build $(SOAK_BUILD) --filter '^FuzzTests\.\w+SoakTests/'
	@echo "--- soak figures ($(SOAK_REPORT)) ---"; cat $(SOAK_REPORT)

bench: libraries beanstalkd mosquitto python-peer bench-peers ## Benchmarks against peers, a few minutes: prints tables, stores bench/results/<time>.md
	$(MAKE) --no-print-directory release RELEASE_EXTRA="bench-queue bench-mqtt bench-mock-apns bench-mock-webpush"
	bench/run.sh "$(RELEASE_BIN_DIR)"

bench-full: libraries beanstalkd mosquitto python-peer bench-peers ## The benchmarks with more runs and operations (longer)
	$(MAKE) --no-print-directory release RELEASE_EXTRA="bench-queue bench-mqtt bench-mock-apns bench-mock-webpush"
	bench/run.sh "$(RELEASE_BIN_DIR)" --full

bench-peers: ## Install what the benchmarks compare with (aioapns and pywebpush into .venv, h2load), unless present
	@if ! "$(VENV_PYTHON)" -c 'import aioapns, jwt, pywebpush' 2>/dev/null; then \
	    echo "installing $(PYTHON_BENCH_PACKAGES) into $(VENV) (pip)"; \
	    "$(VENV_PYTHON)" -m pip install --quiet --disable-pip-version-check $(PYTHON_BENCH_PACKAGES); \
	fi
	@if ! command -v h2load >/dev/null; then \
	    echo "installing nghttp2-client (apt-get)"; \
	    $(APT_GET) update && $(APT_GET) install -y nghttp2-client >/dev/null; \
	fi

# The daemons `make symbol-order` profiles (bench/footprint.py's DAEMONS, the MQTT bridge with a
# mosquitto of its own); their link maps say which section each function is in.
SYMBOL_ORDER_DAEMONS := howalarming howalarming-envisalink howalarming-push howalarming-log howalarming-command howalarming-mqtt
SYMBOL_ORDER_MAPS := .build/symbol-order

symbol-order: libraries beanstalkd mosquitto ## Profile the daemons under valgrind and rewrite deploy/symbol-order/, the functions each release link puts together
	@if ! command -v valgrind >/dev/null; then \
	    echo "installing valgrind (apt-get)"; \
	    $(APT_GET) update && $(APT_GET) install -y valgrind >/dev/null; \
	fi
	mkdir -p $(SYMBOL_ORDER_MAPS)
	$(RELEASE_BUILD) --product envisalink-simulator
	$(RELEASE_BUILD) --product bench-mock-apns
	@for product in $(SYMBOL_ORDER_DAEMONS); do \
	    $(RELEASE_BUILD) --product $$product -Xlinker -Map=$(CURDIR)/$(SYMBOL_ORDER_MAPS)/$$product.map || exit 1; \
	done
	$(PYTHON) bench/symbol_order.py "$(RELEASE_BIN_DIR)" $(SYMBOL_ORDER_MAPS) $(SYMBOL_ORDER_DIR)

run: libraries beanstalkd mosquitto supervisor release ## Run the whole system against the panel simulator, with a local MQTT broker for the bridge, under supervisord (Ctrl-C stops it)
	deploy/run-local.sh "$(RELEASE_BIN_DIR)"

install: release ## Install release executables, systemd units, the supervisord config, an example config (PREFIX=/usr/local)
	$(MAKE) --no-print-directory install-files BIN_DIR="$(RELEASE_BIN_DIR)"

# The executables are installed without their debug information (most of their size); their
# symbols stay, for backtraces.
install-files: ## Install the executables of BIN_DIR and the deployment files (what `make install` does after building)
	@test -n "$(BIN_DIR)" || { echo "usage: make install-files BIN_DIR=DIR [PREFIX=…] [DESTDIR=…]" >&2; exit 64; }
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(SYSTEMD_DIR)" "$(DESTDIR)$(PREFIX)/share/howalarming" \
	    "$(DESTDIR)$(PREFIX)/share/doc/howalarming"
	install -d -m 750 "$(DESTDIR)$(CONFIG_DIR)"
	for exe in $(EXECUTABLES); do \
	    install -m 755 "$(BIN_DIR)/$$exe" "$(DESTDIR)$(PREFIX)/bin/$$exe" && strip --strip-debug "$(DESTDIR)$(PREFIX)/bin/$$exe" || exit 1; \
	done
	for unit in deploy/systemd/*.service; do \
	    sed 's|/usr/local/|$(PREFIX)/|g' "$$unit" > "$(DESTDIR)$(SYSTEMD_DIR)/$$(basename "$$unit")"; \
	    chmod 644 "$(DESTDIR)$(SYSTEMD_DIR)/$$(basename "$$unit")"; \
	done
	sed 's|/usr/local/|$(PREFIX)/|g' deploy/supervisord/howalarming.conf > "$(DESTDIR)$(PREFIX)/share/howalarming/supervisord.conf"
	install -m 640 deploy/config.example.yaml "$(DESTDIR)$(CONFIG_DIR)/config.example.yaml"
	install -m 644 README.md docs/*.md "$(DESTDIR)$(PREFIX)/share/doc/howalarming/"
	@echo "installed into $(DESTDIR)$(PREFIX); next steps: docs/operations.md, section Deployment"

clean: ## Remove build products and the local run directory (.run)
	$(SWIFT) package clean
	rm -rf .run

libraries: ## Install the C libraries the build links (SQLite: the databases; libyaml: the configuration) and the time zone database the integrator reads (tzdata: the panel's clock), unless installed
	@missing=$$(for package in libsqlite3-dev libyaml-dev tzdata; do dpkg -s $$package >/dev/null 2>&1 || echo $$package; done); \
	if [ -n "$$missing" ]; then \
	    echo "installing" $$missing "(apt-get)"; \
	    $(APT_GET) update && $(APT_GET) install -y $$missing >/dev/null; \
	fi

beanstalkd: ## Install beanstalkd with apt-get, unless it is installed
	@if ! PATH="$$PATH:/usr/bin:/usr/sbin" command -v beanstalkd >/dev/null; then \
	    echo "installing beanstalkd (apt-get)"; \
	    $(APT_GET) update && $(APT_GET) install -y beanstalkd >/dev/null; \
	fi

mosquitto: ## Install mosquitto (the MQTT broker the MQTT tests and make run start, never as a service) and openssl (their TLS certificates) with apt-get, unless installed
	@missing=$$(for package in mosquitto openssl; do dpkg -s $$package >/dev/null 2>&1 || echo $$package; done); \
	if [ -n "$$missing" ]; then \
	    echo "installing" $$missing "(apt-get)"; \
	    $(APT_GET) update && $(APT_GET) install -y $$missing >/dev/null; \
	fi

supervisor: ## Install supervisor with apt-get, unless it is installed
	@if ! PATH="$$PATH:/usr/bin:/usr/sbin" command -v supervisord >/dev/null; then \
	    echo "installing supervisor (apt-get)"; \
	    $(APT_GET) update && $(APT_GET) install -y supervisor >/dev/null; \
	fi

zbar: ## Install zbar-tools (zbarimg, which decodes the QR codes in tests) with apt-get, unless it is installed
	@if ! command -v zbarimg >/dev/null; then \
	    echo "installing zbar-tools (apt-get)"; \
	    $(APT_GET) update && $(APT_GET) install -y zbar-tools >/dev/null; \
	fi

browser: ## Install Debian's chromium and chromium-driver (the console's browser tests) with apt-get, unless installed
	@missing=$$(for package in chromium chromium-driver; do dpkg -s $$package >/dev/null 2>&1 || echo $$package; done); \
	if [ -n "$$missing" ]; then \
	    echo "installing" $$missing "(apt-get)"; \
	    $(APT_GET) update && $(APT_GET) install -y $$missing >/dev/null; \
	fi

python-peer: ## Create .venv with greenstalk, jsonschema, schemathesis, http-ece, py-vapid, segno, selenium, selenium-axe-python, paho-mqtt and pyenvisalink, unless they import
	@set -e; \
	if ! "$(VENV_PYTHON)" -c 'import greenstalk, jsonschema, schemathesis, http_ece, py_vapid, segno, selenium, selenium_axe_python, paho.mqtt, pyenvisalink' 2>/dev/null; then \
	    if ! "$(VENV_PYTHON)" -m pip --version >/dev/null 2>&1; then \
	        echo "creating the Python virtualenv $(VENV)"; \
	        rm -rf $(VENV); \
	        if ! $(PYTHON) -m venv $(VENV) >/dev/null 2>&1; then \
	            echo "python3 -m venv failed (Debian ships ensurepip in python3-venv): installing python3-venv"; \
	            rm -rf $(VENV); \
	            $(APT_GET) update && $(APT_GET) install -y python3-venv >/dev/null; \
	            $(PYTHON) -m venv $(VENV); \
	        fi; \
	    fi; \
	    echo "installing $(PYTHON_TEST_PACKAGES) into $(VENV) (pip)"; \
	    "$(VENV_PYTHON)" -m pip install --quiet --disable-pip-version-check $(PYTHON_TEST_PACKAGES); \
	fi
