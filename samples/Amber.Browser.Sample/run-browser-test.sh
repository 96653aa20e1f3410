#!/usr/bin/env bash
# The shared-board sample in a real browser: installs what is missing (Node.js and npm, Debian's chromium), builds the
# TypeScript runtime, the page (its types generated from client/board.schema.json) and the server, checks that the
# committed schema is the built server's, starts the server on a free loopback port, and runs test/board.test.mjs
# (two pages in headless Chromium exchange moves; a third sends a damaged payload and is disconnected). Every step has
# a time limit and prints its time; the last line is the test's summary.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1 MSBUILDDISABLENODEREUSE=1
chromium="${CHROMIUM:-/usr/bin/chromium}"
sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"

times=()
# step NAME SECONDS COMMAND...: runs COMMAND within SECONDS, records how long it took, and fails when it does.
step() {
    local name="$1" limit="$2"; shift 2
    local start; start=$(date +%s%N)
    echo "run-browser-test.sh: $name"
    if ! timeout "$limit" "$@"; then
        echo "run-browser-test.sh: '$name' failed or took over $limit s" >&2
        return 1
    fi
    local ms=$(( ($(date +%s%N) - start) / 1000000 ))
    times+=("$name $((ms / 1000)).$((ms % 1000 / 100)) s")
}

missing=()
command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 || missing+=(nodejs npm)
[ -x "$chromium" ] || missing+=(chromium)
if [ ${#missing[@]} -gt 0 ]; then
    step "install ${missing[*]}" 300 $sudo env DEBIAN_FRONTEND=noninteractive \
        sh -c 'apt-get update -qq && apt-get install -y -qq --no-install-recommends "$@" >/dev/null' sh "${missing[@]}"
fi

npm_ci=(ci --no-audit --no-fund --loglevel=error --prefix)
step "npm ci typescript" 180 npm "${npm_ci[@]}" "$repo/typescript"
step "build typescript" 120 npm run build --silent --prefix "$repo/typescript"
step "npm ci client" 120 npm "${npm_ci[@]}" "$here/client"
step "build page" 60 npm run build --silent --prefix "$here/client"
step "npm ci test" 180 npm "${npm_ci[@]}" "$here/test"
# Debug, the configuration `dotnet test` builds: after CI's test step most of it is up to date.
step "build server" 300 dotnet build "$here/Amber.Browser.Sample.csproj" -c Debug -nologo -v quiet
# The page's types are generated from client/board.schema.json: it must be the built server's schema (`amber schema`),
# or the page would read and write another version of the messages.
step "build amber tool" 300 dotnet build "$repo/src/Amber.Tool" -c Debug -nologo -v quiet
schema="$(mktemp)"
step "schema up to date" 60 dotnet "$repo/src/Amber.Tool/bin/Debug/net8.0/Amber.Tool.dll" schema \
    --assembly "$here/bin/Debug/net8.0/Amber.Browser.Sample.dll" --output "$schema"
if ! cmp -s "$schema" "$here/client/board.schema.json"; then
    diff "$here/client/board.schema.json" "$schema" | head -n 20 >&2 || true
    echo "run-browser-test.sh: client/board.schema.json is not the server's schema: run the command of the sample's README" \
        "(\"Typed messages from the schema\") and commit the file" >&2
    rm -f "$schema"
    exit 1
fi
rm -f "$schema"

# The server picks a free loopback port (port 0) and logs it; it runs from its folder, where wwwroot/ is.
log="$(mktemp)"
out="$(mktemp)"
server=""
cleanup() {
    local rc=$?
    if [ -n "$server" ]; then
        kill "$server" 2>/dev/null || true
        wait "$server" 2>/dev/null || true
    fi
    if [ "$rc" -ne 0 ]; then
        echo "run-browser-test.sh: the server's log:" >&2
        tail -n 40 "$log" >&2 || true
    fi
    rm -f "$log" "$out"
    exit "$rc"
}
trap cleanup EXIT
(cd "$here" && exec dotnet bin/Debug/net8.0/Amber.Browser.Sample.dll --urls http://127.0.0.1:0) >"$log" 2>&1 &
server=$!
step "start server" 30 sh -c 'until grep -q "Now listening on: http://127.0.0.1:" "$0"; do kill -0 "$1" || exit 1; sleep 0.2; done' "$log" "$server"
url="$(grep -o 'http://127.0.0.1:[0-9]*' "$log" | head -n 1)/"

passed=1
step "browser test" 200 node "$here/test/board.test.mjs" "$url" >"$out" 2>&1 || passed=""
# The summary line comes last, after the times.
grep -v '^browser: [^F]' "$out" || true
echo "run-browser-test.sh: $(IFS=';'; echo "${times[*]}" | sed 's/;/, /g')"
[ -n "$passed" ] || exit 1
grep '^browser: ' "$out" | tail -n 1
