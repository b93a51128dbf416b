#!/bin/sh
# svg_check.sh [-o DIR] FILE.svg...
#
# Opens each SVG (e.g. an `electlab replay FILE -render svg` diagram, or the
# goldens in testdata/traces/svg/) in headless Chromium and checks that the
# browser parses it as an SVG document (no XML parser error, an <svg> root)
# and renders it: DIR/NAME.png must be a non-empty PNG of the diagram's
# size. The screenshots stay in DIR (default: $E2E_ARTIFACTS/svg, else a
# new temporary directory) as artifacts.
#
# Chromium: $CHROMIUM, else what testdata/e2e/chromium.sh finds or installs.
# Exit status: 0 when every file passes, 1 when one fails, 2 on bad usage.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
out=""
if [ "${1:-}" = "-o" ]; then
	[ $# -ge 2 ] || { echo "usage: $0 [-o DIR] FILE.svg..." >&2; exit 2; }
	out=$2
	shift 2
fi
[ $# -ge 1 ] || { echo "usage: $0 [-o DIR] FILE.svg..." >&2; exit 2; }
if [ -z "$out" ]; then
	if [ -n "${E2E_ARTIFACTS:-}" ]; then
		out=$E2E_ARTIFACTS/svg
	else
		out=$(mktemp -d)
	fi
fi
mkdir -p "$out"
out=$(cd "$out" && pwd)

chromium=${CHROMIUM:-}
if [ -z "$chromium" ]; then
	chromium=$("$here/chromium.sh")
fi
flags="--headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking --disable-component-update --disable-sync --disable-dev-shm-usage --hide-scrollbars"

status=0
for f in "$@"; do
	if [ ! -s "$f" ]; then
		echo "svg_check: $f: missing or empty" >&2
		status=1
		continue
	fi
	abs=$(cd "$(dirname "$f")" && pwd)/$(basename "$f")
	name=$(basename "$f" .svg)
	png=$out/$name.png
	rm -f "$png"
	# The document as the browser parsed it: an XML error becomes a
	# <parsererror> element; the root must be the SVG.
	dom=$(timeout 120 $chromium $flags --dump-dom "file://$abs" 2>/dev/null) || true
	case $dom in
	*parsererror*)
		echo "svg_check: $f: Chromium reports an XML error:" >&2
		printf '%s\n' "$dom" | sed -n 's/.*\(error on line [^<]*\).*/  \1/p' >&2
		status=1
		continue
		;;
	"<svg "*) ;;
	*)
		echo "svg_check: $f: Chromium did not load it as an SVG document" >&2
		status=1
		continue
		;;
	esac
	# Screenshot at the diagram's size (capped: Chromium's limit).
	w=$(sed -n '1s/^<svg [^>]* width="\([0-9]*\)".*/\1/p' "$f")
	h=$(sed -n '1s/^<svg [^>]* height="\([0-9]*\)".*/\1/p' "$f")
	w=${w:-1200}
	h=${h:-1000}
	[ "$w" -le 16000 ] || w=16000
	[ "$h" -le 16000 ] || h=16000
	timeout 180 $chromium $flags --screenshot="$png" --window-size="$w,$h" "file://$abs" >/dev/null 2>&1 || true
	if [ ! -s "$png" ]; then
		echo "svg_check: $f: no screenshot" >&2
		status=1
		continue
	fi
	magic=$(head -c 8 "$png" | od -An -tx1 | tr -d ' \n')
	if [ "$magic" != 89504e470d0a1a0a ]; then
		echo "svg_check: $f: the screenshot is not a PNG" >&2
		status=1
		continue
	fi
	size=$(wc -c <"$png" | tr -d ' ')
	# A blank page compresses to far less than a byte per 100 pixels
	# (2000x3000 white: 24 KB); a diagram's text and lines take more.
	if [ "$size" -lt $((w * h / 100)) ]; then
		echo "svg_check: $f: the screenshot ($size bytes) looks blank" >&2
		status=1
		continue
	fi
	echo "svg_check: $f: ok (${w}x${h}, $png, $size bytes)"
done
exit $status
