#!/bin/sh
# Prints the path of a Chromium binary on stdout, installing Debian's
# chromium package first (apt-get, as root or through sudo) when none is
# found. Used by `make e2e`; everything else goes to stderr.
set -eu

find_chromium() {
	for c in "${CHROMIUM:-}" chromium chromium-browser google-chrome-stable google-chrome; do
		[ -n "$c" ] || continue
		if p=$(command -v "$c" 2>/dev/null); then
			echo "$p"
			return 0
		fi
	done
	return 1
}

if find_chromium; then
	exit 0
fi
echo "e2e: no chromium found; installing Debian's chromium package" >&2
SUDO=""
if [ "$(id -u)" != 0 ]; then
	SUDO=sudo
fi
export DEBIAN_FRONTEND=noninteractive
if ! $SUDO apt-get install -y --no-install-recommends chromium >&2; then
	# The package lists may be missing or stale on a fresh machine.
	$SUDO apt-get update >&2
	$SUDO apt-get install -y --no-install-recommends chromium >&2
fi
if ! find_chromium; then
	echo "e2e: chromium is still not installed" >&2
	exit 1
fi
