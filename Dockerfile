# syntax=docker/dockerfile:1
# Gatehouse container image. Build:  docker build -t gatehouse .   (or podman build)
# The base is a build argument so that a mirror or a pinned digest can be used; it must provide
# Node.js 24 and npm (the official node:24-* images do). scripts/container-image.ts builds this file
# on machines without a registry over a base it makes itself.
ARG BASE_IMAGE=node:24-bookworm-slim

# ---- build: the SPA, then the server's production dependencies only ----
FROM ${BASE_IMAGE} AS build
WORKDIR /src
ENV NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false
# Dependency layers first, so that a source change does not reinstall them.
COPY package.json package-lock.json .npmrc ./
COPY common/package.json common/
COPY server/package.json server/
COPY web/package.json web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
# Everything the SPA build needs (Vite and its plugin are development dependencies).
RUN npm ci --ignore-scripts --workspace web --include-workspace-root=false
COPY tsconfig.base.json ./
COPY common/ common/
COPY web/ web/
# The build step that writes the brotli and gzip copies of the SPA's files.
COPY scripts/precompress.ts scripts/
# The build emits no source maps (web/vite.config.ts): the served files never publish the source.
RUN npm run build -w web
# The runtime tree: the server's production dependencies, nothing else. No install script runs
# (argon2 ships prebuilt binaries as optional dependencies).
RUN mkdir /app \
 && cp package.json package-lock.json .npmrc /app/ \
 && for w in common server web e2e bench; do mkdir -p /app/$w && cp $w/package.json /app/$w/; done \
 && cd /app && npm ci --ignore-scripts --omit=dev --workspace server --include-workspace-root=false \
 && rm -rf /app/web /app/e2e /app/bench /app/.npmrc /root/.npm \
 && find /app/node_modules -type f \( -name '*.d.ts' -o -name '*.d.cts' -o -name '*.d.mts' -o -name '*.map' -o -iname '*.md' \) -delete
COPY server/ /app/server/
RUN cp -r common/src /app/common/src \
 && mkdir -p /app/web && cp -r web/dist /app/web/dist \
 && cd /app && rm -rf server/src/testing \
 && find server common -name '*.test.ts' -delete

# ---- runtime: Node, the server's sources (run by Node's type stripping), the built SPA ----
FROM ${BASE_IMAGE} AS runtime
# npm and corepack are not needed at run time; the gatehouse command runs with node directly.
RUN rm -rf /usr/local/lib/node_modules/npm /usr/local/lib/node_modules/corepack \
      /usr/local/bin/npm /usr/local/bin/npx /usr/local/bin/corepack /opt/yarn* /usr/local/bin/yarn /usr/local/bin/yarnpkg \
 && (id -u node >/dev/null 2>&1 || useradd --uid 1000 --user-group --home-dir /home/node --create-home --shell /usr/sbin/nologin node) \
 && mkdir -p /data && chown node:node /data \
 && printf '#!/bin/sh\nexec node /app/server/bin/gatehouse.js "$@"\n' > /usr/local/bin/gatehouse \
 && chmod 755 /usr/local/bin/gatehouse
WORKDIR /app
COPY --from=build /app /app
# No DATABASE_URL: unset, it is SQLite in DATA_DIR (/data/gatehouse.db), and a deployment may give it as
# DATABASE_URL or DATABASE_URL_FILE (compose.yaml), which the server refuses to see together.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
VOLUME ["/data"]
# Metrics (METRICS_PORT 9464) listen on loopback unless METRICS_HOST says otherwise.
EXPOSE 3000
USER node
# /healthz answers while the process serves; no curl in the image, so Node asks.
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Node is PID 1 and handles SIGTERM itself (drains, finishes requests in flight, closes the database).
STOPSIGNAL SIGTERM
# V8's young generation capped at two 16 MB semi-spaces; V8 would size it from the machine's memory
# (32 MB semi-spaces, about 100 MB resident under load, on 24 GiB). Why: docs/decisions.md.
ENTRYPOINT ["node", "--max-semi-space-size=16", "server/src/main.ts"]
