# Sourced by scripts/play and scripts/test: make_venv DIR makes a virtual environment with pip in DIR, unless one
# is there already. Python is $PYTHON, else python3.
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
