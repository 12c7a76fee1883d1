# Sourced by scripts/play, scripts/test and scripts/screenshots.
#
# make_venv DIR makes a virtual environment with pip in DIR, unless one is there already. Python is $PYTHON, else
# python3.
#
# pip_install DIR ARGS... runs DIR's pip install ARGS with a sign of life: pip's own output goes to DIR/install.log,
# and every $SPADES_INSTALL_TICK seconds (10) a line on stderr says how long it has run and what pip is at
# ("downloading numba 0.60.0"). A first install takes minutes, and pip's progress bars (or nothing at all, with
# --quiet) tell a person, or their screen reader, little; a line every few seconds says it is not stuck. On a
# failure the end of the log is shown.
make_venv() {
  local dir="$1" py="${PYTHON:-python3}" log
  if [ -x "$dir/bin/python" ] && "$dir/bin/python" -m pip --version >/dev/null 2>&1; then
    return 0
  fi
  rm -rf "$dir"  # a venv without pip, left by a failed attempt, would fail later in a less clear way
  if log="$("$py" -m venv "$dir" 2>&1)"; then
    return 0
  fi
  # Without Debian's python3-venv package the venv module cannot bring pip; the system's pip can seed it.
  rm -rf "$dir"
  if "$py" -m venv --without-pip "$dir" >/dev/null 2>&1 \
      && "$py" -m pip --python "$dir/bin/python" install --quiet --disable-pip-version-check pip >/dev/null 2>&1; then
    return 0
  fi
  rm -rf "$dir"
  echo "$log" >&2
  echo "Cannot make a virtual environment with $py: install the venv module (on Debian or Ubuntu:" \
       "sudo apt install python3-venv) and run this again." >&2
  exit 1
}

pip_install() {
  local dir="$1" tick="${SPADES_INSTALL_TICK:-10}" pid status=0 start=$SECONDS next at
  shift
  local log="$dir/install.log"
  "$dir/bin/python" -m pip install --disable-pip-version-check --progress-bar off "$@" >"$log" 2>&1 &
  pid=$!
  next=$((start + tick))
  while kill -0 "$pid" 2>/dev/null; do
    sleep 1
    if [ "$SECONDS" -ge "$next" ] && kill -0 "$pid" 2>/dev/null; then
      at="$(pip_at "$log")"
      echo "  still installing, $((SECONDS - start)) s so far${at:+: $at}" >&2
      next=$((SECONDS + tick))
    fi
  done
  wait "$pid" || status=$?
  if [ "$status" -ne 0 ]; then
    tail -n 15 "$log" >&2
    echo "The install failed (pip exited with $status); pip's whole output is in $log." >&2
    exit 1
  fi
}

# What pip is at, from the last step its log names, in a few words: "collecting numba", "downloading numba 0.60.0",
# "building spades", "installing the packages"; nothing before its first step.
pip_at() {
  grep -E '^ *(Collecting|Downloading|Processing|Building|Installing collected|Successfully)' "$1" 2>/dev/null \
    | tail -n 1 | sed -E \
      -e 's/^ *//' \
      -e 's/^Collecting ([A-Za-z0-9_.-]+).*/collecting \1/' \
      -e 's/^Downloading ([^ ]*\/)?([A-Za-z0-9_.]+)-([0-9][^-]*)-.*/downloading \2 \3/' \
      -e 's/^Processing ([^ ]*\/)?([A-Za-z0-9_.]+)-([0-9][^-]*)-.*/unpacking \2 \3/' \
      -e 's/^Downloading .*/downloading/' -e 's/^Processing .*/unpacking/' \
      -e 's/^Building (editable|wheel) for ([A-Za-z0-9_.-]+).*/building \2/' \
      -e 's/^Installing collected packages.*/installing the packages/' \
      -e 's/^Successfully installed.*/finishing/' \
    | cut -c 1-70 || true
}
