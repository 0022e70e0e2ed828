# lottie-render: `make demo` renders the demo, `make test` runs the tests. Both install what is missing.
SHELL := /bin/bash
# libxml2-utils: xmllint validates the JUnit output in the tests. duktape-dev: the Duktape source (duktape.c) CDuktape builds.
DEBS := pkg-config libpng-dev libdeflate-dev libgif-dev libjpeg62-turbo-dev zlib1g-dev libwebp-dev liblcms2-dev libfreetype-dev libfontconfig-dev \
	libharfbuzz-dev libfribidi-dev fonts-dejavu-core fonts-freefont-ttf fonts-urw-base35 libxml2-utils duktape-dev
TOOL := .build/release/lottie-render
SHARED ?= ../shared
BENCH_SIZE ?= 512x512
# The bench set: our own sample, the seed files and vector-heavy corpus files when ../shared is present.
BENCH_FILES := samples/clouds.json $(wildcard $(SHARED)/corpus/seed/*.json) \
	$(wildcard $(SHARED)/corpus/lottie-web/bodymovin.json $(SHARED)/corpus/rlottie/insta_camera.json)

PREFIX ?= /usr/local
SWIFT_FORMAT := swift format
FORMAT_PATHS := Package.swift Sources Tests Fuzz
DOCS_OUT ?= .build/docs

.PHONY: setup build demo test deploy-check format format-check bench conformance docs man completions install consumer-check clean \
	fuzz fuzz-build sanitize

setup:
	@missing=""; for p in $(DEBS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  sudo=""; [ "$$(id -u)" = 0 ] || sudo=sudo; \
	  $$sudo apt-get update -qq && $$sudo apt-get install -y -qq $$missing; \
	fi

build: setup
	swift build -c release $(SWIFT_BUILD_FLAGS)

demo: build
	$(TOOL) samples/clouds.json -o out/
	@echo "wrote $$(ls out/frame_*.png | wc -l) frames to out/"

# Render tests need the release build (debug pixel loops are far slower). The CLI suites run the tool that
# `swift test` builds beside them. `swift test` alone works too (debug, slower). Tests import the modules with
# testability, which compiles every module differently from `swift build`: the package is built once, with its
# tests and testability (`--build-tests -enable-testing`, what `swift test -c release` builds), and the deploy check
# and the suite run that build (a `swift build` first compiled everything twice: 168 s of the 449 s `make test` took
# on 2 cores).
test: setup format-check
	swift build -c release --build-tests -Xswiftc -enable-testing $(SWIFT_BUILD_FLAGS)
	scripts/check-deploy.sh $(TOOL)
	swift test -c release --skip-build $(SWIFT_BUILD_FLAGS)

# The files of docs/scale-out.md, validated offline: Kubernetes manifests, GitHub Actions workflow, Dockerfile.
deploy-check: build
	scripts/check-deploy.sh $(TOOL)

# Formatting: .swift-format holds the rules; `make format` rewrites, `make test` checks.
format:
	$(SWIFT_FORMAT) format --in-place --parallel --recursive $(FORMAT_PATHS)

format-check:
	$(SWIFT_FORMAT) lint --strict --parallel --recursive $(FORMAT_PATHS)

# The DocC catalog of the library: symbol graphs of the public API, then docc, warnings as errors.
docs: setup
	mkdir -p .build-docs/symbols
	swift build --scratch-path .build-docs --target LottieRender -Xswiftc -emit-symbol-graph \
	  -Xswiftc -emit-symbol-graph-dir -Xswiftc $(CURDIR)/.build-docs/symbols -Xswiftc -symbol-graph-minimum-access-level \
	  -Xswiftc public >/dev/null
	rm -rf .build/docs-symbols && mkdir -p .build/docs-symbols
	cp .build-docs/symbols/LottieRender.symbols.json .build/docs-symbols/
	docc convert Sources/LottieRender/LottieRender.docc --additional-symbol-graph-dir .build/docs-symbols \
	  --fallback-display-name LottieRender --fallback-bundle-identifier org.lottie-render.LottieRender \
	  --warnings-as-errors --output-path $(DOCS_OUT)
	@echo "documentation in $(DOCS_OUT) (open index.html through a web server, or use docc preview)"

# Man page (from the argument parser's help) and shell completions.
# The page's date is the last commit's, so the same checkout gives the same page.
MAN_DATE := $(shell git log -1 --format=%cs 2>/dev/null || date +%F)
man: build
	swift package plugin generate-manual --date $(MAN_DATE) --authors "The lottie-render authors" >/dev/null
	mkdir -p .build/man
	cp .build/plugins/GenerateManual/outputs/lottie-render/lottie-render.1 .build/man/
	@ls .build/man/*.1

completions: build
	mkdir -p .build/completions
	$(TOOL) --generate-completion-script bash > .build/completions/lottie-render.bash
	$(TOOL) --generate-completion-script zsh > .build/completions/_lottie-render
	$(TOOL) --generate-completion-script fish > .build/completions/lottie-render.fish

install: build man completions
	install -d $(PREFIX)/bin $(PREFIX)/share/man/man1 $(PREFIX)/share/bash-completion/completions \
	  $(PREFIX)/share/zsh/site-functions $(PREFIX)/share/fish/vendor_completions.d
	install -m 755 $(TOOL) $(PREFIX)/bin/lottie-render
	install -m 644 .build/man/lottie-render.1 $(PREFIX)/share/man/man1/lottie-render.1
	install -m 644 .build/completions/lottie-render.bash $(PREFIX)/share/bash-completion/completions/lottie-render
	install -m 644 .build/completions/_lottie-render $(PREFIX)/share/zsh/site-functions/_lottie-render
	install -m 644 .build/completions/lottie-render.fish $(PREFIX)/share/fish/vendor_completions.d/lottie-render.fish
	@echo "installed lottie-render into $(PREFIX)"

# A throwaway consumer package (by path and by a tagged git URL, next to a module named Lottie) builds and runs the
# README's example. Not part of `make test`: it builds the package twice more.
consumer-check: setup
	bash scripts/consumer-check.sh

bench: build
	@for f in $(BENCH_FILES); do $(TOOL) bench $$f --size $(BENCH_SIZE) --json; done

# Coverage-guided fuzzing with libFuzzer and AddressSanitizer (docs/robustness.md). Four targets: animation bytes
# (JSON, .tgs, .lottie) rendered at 48x48, image bytes, expression text, the public API's parameters. Seeds come from samples/ and, when present,
# ../shared/corpus (copied under .build-fuzz/, never into the repository); what the fuzzer adds stays in
# .build-fuzz/corpus/. A finding is written to .build-fuzz/findings/ and fails the run.
# The sanitizer and fuzzing builds store long runs of a colour in Swift, not through wmemset, which AddressSanitizer
# and ThreadSanitizer do not intercept (Blend.wideStore).
NO_WIDE_STORE := -Xswiftc -DLOTTIE_RENDER_NO_WIDE_STORE
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= animation image expression api
FUZZ_RUNS ?= 1000000
FUZZ_FLAGS ?= -rss_limit_mb=2560 -timeout=30 -max_len=65536 -runs=$(FUZZ_RUNS)
fuzz-build: setup
	LOTTIE_RENDER_FUZZ=1 swift build -c release --scratch-path .build-fuzz --product LottieFuzz \
	  -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library $(NO_WIDE_STORE)

fuzz: build fuzz-build
	python3 scripts/fuzz_seeds.py --shared $(SHARED) --out .build-fuzz/seeds
	mkdir -p .build-fuzz/findings
	@set -e; for t in $(FUZZ_TARGETS); do \
	  mkdir -p .build-fuzz/corpus/$$t; \
	  echo "fuzzing $$t for $(FUZZ_SECONDS) s"; \
	  .build-fuzz/release/LottieFuzz $$t .build-fuzz/corpus/$$t .build-fuzz/seeds/$$t -dict=Fuzz/lottie.dict \
	    -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 -artifact_prefix=.build-fuzz/findings/$$t- \
	    $(FUZZ_FLAGS) 2>&1 | grep -E "^(stat::|INFO: seed|Done|==[0-9]+==|SUMMARY|artifact)" ; \
	  test $${PIPESTATUS[0]} -eq 0 || { echo "fuzz $$t: finding in .build-fuzz/findings/"; exit 1; }; \
	done

# The test suite under AddressSanitizer and LeakSanitizer (release build, every suite; Tests/lsan.supp names the
# leaks that are not ours), then the suites that render in parallel (-j, batch, check, the shared memory budget)
# under ThreadSanitizer (Tests/tsan.supp: Mutex's futex, which it does not see). Separate build folders, each built
# once with its tests as in `make test`; not part of `make test`.
sanitize: setup
	swift build -c release --build-tests -Xswiftc -enable-testing $(NO_WIDE_STORE) --scratch-path .build-asan --sanitize=address
	LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/lsan.supp:print_suppressions=0 LOTTIE_RENDER_SKIP_SLOW=1 LOTTIE_RENDER_SANITIZER=1 \
	  swift test -c release --skip-build --scratch-path .build-asan --sanitize=address
	swift build -c release --build-tests -Xswiftc -enable-testing $(NO_WIDE_STORE) --scratch-path .build-tsan --sanitize=thread
	TSAN_OPTIONS=suppressions=$(CURDIR)/Tests/tsan.supp LOTTIE_RENDER_SKIP_SLOW=1 LOTTIE_RENDER_SANITIZER=1 \
	  swift test -c release --skip-build --scratch-path .build-tsan --sanitize=thread \
	  --filter "PublicAPITests|SnapshotCLITests|AnimatedOutputTests|OutputCLITests|HostileFileTests|ExpressionCLITests"

conformance: build
	python3 $(SHARED)/tools/conformance.py --set all

clean:
	rm -rf .build out
