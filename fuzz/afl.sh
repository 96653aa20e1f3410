#!/usr/bin/env bash
# Coverage-guided fuzzing of Amber's deserialization entry points with AFL++ and SharpFuzz (fuzz/README.md).
#
#   fuzz/afl.sh [SECONDS] [TARGETS...]
#
# SECONDS (default 600) is split evenly across the targets, which run one after another on one core.
# TARGETS default to the harness's list (`Amber.Fuzz.Afl list`, fuzz/Amber.Fuzz.Afl/AflTargets.cs); any `Model.span` of
# fuzz/Amber.Fuzz works too. `Traffic.connection` is the connection stream (AmberMessageReader over a captured connection
# of eight message types): `fuzz/afl.sh 300 Traffic.connection`. Stream, snapshot and framed targets re-seal most inputs
# (checksums, lengths) before reading them (fuzz/Amber.Fuzz.Afl/Resealer.cs); `*.fromjson` targets get fuzz/json.dict.
# Installs afl++ (apt-get) and the sharpfuzz tool (into the work directory) when they are missing, builds
# fuzz/Amber.Fuzz.Afl, instruments Amber.dll and Amber.Fuzz.dll (the models' generated code), runs afl-fuzz per
# target from the seed factory's inputs, copies crashes and hangs into tests/Amber.Tests/Serialization/FuzzFindings
# (replayed by `dotnet test`, tests/Amber.Fuzz.Tests/AflFindingsTests.cs) and writes fuzz/afl-results.md.
#
# Environment: AMBER_AFL_WORK (default /tmp/amber-afl) for the build, corpora and afl output;
# AMBER_AFL_TIMEOUT_MS (default 2000), the time one execution may take before afl-fuzz calls it a hang.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
total_seconds="${1:-600}"
if [[ $# -gt 0 ]]; then shift; fi
if ! [[ "$total_seconds" =~ ^[0-9]+$ ]] || (( total_seconds < 1 )); then
    echo "usage: fuzz/afl.sh [SECONDS] [TARGETS...]" >&2
    exit 2
fi
work="${AMBER_AFL_WORK:-/tmp/amber-afl}"
timeout_ms="${AMBER_AFL_TIMEOUT_MS:-2000}"
findings_dir="$root/tests/Amber.Tests/Serialization/FuzzFindings"
results="$root/fuzz/afl-results.md"
sharpfuzz_version="2.3.0"

log() { printf '[afl.sh %s] %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }

# --- tools -----------------------------------------------------------------------------------------------------
if ! command -v afl-fuzz >/dev/null; then
    log "installing afl++"
    sudo_cmd=""
    if [[ $(id -u) -ne 0 ]]; then sudo_cmd="sudo"; fi
    $sudo_cmd apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq afl++ >/dev/null
fi
tools="$work/tools"
if [[ ! -x "$tools/sharpfuzz" ]]; then
    log "installing SharpFuzz.CommandLine $sharpfuzz_version into $tools"
    dotnet tool install SharpFuzz.CommandLine --version "$sharpfuzz_version" --tool-path "$tools" >/dev/null
fi

# --- build and instrument ----------------------------------------------------------------------------------------
# A fresh output directory each run: sharpfuzz refuses an assembly it has already instrumented. The instrumented
# copy only runs under afl-fuzz (its module initializer maps afl's shared memory); seeds and replays use the plain one.
bin="$work/bin"
plain="$work/bin-plain"
rm -rf "$bin" "$plain"
log "building fuzz/Amber.Fuzz.Afl"
dotnet build "$root/fuzz/Amber.Fuzz.Afl/Amber.Fuzz.Afl.csproj" -c Release -o "$plain" -nologo -v quiet >/dev/null
cp -r "$plain" "$bin"
for dll in Amber.dll Amber.Fuzz.dll; do
    "$tools/sharpfuzz" "$bin/$dll" >/dev/null
done
harness=(dotnet "$plain/Amber.Fuzz.Afl.dll")

if [[ $# -gt 0 ]]; then
    targets=("$@")
else
    mapfile -t targets < <("${harness[@]}" list)
fi
per_target=$(( total_seconds / ${#targets[@]} ))
(( per_target >= 10 )) || per_target=10
log "${#targets[@]} targets, ${per_target} s each"

# --- afl-fuzz ----------------------------------------------------------------------------------------------------
# A VM has no CPU frequency governor to check, no core pattern to set, and dotnet is not an AFL-instrumented binary
# (SharpFuzz's fork server speaks afl's protocol from managed code). A .NET start takes far longer than a C fork server.
export AFL_SKIP_CPUFREQ=1
export AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1
export AFL_SKIP_BIN_CHECK=1
export AFL_NO_UI=1
export AFL_FORKSRV_INIT_TMOUT=60000
export AFL_NO_AFFINITY=1
export DOTNET_CLI_TELEMETRY_OPTOUT=1
export DOTNET_TieredCompilation=0

stat_of() { awk -F' *: *' -v k="$1" '$1 == k { print $2 }' "$2"; }

rows=()
new_findings=()
for target in "${targets[@]}"; do
    dir="$work/runs/$target"
    rm -rf "$dir"
    mkdir -p "$dir"
    "${harness[@]}" seeds "$target" "$dir/in" >/dev/null
    # JSON-text targets get a dictionary of JSON tokens and the view's $ keys.
    extra=()
    if [[ "$target" == *.fromjson ]]; then extra=(-x "$root/fuzz/json.dict"); fi
    log "$target: afl-fuzz for ${per_target} s"
    start=$(date +%s)
    # afl-fuzz -V stops on its own; timeout is the backstop should it not. taskset keeps the whole run on one core.
    timeout --kill-after=30 $(( per_target + 120 )) \
        taskset -c "${AMBER_AFL_CPU:-0}" \
        afl-fuzz -i "$dir/in" -o "$dir/out" -t "$timeout_ms" -m none ${extra[@]+"${extra[@]}"} -V "$per_target" -- dotnet "$bin/Amber.Fuzz.Afl.dll" fuzz "$target" \
        >"$dir/afl.log" 2>&1 || log "$target: afl-fuzz exited with $? (see $dir/afl.log)"
    elapsed=$(( $(date +%s) - start ))
    # The snapshot target's input files, one per harness process (afl-fuzz ends them without a chance to clean up).
    rm -f /dev/shm/amber-afl-*.snapshot
    stats="$dir/out/default/fuzzer_stats"
    if [[ ! -f "$stats" ]]; then
        log "$target: no fuzzer_stats; last lines of $dir/afl.log:"
        tail -n 20 "$dir/afl.log" >&2
        rows+=("| $target | – | – | – | – | afl-fuzz did not start | ${elapsed} |")
        continue
    fi
    execs=$(stat_of execs_done "$stats")
    corpus=$(stat_of corpus_count "$stats")
    edges=$(stat_of edges_found "$stats")
    total_edges=$(stat_of total_edges "$stats")
    cvg=$(stat_of bitmap_cvg "$stats")
    crashes=$(stat_of saved_crashes "$stats")
    hangs=$(stat_of saved_hangs "$stats")

    # Crashes and hangs become regression inputs: named as the in-process fuzzer names its findings
    # (Model.entry-<hash>.bin), with what a replay says beside them.
    kept=""
    for kind in crashes hangs; do
        for input in "$dir/out/default/$kind"/id:*; do
            [[ -f "$input" ]] || continue
            hash=$(sha256sum "$input" | cut -c1-16)
            name="$target-$hash"
            if [[ ! -f "$findings_dir/$name.bin" ]]; then
                cp "$input" "$findings_dir/$name.bin"
                {
                    echo "afl-fuzz ($kind), target $target, $(date -u +%Y-%m-%dT%H:%MZ), afl name $(basename "$input")"
                    echo "replay: dotnet run -c Release --project fuzz/Amber.Fuzz.Afl -- replay $target tests/Amber.Tests/Serialization/FuzzFindings/$name.bin"
                    echo
                    timeout 60 "${harness[@]}" replay "$target" "$input" 2>&1 | head -n 60 || echo "(replay: exit $?)"
                } >"$findings_dir/$name.txt"
                new_findings+=("$name")
            fi
            kept+="${kept:+, }$name ($kind)"
        done
    done
    rows+=("| $target | $execs | $corpus | $edges / $total_edges | $cvg | ${crashes} crashes, ${hangs} hangs${kept:+: $kept} | ${elapsed} |")
done

# --- summary -----------------------------------------------------------------------------------------------------
# Appended to fuzz/afl-results.md, after the runs before it.
{
    if [[ -s "$results" ]]; then echo; fi
    echo "# AFL++ run — $(date -u +%Y-%m-%d) (fuzz/afl.sh $total_seconds${*:+ $*})"
    echo
    echo "afl-fuzz $(afl-fuzz -h 2>&1 | grep -o '++[0-9.a-z]*' | head -n1 | sed 's/^/AFL/'), SharpFuzz $sharpfuzz_version, $(dotnet --version) SDK," \
        "one core, ${per_target} s per target, execution timeout ${timeout_ms} ms, default reader options."
    echo "Executions, corpus entries and edges are afl-fuzz's (fuzzer_stats: execs_done, corpus_count, edges_found / total_edges, bitmap_cvg)."
    echo
    echo "| target | executions | corpus | edges | bitmap | findings | seconds |"
    echo "|---|---:|---:|---:|---:|---|---:|"
    printf '%s\n' "${rows[@]}"
    echo
    if (( ${#new_findings[@]} == 0 )); then
        echo "No new crashes or hangs."
    else
        echo "New findings, copied to tests/Amber.Tests/Serialization/FuzzFindings (with a .txt replay each):"
        printf -- '- %s\n' "${new_findings[@]}"
    fi
} | tee -a "$results"
log "summary written to $results"
