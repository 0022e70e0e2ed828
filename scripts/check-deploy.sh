#!/usr/bin/env bash
# Checks the files of docs/scale-out.md offline (`make test` runs it):
# - the Kubernetes manifests against Kubernetes' own schemas, strict (kubernetes-validate: unknown fields fail);
# - the GitHub Actions workflow against its schema (check-jsonschema's vendored copy);
# - the Dockerfile: its build runs `make setup` and `make install`, on the Swift release the tests run with, and
#   its runtime stage installs the Debian package of every shared library the built tool links directly.
# The validators come from PyPI when missing. Usage: scripts/check-deploy.sh [TOOL]
set -euo pipefail
cd "$(dirname "$0")/.."
tool=${1:-.build/release/lottie-render}

# Run as modules: a pip install does not always put its scripts on PATH.
for m in kubernetes_validate check_jsonschema; do
  python3 -c "import $m" 2>/dev/null ||
    python3 -m pip install --quiet --disable-pip-version-check "${m//_/-}" ||
    python3 -m pip install --quiet --disable-pip-version-check --user "${m//_/-}"
done
python3 -m kubernetes_validate --strict --quiet deploy/kubernetes/*.yaml
python3 -m check_jsonschema --builtin-schema vendor.github-workflows deploy/github/*.yml

fail() { echo "Dockerfile: $*" >&2; exit 1; }
build_stage=$(sed -n '/^FROM .* AS build/,/^FROM /p' Dockerfile)
runtime_stage=$(sed -n '/^FROM .* AS build/,$p' Dockerfile | sed -n '2,$p' | sed -n '/^FROM /,$p')
grep -q 'make setup' <<<"$build_stage" || fail "the build stage does not run make setup"
grep -q 'make install' <<<"$build_stage" || fail "the build stage does not run make install"
swift_version=$(swift --version 2>&1 | sed -n 's/.*Swift version \([0-9]*\.[0-9]*\).*/\1/p' | head -1)
grep -q "^FROM swift:$swift_version-" Dockerfile || fail "builds with another Swift than $swift_version (swift --version)"
# Packages every Debian image has (apt itself needs them).
base="libc6 libgcc-s1 libstdc++6"
missing=""
# The libraries the tool names itself (NEEDED); the packages bring what those need in turn.
needed=$(objdump -p "$tool" | awk '$1 == "NEEDED" { print $2 }')
for lib in $(ldd "$tool" | awk '$2 == "=>" && $3 ~ /^\// { print $1, $3 }' | grep -Fw -f <(echo "$needed") | awk '{ print $2 }'); do
  case "$lib" in */swift/* | */libswift* | */libFoundation* | */lib_Foundation* | */libdispatch* | */libBlocksRuntime*) continue ;; esac
  pkg=$(dpkg -S "$lib" 2>/dev/null || dpkg -S "/usr$lib" 2>/dev/null || dpkg -S "$(readlink -f "$lib")" 2>/dev/null || true)
  pkg=${pkg%%:*}
  [ -n "$pkg" ] || fail "no Debian package holds $lib"
  case " $base " in *" $pkg "*) continue ;; esac
  grep -qw -- "$pkg" <<<"$runtime_stage" || missing="$missing $pkg"
done
[ -z "$missing" ] || fail "the runtime stage lacks $(tr ' ' '\n' <<<"$missing" | sort -u | xargs) (the tool links their libraries)"
echo "deploy files: Kubernetes manifests, GitHub Actions workflow and Dockerfile check out"
