#!/usr/bin/env bash
# The guardian web app in headless Chromium (Tests/WebApp/browser_test.py): installs Chromium, its
# driver and zbar-tools from Debian and Selenium with axe-core from PyPI (pinned, in a private venv),
# checks that the PNG app icons match their design (Tests/WebApp/app_icons.py --check), then drives
# the debug binary that `make test` built. Screenshots of every page at phone and
# desktop size land in $WEBAPP_ARTEFACTS (default .build/webapp-artefacts);
# WEBAPP_DOC_IMAGES=docs/images also writes the README's banner and zone editor pictures.
# Usage: .ci/webapp.sh   (env: SCRATCH=.build; about a minute on 2 cores)
set -euo pipefail
cd "$(dirname "$0")/.."
scratch="${SCRATCH:-.build}"
venv="$scratch/webapp-venv"
packages="chromium chromium-driver zbar-tools"

missing=""
for p in $packages; do dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"; done
if [ -n "$missing" ]; then
  if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq $missing
  else sudo -n apt-get update -qq && sudo -n apt-get install -y -qq $missing; fi
fi
if ! "$venv/bin/python" -c "import selenium, axe_selenium_python" 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q "selenium==4.51.0" "axe-selenium-python==2.1.6"
fi
[ -x "$scratch/debug/homeward" ] || swift build --scratch-path "$scratch" --product homeward 2>&1 | tail -1
python3 Tests/WebApp/app_icons.py --check
export WEBAPP_ARTEFACTS="${WEBAPP_ARTEFACTS:-$scratch/webapp-artefacts}"
"$venv/bin/python" Tests/WebApp/browser_test.py "$scratch/debug/homeward"
