# lottie-render: `make demo` renders the demo, `make test` runs the tests. Both install what is missing.
SHELL := /bin/bash
# libxml2-utils: xmllint validates the JUnit output in the tests.
DEBS := pkg-config libpng-dev libgif-dev libjpeg62-turbo-dev zlib1g-dev libwebp-dev libfreetype-dev libfontconfig-dev \
	libharfbuzz-dev libfribidi-dev fonts-dejavu-core fonts-freefont-ttf libxml2-utils
TOOL := .build/release/lottie-render
SHARED ?= ../shared
BENCH_SIZE ?= 512x512
# The bench set: our own sample, the seed files and vector-heavy corpus files when ../shared is present.
BENCH_FILES := samples/clouds.json $(wildcard $(SHARED)/corpus/seed/*.json) \
	$(wildcard $(SHARED)/corpus/lottie-web/bodymovin.json $(SHARED)/corpus/rlottie/insta_camera.json)

.PHONY: setup build demo test bench conformance clean

setup:
	@missing=""; for p in $(DEBS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  sudo=""; [ "$$(id -u)" = 0 ] || sudo=sudo; \
	  $$sudo apt-get update -qq && $$sudo apt-get install -y -qq $$missing; \
	fi

build: setup
	swift build -c release

demo: build
	$(TOOL) samples/clouds.json -o out/
	@echo "wrote $$(ls out/frame_*.png | wc -l) frames to out/"

# Render tests need the release build (debug pixel loops are far slower); the CLI tests use $(TOOL).
test: build
	swift test -c release

bench: build
	@for f in $(BENCH_FILES); do $(TOOL) bench $$f --size $(BENCH_SIZE) --json; done

conformance: build
	python3 $(SHARED)/tools/conformance.py --set all

clean:
	rm -rf .build out
