# lottie-render in a container: the image that Kubernetes jobs and CI matrices run (docs/scale-out.md).
# The build stage runs the same steps as a machine set up by hand: `make setup` installs the Debian packages
# (the Makefile's DEBS), `make install` builds the release tool and installs it with its man page and completions.
# The Swift standard library is linked in statically, so the runtime stage needs only Debian's shared libraries.
#
#   docker build -t lottie-render .
#   docker run --rm -v "$PWD:/work" -w /work lottie-render check

FROM swift:6.3-bookworm AS build
WORKDIR /src
COPY . .
RUN make setup \
 && make install PREFIX=/opt/lottie-render SWIFT_BUILD_FLAGS=--static-swift-stdlib

FROM debian:bookworm-slim
# The runtime libraries of the packages `make setup` installs (scripts/check-deploy.sh checks this list against
# the libraries the tool links), the fonts it falls back on, and git with LFS for CI jobs that run in the image
# (actions/checkout of baselines kept in Git LFS).
RUN apt-get update \
 && apt-get install -y --no-install-recommends \
      libpng16-16 libdeflate0 libgif7 libjpeg62-turbo zlib1g libwebp7 libwebpmux3 libwebpdemux2 liblcms2-2 libfreetype6 \
      libfontconfig1 libharfbuzz0b libfribidi0 fonts-dejavu-core fonts-freefont-ttf fonts-urw-base35 \
      ca-certificates git git-lfs \
 && rm -rf /var/lib/apt/lists/*
COPY --from=build /opt/lottie-render/ /usr/local/
# glibc's malloc keeps at most 7 freed blocks of each size for quick reuse (its tcache); a frame's scene frees a few
# hundred blocks and the next frame makes as many again. 256 a size: bodymovin renders about 3 % faster, none of the
# other files timed slower (docs/performance.md, issue 33, session 50). A setting of the process, so it is made here for
# every deployment that runs the image; outside it, export the same variable.
ENV GLIBC_TUNABLES=glibc.malloc.tcache_count=256
RUN lottie-render --version
WORKDIR /work
ENTRYPOINT ["lottie-render"]
