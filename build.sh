#!/usr/bin/env bash
# The one entry point for the static site: build it, serve it, test it.
# Run ./build.sh --help for the commands.  Everything it installs goes into
# .build-env/ (git-ignored), except Debian's chromium for the browser tests.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$ROOT"

ENV_DIR="$ROOT/.build-env"
LITE_VENV="$ENV_DIR/lite-venv"
TEST_VENV="$ENV_DIR/test-venv"
JS_TOOLS="$ENV_DIR/js-tools"
CACHE_DIR="$ENV_DIR/cache"
OUTPUT="$ROOT/_site"
PORT=8000
EDITION=student
CHROMIUM="${SPYNB_CHROMIUM:-/usr/bin/chromium}"

usage() {
  cat <<'EOF'
Usage: ./build.sh COMMAND [OPTIONS]

Commands:
  serve    Set up what the build needs, build the site into a fresh folder and
           serve it on http://127.0.0.1:PORT/ (prints the address; Ctrl+C stops).
  build    The same without serving: what a deploy runs.
  test     Install what the tests need, all at once (Debian's chromium via apt-get
           if it is missing; TypeScript from npm, as package-lock.json pins it; the
           venvs), run the static checks (ruff; mypy, strict on the whole package;
           tsc on the widgets' JavaScript) beside a fresh build of the site, then
           the whole suite: unit tests and doctests, the notebooks in CPython, and
           browser tests against that build, in parallel (pytest-xdist, a worker a
           core and one more; tests/conftest.py says which tests run together).
           Arguments after -- go to pytest (-n 0 runs the tests in one process).

Options:
  -o, --output DIR   where the site is built (default: _site). The build only
                     ever deletes an empty folder or a previous site build.
  -p, --port PORT    port for serve (default: 8000; 0 picks a free one).
  --teacher          build the teacher's edition: worked solutions, teacher
                     notes and the answer key (default: the student edition).
  -h, --help         show this help.

Environment:
  SPYNB_BUILD_PYTHON  a Python 3.12+ for the build environment (found on PATH
                      or in pyenv otherwise).
  SPYNB_CHROMIUM      the Chromium for browser tests (default: /usr/bin/chromium).
EOF
}

say() { printf 'build.sh: %s\n' "$*" >&2; }
die() { say "$*"; exit 1; }

# find_python MINOR [PREFERRED...]: a Python of at least 3.MINOR that can make a
# virtual environment; tries the preferred commands, then python3.14 .. python3.MINOR
# on PATH and in pyenv, then python3.
find_python() {
  local minor="$1" candidate v
  shift
  local candidates=("$@")
  local pyenv_root="${PYENV_ROOT:-$HOME/.pyenv}"
  for v in 14 13 12 11; do
    (( v >= minor )) || continue
    candidates+=("python3.$v")
    for candidate in "$pyenv_root"/versions/3."$v".*/bin/python; do
      [[ -x "$candidate" ]] && candidates+=("$candidate")
    done
  done
  candidates+=(python3)
  for candidate in "${candidates[@]}"; do
    if command -v "$candidate" >/dev/null 2>&1 &&
       "$candidate" -c "import sys, venv; sys.exit(sys.version_info < (3, $minor))" >/dev/null 2>&1; then
      command -v "$candidate"
      return 0
    fi
  done
  return 1
}

# ensure_venv DIR PYTHON STAMP_TEXT INSTALL_ARGS...: (re)create DIR when the stamp changed.
ensure_venv() {
  local dir="$1" python="$2" stamp_text="$3"
  shift 3
  local stamp
  stamp="$("$python" -c 'import sys, hashlib; print(hashlib.sha256(sys.argv[1].encode()).hexdigest())' \
           "$stamp_text $("$python" -V 2>&1)")"
  if [[ -f "$dir/.stamp" && "$(cat "$dir/.stamp")" == "$stamp" ]]; then
    return 0
  fi
  say "creating $dir with $("$python" -V 2>&1)"
  rm -rf "$dir"
  "$python" -m venv "$dir"
  "$dir/bin/python" -m pip install --quiet --disable-pip-version-check "$@"
  echo "$stamp" > "$dir/.stamp"
}

file_digest() { cat "$@" | sha256sum | cut -d' ' -f1; }

ensure_build_env() {
  command -v npm >/dev/null 2>&1 || die "npm is needed to fetch Pyodide (Debian: apt-get install npm)"
  local python
  python="$(find_python 12 ${SPYNB_BUILD_PYTHON:+"$SPYNB_BUILD_PYTHON"})" || die "no Python 3.12 or newer found; set SPYNB_BUILD_PYTHON"
  ensure_venv "$LITE_VENV" "$python" \
    "$(file_digest lite/requirements.txt lite/requirements-kernel.txt)" \
    -r lite/requirements.txt
}

ensure_test_env() {
  local python
  python="$(find_python 11 python3)" || die "no Python 3.11 or newer found for the tests"
  ensure_venv "$TEST_VENV" "$python" \
    "$(file_digest pyproject.toml tests/browser/requirements.txt)" \
    -e ".[widgets,plot,test]" -r tests/browser/requirements.txt
}

# ensure_js_tools: TypeScript for the type check of the widgets' modules, as package.json and
# package-lock.json pin it, installed into $JS_TOOLS (again when the lock file changes).
ensure_js_tools() {
  command -v npm >/dev/null 2>&1 || die "npm is needed to install TypeScript (Debian: apt-get install npm)"
  local stamp
  stamp="$(file_digest package.json package-lock.json)"
  if [[ -f "$JS_TOOLS/.stamp" && "$(cat "$JS_TOOLS/.stamp")" == "$stamp" ]]; then
    return 0
  fi
  say "installing the JavaScript checker into $JS_TOOLS (package-lock.json)"
  rm -rf "$JS_TOOLS"
  mkdir -p "$JS_TOOLS"
  cp package.json package-lock.json "$JS_TOOLS/"
  (cd "$JS_TOOLS" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error >&2)
  echo "$stamp" > "$JS_TOOLS/.stamp"
}

ensure_chromium() {
  [[ -x "$CHROMIUM" ]] && return 0
  [[ "$CHROMIUM" == /usr/bin/chromium ]] || die "SPYNB_CHROMIUM=$CHROMIUM is not an executable"
  local sudo=()
  if [[ "$(id -u)" != 0 ]]; then
    command -v sudo >/dev/null 2>&1 || die "chromium is missing and installing it needs root"
    sudo=(sudo)
  fi
  say "installing Debian's chromium"
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq chromium >/dev/null
  [[ -x "$CHROMIUM" ]] || die "apt-get did not install $CHROMIUM"
}

build_site() {
  ensure_build_env
  "$LITE_VENV/bin/python" lite/build_site.py --repo "$ROOT" --output "$OUTPUT" --cache "$CACHE_DIR" \
    --edition "$EDITION"
}

cmd_build() { build_site; }

cmd_serve() {
  build_site
  exec "$LITE_VENV/bin/python" lite/serve_site.py "$OUTPUT" --port "$PORT"
}

# check_code: the static gates, before any test runs: ruff over the repository and mypy (strict on
# every package of spynb), both set up in pyproject.toml.  Each prints its findings as file:line: message.
check_code() {
  say "ruff check: settings in pyproject.toml [tool.ruff]"
  "$TEST_VENV/bin/ruff" check --no-cache . ||
    die "ruff found the problems above ('ruff check --fix' mends those marked [*])"
  say "mypy: strict on every package of spynb, settings in pyproject.toml [tool.mypy]"
  "$TEST_VENV/bin/mypy" --cache-dir=/dev/null ||
    die "mypy found the type errors above"
  say "tsc: the widgets' ES modules and their JSDoc types, settings in tsconfig.json"
  "$JS_TOOLS/node_modules/.bin/tsc" -p tsconfig.json ||
    die "tsc found the type errors above"
}

# together STEP...: run the steps (functions) at once, each in the background with its output kept in
# $ENV_DIR/STEP.log; once all are over, show each one's output in order, and stop if any failed.
together() {
  local step i failed=()
  local pids=()
  mkdir -p "$ENV_DIR"
  for step in "$@"; do
    "$step" > "$ENV_DIR/$step.log" 2>&1 &
    pids+=("$!")
  done
  for i in "${!pids[@]}"; do
    wait "${pids[$i]}" || failed+=("${*:i+1:1}")
    cat "$ENV_DIR/${*:i+1:1}.log" >&2
  done
  (( ${#failed[@]} == 0 )) || die "failed: ${failed[*]} (the output above says why)"
}

cmd_test() {
  # the installs wait on the network and the disk more than on the processor: at once; then the checks and the build
  together ensure_chromium ensure_test_env ensure_js_tools ensure_build_env
  together check_code build_site
  # one worker a core, and one more for the browser tests' waiting on Chromium (tests/conftest.py groups them)
  SPYNB_SITE="$OUTPUT" SPYNB_CHROMIUM="$CHROMIUM" \
    "$TEST_VENV/bin/python" -m pytest -n "$(( $(nproc) + 1 ))" --dist loadgroup "$@"
}

main() {
  local command="" extra=()
  while (($#)); do
    case "$1" in
      -h|--help) usage; exit 0 ;;
      --teacher) EDITION=teacher; shift ;;
      -o|--output) [[ $# -ge 2 ]] || die "$1 needs a folder"; OUTPUT="$(realpath -m "$2")"; shift 2 ;;
      -p|--port)
        [[ $# -ge 2 && "$2" =~ ^[0-9]+$ ]] || die "$1 needs a port number"; PORT="$2"; shift 2 ;;
      --) shift; extra=("$@"); break ;;
      build|serve|test)
        [[ -z "$command" ]] || die "one command at a time (got $command and $1)"; command="$1"; shift ;;
      *) usage >&2; die "unknown argument: $1" ;;
    esac
  done
  [[ -n "$command" ]] || { usage >&2; exit 2; }
  [[ "$command" == test || ${#extra[@]} -eq 0 ]] || die "only test passes arguments on (to pytest)"
  "cmd_$command" "${extra[@]}"
}

main "$@"
