#!/usr/bin/env bash
# make consumer-check: a throwaway Swift package that depends on lottie-render the two ways a team would (by path,
# and by a local git URL with a version tag), next to a module of its own named `Lottie` (as lottie-ios's is),
# builds the README's library example as its main.swift and runs it on clouds.json, then builds and runs
# Examples/service (the library's promises to a service, each checked). Fails on any step.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d /tmp/lottie-render-consumer.XXXXXX)"
trap 'rm -rf "$work"' EXIT
version=0.2.0

# The README's example: the ```swift block after <!-- consumer-example -->.
example="$(awk '/<!-- consumer-example -->/{f=1; next} f&&/^```swift/{g=1; next} g&&/^```/{exit} g{print}' "$repo/README.md")"
[ -n "$example" ] || { echo "consumer-check: no <!-- consumer-example --> block in README.md" >&2; exit 1; }

# A snapshot of the working tree (tracked files and new ones git does not ignore) as a git repository with a tag.
mkdir -p "$work/lottie-render"
(cd "$repo" && git ls-files -z --cached --others --exclude-standard | xargs -0 -I{} sh -c '[ -e "{}" ] && printf "%s\0" "{}"' \
  | tar --null -T - -cf -) | tar -xf - -C "$work/lottie-render"
git -C "$work/lottie-render" init -q
git -C "$work/lottie-render" add -A
git -C "$work/lottie-render" -c user.name=check -c user.email=check@localhost commit -qm snapshot
git -C "$work/lottie-render" tag "$version"

make_consumer() {   # $1 folder, $2 the dependency line
  mkdir -p "$1/Sources/Lottie" "$1/Sources/consumer" "$1/Sources/service"
  cp "$repo/Examples/service/main.swift" "$1/Sources/service/main.swift"
  cat > "$1/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription
let package = Package(
    name: "consumer",
    dependencies: [$2],
    targets: [
        // Stands in for lottie-ios: a module named Lottie with the names lottie-ios and SwiftUI use.
        .target(name: "Lottie"),
        .executableTarget(name: "consumer", dependencies: [
            "Lottie", .product(name: "LottieRender", package: "lottie-render")]),
        // Examples/service/main.swift: a service's checks of the library's promises.
        .executableTarget(name: "service", dependencies: [.product(name: "LottieRender", package: "lottie-render")]),
    ])
SWIFT
  cat > "$1/Sources/Lottie/Lottie.swift" <<'SWIFT'
public struct LottieAnimation { public init() {} }
public struct Animation { public init() {} }
public struct Color { public init() {} }
SWIFT
  { echo "import Lottie"; echo "$example"; echo '_ = (LottieAnimation(), Animation(), Color())'; } > "$1/Sources/consumer/main.swift"
}

status=0
for kind in path git; do
  dir="$work/consumer-$kind"
  if [ "$kind" = path ]; then
    make_consumer "$dir" ".package(path: \"$work/lottie-render\")"
  else
    make_consumer "$dir" ".package(url: \"file://$work/lottie-render\", from: \"$version\")"
  fi
  echo "consumer-check: building a consumer that depends on lottie-render by $kind"
  (cd "$dir" && swift build 2>&1 | tail -3)
  cp "$repo/samples/clouds.json" "$dir/"
  (cd "$dir" && ./.build/debug/consumer)
  for f in clouds-12.png clouds.gif; do
    if [ ! -s "$dir/$f" ]; then echo "consumer-check ($kind): $f was not written" >&2; status=1; fi
  done
  head -c 4 "$dir/clouds-12.png" | od -An -c | grep -q "P   N   G" || { echo "consumer-check ($kind): not a PNG" >&2; status=1; }
  head -c 6 "$dir/clouds.gif" | grep -q "GIF89a" || { echo "consumer-check ($kind): not a GIF" >&2; status=1; }
  [ $status = 0 ] && echo "consumer-check ($kind): built, ran, wrote clouds-12.png and clouds.gif"
done

# The service example, in release (its checks time renders): hang, traps, cancellation, caller memory, dynamic
# content, errors, hostile expressions, image(frame:) against FrameRenderer.
dir="$work/consumer-path"
echo "consumer-check: building and running the service example (release)"
(cd "$dir" && swift build -c release --product service 2>&1 | tail -1)
for f in clouds player_slots text_font expr_slider_rig; do cp "$repo/samples/$f.json" "$dir/"; done
(cd "$dir" && ./.build/release/service) || status=1
exit $status
