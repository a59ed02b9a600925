# Homeward: `make serve` and `make test` do all the set-up on a fresh Debian machine with Swift.

SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -c
SYSTEM_PACKAGES := libsqlite3-dev zlib1g-dev libsodium-dev libcurl4-openssl-dev libssl-dev libqrencode-dev libjs-leaflet libpq-dev libmosquitto-dev
## Only for the tests: a throwaway PostgreSQL server for the PostgreSQL backend's tests, and a real
## MQTT broker (mosquitto) for the MQTT client's.
TEST_PACKAGES := postgresql mosquitto
HOST ?= 127.0.0.1
PORT ?= 8080
DATABASE ?= ./homeward.sqlite

.PHONY: serve test build release deps bench clean

## Installs the missing system packages (as root through apt-get, or with sudo when it asks for no password).
deps:
	@missing=""; for p in $(SYSTEM_PACKAGES) $(EXTRA_PACKAGES); do \
	  dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq $$missing; \
	  elif sudo -n true 2>/dev/null; then sudo apt-get update -qq && sudo apt-get install -y -qq $$missing; \
	  else echo "please install:$$missing (apt-get install$$missing)"; exit 1; fi; \
	fi

build: deps
	swift build

release: deps
	swift build -c release

## Builds a release binary and serves on $(HOST):$(PORT) with the database $(DATABASE) (created on first start).
serve: release
	.build/release/homeward serve --host $(HOST) --port $(PORT) --database $(DATABASE)

## Builds (failing on any compiler warning in this project's code) and runs every test on the
## SQLite backend, then the app's tests again on the PostgreSQL backend, against a throwaway
## cluster started for the run and removed after it (the PostgreSQL module's own tests use it too).
## The MQTT tests start their own mosquitto brokers; required here, so they cannot be skipped.
test:
	@$(MAKE) --no-print-directory deps EXTRA_PACKAGES="$(TEST_PACKAGES)"
	swift build --build-tests 2>&1 | tee .build-warnings.log
	@if grep -E "^/.*/(Sources|Tests|bench)/.*: warning:" .build-warnings.log; then \
	  echo "compiler warnings in the project's code (above)"; rm -f .build-warnings.log; exit 1; fi
	@rm -f .build-warnings.log
	@cluster=$$(mktemp -d /tmp/homeward-postgres.XXXXXX) && chmod 755 $$cluster && \
	trap '.ci/postgres-cluster.sh stop '$$cluster'/data; rm -rf '$$cluster EXIT && \
	url=$$(.ci/postgres-cluster.sh start $$cluster/data | tail -1) && \
	HOMEWARD_REQUIRE_POSTGRES=1 HOMEWARD_REQUIRE_MOSQUITTO=1 HOMEWARD_TEST_POSTGRES_URL=$$url swift test --skip-build --disable-swift-testing && \
	echo "The app's tests again, on the PostgreSQL backend:" && \
	HOMEWARD_TEST_DATABASE=postgresql HOMEWARD_REQUIRE_MOSQUITTO=1 HOMEWARD_TEST_POSTGRES_URL=$$url \
	  swift test --skip-build --disable-swift-testing --filter HomewardTests

bench: release
	bash bench/http.sh

clean:
	rm -rf .build
